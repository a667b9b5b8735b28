/** A temporal layer: hot (recent), warm (settling), cold (background). */
export type Layer = "hot" | "warm" | "cold";

/** The fields of an atom a layer file lists. */
export interface LayerEntry {
  path: string;
  name: string;
  type: string;
  project: string;
  status: string;
  updated: string;
  tags: string[];
}

/** The three layer files' contents: non-archived atoms, newest first. */
export interface LayerFiles {
  hot: LayerEntry[];
  warm: LayerEntry[];
  cold: LayerEntry[];
}
