import { ATOM_TYPES } from "../atoms/types.js";
import { normalizeTags } from "../atoms/fields.js";
import { fileStem, slugify } from "../atoms/names.js";
import type { CortexConfig } from "../config/types.js";
import { TYPE_FOLDERS } from "../write/folder.js";
import { words } from "../write/similarity.js";

const FOLDER_TYPES: ReadonlyMap<string, string> = new Map([
  ...ATOM_TYPES.flatMap((t) => [[t, t], [`${t}s`, t]] as [string, string][]),
  ...Object.entries(TYPE_FOLDERS).map(([type, folder]) => [folder, type] as [string, string]),
  ["people", "person"],
  ["lessons", "lesson"],
  ["decisions", "decision"],
]);

/** Type used when neither the frontmatter nor the folders say. */
export const DEFAULT_MIGRATE_TYPE = "concept";

/**
 * The type a path implies: the deepest folder named after a type (`rules/`,
 * `decision/`, `people/`, …), else `fallback` (default `concept`).
 */
export function inferType(path: string, fallback: string = DEFAULT_MIGRATE_TYPE): string {
  const folders = path.split("/").slice(0, -1).reverse();
  for (const folder of folders) {
    const type = FOLDER_TYPES.get(folder.toLowerCase());
    if (type) return type;
  }
  return fallback;
}

/** The status a path implies: `archived` inside an `archive`/`archived` folder, else `active`. */
export function inferStatus(path: string): string {
  return path.split("/").slice(0, -1).some((f) => /^(archive|archived|_archive)$/i.test(f)) ? "archived" : "active";
}

/**
 * Tags for a note: those it already has (frontmatter, #hashtags), then every
 * `[tags]` tag one of whose keywords is a word of the text, in config order.
 */
export function inferTags(existing: readonly string[], text: string, tagMap: CortexConfig["tags"]): string[] {
  const present = new Set(words(text));
  const mapped = Object.entries(tagMap)
    .filter(([, keywords]) => keywords.some((k) => words(k).length > 0 && words(k).every((w) => present.has(w))))
    .map(([tag]) => tag);
  return normalizeTags([...existing, ...mapped]);
}

/** The text of the first line of a body when it is a `# Heading`, else null. */
export function headingName(body: string): string | null {
  const first = body.split("\n").find((line) => line.trim() !== "");
  const m = first === undefined ? null : /^#[ \t]+(.+?)(?:[ \t]+#+)?[ \t]*\r?$/.exec(first);
  const name = m?.[1]?.replace(/\s+/g, " ").trim();
  return name ? name : null;
}

/** `YYYYMMDD_slug` for a path and creation date, made unique against `ids` (which it joins). */
export function uniqueId(created: string, path: string, ids: Set<string>): string {
  const base = `${created.replace(/-/g, "")}_${slugify(fileStem(path))}`;
  let id = base;
  for (let n = 2; ids.has(id); n++) id = `${base}_${n}`;
  ids.add(id);
  return id;
}
