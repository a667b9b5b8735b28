import type { Diagnostic } from "../../core/atoms/types.js";
import type { IndexDb } from "../index-db.js";

/** What the per-file rules found in one note, as kept between runs. */
export interface FileCheck {
  diagnostics: Diagnostic[];
  id: string | null;
  idLine: number;
}

/**
 * The results of `cortex check` kept in the vault's database (table
 * `checks`): per note, what the per-file rules found, under the version of
 * the file it was found in (as `files` records it) and the settings the
 * rules read (`key`); and the vault's broken and ambiguous links under what
 * they were resolved from. A pre-commit run on a large vault then checks
 * only the notes that changed since the last run.
 */
export class CheckCache {
  private readonly found: [string, FileCheck][] = [];
  private linkValue: [string, string] | null = null;

  /** `key`: the settings and version the rules depend on; results of another key are checked again. */
  constructor(private readonly db: IndexDb, private readonly key: string) {}

  /** The result for `path` (vault-relative) kept for the file as recorded, else from `check`, kept for the next run. */
  get(path: string, check: () => FileCheck | null): FileCheck | null {
    const sql = "SELECT c.result AS result FROM checks c JOIN files f ON f.path = c.path WHERE c.path = ? AND c.key = ? AND c.mtime_us = f.mtime_us AND c.size = f.size";
    const row = this.db.prepare(sql).get(path, this.key) as { result: string } | undefined;
    if (row) return JSON.parse(row.result) as FileCheck;
    const result = check();
    if (result) this.found.push([path, result]);
    return result;
  }

  /** The link problems kept under `key` (what they were resolved from), else `resolve()`'s, kept for the next run. */
  links<T>(key: string, resolve: () => T): T {
    const kept = this.db.meta("check_links");
    const full = `${this.key}\n${key}`;
    if (kept?.startsWith(`${full}\n`)) return JSON.parse(kept.slice(full.length + 1)) as T;
    const value = resolve();
    this.linkValue = [full, JSON.stringify(value)];
    return value;
  }

  /** Keeps this run's new results, in one transaction; a database that cannot be written keeps none (the check still ran). */
  save(): void {
    if (this.found.length === 0 && this.linkValue === null) return;
    try {
      this.db.transaction(() => {
        const put = this.db.prepare("INSERT OR REPLACE INTO checks(path, key, mtime_us, size, result) SELECT path, ?, mtime_us, size, ? FROM files WHERE path = ?");
        for (const [path, result] of this.found) put.run(this.key, JSON.stringify(result), path);
        if (this.linkValue) this.db.setMeta("check_links", `${this.linkValue[0]}\n${this.linkValue[1]}`);
      });
    } catch {
      // a read-only vault, or another process writing: kept next time
    }
  }
}
