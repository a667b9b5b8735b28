import { isScalar, isSeq, parseDocument, parse as parseYaml, stringify, Scalar } from "yaml";
import { splitFrontmatter } from "../atoms/frontmatter.js";

/** An item of the frontmatter `links` list, with where its source text is. */
export interface FrontmatterItem {
  value: string;
  /** Offsets in the file text of the item's source (quotes included). */
  start: number;
  end: number;
  /** 1-based line. */
  line: number;
  /** How it is written: `PLAIN`, `QUOTE_DOUBLE`, `QUOTE_SINGLE`. */
  style: string;
  /** True when the list is written `[a, b]`. */
  flow: boolean;
}

/** The string items of a note's frontmatter `links` list (or the single string), with their source offsets. */
export function frontmatterLinkItems(text: string): FrontmatterItem[] {
  const bom = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  const split = splitFrontmatter(text.slice(bom));
  if (split.state !== "ok") return [];
  const yamlStart = bom + text.slice(bom).indexOf("\n") + 1;
  const doc = parseDocument(split.yaml, { logLevel: "error" });
  const links = doc.get("links", true);
  const nodes = isSeq(links) ? links.items : isScalar(links) ? [links] : [];
  const flow = isSeq(links) && links.flow === true;
  const items: FrontmatterItem[] = [];
  for (const node of nodes) {
    if (!isScalar(node) || typeof node.value !== "string" || !node.range) continue;
    const start = yamlStart + node.range[0];
    const end = yamlStart + node.range[1];
    items.push({ value: node.value, start, end, line: text.slice(0, start).split("\n").length, style: String(node.type ?? "PLAIN"), flow });
  }
  return items;
}

/**
 * A string as YAML scalar source for the place of `item`: in its style when
 * that still reads back as the same string there, else double-quoted.
 */
export function yamlScalarFor(value: string, item: Pick<FrontmatterItem, "style" | "flow">): string {
  const type = item.style === "QUOTE_SINGLE" ? Scalar.QUOTE_SINGLE : item.style === "QUOTE_DOUBLE" ? Scalar.QUOTE_DOUBLE : Scalar.PLAIN;
  const written = stringify(value, { defaultStringType: type, lineWidth: 0 }).trimEnd();
  const context = item.flow ? `[${written}]` : `- ${written}`;
  try {
    const back = parseYaml(context) as unknown;
    if (Array.isArray(back) && back.length === 1 && back[0] === value && !written.includes("\n")) return written;
  } catch {
    // not valid in this place; quote it
  }
  return stringify(value, { defaultStringType: Scalar.QUOTE_DOUBLE, lineWidth: 0 }).trimEnd();
}
