/** The hook events cortex answers. */
export type HookEvent = "SessionStart" | "UserPromptSubmit";

/** What Claude Code sends a hook on stdin (the fields cortex reads). */
export interface HookInput {
  session_id?: string;
  cwd?: string;
  prompt?: string;
  hook_event_name?: string;
  source?: string;
}

/** Hook settings from `[hooks]` in cortex.toml. */
export interface HookSettings {
  /** Token budget of a briefing. Default 800. */
  budget: number;
  /** A prompt's briefing leaves out atoms scoring below this. Default 8 (a tag match, or a name match). */
  min_score: number;
}

/** Where `cortex install --claude` registers things. */
export type InstallScope = "project" | "user";

/** What gets registered: how to run cortex, and the vault it serves. */
export interface InstallSpec {
  /** The command that runs cortex, as words, e.g. `["cortex"]` or `["npx", "-y", "cortex-vault"]`. */
  command: string[];
  /** Absolute vault folder. */
  vaultDir: string;
  /** Name of the MCP server entry. Default `cortex`. */
  name: string;
}

/** One file install or uninstall changes. */
export interface SettingsFileChange {
  file: string;
  /** The text before (null: the file did not exist). */
  before: string | null;
  /** The text after (null: leave the file as it is). */
  after: string | null;
  /** Uninstall only: the file holds nothing else (`{}`), so it is removed instead of written. */
  remove?: boolean;
}
