import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { compareStrings } from "../../core/util/compare.js";
import { CortexError } from "../../core/errors.js";
import { fileItem, parseJsonl, readSections, type SkippedPart } from "../../core/import/sources.js";
import type { ImportItem, ImportSplit } from "../../core/import/types.js";
import { pushAll } from "../../core/util/arrays.js";

/** The items of an import source, and lines that could not be read as items. */
export interface SourceItems {
  items: ImportItem[];
  problems: { source: string; message: string }[];
  /** Parts that gave no item (a section without text), and why. */
  skipped: SkippedPart[];
}

/**
 * Reads an import source: a `.jsonl` export (one object per line), a markdown
 * file (split per `##` section by default, or whole with `split: "file"`), or
 * a folder of notes (one per `.md` file by default; hidden folders and
 * `node_modules` skipped).
 *
 * @throws CortexError (`NOT_FOUND`, `IO`) when the source cannot be read.
 */
export function readImportSource(source: string, label: string, split?: ImportSplit): SourceItems {
  let isDir: boolean;
  try {
    isDir = statSync(source).isDirectory();
  } catch (error) {
    throw new CortexError("NOT_FOUND", `import source not found: ${label} (${(error as NodeJS.ErrnoException).code ?? "unreadable"})`, { cause: error });
  }
  if (isDir) {
    const read = listNotes(source).map((file) => fromMarkdown(readText(join(source, file), `${label}/${file}`), `${label.replace(/\/$/, "")}/${file}`, split ?? "file"));
    return { items: read.flatMap((r) => r.items), problems: [], skipped: read.flatMap((r) => r.skipped) };
  }
  const text = readText(source, label);
  if (/\.jsonl$/i.test(source)) return { ...parseJsonl(text, label), skipped: [] };
  return { ...fromMarkdown(text, label, split ?? "h2"), problems: [] };
}

function fromMarkdown(text: string, label: string, split: ImportSplit): { items: ImportItem[]; skipped: SkippedPart[] } {
  if (split === "file") return text.trim() === "" ? { items: [], skipped: [{ source: label, name: "", reason: "empty file" }] } : { items: [fileItem(text, label)], skipped: [] };
  return readSections(text, label);
}

function readText(file: string, label: string): string {
  try {
    return readFileSync(file, "utf8");
  } catch (error) {
    throw new CortexError("IO", `cannot read ${label}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`, { cause: error });
  }
}

function listNotes(root: string, dir = root): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name.startsWith(".") || entry.name === "node_modules") continue;
    const abs = join(dir, entry.name);
    if (entry.isDirectory()) pushAll(out, listNotes(root, abs));
    else if (entry.isFile() && entry.name.toLowerCase().endsWith(".md")) out.push(relative(root, abs).split("\\").join("/"));
  }
  return out.sort(compareStrings);
}
