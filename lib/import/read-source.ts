import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { compareStrings } from "../util/compare.js";
import { CortexError } from "../errors.js";
import { fileItem, parseJsonl, splitSections } from "./sources.js";
import type { ImportItem, ImportSplit } from "./types.js";
import { pushAll } from "../util/arrays.js";

/** The items of an import source, and lines that could not be read as items. */
export interface SourceItems {
  items: ImportItem[];
  problems: { source: string; message: string }[];
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
    const items = listNotes(source).flatMap((file) => fromMarkdown(readText(join(source, file), `${label}/${file}`), `${label.replace(/\/$/, "")}/${file}`, split ?? "file"));
    return { items, problems: [] };
  }
  const text = readText(source, label);
  if (/\.jsonl$/i.test(source)) return parseJsonl(text, label);
  return { items: fromMarkdown(text, label, split ?? "h2"), problems: [] };
}

function fromMarkdown(text: string, label: string, split: ImportSplit): ImportItem[] {
  if (split === "file") return text.trim() === "" ? [] : [fileItem(text, label)];
  return splitSections(text, label);
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
