import { readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import type { Diagnostic } from "../../core/atoms/types.js";
import { writeFileAtomic } from "../atomic.js";
import { pathField, pathFromField } from "../../core/util/text.js";

/** What the per-file rules found in one note, as kept between runs. */
export interface FileCheck {
  diagnostics: Diagnostic[];
  id: string | null;
  idLine: number;
}

const HEADER = "cortex-check 2";
/** Starts the line of the vault's link problems (a note's line starts with its mtime). */
const LINKS = "#links\t";

/**
 * The per-file results of `cortex check` kept in `index/check-cache.tsv`
 * (machine-local, like cache.tsv): one line per note,
 * `mtime(µs)⇥size⇥idLine⇥id (JSON)⇥diagnostics (JSON)⇥path`, keyed by the
 * settings the rules read. A pre-commit run on a large vault reads and checks
 * only the notes that changed since the last run; lines of unchanged notes are
 * kept as text, and an unchanged cache is not written again. One more line,
 * `#links⇥key⇥problems (JSON)`, keeps the vault's broken and ambiguous links
 * with the key of what they were resolved from (see {@link CheckCache.links}).
 */
export class CheckCache {
  /** Path → its whole line (an unchanged note's line is kept as it is). */
  private readonly previous = new Map<string, string>();
  private readonly next: string[] = [];
  private changed = false;
  private linkLine: string | null = null;

  /**
   * @param stamps - each file's `mtime⇥size` from the index run that just ran (see `readFileStamps`); a file without one is stat'ed.
   */
  constructor(private readonly file: string, private readonly settingsKey: string, private readonly stamps: ReadonlyMap<string, string> | null = null) {
    let text: string;
    try {
      text = readFileSync(file, "utf8");
    } catch {
      return;
    }
    const lines = text.split("\n");
    if (lines[0] !== `${HEADER}\t${settingsKey}`) return;
    for (const line of lines.slice(1)) {
      if (line.startsWith(LINKS)) {
        this.linkLine = line;
        continue;
      }
      const cut = line.lastIndexOf("\t");
      if (cut !== -1) this.previous.set(pathFromField(line.slice(cut + 1)), line);
    }
  }

  /** The result for `path` (vault-relative) from the cache when the file is unchanged, else from `check`, kept for the next run. */
  get(vaultDir: string, path: string, check: () => FileCheck | null): FileCheck | null {
    const stamp = this.stampOf(vaultDir, path);
    if (stamp === null) return null;
    const line = this.previous.get(path);
    const cached = line !== undefined && line.charCodeAt(stamp.length) === 9 && line.startsWith(stamp) ? parseRest(line, stamp.length + 1) : null;
    if (cached && line !== undefined) {
      this.next.push(line);
      return cached;
    }
    this.changed = true;
    const result = check();
    if (result) this.next.push(`${stamp}\t${result.idLine}\t${JSON.stringify(result.id)}\t${JSON.stringify(result.diagnostics)}\t${pathField(path)}`);
    return result;
  }

  /**
   * The link problems kept under `key` (what they were resolved from), else
   * `resolve()`'s, kept for the next run.
   */
  links<T>(key: string, resolve: () => T): T {
    const head = `${LINKS}${key}\t`;
    if (this.linkLine?.startsWith(head)) {
      try {
        return JSON.parse(this.linkLine.slice(head.length)) as T;
      } catch {
        // damaged: resolved again
      }
    }
    const value = resolve();
    this.linkLine = `${head}${JSON.stringify(value)}`;
    this.changed = true;
    return value;
  }

  /** Writes the results of this run when they differ from the file's; a vault that cannot be written keeps no cache (the check still ran). */
  save(): void {
    if (!this.changed && this.next.length === this.previous.size) return;
    const links = this.linkLine === null ? "" : `${this.linkLine}\n`;
    try {
      writeFileAtomic(this.file, `${HEADER}\t${this.settingsKey}\n${links}${this.next.join("\n")}\n`);
    } catch {
      // read-only vault
    }
  }

  // `mtime⇥size` as index/cache.tsv has it: from the index run when it has the file, else from a stat (whole µs).
  private stampOf(vaultDir: string, path: string): string | null {
    const stamp = this.stamps?.get(path);
    if (stamp !== undefined) return stamp;
    const s = statSync(join(vaultDir, path), { throwIfNoEntry: false });
    return s ? `${Math.round(s.mtimeMs * 1000)}\t${s.size}` : null;
  }
}

// `idLine⇥id⇥diagnostics` of a cached line, from `start`; null when damaged (the file is checked again).
// Without split or JSON.parse for what almost every line holds: no diagnostics, an id without escapes.
function parseRest(line: string, start: number): FileCheck | null {
  const idAt = line.indexOf("\t", start) + 1;
  const diagnosticsAt = idAt === 0 ? 0 : line.indexOf("\t", idAt) + 1;
  const end = diagnosticsAt === 0 ? -1 : line.indexOf("\t", diagnosticsAt);
  if (end === -1) return null;
  const id = line.slice(idAt, diagnosticsAt - 1);
  const diagnostics = line.slice(diagnosticsAt, end);
  try {
    return {
      idLine: Number(line.slice(start, idAt - 1)),
      id: id === "null" ? null : id.length > 1 && id.charCodeAt(0) === 34 && !id.includes("\\") && id.indexOf('"', 1) === id.length - 1 ? id.slice(1, -1) : (JSON.parse(id) as string | null),
      diagnostics: diagnostics === "[]" ? [] : (JSON.parse(diagnostics) as Diagnostic[]),
    };
  } catch {
    return null;
  }
}
