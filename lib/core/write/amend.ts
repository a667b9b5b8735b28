import { createHash } from "node:crypto";
import { invalid } from "./errors.js";

/** A change to a note's body: `text` appended, or put in place of a section or of an exact passage. */
export interface Amendment {
  /** The new text. */
  text: string;
  /** A heading (without its `#`s, case-insensitive): the section under it is replaced by `text`. */
  section?: string;
  /** An exact passage of the body, found once: replaced by `text`. */
  find?: string;
}

/** How an amendment changes a body. */
export type AmendKind = "append" | "section" | "replace";

/**
 * A note's version: the first 16 hex digits of the SHA-256 of its text. A
 * reader keeps it; an update given it is refused when the note changed since.
 * Pure.
 */
export function noteVersion(text: string): string {
  return createHash("sha256").update(text).digest("hex").slice(0, 16);
}

/** Which change an amendment asks for. */
export function amendKind(a: Amendment): AmendKind {
  return a.section !== undefined ? "section" : a.find !== undefined ? "replace" : "append";
}

/**
 * A body with an amendment applied: `text` appended after a blank line, or
 * in place of the section under the heading `section` (up to the next
 * heading of the same or a higher level), or in place of the one occurrence
 * of `find`. Pure.
 *
 * @throws WriteRejectedError (`VALIDATION`, field `section` or `find`) when the heading or passage is missing or not unique, or both are given.
 * @example amendBody("# T\n\nOld.\n", { text: "New line." }) // "# T\n\nOld.\n\nNew line.\n"
 */
export function amendBody(body: string, a: Amendment): string {
  if (a.section !== undefined && a.find !== undefined) throw invalid("find", "one-change", "give section or find, not both");
  const text = a.text.replace(/\s+$/, "");
  if (a.find !== undefined) return replacePassage(body, a.find, a.text);
  if (a.section !== undefined) return replaceSection(body, a.section, text);
  const kept = body.replace(/\s+$/, "");
  return `${kept}${kept === "" ? "" : "\n\n"}${text}\n`;
}

function replacePassage(body: string, find: string, text: string): string {
  const at = body.indexOf(find);
  if (find === "" || at === -1) throw invalid("find", "passage-not-found", "the passage is not in the note (it must match exactly, spaces and line breaks included)");
  if (body.indexOf(find, at + 1) !== -1) throw invalid("find", "passage-not-unique", "the passage occurs more than once; give a longer one");
  return body.slice(0, at) + text + body.slice(at + find.length);
}

const HEADING = /^(#{1,6})[ \t]+(.*?)[ \t#]*$/;

// The lines under the heading, up to the next heading of its level or higher, replaced; headings inside code fences do not count.
function replaceSection(body: string, heading: string, text: string): string {
  const lines = body.split("\n");
  const headings = headingLines(lines);
  const wanted = heading.replace(/^#+\s*/, "").replace(/\s+/g, " ").trim().toLowerCase();
  const found = headings.filter((h) => h.title.toLowerCase() === wanted);
  if (found.length === 0) throw invalid("section", "section-not-found", `no heading ${JSON.stringify(heading)} in the note (headings: ${headings.map((h) => h.title).join(", ") || "none"})`);
  if (found.length > 1) throw invalid("section", "section-not-unique", `${found.length} headings read ${JSON.stringify(heading)}; use find with the exact passage instead`);
  const start = found[0]!;
  const end = headings.find((h) => h.line > start.line && h.level <= start.level)?.line ?? lines.length;
  const after = lines.slice(end);
  return [...lines.slice(0, start.line + 1), "", text, ...(after.length > 0 ? ["", ...after] : [""])].join("\n");
}

function headingLines(lines: readonly string[]): { line: number; level: number; title: string }[] {
  const found: { line: number; level: number; title: string }[] = [];
  let fence: string | null = null;
  lines.forEach((line, i) => {
    const marker = /^\s*(```|~~~)/.exec(line)?.[1];
    if (marker) fence = fence === null ? marker : fence === marker ? null : fence;
    const m = fence === null ? HEADING.exec(line) : null;
    if (m) found.push({ line: i, level: m[1]!.length, title: m[2]!.replace(/\s+/g, " ").trim() });
  });
  return found;
}
