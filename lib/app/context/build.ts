import { join } from "node:path";
import { atomBody } from "../../core/atoms/frontmatter.js";
import { readAtomText } from "../../store/read-atom.js";
import type { VaultSnapshot } from "../handle/vault-snapshot.js";
import { countVault, rankVault, recordAccess } from "../handle/search.js";
import type { ManifestEntry } from "../../core/indexes/types.js";
import type { SearchHit } from "../../core/search/types.js";
import { compareStrings } from "../../core/util/compare.js";
import { assembleBriefing, cleanBody } from "../../core/context/assemble.js";
import { briefingQuery } from "../../core/context/keywords.js";
import { briefingFloor } from "../../core/context/floor.js";
import type { Briefing, BriefingAtom, BriefingMoc } from "../../core/context/types.js";
import { fileNames } from "../../store/files.js";
import { clockMs } from "../../store/access-log.js";

/** Options of {@link buildContext}. */
export interface ContextOptions {
  /** A question or task in plain words, searched as `cortex search` reads a query (see `briefingQuery`). */
  query: string;
  /** Only atoms of this project; its MOC heads the briefing. Default: any project, MOC of the best atom's project. */
  project?: string;
  /** Default 1500. */
  budgetTokens?: number;
  /**
   * An absolute floor, meant for a vault of 1,000 notes and scaled down to
   * smaller ones (see `briefingFloor`); atoms below it, or below 0.4 × the
   * best score, are left out. Default 0: the relative floor only.
   */
  minScore?: number;
  /** Record an access event for the atoms whose body is given. Default true. */
  log?: boolean;
  /** What the reader uses to see the matches left out (see `BriefingInput.more`). Default `recall`. */
  more?: string;
  /** Keep superseded atoms too (archived ones are always left out). Default false: a superseded rule is not current. */
  includeSuperseded?: boolean;
}

/** A briefing with what it was built from. */
export interface ContextResult extends Briefing {
  query: string;
  /** The keywords searched. */
  keywords: string[];
  /** Atoms that cleared the floor (before the budget cut). */
  matched: number;
  /** The lowest score kept (see `briefingFloor`); 0 when nothing matched. */
  floor: number;
  /** Atoms that matched but scored below the floor (within the candidates ranked). */
  below_floor: number;
}

/** Atoms whose bodies are read; the rest can only be pointers. */
const BODIES_READ = 30;
/** Atoms considered at all. */
const CANDIDATES = 200;

/**
 * Builds a query-tailored briefing from a vault (seed 001's context
 * briefing in its degraded mode, which needs no model): ranks the atoms for
 * the query exactly as `cortex search` and `recall` do (archived and
 * superseded atoms left out), keeps those at or above the floor (see
 * `briefingFloor`: 0.4 × the best score, or `minScore` scaled to the
 * vault's size), then assembles the
 * project's MOC summary, the best atoms' bodies and pointers to the rest
 * within the token budget (see {@link assembleBriefing}).
 *
 * @example
 * const snap = await openSnapshot(vaultDir, "2026-11-22");
 * const { text } = buildContext(snap, { query: "how do we deploy on release day", budgetTokens: 800 });
 */
export function buildContext(snap: VaultSnapshot, options: ContextOptions): ContextResult {
  const started = clockMs();
  const { query, keywords } = briefingQuery(options.query);
  const live = (h: SearchHit) => h.record.status !== "archived" && (options.includeSuperseded === true || h.record.status !== "superseded");
  // One more than the candidates: the MOC, when among them, is left out of them.
  const ranked = keywords.length === 0 ? [] : bestHits(snap, query, options.project, live, CANDIDATES + 1);
  const minScore = options.minScore ?? 0;
  const floor = ranked.length === 0 ? 0 : briefingFloor(ranked[0]!.score, { minScore, atoms: minScore > 0 ? countVault(snap, "", { allStatus: true }, true) : undefined });
  const hits = ranked.filter((h) => h.score >= floor);
  const mocProject = options.project ?? hits[0]?.record.project;
  const moc = mocProject === undefined ? null : readMoc(snap, mocProject);
  const atoms = hits
    .filter((h) => h.record.path !== moc?.path)
    .slice(0, CANDIDATES)
    .map((h, i) => toBriefingAtom(snap, h, i < BODIES_READ));
  const briefing = assembleBriefing({ query: options.query, moc, atoms, budgetTokens: options.budgetTokens ?? 1500, more: options.more });
  if (options.log !== false && briefing.included.length > 0) recordAccess(snap.vaultDir, "context", options.query, briefing.included, started);
  return { ...briefing, query: options.query, keywords, matched: atoms.length, floor: Math.round(floor * 100) / 100, below_floor: ranked.length - hits.length };
}

// The first `wanted` hits that `keep` keeps: the ranking's top, asked for in growing sizes
// (a top N is cheap to find; every hit of a 100k vault is not).
function bestHits(snap: VaultSnapshot, query: string, project: string | undefined, keep: (h: SearchHit) => boolean, wanted: number): SearchHit[] {
  for (let top = 2 * wanted; ; top *= 2) {
    const ranked = rankVault(snap, query, { project, top });
    const kept = ranked.filter(keep);
    // Enough, or every hit seen, or the rest score below the relative floor of the best kept one (hits come by score).
    if (kept.length >= wanted || ranked.length < top || (kept.length > 0 && ranked[ranked.length - 1]!.score < briefingFloor(kept[0]!.score))) return kept.slice(0, wanted);
  }
}

function toBriefingAtom(snap: VaultSnapshot, hit: SearchHit, withBody: boolean): BriefingAtom {
  const r = hit.record;
  const text = withBody ? readAtomText(snap.vaultDir, r.path) : null;
  return { path: r.path, name: r.name, type: r.type, project: r.project, status: r.status, updated: r.updated, description: r.description, score: hit.score, layer: hit.layer, body: text === null ? null : atomBody(text) };
}

/**
 * The MOC of a project, `_moc/<project>.md` (matched case-insensitively
 * among the indexed atoms), summarized; null when there is none.
 */
export function readMoc(snap: VaultSnapshot, project: string): BriefingMoc | null {
  const path = findMocFile(snap.vaultDir, project);
  if (path === undefined) return null;
  const text = readAtomText(snap.vaultDir, path);
  if (text === null) return null;
  return { project, path, summary: cleanBody(atomBody(text)) };
}

// `_moc/<project>.md` as the folder lists it, case-insensitively (the first in path order, as in the manifest).
function findMocFile(vaultDir: string, project: string): string | undefined {
  const wanted = `${project.toLowerCase()}.md`;
  try {
    const names = fileNames(join(vaultDir, "_moc")).filter((name) => name.toLowerCase() === wanted);
    return names.length === 0 ? undefined : `_moc/${names.sort(compareStrings)[0]}`;
  } catch {
    return undefined;
  }
}

/** The manifest entry of `_moc/<project>.md`, case-insensitively. */
export function findMoc(manifest: readonly ManifestEntry[], project: string): ManifestEntry | undefined {
  const wanted = `_moc/${project.toLowerCase()}.md`;
  return manifest.find((m) => m.path.toLowerCase() === wanted);
}
