import { splitFrontmatter } from "../atoms/frontmatter.js";
import { readFrontmatterData } from "../atoms/frontmatter-data.js";
import { nameFromPath } from "../atoms/names.js";
import { headingName } from "../migrate/infer.js";
import type { ImportItem } from "./types.js";

const FENCE = /^[ \t]{0,3}(`{3,}|~{3,})/;

/**
 * One item per `## ` section of a markdown text (headings inside code fences
 * do not count): the heading is the name, the text up to the next `## ` the
 * body. Text before the first section is left out; a text without sections
 * is one item. Frontmatter is left out. Pure.
 *
 * @example splitSections("## A\nx\n## B\ny\n", "notes.md") // items "A" (notes.md:1) and "B" (notes.md:3)
 */
export function splitSections(text: string, label: string): ImportItem[] {
  const { body, offset } = stripFrontmatter(text);
  const lines = body.split("\n");
  const items: ImportItem[] = [];
  let fence = null as string | null;
  let current: { name: string; line: number; body: string[] } | null = null;
  lines.forEach((line, i) => {
    const marker = FENCE.exec(line)?.[1];
    if (marker && fence === null) fence = marker;
    else if (marker && marker[0] === fence![0] && marker.length >= fence!.length) fence = null;
    const heading = fence === null && !marker ? /^##[ \t]+(.+?)(?:[ \t]+#+)?[ \t]*\r?$/.exec(line) : null;
    if (heading) {
      if (current) items.push(section(current, label));
      current = { name: heading[1]!, line: offset + i + 1, body: [] };
    } else if (current) {
      current.body.push(line);
    }
  });
  if (current) items.push(section(current, label));
  if (items.length > 0) return items;
  return body.trim() === "" ? [] : [fileItem(text, label)];
}

function section(s: { name: string; line: number; body: string[] }, label: string): ImportItem {
  return { source: `${label}:${s.line}`, input: { name: s.name, body: s.body.join("\n").trim() } };
}

function stripFrontmatter(text: string): { body: string; offset: number; data: Record<string, unknown> } {
  const clean = text.replace(/^\uFEFF/, "");
  const split = splitFrontmatter(clean);
  if (split.state !== "ok") return { body: clean, offset: 0, data: {} };
  return { body: split.body, offset: split.bodyLine - 1, data: readFrontmatterData(split.yaml, 2).data };
}

/**
 * One item for a whole note: name from its frontmatter (`name`, `title`),
 * else its `# Heading`, else its file name; tags, type, project, description
 * and confidence from its frontmatter when present. Pure.
 */
export function fileItem(text: string, path: string): ImportItem {
  const { body, data } = stripFrontmatter(text);
  const name = str(data.name) ?? str(data.title) ?? headingName(body) ?? nameFromPath(path);
  const input: ImportItem["input"] = { name, body: body.trim() };
  const tags = listOf(data.tags);
  if (tags) input.tags = tags;
  if (str(data.type)) input.type = str(data.type)!;
  if (str(data.project)) input.project = str(data.project)!;
  if (str(data.description)) input.description = str(data.description)!;
  if (typeof data.confidence === "number") input.confidence = data.confidence;
  return { source: path, input };
}

/**
 * One item per line of a JSONL export: an object with `content` (or `body`,
 * `text`) and `title` (or `name`; else the content's first line); optional
 * `tags` (list or comma string), `type`, `project`, `description`,
 * `confidence`. A line that is not such an object gives a parse problem. Pure.
 */
export function parseJsonl(text: string, label: string): { items: ImportItem[]; problems: { source: string; message: string }[] } {
  const items: ImportItem[] = [];
  const problems: { source: string; message: string }[] = [];
  text.replace(/^\uFEFF/, "").split("\n").forEach((line, i) => {
    if (line.trim() === "") return;
    const source = `${label}:${i + 1}`;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch (error) {
      problems.push({ source, message: `not valid JSON: ${(error as Error).message}` });
      return;
    }
    const item = jsonItem(value, source);
    if (typeof item === "string") problems.push({ source, message: item });
    else items.push(item);
  });
  return { items, problems };
}

function jsonItem(value: unknown, source: string): ImportItem | string {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return "expected a JSON object";
  const o = value as Record<string, unknown>;
  const content = str(o.content) ?? str(o.body) ?? str(o.text);
  const title = str(o.title) ?? str(o.name);
  if (content === null && title === null) return "has neither content nor title";
  const body = content ?? "";
  const input: ImportItem["input"] = { name: title ?? firstLine(body), body };
  const tags = listOf(o.tags);
  if (tags) input.tags = tags;
  for (const key of ["type", "project", "description"] as const) if (str(o[key])) input[key] = str(o[key])!;
  if (typeof o.confidence === "number") input.confidence = o.confidence;
  return { source, input };
}

function firstLine(text: string): string {
  const line = text.split("\n").find((l) => l.trim() !== "")?.replace(/^#+\s*/, "").trim() ?? "";
  return line.length > 80 ? `${line.slice(0, 77).replace(/\s+\S*$/, "")}…` : line;
}

function str(value: unknown): string | null {
  if (typeof value === "string" && value.trim() !== "") return value.trim();
  if (typeof value === "number") return String(value);
  return null;
}

function listOf(value: unknown): string[] | null {
  if (Array.isArray(value)) return value.filter((v) => typeof v === "string" || typeof v === "number").map(String);
  if (typeof value === "string") return value.split(/[,\s]+/).filter(Boolean);
  return null;
}

/** Import tags made to fit the write rules: lowercase, spaces and other characters as `-`. */
export function sanitizeTag(tag: string): string {
  return tag
    .trim()
    .replace(/^#+/, "")
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^a-z0-9_:/-]+/g, "-")
    .replace(/^-+|-+$/g, "");
}
