import { resolveAtomRef } from "../indexes/atom-ref.js";
import type { ManifestEntry } from "../indexes/types.js";
import { linkTarget } from "../links/autolink.js";
import { buildLinkResolver } from "../links/resolver.js";
import { invalid } from "./errors.js";

/** The two atoms of a supersede, checked. */
export interface SupersedePlan {
  old: ManifestEntry;
  by: ManifestEntry | null;
  /** The link target of each atom, as autolink writes it (see `linkTarget`). */
  targets: { old: string; by: string | null };
}

/**
 * Resolves and checks the atoms of a supersede; pure over the manifest
 * (`resolve` finds a ref's path, {@link resolveAtomRef} by default).
 *
 * @throws CortexError (`NOT_FOUND`, `AMBIGUOUS`) or WriteRejectedError (`VALIDATION`).
 */
export function planSupersede(manifest: readonly ManifestEntry[], input: { old: string; by?: string }, resolve: (ref: string) => string = (ref) => resolveAtomRef(manifest, ref)): SupersedePlan {
  const find = (ref: string) => {
    const path = resolve(ref);
    return manifest.find((m) => m.path === path)!;
  };
  const old = find(input.old);
  const by = input.by !== undefined && input.by.trim() !== "" ? find(input.by) : null;
  if (by && by.path === old.path) throw invalid("by", "self-supersede", `${by.path} cannot supersede itself`);
  if (old.status === "superseded") throw invalid("old", "already-superseded", `${old.path} is already superseded${old.superseded_by ? ` by ${old.superseded_by}` : ""}`);
  if (!by && old.status === "archived") throw invalid("old", "already-archived", `${old.path} is already retired (archived)`);
  if (by && by.status === "superseded") throw invalid("by", "replacement-superseded", `${by.path} is itself superseded${by.superseded_by ? ` by ${by.superseded_by}` : ""}; supersede with its replacement`);
  const resolver = buildLinkResolver(manifest);
  return { old, by, targets: { old: linkTarget(old.path, resolver), by: by && linkTarget(by.path, resolver) } };
}

