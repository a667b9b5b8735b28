import { copyFileSync, mkdirSync, rmdirSync, rmSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import { CortexError } from "../../core/errors.js";
import { createFileExclusive } from "../atomic.js";
import { readTextIfExists } from "../files.js";
import { changedError, writeIfUnchanged } from "../rewrite.js";
import { addHooks, addMcpServer, removeHooks, removeMcpServer, setMcpjsonApproval } from "../../core/claude/settings.js";
import type { InstallScope, InstallSpec, SettingsFileChange } from "../../core/claude/types.js";

type Json = Record<string, unknown>;

/** The files of a scope: Claude Code settings (hooks) and the file Claude Code reads MCP servers from. */
export function claudeFiles(scope: InstallScope, projectDir: string, home: string): { settings: string; mcp: string } {
  return scope === "project"
    ? { settings: join(projectDir, ".claude", "settings.json"), mcp: join(projectDir, ".mcp.json") }
    : { settings: join(home, ".claude", "settings.json"), mcp: join(home, ".claude.json") };
}

/**
 * Plans `cortex install --claude`: the hooks into the scope's
 * `settings.json`, the MCP server into `.mcp.json` (project, approved in
 * `enabledMcpjsonServers`) or `~/.claude.json` (user). Reads the files,
 * changes nothing.
 *
 * @throws CortexError (`SETTINGS_FILE`) for a file that is not a JSON object, or a server name taken by another server.
 */
export function planInstall(scope: InstallScope, files: { settings: string; mcp: string }, spec: InstallSpec): SettingsFileChange[] {
  return [
    change(files.settings, (s) => (scope === "project" ? setMcpjsonApproval(addHooks(s, spec), spec.name, true) : addHooks(s, spec))),
    change(files.mcp, (c) => addMcpServer(c, spec)),
  ];
}

/**
 * Plans `cortex uninstall --claude`: removes exactly what install added. A
 * file left holding nothing (`{}`, as install creates one) is to be removed.
 */
export function planUninstall(scope: InstallScope, files: { settings: string; mcp: string }, name: string): SettingsFileChange[] {
  return [
    change(files.settings, (s) => (scope === "project" ? setMcpjsonApproval(removeHooks(s), name, false) : removeHooks(s))),
    change(files.mcp, (c) => removeMcpServer(c, name)),
  ].map(removeIfEmpty);
}

function removeIfEmpty(c: SettingsFileChange): SettingsFileChange {
  return c.after !== null && c.before !== null && c.after.trim() === "{}" ? { ...c, remove: true } : c;
}

/**
 * Writes the planned changes that change something: on install the old file
 * is copied to `<file>.cortex-backup` first, the new one written atomically;
 * on uninstall (`backup: false`) a file marked `remove` is deleted, and the
 * backups install made are removed. Returns the changes written.
 *
 * @throws CortexError (`CHANGED`) when a file was saved by another program since it was read; it is left as it is.
 */
export function applyChanges(changes: readonly SettingsFileChange[], options: { backup?: boolean } = {}): SettingsFileChange[] {
  const backup = options.backup !== false;
  const written = changes.filter((c) => c.after !== null && c.after !== c.before);
  for (const c of written) {
    mkdirSync(dirname(c.file), { recursive: true });
    if (c.remove) removeWithEmptyFolder(c.file, c.before!);
    else {
      if (backup && c.before !== null) copyFileSync(c.file, `${c.file}.cortex-backup`);
      // Claude Code or an editor may save the file while we run: replace only the bytes we read, create only a file still absent.
      const ok = c.before === null ? createFileExclusive(c.file, c.after!) : writeIfUnchanged(c.file, Buffer.from(c.before), c.after!);
      if (!ok) throw changedError(c.file);
    }
  }
  if (!backup) for (const c of changes) rmSync(`${c.file}.cortex-backup`, { force: true });
  return written;
}

// A .claude/ folder goes too when the file was all it held (a project's, that install created); no other folder is touched.
function removeWithEmptyFolder(file: string, before: string): void {
  // Only the text we read is removed: a file saved meanwhile is the user's.
  if (readTextIfExists(file) !== before) throw changedError(file);
  rmSync(file, { force: true });
  if (basename(dirname(file)) !== ".claude") return;
  try {
    rmdirSync(dirname(file));
  } catch {
    // not empty: the other files are the user's
  }
}

function change(file: string, edit: (json: Json) => Json): SettingsFileChange {
  const before = readTextIfExists(file);
  let json: Json = {};
  if (before !== null && before.trim() !== "") {
    try {
      json = JSON.parse(before) as Json;
    } catch (error) {
      throw new CortexError("SETTINGS_FILE", `${file} is not valid JSON (${(error as Error).message}); fix it first, nothing was changed`);
    }
    if (typeof json !== "object" || json === null || Array.isArray(json)) throw new CortexError("SETTINGS_FILE", `${file} is not a JSON object; nothing was changed`);
  }
  let edited: Json;
  try {
    edited = edit(json);
  } catch (error) {
    throw new CortexError("SETTINGS_FILE", `${file}: ${(error as Error).message}; nothing was changed`);
  }
  if (before === null && Object.keys(edited).length === 0) return { file, before, after: null };
  const after = `${JSON.stringify(edited, null, indentOf(before))}\n`;
  return { file, before, after: before !== null && sameJson(before, after) ? before : after };
}

// The file's own indentation (first indented line), so a rewrite changes only what install changed.
function indentOf(text: string | null): string | number {
  const m = text ? /\n([ \t]+)\S/.exec(text) : null;
  return m ? m[1]! : 2;
}

function sameJson(a: string, b: string): boolean {
  try {
    return JSON.stringify(JSON.parse(a)) === JSON.stringify(JSON.parse(b));
  } catch {
    return false;
  }
}
