import { editFrontmatter } from "../atoms/edit-frontmatter.js";
import { splitFrontmatter } from "../atoms/frontmatter.js";
import { readFrontmatterData, type FrontmatterData } from "../atoms/frontmatter-data.js";
import { parseAtom } from "../atoms/parse.js";
import type { FileFacts } from "../atoms/types.js";
import type { CortexConfig } from "../config/types.js";
import { inferStatus, inferTags, inferType, uniqueId } from "./infer.js";
import type { FilePlan, MigrateDefaults } from "./types.js";

/** The fields every atom has, in the order migrate adds them. */
export const REQUIRED_FIELDS = ["id", "name", "type", "project", "status", "created", "updated", "tags", "links"] as const;

/**
 * Plans the migration of one note (pure): which of {@link REQUIRED_FIELDS}
 * are missing (absent or null) and their inferred values; the new text has
 * only those fields added, everything else byte for byte. A note whose
 * frontmatter is unterminated, not valid YAML or not a mapping is left alone
 * with a problem. `ids` holds the vault's ids; a new id joins it. The name is
 * the one the index gives (frontmatter `title`, else the file name);
 * `defaults` give the project and type where neither the note nor its folders say.
 *
 * @example planFileMigration("# Note\n\ntext", { path: "rules/a.md", mtimeMs: 0 }, config, new Set())
 */
export function planFileMigration(text: string, facts: FileFacts, config: CortexConfig, ids: Set<string>, defaults: MigrateDefaults = {}): FilePlan {
  const path = facts.path;
  const split = splitFrontmatter(text.replace(/^\uFEFF/, ""));
  const data: Pick<FrontmatterData, "data" | "problems"> = split.state === "ok" ? readFrontmatterData(split.yaml, split.yamlLine) : { data: {}, problems: [] };
  if (split.state === "unterminated" || data.problems.length > 0) {
    const message = split.state === "unterminated" ? "frontmatter opened with --- is never closed" : data.problems[0]!.message.replace(/; ignored$/, "");
    return { path, after: null, added: [], id: null, problem: { file: path, line: data.problems[0]?.line ?? 1, rule: "migrate-skipped", message: `${message}; left alone, fix it by hand`, severity: "error" } };
  }
  const missing = REQUIRED_FIELDS.filter((key) => data.data[key] === undefined || data.data[key] === null);
  const id = typeof data.data.id === "string" ? data.data.id : null;
  if (missing.length === 0) return { path, after: null, added: [], id };
  const { atom } = parseAtom(text, facts, config);
  const values: Record<(typeof REQUIRED_FIELDS)[number], () => unknown> = {
    id: () => uniqueId(atom.created, path, ids),
    name: () => atom.name,
    type: () => inferType(path, defaults.type),
    project: () => (atom.project === "unknown" && defaults.project ? defaults.project : atom.project),
    status: () => inferStatus(path),
    created: () => atom.created,
    updated: () => atom.updated,
    tags: () => inferTags(atom.tags, `${atom.name}\n${split.body}`, config.tags),
    links: () => [],
  };
  const set: Record<string, unknown> = {};
  for (const key of missing) set[key] = values[key]();
  try {
    return { path, after: editFrontmatter(text, set), added: missing, id: typeof set.id === "string" ? set.id : id };
  } catch (error) {
    return { path, after: null, added: [], id, problem: { file: path, line: 1, rule: "migrate-skipped", message: `${(error as Error).message}; left alone`, severity: "error" } };
  }
}
