import type { CortexConfig, IndexSettings, LayerThresholds, ScoringWeights, SearchSettings, TextWeights } from "./types.js";

/** The seed's scoring table. */
export const DEFAULT_WEIGHTS: Readonly<ScoringWeights> = Object.freeze({
  name: 10,
  tag: 8,
  project: 5,
  description: 4,
  path: 3,
  all_match: 1.5,
  hot_bonus: 2,
  warm_bonus: 1,
  archived: 0.3,
  superseded: 0.5,
  usage: 0,
});

/** The full-text field weights: the seed's order (name > tags > project > description > path), then headings and body. */
export const DEFAULT_TEXT_WEIGHTS: Readonly<TextWeights> = Object.freeze({ name: 10, tags: 8, project: 5, description: 4, path: 3, headings: 2, body: 1, saturation: 5, body_delta: 0.5, whole_name: 2, question_form: 1.4 });

/** Full-text ranking, a pool of 200. */
export const DEFAULT_SEARCH: Readonly<SearchSettings> = Object.freeze({ ranking: "fulltext", pool: 200 });

/** The exports of a vault of more than 10,000 atoms may wait (see `IndexSettings`). */
export const DEFAULT_INDEX: Readonly<IndexSettings> = Object.freeze({ deferExportsAbove: 10_000 });

/** Hot ≤ 2 days, warm ≤ 7 days. */
export const DEFAULT_LAYERS: Readonly<LayerThresholds> = Object.freeze({ hot: 2, warm: 7 });

/** A fresh configuration with every default; used when a vault has no cortex.toml. */
export function defaultConfig(): CortexConfig {
  return {
    vaultPath: null,
    projects: [],
    directories: {},
    tags: {},
    layers: { ...DEFAULT_LAYERS },
    scoring: { ...DEFAULT_WEIGHTS },
    textWeights: { ...DEFAULT_TEXT_WEIGHTS },
    search: { ...DEFAULT_SEARCH },
    index: { ...DEFAULT_INDEX },
    extra: {},
    source: null,
  };
}
