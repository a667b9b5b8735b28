import { isAbsolute, join, relative } from "node:path";
import { maxOf } from "../../lib/core/util/arrays.js";
import { displayWidth, padColumns, shareColumns, shortenMiddle, truncateEnd } from "./columns.js";

/** Statuses every human output marks: the atom is no longer current. */
const MARKED = new Set(["superseded", "archived"]);

/** True for an atom that is no longer current (superseded or archived). */
export function isRetired(status: string): boolean {
  return MARKED.has(status);
}

/** ` [superseded]` / ` [archived]` after an atom's name, else "". */
export function statusMark(status: string): string {
  return MARKED.has(status) ? ` [${status}]` : "";
}

/** A whole line dimmed on a terminal when its atom is superseded or archived. */
export function dimRetired(line: string, status: string, color: boolean): string {
  return color && MARKED.has(status) ? `\x1b[2m${line}\x1b[22m` : line;
}

/**
 * A vault path as it can be used from the current folder (`--paths`, shell
 * pipes): relative to `cwd` when the vault is inside it, else absolute.
 */
export function pathFromCwd(vaultDir: string, cwd: string, path: string): string {
  const abs = join(vaultDir, path);
  const rel = relative(cwd, abs);
  return rel === "" || rel.startsWith("..") || isAbsolute(rel) ? abs : rel;
}

/** One row of a listing: what comes first (date or score, layer), then the atom's path and name. */
export interface AtomRow {
  /** The columns before the path, the same width on every row, ending with their separator. */
  lead: string;
  path: string;
  name: string;
  status: string;
}

/**
 * Rows of `lead  path  name [status]`, retired atoms dimmed on a terminal.
 * With a `width` (a terminal's), the names line up in one column and every
 * row fits: long paths are shortened in the middle, long names cut at the
 * end. Without one (a pipe), each row is written in full.
 */
export function formatAtomRows(rows: readonly AtomRow[], style: { color: boolean; width?: number }): string {
  const lead = maxOf(rows.map((r) => displayWidth(r.lead)));
  const marked = rows.map((r) => r.name + statusMark(r.status));
  const fit = style.width === undefined ? null : shareColumns(rows.map((r) => r.path), marked, Math.max(20, style.width - lead - 2));
  return rows
    .map((r, i) => {
      if (!fit) return dimRetired(`${r.lead}${r.path}  ${marked[i]}`, r.status, style.color);
      const mark = statusMark(r.status);
      const name = truncateEnd(r.name, Math.max(1, fit.name - displayWidth(mark))) + mark;
      return dimRetired(`${r.lead}${padColumns(shortenMiddle(r.path, fit.path), fit.path)}  ${name}`, r.status, style.color);
    })
    .join("\n");
}
