import { readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import type { Diagnostic } from "../atoms/types.js";
import { writeFileAtomic } from "../vault/atomic.js";

/** What the per-file rules found in one note, as kept between runs. */
export interface FileCheck {
  diagnostics: Diagnostic[];
  id: string | null;
  idLine: number;
}

interface Cached extends FileCheck {
  mtimeUs: number;
  size: number;
}

const HEADER = "cortex-check 1";

/**
 * The per-file results of `cortex check` kept in `index/check-cache.tsv`
 * (machine-local, like cache.tsv), keyed by each file's mtime and size and
 * by the settings the rules read: a pre-commit run on a large vault reads and
 * checks only the notes that changed since the last run.
 */
export class CheckCache {
  private readonly previous = new Map<string, Cached>();
  private readonly next: [string, Cached][] = [];

  constructor(private readonly file: string, private readonly settingsKey: string) {
    let text: string;
    try {
      text = readFileSync(file, "utf8");
    } catch {
      return;
    }
    const lines = text.split("\n");
    if (lines[0] !== `${HEADER}\t${settingsKey}`) return;
    for (const line of lines.slice(1)) {
      const [mtime, size, idLine, id, diagnostics, path] = line.split("\t");
      if (path === undefined) continue;
      try {
        this.previous.set(path, { mtimeUs: Number(mtime), size: Number(size), idLine: Number(idLine), id: JSON.parse(id!) as string | null, diagnostics: JSON.parse(diagnostics!) as Diagnostic[] });
      } catch {
        // a damaged line: that file is checked again
      }
    }
  }

  /** The result for `path` (vault-relative) from the cache when the file is unchanged, else from `check`, kept for the next run. */
  get(vaultDir: string, path: string, check: () => FileCheck | null): FileCheck | null {
    let stat: { mtimeUs: number; size: number };
    try {
      const s = statSync(join(vaultDir, path), { bigint: true });
      stat = { mtimeUs: Number(s.mtimeNs / 1000n), size: Number(s.size) };
    } catch {
      return null;
    }
    const hit = this.previous.get(path);
    const result = hit && hit.mtimeUs === stat.mtimeUs && hit.size === stat.size ? hit : check();
    if (result) this.next.push([path, { ...stat, diagnostics: result.diagnostics, id: result.id, idLine: result.idLine }]);
    return result;
  }

  /** Writes the results of this run; a vault that cannot be written keeps no cache (the check still ran). */
  save(): void {
    const lines = this.next.map(([path, c]) => `${c.mtimeUs}\t${c.size}\t${c.idLine}\t${JSON.stringify(c.id)}\t${JSON.stringify(c.diagnostics)}\t${path}`);
    try {
      writeFileAtomic(this.file, `${HEADER}\t${this.settingsKey}\n${lines.join("\n")}\n`);
    } catch {
      // read-only vault
    }
  }
}
