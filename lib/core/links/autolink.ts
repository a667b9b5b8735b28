import { fileStem } from "../atoms/names.js";
import { maskCode } from "../atoms/markdown.js";
import { splitFrontmatter } from "../atoms/frontmatter.js";
import type { ManifestEntry } from "../indexes/types.js";
import type { TextEdit } from "./edits.js";
import { findLinks } from "./occurrences.js";
import type { LinkResolver } from "./types.js";
import { newlineCount } from "../util/text.js";

/** A proposed change: a backtick path made a wikilink, or a mention of an atom's name made one. */
export interface LinkEdit extends TextEdit {
  kind: "code-ref" | "suggestion";
  /** The text replaced, as written. */
  before: string;
  /** The atom the new link opens. */
  target: string;
}

/**
 * The shortest wikilink target that opens `path` from anywhere: the bare file
 * name when it resolves to `path` unambiguously, else the path without `.md`.
 */
export function linkTarget(path: string, resolver: LinkResolver): string {
  const stem = fileStem(path);
  const bare = resolver.resolve(stem, path);
  return bare.path === path && bare.ambiguous.length === 0 ? stem : path.replace(/\.md$/i, "");
}

/**
 * Backtick path references (`` `feedback/foo.md` ``) that name an existing
 * atom, as edits to `[[feedback/foo]]`. Code blocks are never touched; a path
 * that names no atom stays code. Pure.
 */
export function codeRefEdits(text: string, from: string, resolver: LinkResolver, atoms: ReadonlySet<string>): LinkEdit[] {
  const edits: LinkEdit[] = [];
  for (const link of findLinks(text)) {
    if (link.kind !== "code") continue;
    const r = resolver.resolve(link.target, from);
    if (r.path === null || !atoms.has(r.path) || r.path === from) continue;
    edits.push({ kind: "code-ref", start: link.start, end: link.end, line: link.line, before: link.raw, text: `[[${link.target.replace(/\.md$/i, "")}]]`, target: r.path });
  }
  return edits;
}

/** A name to look for, and the atom it belongs to. */
export interface MentionName {
  /** As written in the atom (name or alias). */
  name: string;
  path: string;
}

/**
 * The names worth suggesting links for: atom names and aliases longer than
 * `minLength` characters that only one atom has.
 */
export function mentionNames(manifest: readonly Pick<ManifestEntry, "path" | "name" | "aliases">[], minLength = 5): MentionName[] {
  const owners = new Map<string, Set<string>>();
  const written = new Map<string, string>();
  for (const m of manifest) {
    for (const name of [m.name, ...m.aliases]) {
      const trimmed = name.trim();
      if ([...trimmed].length <= minLength || !/^[\p{L}\p{N}]/u.test(trimmed)) continue;
      const key = trimmed.toLowerCase();
      owners.set(key, (owners.get(key) ?? new Set()).add(m.path));
      if (!written.has(key)) written.set(key, trimmed);
    }
  }
  return [...owners].filter(([, paths]) => paths.size === 1).map(([key, paths]) => ({ name: written.get(key)!, path: [...paths][0]! }));
}

const WORD = /[\p{L}\p{N}_]/u;
const WORDS = /[\p{L}\p{N}_]+/gu;

interface IndexedName extends MentionName {
  lower: string;
}

const indexes = new WeakMap<readonly MentionName[], Map<string, IndexedName[]>>();

// Names by their first two words (`first\0second`), one-word names by their word; lowercased; built once per names list.
function indexNames(names: readonly MentionName[]): Map<string, IndexedName[]> {
  let index = indexes.get(names);
  if (index) return index;
  index = new Map();
  for (const n of names) {
    const lower = n.name.toLowerCase();
    const words = lower.match(WORDS) ?? [];
    const key = words.length > 1 ? `${words[0]}\u0000${words[1]}` : words[0] ?? "";
    const list = index.get(key);
    if (list) list.push({ ...n, lower });
    else index.set(key, [{ ...n, lower }]);
  }
  indexes.set(names, index);
  return index;
}

// A mention ends at a non-word character that does not continue a file name or path (`name.md`, `name/x`, `name-2`).
function wordEnds(text: string, at: number): boolean {
  const next = text[at] ?? " ";
  if (WORD.test(next)) return false;
  return !(/[./\\-]/.test(next) && WORD.test(text[at + 1] ?? " "));
}

/**
 * Mentions of other atoms' names in a note's prose (whole words,
 * case-insensitive; not in code, links, HTML comments, URLs or headings), as
 * edits to `[[target|as written]]`: the first mention of each atom the note
 * does not link to yet, at most `max` per note, in text order. Pure.
 */
export function suggestionEdits(text: string, from: string, names: readonly MentionName[], linked: ReadonlySet<string>, resolver: LinkResolver, max = 5): LinkEdit[] {
  const prose = proseMask(text);
  const lower = prose.toLowerCase();
  if (lower.length !== text.length) return [];
  const index = indexNames(names);
  const edits: LinkEdit[] = [];
  const used = new Set<string>();
  const words = [...lower.matchAll(WORDS)];
  for (let w = 0; w < words.length && edits.length < max; w++) {
    const i = words[w]!.index;
    if ((i > 0 && /[./\\-]/.test(lower[i - 1]!)) || (edits.length > 0 && i < edits[edits.length - 1]!.end)) continue;
    const first = words[w]![0];
    const candidates = [...(index.get(`${first}\u0000${words[w + 1]?.[0] ?? ""}`) ?? []), ...(index.get(first) ?? [])];
    const hit = candidates.find((n) => n.path !== from && !linked.has(n.path) && !used.has(n.path) && lower.startsWith(n.lower, i) && wordEnds(lower, i + n.lower.length));
    if (!hit) continue;
    const before = text.slice(i, i + hit.lower.length);
    const target = linkTarget(hit.path, resolver);
    edits.push({ kind: "suggestion", start: i, end: i + hit.lower.length, line: 1 + newlineCount(text.slice(0, i)), before, text: before === target ? `[[${target}]]` : `[[${target}|${before}]]`, target: hit.path });
    used.add(hit.path);
  }
  return edits;
}

const NOT_PROSE = [/!?\[\[[^\]\n]*\]\]/g, /!?\[[^\]\n]*\]\([^)\n]*\)/g, /<!--[\s\S]*?-->/g, /<[^>\n]+>/g, /\bhttps?:\/\/\S+/g, /^#{1,6}[ \t].*$/gm];

// The text with frontmatter, code, links, comments, tags, URLs and headings
// blanked (same length), so that only prose is searched for names.
function proseMask(text: string): string {
  const bom = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  const split = splitFrontmatter(text.slice(bom));
  const head = text.length - split.body.length;
  let body = maskCode(split.body).masked;
  for (const re of NOT_PROSE) body = body.replace(re, (m) => m.replace(/[^\n]/g, " "));
  return " ".repeat(head).replace(/ /g, (_, i: number) => (text[i] === "\n" ? "\n" : " ")) + body;
}
