import type { Atom } from "../atoms/types.js";

/** A temporal layer: hot (recent), warm (settling), cold (background). */
export type Layer = "hot" | "warm" | "cold";

/** The fields of an atom a layer file lists. */
export type LayerEntry = Pick<Atom, "path" | "name" | "type" | "project" | "status" | "updated" | "tags">;

/** The three layer files' contents: non-archived atoms, newest first. */
export interface LayerFiles {
  hot: LayerEntry[];
  warm: LayerEntry[];
  cold: LayerEntry[];
}
