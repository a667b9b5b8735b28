import { createRequire } from "node:module";
import type * as Yaml from "yaml";

let yaml: typeof Yaml | null = null;

/**
 * The `yaml` package, loaded on first use (~40 ms): indexing needs it only
 * for frontmatter outside the fast path's simple subset, and an index run
 * where nothing changed, or where every block is simple, never loads it.
 */
export function yamlLib(): typeof Yaml {
  return (yaml ??= createRequire(import.meta.url)("yaml") as typeof Yaml);
}
