import type { ManifestEntry } from "../core/indexes/types.js";
import { aliasesByPath } from "../core/indexes/sorted-splice.js";
import type { LazyPreviousTexts } from "../store/index-previous.js";
import { writeAliasesFile } from "../store/aliases-file.js";
import type { AtomDelta } from "./index-outputs.js";

/** What an index run knows of the manifest it wrote, for {@link keepAliases}. */
export interface RunManifest {
  /** Every entry, when the run built the manifest whole (a full or rebuilt run). */
  whole?: readonly Pick<ManifestEntry, "path" | "aliases">[];
  /** The previous run's files as this run read them, and what changed since (an incremental run). */
  previous?: LazyPreviousTexts;
  delta?: AtomDelta;
}

/**
 * Keeps `index/aliases.tsv` in step with the manifest.json an index run just
 * recorded (of identity `identity`, see `manifestIdentity`), after its
 * cache: made of the entries of a manifest the run built whole, else of the
 * previous manifest's notes with aliases (as the file listed them, or found
 * in its bytes) with the atoms the run added, changed or removed. A run
 * killed before this leaves a file of another manifest, which is not used.
 */
export function keepAliases(vaultDir: string, identity: string | null, run: RunManifest): void {
  if (identity === null) return;
  if (run.whole) return writeAliasesFile(vaultDir, identity, new Map(run.whole.filter((m) => m.aliases.length > 0).map((m) => [m.path, m.aliases])));
  if (!run.previous || !run.delta) return;
  const before = run.previous.aliases() ?? aliasesByPath(run.previous.manifest);
  if (!before) return;
  const aliases = new Map(before);
  for (const { atom } of [...run.delta.changed, ...run.delta.added]) {
    if (atom.aliases.length > 0) aliases.set(atom.path, atom.aliases);
    else aliases.delete(atom.path);
  }
  for (const path of run.delta.removed) aliases.delete(path);
  writeAliasesFile(vaultDir, identity, aliases);
}
