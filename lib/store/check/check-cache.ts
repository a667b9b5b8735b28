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

const HEADER = "cortex-check 1";

/**
 * The per-file results of `cortex check` kept in `index/check-cache.tsv`
 * (machine-local, like cache.tsv): one line per note,
 * `mtime(µs)⇥size⇥idLine⇥id (JSON)⇥diagnostics (JSON)⇥path`, keyed by the
 * settings the rules read. A pre-commit run on a large vault reads and checks
 * only the notes that changed since the last run; lines of unchanged notes are
 * kept as text, and an unchanged cache is not written again.
 */
export class CheckCache {
  /** Path → its line without the path. */
  private readonly previous = new Map<string, string>();
  private readonly next: string[] = [];
  private changed = false;

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
      const cut = line.lastIndexOf("\t");
      if (cut !== -1) this.previous.set(pathFromField(line.slice(cut + 1)), line.slice(0, cut));
    }
  }

  /** The result for `path` (vault-relative) from the cache when the file is unchanged, else from `check`, kept for the next run. */
  get(vaultDir: string, path: string, check: () => FileCheck | null): FileCheck | null {
    const stamp = this.stampOf(vaultDir, path);
    if (stamp === null) return null;
    const line = this.previous.get(path);
    const cached = line !== undefined && line.startsWith(`${stamp}\t`) ? parseRest(line.slice(stamp.length + 1)) : null;
    if (cached) {
      this.next.push(`${line}\t${pathField(path)}`);
      return cached;
    }
    this.changed = true;
    const result = check();
    if (result) this.next.push(`${stamp}\t${result.idLine}\t${JSON.stringify(result.id)}\t${JSON.stringify(result.diagnostics)}\t${pathField(path)}`);
    return result;
  }

  /** Writes the results of this run when they differ from the file's; a vault that cannot be written keeps no cache (the check still ran). */
  save(): void {
    if (!this.changed && this.next.length === this.previous.size) return;
    try {
      writeFileAtomic(this.file, `${HEADER}\t${this.settingsKey}\n${this.next.join("\n")}\n`);
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

// `idLine⇥id⇥diagnostics` of a cached line; null when damaged (the file is checked again).
function parseRest(rest: string): FileCheck | null {
  const [idLine, id, diagnostics] = rest.split("\t");
  try {
    return { idLine: Number(idLine), id: JSON.parse(id!) as string | null, diagnostics: diagnostics === "[]" ? [] : (JSON.parse(diagnostics!) as Diagnostic[]) };
  } catch {
    return null;
  }
}
