import type { ManifestEntry } from "../indexes/types.js";
import type { LinkResolution } from "./types.js";

/**
 * A match packed in one number, so that resolving a link allocates nothing:
 * `file × 8 + via × 2 + (1 when several files matched)`, where `file` is the
 * file's number in {@link FileMatcher.files} and `via` its index in
 * {@link VIAS}. Or {@link NO_MATCH}, or {@link SELF} (the linking note itself).
 */
export type PackedMatch = number;

/** Nothing matches the target. */
export const NO_MATCH: PackedMatch = -1;
/** The empty target (`[[#heading]]`): the linking note itself. */
export const SELF: PackedMatch = -2;
/** How a file matched, by the code packed in a {@link PackedMatch}. */
export const VIAS = ["path", "relative", "name", "alias"] as const satisfies readonly LinkResolution["via"][];
const [PATH, RELATIVE, NAME, ALIAS] = [0, 1, 2, 3];

/** The file number of a match that is neither {@link NO_MATCH} nor {@link SELF}. */
export function matchedFile(match: PackedMatch): number {
  return match >>> 3;
}

/** How a match that is neither {@link NO_MATCH} nor {@link SELF} was found. */
export function matchedVia(match: PackedMatch): (typeof VIAS)[number] {
  return VIAS[(match >>> 1) & 3]!;
}

/** True when several files matched (the first one, by {@link shortestFirst}, is the match). */
export function isAmbiguous(match: PackedMatch): boolean {
  return match >= 0 && (match & 1) === 1;
}

/** The number-based core of the link resolver: see {@link buildFileMatcher}. */
export interface FileMatcher {
  /** Every file links may open, numbered: the manifest's paths first, in order, then the other files. */
  readonly files: readonly string[];
  /** Files numbered below this are atoms (a path listed twice always matches as its first number). */
  readonly atomCount: number;
  /** Matches a raw target as written in the note at `fromPath`. Allocates nothing unless several files share the target's name. */
  match(raw: string, fromPath: string): PackedMatch;
  /** Every file an ambiguous match of `raw` could open, shortest path first; empty when it is not ambiguous. */
  candidates(raw: string): string[];
}

/** Paths grouped by a lower-cased key, as file numbers: one as a plain number (no array for almost every key), several as an array sorted by {@link shortestFirst}. */
type FileGroups = Map<string, number | number[]>;

/** A match among several files sharing a name or an alias, with every candidate. */
interface SharedMatch {
  match: PackedMatch;
  candidates: string[];
}

/**
 * Builds the matcher behind {@link buildLinkResolver} and `resolveGraph`.
 * Pure: it reads `manifest` and `otherFiles` only here. See
 * {@link buildLinkResolver} for the rules.
 */
export function buildFileMatcher(manifest: readonly Pick<ManifestEntry, "path" | "aliases">[], otherFiles: readonly string[] = []): FileMatcher {
  const { files, byName, byAlias } = groupFiles(manifest, otherFiles);
  const shared = new Map<string, SharedMatch>(); // by target: only targets whose name or alias several files share
  let folded: Map<string, number> | null = null; // built on the first relative link: most vaults have few or none

  function matchAbsolute(target: string): PackedMatch {
    const key = dropMd(target.startsWith("/") ? target.replace(/^\/+/, "") : target);
    const lower = key.toLowerCase();
    const name = baseName(lower);
    const group = byName.get(name);
    const exactName = key === lower ? name : baseName(key).toLowerCase(); // how the files were grouped: almost always `name`
    const exact = exactFile(exactName === name ? group : byName.get(exactName), files, key);
    if (exact >= 0) return pack(exact, PATH, false);
    if (typeof group === "number" && nameMatches(files[group]!, lower)) return pack(group, NAME, false);
    const aliases = typeof group === "object" ? undefined : byAlias.get(target.toLowerCase());
    if (typeof group !== "object" && typeof aliases !== "object") return aliases === undefined ? NO_MATCH : pack(aliases, ALIAS, false);
    return matchShared(target, lower, group as number[] | undefined).match;
  }

  /** Rules 4 and 5 when several files share the name or the alias: memoized by target. */
  function matchShared(target: string, lower: string, group: number[] | undefined): SharedMatch {
    let result = shared.get(target);
    if (result === undefined) {
      const named = group === undefined ? [] : group.filter((n) => nameMatches(files[n]!, lower));
      const aliases = named.length > 0 ? undefined : byAlias.get(target.toLowerCase());
      const matched = named.length > 0 ? named : aliases === undefined ? [] : typeof aliases === "number" ? [aliases] : aliases;
      const via = named.length > 0 ? NAME : ALIAS;
      result = matched.length === 0 ? { match: NO_MATCH, candidates: [] } : { match: pack(matched[0]!, via, matched.length > 1), candidates: matched.length > 1 ? matched.map((n) => files[n]!) : [] };
      shared.set(target, result);
    }
    return result;
  }

  function matchRelative(target: string, fromPath: string): PackedMatch {
    const joined = joinRelative(fromPath, target);
    if (joined === null) return NO_MATCH;
    folded ??= foldFiles(files);
    const file = folded.get(dropMd(joined).toLowerCase());
    return file === undefined ? NO_MATCH : pack(file, RELATIVE, false);
  }

  return {
    files,
    atomCount: manifest.length,
    match(raw: string, fromPath: string): PackedMatch {
      const target = normalizeTarget(raw);
      if (target === "") return SELF;
      if (target.startsWith("./") || target.startsWith("../")) return matchRelative(target, fromPath);
      return matchAbsolute(target);
    },
    candidates(raw: string): string[] {
      const target = normalizeTarget(raw);
      return isAmbiguous(matchAbsolute(target)) ? [...shared.get(target)!.candidates] : [];
    },
  };
}

/** Numbers every file (manifest paths first) and groups them by lower-cased name, and the atoms by alias. */
function groupFiles(manifest: readonly Pick<ManifestEntry, "path" | "aliases">[], otherFiles: readonly string[]): { files: string[]; byName: FileGroups; byAlias: FileGroups } {
  const files = new Array<string>(manifest.length + otherFiles.length);
  const byName: FileGroups = new Map();
  const byAlias: FileGroups = new Map();
  for (let n = 0; n < files.length; n++) {
    const path = n < manifest.length ? manifest[n]!.path : otherFiles[n - manifest.length]!;
    files[n] = path;
    addToGroup(byName, files, fileNameKey(path), n);
  }
  for (let i = 0; i < manifest.length; i++) {
    const { path, aliases } = manifest[i]!;
    if (aliases.length > 0) for (const alias of aliases) addToGroup(byAlias, files, alias.trim().toLowerCase(), numberOf(byName, files, path));
  }
  sortGroups(byName, files);
  sortGroups(byAlias, files);
  return { files, byName, byAlias };
}

function pack(file: number, via: number, ambiguous: boolean): PackedMatch {
  return file * 8 + via * 2 + (ambiguous ? 1 : 0);
}

/** A match of file number `file` for a caller that does not say how it was found (packed as a path match). */
export function packMatch(file: number, ambiguous: boolean): PackedMatch {
  return pack(file, PATH, ambiguous);
}

/** The (first) number of a path already added. */
function numberOf(byName: FileGroups, files: readonly string[], path: string): number {
  const group = byName.get(fileNameKey(path))!;
  return typeof group === "number" ? group : group.find((n) => files[n] === path)!;
}

/** Adds file `file` to the group of `key`, unless a file with the same path is in it. */
function addToGroup(groups: FileGroups, files: readonly string[], key: string, file: number): void {
  const group = groups.get(key);
  if (group === undefined) groups.set(key, file);
  else if (typeof group === "number") {
    if (files[group] !== files[file]) groups.set(key, [group, file]);
  } else if (!group.some((n) => files[n] === files[file])) group.push(file);
}

function sortGroups(groups: FileGroups, files: readonly string[]): void {
  groups.forEach((group) => {
    if (typeof group !== "number") group.sort((a, b) => shortestFirst(files[a]!, files[b]!));
  });
}

/** Rule 3: the first-numbered file of the name group whose path without `.md` is exactly `key`; -1 when none. */
function exactFile(group: number | number[] | undefined, files: readonly string[], key: string): number {
  if (group === undefined) return -1;
  if (typeof group === "number") return isWithoutMd(files[group]!, key) ? group : -1;
  let first = -1;
  for (const n of group) if (isWithoutMd(files[n]!, key) && (first < 0 || n < first)) first = n;
  return first;
}

/** The key files are grouped by for rule 4: the name without `.md`, lower-cased. */
export function fileNameKey(path: string): string {
  return path.slice(path.lastIndexOf("/") + 1, hasMdExtension(path) ? -3 : path.length).toLowerCase();
}

/**
 * `fileNameKey(path) === key`, without building a string when the end of the
 * path is ASCII: what picks, among 100k paths, the few a file name can name.
 */
export function hasFileNameKey(path: string, key: string): boolean {
  // A key with a `/` is no file name key; rule 4's test (the path ends with `/` + key) holds it to the last segment otherwise.
  return key.includes("/") ? false : nameMatches(path, key);
}

/**
 * Rule 4 for one file: its path without `.md`, lower-cased, is `lower` or
 * ends with `/` + `lower`. Builds no string when that end of the path is
 * ASCII (lower-casing it then needs no context).
 */
function nameMatches(path: string, lower: string): boolean {
  const start = (hasMdExtension(path) ? path.length - 3 : path.length) - lower.length;
  if (start < 0 || !isAscii(path, start === 0 ? 0 : start - 1, start + lower.length)) return endsWithPath(dropMd(path).toLowerCase(), lower);
  for (let i = 0; i < lower.length; i++) {
    const c = path.charCodeAt(start + i);
    if ((c >= 0x41 && c <= 0x5a ? c | 0x20 : c) !== lower.charCodeAt(i)) return false;
  }
  return start === 0 || path.charCodeAt(start - 1) === 0x2f;
}

function isAscii(text: string, from: number, to: number): boolean {
  for (let i = from; i < to; i++) if (text.charCodeAt(i) >= 0x80) return false;
  return true;
}

/** `dropMd(path) === key`, without building a string. */
function isWithoutMd(path: string, key: string): boolean {
  return path.length === key.length + 3 ? hasMdExtension(path) && path.startsWith(key) : path === key && !hasMdExtension(path);
}

/** Lower-cased path without `.md` → the number of its first path by {@link shortestFirst}: what a relative link opens. */
function foldFiles(files: readonly string[]): Map<string, number> {
  const folded = new Map<string, number>();
  for (let n = 0; n < files.length; n++) {
    const key = dropMd(files[n]!).toLowerCase();
    const seen = folded.get(key);
    if (seen === undefined || shortestFirst(files[n]!, files[seen]!) < 0) folded.set(key, n);
  }
  return folded;
}

/** Trimmed, with `\` as `/`; no new string when there is nothing to change. */
function normalizeTarget(raw: string): string {
  const target = raw.trim();
  return target.includes("\\") ? target.replace(/\\/g, "/") : target;
}

/** Shortest path first, then code-unit order. */
function shortestFirst(a: string, b: string): number {
  return a.length - b.length || (a < b ? -1 : a > b ? 1 : 0);
}

/** The path without a final `.md` in any letter case (no lower-cased copy made). */
function dropMd(path: string): string {
  return hasMdExtension(path) ? path.slice(0, -3) : path;
}

/** `path.toLowerCase().endsWith(".md")`, without lower-casing the path (only `M` and `D` lower-case to `m` and `d`). */
function hasMdExtension(path: string): boolean {
  const n = path.length;
  return n >= 3 && path.charCodeAt(n - 3) === 0x2e && (path.charCodeAt(n - 2) | 0x20) === 0x6d && (path.charCodeAt(n - 1) | 0x20) === 0x64;
}

/** The part after the last `/`. */
function baseName(path: string): string {
  return path.slice(path.lastIndexOf("/") + 1);
}

/** True when `path` is `suffix` or ends with `/` + `suffix` (no string built). */
function endsWithPath(path: string, suffix: string): boolean {
  const start = path.length - suffix.length;
  return start >= 0 && path.endsWith(suffix) && (start === 0 || path.charCodeAt(start - 1) === 0x2f);
}

/** `a/b/note.md` + `../c` → `a/c`; null when it climbs above the vault. */
function joinRelative(fromPath: string, target: string): string | null {
  const parts = fromPath.split("/").slice(0, -1);
  for (const part of target.split("/")) {
    if (part === "." || part === "") continue;
    if (part === "..") {
      if (parts.length === 0) return null;
      parts.pop();
    } else parts.push(part);
  }
  return parts.join("/");
}
