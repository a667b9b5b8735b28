import { readFileSync } from "node:fs";
import { join } from "node:path";
import { decodeAtomBytes } from "../../core/atoms/decode.js";
import { splitFrontmatter } from "../../core/atoms/frontmatter.js";
import { readFrontmatterData } from "../../core/atoms/frontmatter-data.js";
import { CortexError } from "../../core/errors.js";

/** A note read for editing: its exact text and its frontmatter values. */
export interface NoteFile {
  path: string;
  /** The bytes read: a rewrite replaces the file only if it still holds them. */
  bytes: Buffer;
  text: string;
  data: Record<string, unknown>;
}

/**
 * Reads a vault note to edit it. Refuses what an edit could damage: a file
 * that is not UTF-8 (its bytes would not survive) or binary.
 *
 * @throws CortexError (`IO`, `NOT_UTF8`).
 */
export function readNoteForEdit(vaultDir: string, path: string): NoteFile {
  let bytes: Buffer;
  try {
    bytes = readFileSync(join(vaultDir, path));
  } catch (error) {
    throw new CortexError("IO", `cannot read ${path}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`, { cause: error });
  }
  const decoded = decodeForEdit(bytes, path);
  if ("problem" in decoded) throw new CortexError("NOT_UTF8", `${path} is ${decoded.problem}; cortex will not rewrite it`);
  const split = splitFrontmatter(decoded.text.replace(/^\uFEFF/, ""));
  return { path, bytes, text: decoded.text, data: split.state === "ok" ? readFrontmatterData(split.yaml, 2).data : {} };
}

/**
 * A file's bytes as text that can be edited and written back without losing
 * a byte: valid UTF-8, not binary, with its BOM (if any) kept as U+FEFF.
 */
export function decodeForEdit(bytes: Uint8Array, path: string): { text: string } | { problem: string } {
  const decoded = decodeAtomBytes(bytes, path);
  if (!decoded.ok) return { problem: "a binary file" };
  // A stray NUL survives a rewrite (U+0000 encodes back to the same byte); a legacy encoding would not.
  if (decoded.diagnostics.some((d) => d.rule === "not-utf8")) return { problem: "not valid UTF-8 text" };
  // The text of a note padded with NULs leaves them out: written back, the file would lose them.
  if (decoded.diagnostics.some((d) => d.rule === "nul-padding")) return { problem: "text padded with NUL bytes (a save cut short?)" };
  const bom = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf;
  return { text: bom && !decoded.text.startsWith("\uFEFF") ? `\uFEFF${decoded.text}` : decoded.text };
}

/** A frontmatter value as a list of strings: a list, one string, or nothing. */
export function stringList(value: unknown): string[] {
  if (Array.isArray(value)) return value.filter((v) => v !== null && v !== undefined).map(String);
  if (typeof value === "string" && value.trim() !== "") return [value];
  return [];
}

/** A link as written (`x`, `[[x]]`, `[[x|alias]]`) reduced to its target, for comparisons. */
export function bareLink(link: string): string {
  const inner = /^!?\[\[(.*)\]\]$/s.exec(link.trim())?.[1] ?? link.trim();
  return inner.split("|")[0]!.split("#")[0]!.trim().replace(/\.md$/i, "");
}
