import { splitFrontmatter } from "../atoms/frontmatter.js";
import { readFrontmatterData } from "../atoms/frontmatter-data.js";
import { nameFromPath } from "../atoms/names.js";
import { headingName } from "../migrate/infer.js";
import type { ImportItem } from "./types.js";

const FENCE = /^[ \t]{0,3}(`{3,}|~{3,})/;

/** A part of an import source that gave no item, and why. */
export interface SkippedPart {
  source: string;
  name: string;
  reason: string;
}

/**
 * One item per `## ` section of a markdown text (headings inside code fences
 * do not count): the heading is the name, the text up to the next `## ` the
 * body. The text before the first section (after a `# Title`) is an item of
 * its own, named after the title (else the file). A heading of one word
 * ("Build") or one the file repeats is prefixed with its `# ` heading (else
 * the file's name): "Frontend: Build"; a name still repeated gets " (2)".
 * Sections without text are skipped and listed. A text without sections is
 * one item. Frontmatter is left out. Pure.
 *
 * @example splitSections("## A\nx\n## B\ny\n", "notes.md") // items "A" (notes.md:1) and "B" (notes.md:3)
 */
export function readSections(text: string, label: string): { items: ImportItem[]; skipped: SkippedPart[] } {
  const { body, offset, data } = stripFrontmatter(text);
  const parts = sectionParts(body, offset);
  if (!parts.some((p) => p.heading !== null)) return { items: body.trim() === "" ? [] : [fileItem(text, label)], skipped: [] };
  const title = str(data.name) ?? str(data.title) ?? parts[0]!.h1 ?? nameFromPath(label);
  const counts = new Map<string, number>();
  for (const p of parts) if (p.heading !== null) counts.set(p.heading.toLowerCase(), (counts.get(p.heading.toLowerCase()) ?? 0) + 1);
  const items: ImportItem[] = [];
  const skipped: SkippedPart[] = [];
  const taken = new Set<string>();
  for (const p of parts) {
    const generic = p.heading !== null && (!/\s/.test(p.heading.trim()) || counts.get(p.heading.toLowerCase())! > 1);
    const name = unique(p.heading === null ? title : generic ? `${p.h1 ?? title}: ${p.heading}` : p.heading, taken);
    const content = p.lines.join("\n").trim();
    if (content === "") {
      if (p.heading !== null) skipped.push({ source: `${label}:${p.line}`, name, reason: "section has no text" });
      continue;
    }
    items.push({ source: `${label}:${p.line}`, input: { name, body: content } });
  }
  return { items, skipped };
}

/** The items of {@link readSections}. */
export function splitSections(text: string, label: string): ImportItem[] {
  return readSections(text, label).items;
}

interface SectionPart {
  /** The `##` heading; null for the text before the first one. */
  heading: string | null;
  /** The `# ` heading the part is under. */
  h1: string | null;
  line: number;
  lines: string[];
}

// The body cut at `## ` headings outside code fences; `# ` headings are remembered, not kept as text.
function sectionParts(body: string, offset: number): SectionPart[] {
  const parts: SectionPart[] = [{ heading: null, h1: null, line: offset + 1, lines: [] }];
  let fence = null as string | null;
  let h1: string | null = null;
  body.split("\n").forEach((line, i) => {
    const marker = FENCE.exec(line)?.[1];
    if (marker && fence === null) fence = marker;
    else if (marker && marker[0] === fence![0] && marker.length >= fence!.length) fence = null;
    const outside = fence === null && !marker;
    const top = outside ? /^#[ \t]+(.+?)(?:[ \t]+#+)?[ \t]*\r?$/.exec(line) : null;
    const heading = outside ? /^##[ \t]+(.+?)(?:[ \t]+#+)?[ \t]*\r?$/.exec(line) : null;
    if (top) {
      h1 = top[1]!;
      if (parts.length === 1) parts[0]!.h1 = h1;
    } else if (heading) parts.push({ heading: heading[1]!, h1, line: offset + i + 1, lines: [] });
    else parts[parts.length - 1]!.lines.push(line);
  });
  return parts;
}

function unique(name: string, taken: Set<string>): string {
  let candidate = name;
  for (let n = 2; taken.has(candidate.toLowerCase()); n++) candidate = `${name} (${n})`;
  taken.add(candidate.toLowerCase());
  return candidate;
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
  return { source: path, input: withOptional({ name, body: body.trim() }, data) };
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
  return { source, input: withOptional({ name: title ?? firstLine(body), body }, o) };
}

// The input with the optional fields `o` gives: tags (list or comma string), type, project, description, confidence.
function withOptional(input: ImportItem["input"], o: Record<string, unknown>): ImportItem["input"] {
  const tags = listOf(o.tags);
  if (tags) input.tags = tags;
  for (const key of ["type", "project", "description"] as const) if (str(o[key])) input[key] = str(o[key])!;
  if (typeof o.confidence === "number") input.confidence = o.confidence;
  return input;
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
