import type { ManifestEntry } from "../indexes/types.js";
import type { AtomDirectory, DirectoryEntry } from "./types.js";
import { directoryOf } from "./directory.js";
import { aliasesByPath, firstAtOrAfter, manifestEntryAt, searchLinePath } from "../indexes/sorted-splice.js";
import { F } from "../indexes/search-file.js";
import { hasFileNameKey } from "../links/file-matcher.js";
import { escapeRegExp, pathFromField } from "../util/text.js";

/**
 * The atoms of an index as the write path looks them up (see
 * {@link AtomDirectory}), from the bytes of `index/search.tsv` (a line per
 * atom: paths, lower-cased names and descriptions, tags, status) and of
 * `index/manifest.json` (ids, and the aliases of the few atoms that have
 * any), both as the index wrote them: a lookup finds its lines by a search
 * over the bytes and decodes those only. Null when the manifest is not laid
 * out as expected. `aliased`: the manifest's notes with aliases (path →
 * aliases), when known already (see `index/aliases.tsv`); else found in its
 * bytes. Pure.
 *
 * @example directoryOfIndex(readFileSync("index/search.tsv"), readFileSync("index/manifest.json"))?.live
 */
export function directoryOfIndex(search: Buffer, manifest: Buffer, aliased?: ReadonlyMap<string, string[]>): AtomDirectory | null {
  const aliases = aliased ?? aliasesByPath(manifest);
  if (!aliases) return null;
  const hasId = (id: string) => manifest.indexOf(`\n    "id": ${JSON.stringify(id)},\n`) !== -1;
  const entry = (path: string) => manifestEntryAt(manifest, path);
  // A path JSON-quoted (it holds a tab or a line break) is not where a byte search looks for it: every line decoded.
  if (search.indexOf('\n"') !== -1) return directoryOf(searchEntries(search.toString("utf8"), aliases), hasId, entry);
  return new SearchFileDirectory(search, aliases, hasId, entry);
}

// The directory over search.tsv's bytes, searched as latin1 text (a character per byte, so every offset is a byte
// offset; a needle is searched for as its UTF-8 bytes): a lookup decodes the lines it finds, in path (byte) order.
class SearchFileDirectory implements AtomDirectory {
  readonly live: number;
  private all: DirectoryEntry[] | null = null;
  private readonly text: string;
  private readonly header: number;

  constructor(
    private readonly search: Buffer,
    private readonly aliases: ReadonlyMap<string, string[]>,
    readonly hasId: (id: string) => boolean,
    readonly entry: (path: string) => ManifestEntry | null,
  ) {
    this.text = search.toString("latin1");
    this.header = this.text.indexOf("\n");
    this.live = this.liveCount();
  }

  entries(): readonly DirectoryEntry[] {
    return (this.all ??= searchEntries(this.search.toString("utf8"), this.aliases));
  }

  withTags(tags: readonly string[]): readonly DirectoryEntry[] {
    const starts = new Set<number>();
    for (const tag of tags) for (const start of this.linesWithValue(F.tags, tag)) starts.add(start);
    return this.decoded(starts);
  }

  containing(needles: readonly string[]): readonly DirectoryEntry[] {
    if (needles.some((n) => n === "")) return this.entries();
    const { text } = this;
    const starts = new Set<number>();
    // One pass for all of them. A match counts in the name or the description field (a needle holds no tab, so it
    // lies in the field where it starts); then the rest of its line is skipped.
    const pattern = new RegExp(needles.map((n) => escapeRegExp(latin1(n))).join("|"), "g");
    pattern.lastIndex = this.header;
    for (let m = pattern.exec(text); m !== null; m = pattern.exec(text)) {
      const start = text.lastIndexOf("\n", m.index) + 1;
      let field = 0;
      for (let i = start; i < m.index; i++) if (text.charCodeAt(i) === 9) field++;
      if (field !== F.name && field !== F.description) {
        pattern.lastIndex = m.index + 1;
        continue;
      }
      starts.add(start);
      const end = text.indexOf("\n", m.index);
      if (end === -1) break;
      pattern.lastIndex = end;
    }
    return this.decoded(this.withAliased(starts));
  }

  named(keys: readonly string[]): readonly DirectoryEntry[] {
    const { text } = this;
    const starts = new Set<number>();
    for (const key of keys) {
      // The file name ends the path (field 0) or its lower-case form (field 1): after a `/`, a tab or the line's start.
      const needle = latin1(`${key}.md\t`);
      for (let at = text.indexOf(needle, this.header); at !== -1; at = text.indexOf(needle, at + 1)) {
        const lead = text.charCodeAt(at - 1);
        if (lead !== 10 && lead !== 9 && lead !== 0x2f) continue;
        const start = text.lastIndexOf("\n", at) + 1;
        const path = searchLinePath(this.search, start - 1);
        if (path !== null && hasFileNameKey(path, key)) starts.add(start);
      }
    }
    return this.decoded(this.withAliased(starts));
  }

  has(path: string): boolean {
    return this.lineOf(path) !== null;
  }

  // The start of the line of `path`; null when search.tsv lists no such path.
  private lineOf(path: string): number | null {
    const place = firstAtOrAfter(this.search, "\n", (at) => searchLinePath(this.search, at), [this.header, this.search.length - 1], path);
    return place?.found ? place.at + 1 : null;
  }

  private withAliased(starts: Set<number>): Set<number> {
    for (const path of this.aliases.keys()) {
      const start = this.lineOf(path);
      if (start !== null) starts.add(start);
    }
    return starts;
  }

  private decoded(starts: ReadonlySet<number>): DirectoryEntry[] {
    const entries: DirectoryEntry[] = [];
    for (const start of [...starts].sort((a, b) => a - b)) {
      const end = this.text.indexOf("\n", start);
      const line = this.search.toString("utf8", start, end === -1 ? this.search.length : end + 1);
      for (const entry of searchEntries(line, this.aliases, 0)) entries.push(entry);
    }
    return entries;
  }

  // The lines whose status field is neither `superseded` nor `archived`: one walk over the lines, each cut at its
  // first tabs only (no field holds a tab, and no line of this file a quoted path).
  private liveCount(): number {
    const { text } = this;
    let live = 0;
    for (let start = this.header + 1; start < text.length; ) {
      const status = text.indexOf("\t", text.indexOf("\t", text.indexOf("\t", start) + 1) + 1) + 1;
      const end = text.indexOf("\t", status);
      if (!(end - status === 10 && text.startsWith("superseded", status)) && !(end - status === 8 && text.startsWith("archived", status))) live++;
      const next = text.indexOf("\n", start);
      if (next === -1) break;
      start = next + 1;
    }
    return live;
  }

  // The starts of the lines whose field `field` is `value`, or holds it as one of its U+001F-joined parts (tags).
  private linesWithValue(field: number, value: string): number[] {
    const { text } = this;
    const found: number[] = [];
    const needle = latin1(value);
    if (needle === "") return found;
    for (let at = text.indexOf(needle, this.header); at !== -1; at = text.indexOf(needle, at + 1)) {
      const before = text.charCodeAt(at - 1);
      const after = text.charCodeAt(at + needle.length);
      if ((before !== 9 && before !== 0x1f) || (after !== 9 && after !== 0x1f)) continue;
      const start = text.lastIndexOf("\n", at) + 1;
      // The field holding `at`: as many tabs before it on the line.
      let tabs = 0;
      for (let i = start; i < at && tabs <= field; i++) if (text.charCodeAt(i) === 9) tabs++;
      if (tabs === field && found[found.length - 1] !== start) found.push(start);
    }
    return found;
  }
}

// A text's UTF-8 bytes as latin1 characters: what it reads as in the latin1 view of a file.
function latin1(text: string): string {
  return Buffer.from(text).toString("latin1");
}

// One entry per line of search.tsv text (from `from`, past its header line by default): only the fields the write
// path reads are cut out.
function searchEntries(text: string, aliases: ReadonlyMap<string, string[]>, from = text.indexOf("\n") + 1): DirectoryEntry[] {
  const entries: DirectoryEntry[] = [];
  const none: string[] = [];
  const field = new Int32Array(F.type + 1);
  for (let at = from; at >= 0 && at < text.length; ) {
    const end = text.indexOf("\n", at);
    const stop = end === -1 ? text.length : end;
    field[0] = at;
    for (let i = 1; i <= F.type; i++) field[i] = text.indexOf("\t", field[i - 1]!) + 1;
    const cut = (i: number) => text.slice(field[i]!, field[i + 1]! - 1);
    if (field[F.type]! > 0 && field[F.type]! <= stop) {
      const path = pathFromField(cut(F.path));
      const tags = cut(F.tags);
      entries.push({ path, name: cut(F.name), description: cut(F.description), tags: tags === "" ? none : tags.split("\x1f"), aliases: aliases.get(path) ?? none, status: cut(F.status) });
    }
    at = stop + 1;
  }
  return entries;
}
