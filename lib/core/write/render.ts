import { emitYamlMapping } from "../atoms/yaml-emit.js";
import { words } from "./similarity.js";
import type { AtomFrontmatter } from "./types.js";

/**
 * The aliases a new atom needs so that a link by its name (`[[Priya Raman]]`,
 * as Obsidian users write them) opens its file `priya_raman.md`: the name,
 * unless the file's stem already is the name (letter case aside). Pure.
 *
 * @example nameAliases("Priya Raman", "priya_raman") // ["Priya Raman"]
 */
export function nameAliases(name: string, stem: string): string[] {
  return name.toLowerCase() === stem.toLowerCase() ? [] : [name];
}

/**
 * The text of a new atom: `---` YAML frontmatter `---` (emitted with the
 * `yaml` package, keys in schema order, optional fields only when set), then
 * `# Name` and the body. A body that already opens with that heading does
 * not get a second one. Ends with exactly one newline. Pure.
 *
 * @example renderAtom({ id: "20261122_x", name: "X", type: "rule", project: "ops", status: "active", created: "2026-11-22", updated: "2026-11-22", tags: [], links: [] }, "Text.")
 */
export function renderAtom(front: AtomFrontmatter, body: string): string {
  const data: Record<string, unknown> = {
    id: front.id,
    name: front.name,
    type: front.type,
    project: front.project,
    status: front.status,
    created: front.created,
    updated: front.updated,
    tags: front.tags,
    links: front.links,
  };
  if (front.description !== undefined) data.description = front.description;
  if (front.confidence !== undefined) data.confidence = front.confidence;
  if (front.pnl_impact !== undefined) data.pnl_impact = front.pnl_impact;
  if (front.aliases !== undefined && front.aliases.length > 0) data.aliases = front.aliases;
  return `---\n${emitYamlMapping(data)}---\n\n${renderBody(front.name, body)}`;
}

function renderBody(name: string, body: string): string {
  const text = body.replace(/^(?:[ \t]*\r?\n)+/, "").trimEnd();
  const firstLine = text.split("\n", 1)[0] ?? "";
  const heading = /^#[ \t]+/.test(firstLine) && words(firstLine).join(" ") === words(name).join(" ");
  if (heading) return `${text}\n`;
  const title = headingText(name);
  return text === "" ? `# ${title}\n` : `# ${title}\n\n${text}\n`;
}

// The name as heading text: a `#word` or `[[…]]` in it is escaped, so the
// heading adds no tag or link the frontmatter does not have.
function headingText(name: string): string {
  return name.replace(/(^|[\s(,;])#/gu, "$1\\#").replace(/\[\[/g, "\\[\\[");
}
