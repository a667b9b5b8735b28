import { isAbsolute, join, posix } from "node:path";
import { CortexError } from "../../core/errors.js";
import { mutateVault } from "../handle/mutate.js";
import { VaultHandle } from "../handle/vault-handle.js";
import { loadVaultLinks, type VaultLinks } from "../links/vault-links.js";
import { readForRewrite, writeIfUnchanged } from "../../store/rewrite.js";
import { BUILTIN_COLLECTORS, isMoc } from "../../core/moc/collectors.js";
import { runCommandCollector, type CommandOutput } from "../../store/moc/commands.js";
import { touchUpdated } from "../../core/moc/frontmatter-date.js";
import { findMarkers, replaceMarkers } from "../../core/moc/markers.js";
import { mocSettings, type MocSettings } from "../../core/moc/settings.js";
import type { CollectorContext, MocFileResult, RefreshOptions, RefreshResult } from "../../core/moc/types.js";
import { pushAll } from "../../core/util/arrays.js";
import { isSymlink } from "../../store/files.js";

/**
 * Refreshes the AUTO sections of the vault's MOCs (MEMORY.md and
 * `_moc/*.md`) — safe to run from cron every few minutes: it holds the vault
 * lock, brings the index up to date, fills each section from a collector
 * (`options.collectors`, then `[moc.commands]`, then the built-ins), re-reads
 * each file right before writing it and leaves it alone if it changed
 * meanwhile (an editor saved), writes atomically, and does not touch a file
 * whose text is unchanged (its mtime stays). Commits the written files when
 * `commit` (default `[git] commit`) is on.
 *
 * @throws CortexError `LOCKED` when the vault lock is not free in time, `BAD_ARGUMENT` for a file outside the vault; ConfigError for a bad `[moc]`.
 * @example
 * const result = await refreshMocs(vaultDir, {
 *   config, today: "2026-11-22",
 *   collectors: { open_prs: () => "- #42 payments idempotency" },
 * });
 */
export async function refreshMocs(vaultDir: string, options: RefreshOptions): Promise<RefreshResult> {
  const settings = mocSettings(options.config);
  const outside = (options.files ?? []).find((f) => isAbsolute(f) || posix.normalize(f.replace(/\\/g, "/")).startsWith("../"));
  if (outside !== undefined) throw new CortexError("BAD_ARGUMENT", `refresh-moc: ${JSON.stringify(outside)} is outside the vault; give vault-relative paths`);
  const vault = new VaultHandle({ vaultDir, config: options.config }, { today: options.today });
  return mutateVault(vault, "refresh-moc", async (tx) => {
    const links = loadVaultLinks(tx.vault);
    const commands = new Map<string, Promise<CommandOutput>>();
    const files: MocFileResult[] = [];
    for (const path of options.files ?? listMocs(links)) files.push(await refreshOne(vaultDir, path, { options, settings, links, commands }));
    const written = files.filter((f) => f.written).map((f) => f.path);
    tx.wrote(...written);
    tx.message(`cortex refresh-moc: ${written.join(", ")}`);
    const problems = files.flatMap((f) => f.problems.map((p) => ({ file: f.path, ...p })));
    return { files, written, problems };
  }, { commit: options.commit, lockTimeoutMs: options.lockTimeoutMs });
}

/** MEMORY.md (when there is one) and every `_moc/*.md` atom, sorted. */
function listMocs(links: VaultLinks): string[] {
  const mocs = links.index.indexes.manifest.map((m) => m.path).filter(isMoc);
  return links.index.otherFiles.includes("MEMORY.md") ? ["MEMORY.md", ...mocs] : mocs;
}

interface RefreshRun {
  options: RefreshOptions;
  settings: MocSettings;
  links: VaultLinks;
  commands: Map<string, Promise<CommandOutput>>;
}

async function refreshOne(vaultDir: string, path: string, run: RefreshRun): Promise<MocFileResult> {
  const file = join(vaultDir, path);
  const result: MocFileResult = { path, changed: false, written: false, sections: [], problems: [] };
  const problem = (kind: string, message: string, name = "", line = 1) => result.problems.push({ name, line, kind, message });
  if (isSymlink(file)) {
    // Replacing the link with a refreshed copy would cut it from the file it points to (maybe outside the vault).
    problem("symlink", "is a symbolic link; left alone (cortex never writes through or over a link)");
    return result;
  }
  const original = readForRewrite(file);
  if (original === null) {
    problem("unreadable", "cannot be read, or is not valid UTF-8; left alone");
    return result;
  }
  const text = original.text;
  const sections: Record<string, string | null> = {};
  for (const section of findMarkers(text).sections) {
    const content = await collect(vaultDir, path, section.name, run, (message) => problem("collector-failed", message, section.name, section.line));
    if (content === undefined) continue;
    sections[section.name] = content;
    if (content !== null) result.sections.push(section.name);
  }
  const replaced = replaceMarkers(text, sections);
  pushAll(result.problems, replaced.problems);
  result.problems.sort((a, b) => a.line - b.line);
  let next = replaced.text;
  if (next !== text && run.settings.touch_updated) next = touchUpdated(next, run.options.today);
  result.changed = next !== text;
  if (!result.changed || run.options.dryRun) return result;
  run.options.beforeWrite?.(path);
  if (writeIfUnchanged(file, original.bytes, next)) result.written = true;
  else problem("changed-meanwhile", "the file changed while it was being refreshed (an editor saved?); left alone, the next run will refresh it");
  return result;
}

// A section's new content; null when its collector failed; undefined when there is no collector.
async function collect(vaultDir: string, moc: string, name: string, run: RefreshRun, fail: (message: string) => void): Promise<string | null | undefined> {
  const custom = run.options.collectors;
  const collector = custom && Object.hasOwn(custom, name) ? custom[name] : undefined;
  if (!collector && Object.hasOwn(run.settings.commands, name)) {
    if (!run.commands.has(name)) {
      const env = { CORTEX_VAULT: vaultDir, CORTEX_TODAY: run.options.today };
      run.commands.set(name, runCommandCollector(run.settings.commands[name]!, { cwd: vaultDir, timeoutSec: run.settings.command_timeout, env }));
    }
    const out = await run.commands.get(name)!;
    if (out.ok) return out.output;
    fail(`[moc.commands] ${name}: ${out.message}; section left as it was`);
    return null;
  }
  const builtin = collector ?? (Object.hasOwn(BUILTIN_COLLECTORS, name) ? BUILTIN_COLLECTORS[name] : undefined);
  if (!builtin) return undefined;
  try {
    const content = builtin(context(moc, name, run));
    if (typeof content !== "string") throw new Error(`returned ${typeof content}, not a string`);
    return content;
  } catch (error) {
    fail(`collector ${name} failed: ${(error as Error).message}; section left as it was`);
    return null;
  }
}

function context(moc: string, name: string, run: RefreshRun): CollectorContext {
  const manifest = run.links.index.indexes.manifest;
  const own = manifest.find((m) => m.path === moc);
  const project = own && own.project !== "unknown" ? own.project : null;
  return { moc, project, today: run.options.today, config: run.options.config, manifest, links: run.links.resolved, resolver: run.links.resolver, name };
}

