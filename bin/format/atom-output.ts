import { isAbsolute, join, relative } from "node:path";

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
