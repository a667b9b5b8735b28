import { compareStrings } from "../util/compare.js";
import type { ManifestEntry } from "../indexes/types.js";
import { daysBetween } from "../util/dates.js";
import type { StaleReview, SupersessionIssue } from "./types.js";

/** Atoms in `review` whose `updated` is more than `days` before `today`, oldest first. Pure. */
export function findStaleReviews(manifest: readonly ManifestEntry[], today: string, days: number): StaleReview[] {
  return manifest
    .filter((m) => m.status === "review")
    .map((m) => ({ entry: m, age: daysBetween(m.updated, today) ?? 0 }))
    .filter(({ age }) => age > days)
    .sort((a, b) => b.age - a.age || compareStrings(a.entry.path, b.entry.path))
    .map(({ entry, age }) => ({ path: entry.path, updated: entry.updated, days: age, action: `in review for ${age} days: set status: active if it still holds, else cortex supersede "${entry.path}"` }));
}

/**
 * Problems with `superseded_by`: chains (A superseded by B, itself
 * superseded), references to no atom, cycles, and `superseded_by` on atoms
 * that are not superseded. References resolve by id, then path (with or
 * without `.md`). Pure.
 */
export function findSupersessionIssues(manifest: readonly ManifestEntry[]): SupersessionIssue[] {
  const lookup = new Map<string, ManifestEntry>();
  for (const m of manifest) {
    lookup.set(m.path, m);
    lookup.set(m.path.replace(/\.md$/i, ""), m);
  }
  for (const m of manifest) if (m.id) lookup.set(m.id, m);
  const next = (m: ManifestEntry) => (m.superseded_by ? lookup.get(m.superseded_by.replace(/^\[\[|\]\]$/g, "")) ?? null : null);
  const issues: SupersessionIssue[] = [];
  const superseded = manifest.filter((m) => m.status === "superseded" && m.superseded_by);
  const pointedAt = new Set(superseded.map((m) => next(m)?.path).filter(Boolean));
  for (const m of manifest) {
    if (m.superseded_by && m.status !== "superseded") issues.push({ kind: "inconsistent", paths: [m.path], action: `status is ${m.status} but superseded_by is set: cortex supersede "${m.path}" --by "${m.superseded_by}", or remove superseded_by` });
    else if (m.superseded_by && !next(m)) issues.push({ kind: "missing", paths: [m.path], action: `superseded_by "${m.superseded_by}" names no atom: point it at the replacement` });
  }
  const cycles = new Map<string, string[]>();
  for (const start of [...superseded].sort((a, b) => compareStrings(a.path, b.path))) {
    const walk = walkChain(start, next);
    if (walk.cycleAt >= 0) {
      const members = walk.paths.slice(walk.cycleAt);
      const key = [...members].sort(compareStrings).join("\n");
      if (!cycles.has(key)) cycles.set(key, members);
    } else if (!pointedAt.has(start.path) && walk.paths.length > 2) {
      issues.push({ kind: "chain", paths: walk.paths, action: `point superseded_by of ${walk.paths.slice(0, -2).join(", ")} at the live end ${walk.paths.at(-1)}` });
    }
  }
  for (const members of cycles.values()) {
    issues.push({ kind: "cycle", paths: members, action: `superseded_by goes round in a circle: make one of ${members.join(", ")} the live atom` });
  }
  return issues.sort((a, b) => compareStrings(a.paths[0]!, b.paths[0]!) || compareStrings(a.kind, b.kind));
}

// Follows superseded_by from `start` to the live end; `cycleAt` is where a revisit starts, or -1.
function walkChain(start: ManifestEntry, next: (m: ManifestEntry) => ManifestEntry | null): { paths: string[]; cycleAt: number } {
  const paths = [start.path];
  for (let current = next(start); current; current = next(current)) {
    const seen = paths.indexOf(current.path);
    if (seen >= 0) return { paths, cycleAt: seen };
    paths.push(current.path);
    if (current.status !== "superseded") break;
  }
  return { paths, cycleAt: -1 };
}
