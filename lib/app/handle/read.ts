import { splitFrontmatter } from "../../core/atoms/frontmatter.js";
import type { VaultSnapshot } from "./vault-snapshot.js";
import { CortexError } from "../../core/errors.js";
import type { ManifestEntry } from "../../core/indexes/types.js";
import { classifyLayer } from "../../core/layers/classify.js";
import type { Layer, LayerEntry } from "../../core/layers/types.js";
import { matchesFilters } from "../../core/search/rank.js";
import type { SearchFilters } from "../../core/search/types.js";
import { byUpdatedThenPath } from "../../core/layers/classify.js";
import { findManifestEntry } from "../../core/links/refs.js";
import { readAtomText } from "../../store/read-atom.js";

/** One atom as {@link getAtom} reads it: its index entry, and its file's text and body. */
export interface AtomText {
  /** Vault-relative path. */
  path: string;
  /** The atom's metadata as indexed (name, type, project, status, tags, links …). */
  meta: ManifestEntry;
  /** The whole file (BOM removed). */
  text: string;
  /** Everything after the frontmatter. */
  body: string;
}

/**
 * Reads one atom by a vault-relative path (with or without `.md`), an id, a
 * name, a link stem, a `[[wikilink]]` or a `cortex://atom/…` URI.
 *
 * @throws CortexError `NOT_FOUND` (no such atom, or its file is gone), `AMBIGUOUS` (several match: give the path).
 * @example getAtom(vault, "Deploy freeze during release windows").body
 */
export function getAtom(vault: VaultSnapshot, ref: string): AtomText {
  const meta = vault.findEntry?.(ref) ?? findManifestEntry(vault.manifest, ref);
  const { path } = meta;
  const text = readAtomText(vault.vaultDir, path);
  if (text === null) throw new CortexError("NOT_FOUND", `${path} is in the index but cannot be read`);
  return { path, meta, text, body: splitFrontmatter(text).body };
}

/** Filters of {@link listAtoms}; without `status` or `allStatus`, active atoms only. */
export interface ListOptions extends Omit<SearchFilters, "hotOnly"> {
  /** Only atoms of this layer. */
  layer?: Layer;
}

/** One atom of the inventory (`cortex list`, the MCP `list`): the fields a layer file lists, and its layer. */
export type ListItem = LayerEntry & { layer: Layer };

/** {@link listAtoms}' atoms as inventory items, each with its layer. */
export function listItems(vault: VaultSnapshot, options: ListOptions = {}): ListItem[] {
  return listAtoms(vault, options).map((m) => ({ path: m.path, name: m.name, type: m.type, project: m.project, status: m.status, layer: classifyLayer(m.updated, vault.today, vault.config.layers), updated: m.updated, tags: m.tags }));
}

/**
 * The atoms matching the filters, most recently updated first (then by path).
 *
 * @example listAtoms(vault, { project: "ops", layer: "hot" }).map((m) => m.path)
 */
export function listAtoms(vault: VaultSnapshot, options: ListOptions = {}): ManifestEntry[] {
  const filter = matchesFilters(options, true);
  return vault.manifest
    .filter((m) => filter(m) && (options.layer === undefined || classifyLayer(m.updated, vault.today, vault.config.layers) === options.layer))
    .sort(byUpdatedThenPath);
}
