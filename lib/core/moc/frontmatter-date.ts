import { splitFrontmatter } from "../atoms/frontmatter.js";

const UPDATED_LINE = /^updated:[ \t]*(["']?)\d{4}-\d{2}-\d{2}\1[ \t]*(#.*)?$/;

/**
 * Sets the frontmatter `updated` date to `today`, touching only the date on
 * that line. Returns the text unchanged when there is no frontmatter or no
 * `updated: YYYY-MM-DD` line (a date in another form is left to the user). Pure.
 *
 * @example touchUpdated("---\nupdated: 2026-01-01\n---\n", "2026-11-22") // "---\nupdated: 2026-11-22\n---\n"
 */
export function touchUpdated(text: string, today: string): string {
  const bom = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  const split = splitFrontmatter(bom ? text.slice(1) : text);
  if (split.state !== "ok") return text;
  const yamlStart = bom + text.slice(bom).indexOf("\n") + 1;
  let pos = yamlStart;
  for (const line of split.yaml.split("\n")) {
    const bare = line.endsWith("\r") ? line.slice(0, -1) : line;
    if (UPDATED_LINE.test(bare)) {
      const at = pos + bare.search(/\d{4}-\d{2}-\d{2}/);
      return text.slice(0, at) + today + text.slice(at + 10);
    }
    pos += line.length + 1;
  }
  return text;
}
