import { closestWords } from "../util/closest.js";
import { DEFAULT_INDEX, DEFAULT_LAYERS, DEFAULT_SEARCH, DEFAULT_TEXT_WEIGHTS, DEFAULT_WEIGHTS } from "./defaults.js";

type Table = Record<string, unknown>;

/**
 * Every table of cortex.toml this version reads, with its keys; null for a
 * table whose keys are the user's own (`[directories]`, `[tags]`,
 * `[moc.commands]`). Kept beside the readers: a reader of a new key adds it here.
 */
export const KNOWN_CONFIG_KEYS: Readonly<Record<string, readonly string[] | null>> = {
  vault: ["path"],
  projects: ["names"],
  directories: null,
  tags: null,
  layers: Object.keys(DEFAULT_LAYERS),
  scoring: [...Object.keys(DEFAULT_WEIGHTS), "fulltext"],
  "scoring.fulltext": Object.keys(DEFAULT_TEXT_WEIGHTS),
  search: Object.keys(DEFAULT_SEARCH),
  index: Object.keys(DEFAULT_INDEX),
  write: ["duplicate_threshold", "related", "review_days"],
  git: ["commit"],
  moc: ["touch_updated", "recent", "limit", "command_timeout", "commands"],
  "moc.commands": null,
  check: ["required"],
  hooks: ["budget", "min_score"],
  transcripts: ["dir"],
};

/**
 * One line for each table or key of a parsed cortex.toml this version does
 * not read (a typo is otherwise silently ignored), naming the nearest known
 * one when there is one close: `unknown key write.duplicate_treshold (did you
 * mean write.duplicate_threshold?)`.
 *
 * @example unknownConfigKeys({ layerz: { hot: 1 } }) // ["unknown table [layerz] (did you mean [layers]?)"]
 */
export function unknownConfigKeys(doc: Table): string[] {
  const warnings: string[] = [];
  const visit = (table: Table, prefix: string): void => {
    for (const [key, value] of Object.entries(table)) {
      const dotted = prefix ? `${prefix}.${key}` : key;
      const known = prefix ? KNOWN_CONFIG_KEYS[prefix] : Object.keys(KNOWN_CONFIG_KEYS).filter((k) => !k.includes("."));
      if (known === null || known === undefined) continue;
      const isTable = typeof value === "object" && value !== null && !Array.isArray(value);
      if (known.includes(key)) {
        if (isTable && dotted in KNOWN_CONFIG_KEYS) visit(value as Table, dotted);
        continue;
      }
      const near = closestWords(key, known, 1)[0];
      const what = !prefix && isTable ? `table [${dotted}]` : `key ${dotted}`;
      const suggestion = near === undefined ? "" : !prefix && isTable ? ` (did you mean [${near}]?)` : ` (did you mean ${prefix ? `${prefix}.` : ""}${near}?)`;
      warnings.push(`unknown ${what}${suggestion}`);
    }
  };
  visit(doc, "");
  return warnings;
}
