/** A JSON Schema for one tool argument (the subset the tools use and {@link validateArgs} enforces). */
export interface ArgSchema {
  type: "string" | "integer" | "boolean" | "array";
  description?: string;
  default?: unknown;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  enum?: readonly string[];
  minimum?: number;
  maximum?: number;
  maxItems?: number;
  items?: ArgSchema;
}

/** The JSON Schema of a tool's arguments: an object of named arguments. */
export interface ArgsSchema {
  type: "object";
  properties: Record<string, ArgSchema>;
  required?: readonly string[];
  additionalProperties: false;
}

/** A JSON Schema (draft 2020-12 subset) describing a tool's structured result; an object at the top. */
export interface OutputSchema {
  type: "object";
  properties: Record<string, unknown>;
  required: readonly string[];
  [keyword: string]: unknown;
}

/** Hints for a client on how a tool behaves (MCP tool annotations). */
export interface ToolHints {
  readOnlyHint: boolean;
  destructiveHint: boolean;
  idempotentHint: boolean;
  openWorldHint: boolean;
}

/** What a tool call runs against: the vault, the environment and the day. */
export interface ToolEnv {
  /** Absolute vault folder. */
  vaultDir: string;
  /** Environment (HOME, CORTEX_TODAY, …). */
  env: Record<string, string | undefined>;
  /** Today as YYYY-MM-DD, asked once per call. */
  today(): string;
  /**
   * Called between the steps of a call (see {@link checkpoint}): throws when
   * the client cancelled the call, and reports progress when it asked for it.
   * Absent: nothing to check.
   */
  checkpoint?: (step: string) => Promise<void>;
  /** Aborted when the client cancelled the call; writes check it under the vault lock, just before writing. */
  signal?: AbortSignal;
}

/** The result of a tool call: text for the agent, the same data structured, and whether it failed. */
export interface ToolOutcome {
  text: string;
  structured: Record<string, unknown>;
  isError: boolean;
}

/** One tool: its name, how it describes itself to an agent, its arguments, and what it runs. */
export interface ToolSpec {
  name: string;
  title: string;
  /** Written for an agent: what it does, when to use it, when not, what it returns, side effects. */
  description: string;
  inputSchema: ArgsSchema;
  /** The JSON Schema of `structured` on success (an error result carries `error` instead, see {@link ToolErrorData}). */
  outputSchema: OutputSchema;
  hints: ToolHints;
  /** Runs with arguments already validated and defaulted. May throw; {@link runTool} turns errors into outcomes. */
  run(args: Record<string, unknown>, env: ToolEnv): Promise<ToolOutcome> | ToolOutcome;
}

/** A stable error code with its category and a one-line suggestion. */
export interface ErrorCodeInfo {
  category: "vault" | "argument" | "rejected" | "cancelled" | "internal";
  suggestion: string;
}

/** The structured form of a failed tool call. */
export interface ToolErrorData {
  /** e.g. `CORTEX_E202`. */
  code: string;
  category: ErrorCodeInfo["category"];
  message: string;
  suggestion: string;
  /** The argument at fault, when one is. */
  argument?: string;
  /** Extra facts (e.g. the path of a near-duplicate). */
  details?: Record<string, unknown>;
}
