import type { Atom } from "../atoms/types.js";
import type { ManifestEntry } from "./types.js";

/** An atom's manifest record, keys in the documented order; `backlinks` default 0. */
export function toManifestEntry(atom: Atom, backlinks = 0): ManifestEntry {
  return {
    path: atom.path,
    id: atom.id,
    name: atom.name,
    type: atom.type,
    project: atom.project,
    status: atom.status,
    tags: atom.tags,
    updated: atom.updated,
    created: atom.created,
    lines: atom.lines,
    size_bytes: atom.size_bytes,
    description: atom.description,
    aliases: atom.aliases,
    links: atom.links,
    confidence: atom.confidence,
    pnl_impact: atom.pnl_impact,
    superseded_by: atom.superseded_by,
    backlinks,
  };
}
