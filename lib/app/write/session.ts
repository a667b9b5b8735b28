import { join } from "node:path";
import { parseAtom } from "../../core/atoms/parse.js";
import { slugify } from "../../core/atoms/names.js";
import { CortexError } from "../../core/errors.js";
import { toManifestEntry } from "../../core/index-build/build.js";
import type { ManifestEntry } from "../../core/indexes/types.js";
import { createFileExclusive, removeStaleTemps } from "../../store/atomic.js";
import { appendVaultEvents } from "../../store/events.js";
import { duplicateCandidates } from "../../store/fts/duplicates.js";
import type { IndexDb } from "../../store/index-db.js";
import { atomDirectory } from "../../store/write/directory.js";
import { loadCorpus, readBody } from "../../store/write/corpus.js";
import { WriteRejectedError } from "../../core/write/errors.js";
import { atomFolder } from "../../core/write/folder.js";
import { checkFolderOnDisk, ensureFolder } from "../../store/write/folder.js";
import { linkTarget } from "../../core/links/autolink.js";
import { buildLinkResolver } from "../../core/links/resolver.js";
import { fileNameKey, hasFileNameKey } from "../../core/links/file-matcher.js";
import { relatedForWrite } from "../../core/related/for-write.js";
import { nameAliases, renderAtom } from "../../core/write/render.js";
import { unrecordedTwin } from "../../store/write/retry.js";
import { comparableText, type Shingles } from "../../core/write/similarity.js";
import { boundable, findNearDuplicatesPruned, lazyCandidate, type BoundableText, type LazyCandidate } from "../../core/write/similarity-bound.js";
import type { AtomFrontmatter, ValidWrite, WriteOptions, WriteResult, WriteSettings } from "../../core/write/types.js";
import { fileExists } from "../../store/files.js";
import type { AtomDirectory } from "../../store/write/directory.js";
import { isLive, liveCandidates } from "../../core/write/directory.js";

/** How many atoms the full-text index proposes as near-duplicates of a new one, compared exactly. */
const DUPLICATE_POOL = 100;

/** What a session needs to know; the caller holds the vault lock (inside `mutateVault`). */
export interface SessionOptions extends Pick<WriteOptions, "config" | "today" | "now" | "related"> {
  settings: WriteSettings;
  /** Event name in `events.jsonl`. Default `write`. */
  op?: string;
}

/**
 * Writes atoms into a vault whose lock the caller holds. The index is read
 * once (the vault's manifest); atoms written in the session join the
 * duplicate and related checks of the ones after them. The caller updates
 * the index once at the end (`mutateVault` does).
 */
export class WriteSession {
  /** The atoms of the index (see {@link WriteSession.constructor}). */
  private readonly indexed: AtomDirectory;
  private readonly db: IndexDb;
  /** The entries of the atoms this session wrote, in the order written. */
  readonly writtenEntries: ManifestEntry[] = [];
  /** Vault-relative paths written so far. */
  readonly written: string[] = [];
  /**
   * What could not be recorded after the atoms were written (the line in
   * `events.jsonl`, the index update), one message each: the atoms are on
   * disk and the next `cortex index` brings the index up to date.
   */
  readonly notRecorded: string[] = [];
  private readonly ids = new Set<string>();
  private corpus: Map<string, LazyCandidate> | null = null;
  /** The live atoms this session wrote, as near-duplicate candidates of the ones after them. */
  private readonly ownCandidates = new Map<string, LazyCandidate>();

  readonly vaultDir: string;

  /** `vault`: read once, through its database (see `atomDirectory`). */
  constructor(vault: { vaultDir: string; db(): IndexDb }, readonly options: SessionOptions) {
    this.vaultDir = vault.vaultDir;
    this.db = vault.db();
    this.indexed = atomDirectory(this.db);
  }

  /**
   * Checks a validated and scanned input (see `scanValidWrite`, run before
   * the lock) against the vault (folder on disk, near-duplicates unless
   * `force`, leaving out the atoms at `replacing`) and, unless `dryRun`, writes it.
   * The same input again after a write whose index update failed returns the
   * atom that write made (`alreadyWritten`).
   *
   * @throws WriteRejectedError when the input is refused; nothing is written then.
   */
  write(valid: ValidWrite, flags: { force?: boolean; dryRun?: boolean; replacing?: readonly string[] } = {}): WriteResult {
    const folder = atomFolder(valid.type, valid.dir);
    checkFolderOnDisk(this.vaultDir, folder);
    const twin = flags.force || flags.dryRun ? null : unrecordedTwin(this.vaultDir, valid, folder, { today: this.options.today, isRecorded: (path) => this.indexed.has(path), config: this.options.config });
    if (twin) return { path: twin.path, id: twin.id!, links: twin.links, related: [], alreadyWritten: true };
    const text = comparableText(valid.name, valid.body);
    const prepared = boundable(text);
    if (!flags.force) this.rejectDuplicate(prepared, text, flags.replacing);
    const related = this.relatedTo(valid, text);
    const links = [...new Set([...valid.links, ...this.linkTargets(related)])];
    const { path, id, content } = flags.dryRun ? this.plan(valid, folder, links) : this.create(valid, folder, links);
    if (!flags.dryRun) {
      this.written.push(path);
      this.afterWrite(() => appendVaultEvents(this.vaultDir, [{ ts: (this.options.now?.() ?? new Date()).toISOString(), op: this.options.op ?? "write", path, id }]));
    }
    this.remember(path, content, text, prepared.shingles);
    return flags.dryRun ? { path, id, links, related, content } : { path, id, links, related };
  }

  // Runs a step that follows a written atom: an I/O failure is noted, not thrown, so no caller mistakes the atom for unwritten.
  private afterWrite(step: () => void): void {
    try {
      step();
    } catch (error) {
      if (!(error instanceof CortexError && error.code === "IO")) throw error;
      if (!this.notRecorded.includes(error.message)) this.notRecorded.push(error.message);
    }
  }

  // The live atoms closest to the new one (shared tags, then shared rare words; see `related`), best first,
  // each with enough evidence (RELATED_MIN_SCORE); none when the caller turned related links off.
  private relatedTo(valid: ValidWrite, text: string): string[] {
    const limit = this.options.settings.related;
    if (limit <= 0 || this.options.related === false) return [];
    return relatedForWrite(liveCandidates(this.indexed, this.writtenEntries), { tags: valid.tags, text: `${text}\n${valid.description ?? ""}` }, limit);
  }

  private rejectDuplicate(text: BoundableText, words: string, replacing: readonly string[] = []): void {
    const skip = new Set(replacing);
    const candidates = this.duplicateCandidates(words).filter((c) => !skip.has(c.path));
    const [best] = findNearDuplicatesPruned(text, candidates, this.options.settings.duplicateThreshold);
    if (!best) return;
    const threshold = this.options.settings.duplicateThreshold;
    throw new WriteRejectedError(
      "DUPLICATE",
      `near-duplicate of ${best.path} (similarity ${best.similarity.toFixed(2)} >= ${threshold}); supersede it, or write anyway with --force (rule duplicate)`,
      { rule: "duplicate", existingPath: best.path, similarity: best.similarity },
    );
  }

  private idFor(stem: string): string {
    const base = `${this.options.today.replace(/-/g, "")}_${stem}`;
    let id = base;
    for (let n = 2; this.ids.has(id) || this.indexed.hasId(id); n++) id = `${base}_${n}`;
    return id;
  }

  // How the new atom links to each related atom: its file name when no other atom answers to it, else its path.
  // Only atoms of that file name, or with aliases, can answer a file name: the resolver is built over those.
  private linkTargets(paths: readonly string[]): string[] {
    if (paths.length === 0) return [];
    const names = [...new Set(paths.map(fileNameKey))];
    const resolver = buildLinkResolver([...this.indexed.named(names), ...this.writtenEntries].filter((m) => m.aliases.length > 0 || names.some((name) => hasFileNameKey(m.path, name))));
    return paths.map((path) => linkTarget(path, resolver));
  }

  // Picks slug.md, slug_2.md, … by exclusive create, so concurrent writers never collide.
  private create(valid: ValidWrite, folder: string, links: string[]): { path: string; id: string; content: string } {
    const abs = ensureFolder(this.vaultDir, folder);
    removeStaleTemps(abs);
    const slug = slugify(valid.name);
    for (let n = 1; n <= 10_000; n++) {
      const stem = n === 1 ? slug : `${slug}_${n}`;
      const id = this.idFor(stem);
      const content = renderAtom(this.frontmatter(valid, id, links, stem), valid.body);
      if (createFileExclusive(join(abs, `${stem}.md`), content)) return { path: `${folder}/${stem}.md`, id, content };
    }
    throw new CortexError("IO", `cannot find a free file name for "${slug}" in ${folder}/`);
  }

  // What create() would pick, without writing: for dry runs.
  private plan(valid: ValidWrite, folder: string, links: string[]): { path: string; id: string; content: string } {
    const slug = slugify(valid.name);
    for (let n = 1; ; n++) {
      const stem = n === 1 ? slug : `${slug}_${n}`;
      const path = `${folder}/${stem}.md`;
      if (fileExists(join(this.vaultDir, path)) || this.indexed.has(path) || this.writtenEntries.some((m) => m.path === path)) continue;
      const id = this.idFor(stem);
      return { path, id, content: renderAtom(this.frontmatter(valid, id, links, stem), valid.body) };
    }
  }

  // The note's name is an alias when its file name is not: `[[Priya Raman]]` then opens people/priya_raman.md.
  private frontmatter(valid: ValidWrite, id: string, links: string[], stem: string): AtomFrontmatter {
    const { name, type, project, status, tags } = valid;
    const front: AtomFrontmatter = { id, name, type, project, status, created: this.options.today, updated: this.options.today, tags, links };
    if (valid.description !== null) front.description = valid.description;
    if (valid.confidence !== null) front.confidence = valid.confidence;
    if (valid.pnl_impact !== null) front.pnl_impact = valid.pnl_impact;
    const aliases = nameAliases(name, stem);
    if (aliases.length > 0) front.aliases = aliases;
    return front;
  }

  // The atoms a new text may duplicate: the closest ones by the full-text index (every live atom when it
  // cannot be read), and the ones this session wrote (not indexed yet).
  private duplicateCandidates(text: string): LazyCandidate[] {
    const found = this.corpus ? null : duplicateCandidates(this.db, text, DUPLICATE_POOL);
    if (found === null) {
      this.corpus ??= loadCorpus(this.vaultDir, [...this.indexed.entries(), ...this.writtenEntries]);
      return [...this.corpus.values(), ...this.ownCandidates.values()];
    }
    const indexed = found.flatMap(({ path, name }) => (this.ownCandidates.has(path) ? [] : [lazyCandidate(path, comparableText(name, readBody(this.vaultDir, path)))]));
    return [...indexed, ...this.ownCandidates.values()];
  }

  private remember(path: string, content: string, text: string, shingles: Shingles): void {
    const entry = toManifestEntry(parseAtom(content, { path, mtimeMs: Date.now() }, this.options.config).atom);
    this.writtenEntries.push(entry);
    if (entry.id) this.ids.add(entry.id);
    if (isLive(entry)) this.ownCandidates.set(path, { ...lazyCandidate(path, text), shingles });
  }
}
