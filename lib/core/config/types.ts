import { CortexError } from "../errors.js";

/** Points and multipliers of the search score (seed table by default). */
export interface ScoringWeights {
  /** Keyword is a substring of the name. Default 10. */
  name: number;
  /** Keyword equals a tag. Default 8. */
  tag: number;
  /** Keyword equals the project. Default 5. */
  project: number;
  /** Keyword is a substring of the description. Default 4. */
  description: number;
  /** Keyword is a substring of the path. Default 3. */
  path: number;
  /** Multiplier when a query of more than one keyword has every keyword matched. Default 1.5. */
  all_match: number;
  /** Added to a positive score of a hot atom. Default 2. */
  hot_bonus: number;
  /** Added to a positive score of a warm atom. Default 1. */
  warm_bonus: number;
  /** Multiplier for archived atoms. Default 0.3. */
  archived: number;
  /** Multiplier for superseded atoms. Default 0.5. */
  superseded: number;
  /**
   * Weight of the usage (activation) bonus: at most this many points for
   * atoms that were recently and often returned by recall, read, context or
   * search. Default 0 (off: ranking is exactly the seed's table).
   */
  usage: number;
}

/**
 * Weights of the full-text ranking (`[scoring.fulltext]`): each field's BM25
 * is multiplied by its weight and the products are added.
 */
export interface TextWeights {
  /** Name and aliases. Default 10. */
  name: number;
  /** Default 8. */
  tags: number;
  /** Default 5. */
  project: number;
  /** Default 4. */
  description: number;
  /** Path words. Default 3. */
  path: number;
  /** Markdown headings of the body. Default 2. */
  headings: number;
  /** The rest of the body. Default 1. */
  body: number;
  /**
   * How fast a word's points saturate across fields (BM25F's k): its field
   * points x are scaled by (k + 1) / (x + k); 0 turns saturation off. Default 5.
   */
  saturation: number;
  /**
   * Added to a body match's term-frequency part (BM25+'s δ), so that a word
   * found once in a long note still counts. Default 0.5.
   */
  body_delta: number;
  /**
   * × on the name's points when the query holds the whole name (or a whole
   * alias): every word of it but the stop words. Default 2.
   */
  whole_name: number;
  /**
   * × on the score of a note that holds what a question's form asks for
   * beside the question's words (in the passage that holds most of them): a
   * date for "when …", "on what date …"; a duration for "how long …", "how
   * many weeks …". 1 (or less) turns it off. Default 1.4.
   */
  question_form: number;
}

/** `[search]`: which ranking search uses. */
export interface SearchSettings {
  /** `fulltext` (default): BM25 over the whole note; `seed`: the seed's table over metadata. */
  ranking: "fulltext" | "seed";
  /**
   * How many of the best matches by FTS5's weighted BM25 are scored field by
   * field (at least this many, and five times the results asked for). Default 200.
   */
  pool: number;
}

/** `[index]`: how index runs write. */
export interface IndexSettings {
  /**
   * On a vault of more than this many atoms, a write or a search that finds
   * changes records them in the database and leaves the JSON exports
   * (`index/*.json`, `layers/*.json`) for the next `cortex index`, or for a
   * running `cortex watch` / `cortex mcp` once the vault is quiet; meta.json
   * then says `"exports": "deferred"`. `defer_exports_above` in cortex.toml.
   * Default 10,000.
   */
  deferExportsAbove: number;
}

/** Layer thresholds in days between `updated` and today. */
export interface LayerThresholds {
  /** At most this many days old → hot. Default 2. */
  hot: number;
  /** At most this many days old (and not hot) → warm. Default 7. */
  warm: number;
}

/** The whole configuration, every section filled with defaults where cortex.toml is silent. */
export interface CortexConfig {
  /** `[vault] path`, resolved against the folder of the cortex.toml that set it; null if unset. */
  vaultPath: string | null;
  /** `[projects] names`; an empty list means any project is allowed. */
  projects: string[];
  /** `[directories]`: folder name → project. */
  directories: Record<string, string>;
  /** `[tags]`: tag → keywords that imply it. */
  tags: Record<string, string[]>;
  layers: LayerThresholds;
  scoring: ScoringWeights;
  /** `[scoring.fulltext]`. */
  textWeights: TextWeights;
  /** `[search]`. */
  search: SearchSettings;
  /** `[index]`. */
  index: IndexSettings;
  /** The tables of cortex.toml this version does not know, kept for other commands. */
  extra: Record<string, unknown>;
  /** The file the settings came from, or null for built-in defaults. */
  source: string | null;
  /** Tables and keys of the file this version does not read (a typo?), one line each naming the file; absent when there are none. */
  warnings?: string[];
}

/** A cortex.toml that does not parse or has a wrong-typed value: a {@link CortexError} with code `CONFIG`. */
export class ConfigError extends CortexError {
  /** The offending file. */
  readonly file: string;
  /** Dotted key, e.g. `layers.hot`, or null for a syntax error. */
  readonly key: string | null;
  constructor(file: string, key: string | null, message: string, options?: { cause?: unknown }) {
    super("CONFIG", `${file}: ${key ? `${key}: ` : ""}${message}`, options);
    this.name = "ConfigError";
    this.file = file;
    this.key = key;
  }
}
