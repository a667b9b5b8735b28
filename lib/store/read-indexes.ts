import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { CortexError } from "../core/errors.js";
import { INDEX_FORMAT, type GroupIndex, type ManifestEntry, type VaultIndexes } from "../core/indexes/types.js";
import { damageOf, readMeta } from "./index-check.js";
import { vaultPaths } from "./paths.js";
import { patchedBytes, readPendingPatches } from "./pending.js";
import { parseJson } from "../core/util/json.js";

/**
 * Reads the five indexes and `links.json` a previous `cortex index` wrote.
 *
 * @throws CortexError `NO_INDEX` when they are missing or of another format version (run `cortex index`).
 */
export function readIndexes(vaultDir: string): VaultIndexes {
  const parts = readIndexParts(vaultDir, ["manifest.json", "by_project.json", "by_type.json", "by_tag.json", "graph.json", "links.json"]);
  return {
    manifest: parts["manifest.json"] as VaultIndexes["manifest"],
    by_project: parts["by_project.json"] as VaultIndexes["by_project"],
    by_type: parts["by_type.json"] as VaultIndexes["by_type"],
    by_tag: parts["by_tag.json"] as VaultIndexes["by_tag"],
    graph: parts["graph.json"] as VaultIndexes["graph"],
    links: parts["links.json"] as VaultIndexes["links"],
  };
}

/**
 * {@link readIndexes}, reading the manifest and graph now and the group
 * indexes and `links.json` only when first used: a reader that resolves
 * links (check, link, graph) parses 30 MB less JSON at 100k atoms.
 *
 * @throws CortexError `NO_INDEX` when the manifest or graph is missing or of another format version.
 */
export function readIndexesLazily(vaultDir: string): VaultIndexes {
  const now = readIndexParts(vaultDir, ["manifest.json", "graph.json"]);
  const indexes = { manifest: now["manifest.json"], graph: now["graph.json"] } as VaultIndexes;
  for (const [key, file] of [["by_project", "by_project.json"], ["by_type", "by_type.json"], ["by_tag", "by_tag.json"], ["links", "links.json"]] as const) {
    let value: unknown;
    Object.defineProperty(indexes, key, { enumerable: true, get: () => (value ??= readIndexParts(vaultDir, [file])[file]) });
  }
  return indexes;
}

/**
 * The resolved links the last index run wrote (`index/links.json`), checked
 * as {@link readIndexes} checks it, without parsing the other indexes.
 *
 * @throws CortexError `NO_INDEX` when it is missing, damaged or of another format version.
 */
export function readLinksIndex(vaultDir: string): GroupIndex {
  return readIndexParts(vaultDir, ["links.json"])["links.json"] as GroupIndex;
}

// The named files of index/, parsed, after checking meta.json's format version and each file's check in it.
function readIndexParts(vaultDir: string, names: readonly string[], parse = true): Record<string, unknown> {
  const { indexDir } = vaultPaths(vaultDir);
  for (let attempt = 1; ; attempt++) {
    const read = readChecked(indexDir, names, parse);
    if (!(read instanceof Error)) return read;
    const damaged = read.cause === DAMAGED;
    // An index run of another process may have been between its data files and meta.json: read again, a moment later.
    if (damaged && attempt < 3) {
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 50 * attempt);
      continue;
    }
    // Damage that the next index run's size and mtime comparison cannot see needs a full one.
    throw new CortexError("NO_INDEX", `no usable index in ${indexDir} (${read.message}); run: cortex index${damaged ? " --full" : ""}`, { cause: read });
  }
}

const DAMAGED = Symbol("damaged");

// The files parsed, or the error that stopped it (with cause DAMAGED when a file fails its check).
function readChecked(indexDir: string, names: readonly string[], parse: boolean): Record<string, unknown> | Error {
  const bytes = (name: string) => readFileSync(join(indexDir, name));
  try {
    const metaText = bytes("meta.json").toString("utf8");
    const parsed = JSON.parse(metaText) as { format?: unknown; files?: unknown };
    if (parsed.format !== INDEX_FORMAT) return new Error(`format ${String(parsed.format)}, expected ${INDEX_FORMAT}`);
    const files = readMeta(metaText)?.files;
    if (files === undefined && parsed.files !== undefined) return new Error("index/meta.json is damaged", { cause: DAMAGED });
    const patches = files ? readPendingPatches(dirname(indexDir), files) : {};
    if (typeof patches === "string") return new Error(patches, { cause: DAMAGED });
    const out: Record<string, unknown> = {};
    for (const name of names) {
      const base = bytes(name);
      // An index written before meta.json held checks is read as it is (the next index run rebuilds it).
      const damage = files && damageOf(`index/${name}`, base, files);
      if (damage) return new Error(damage, { cause: DAMAGED });
      const buf = patchedBytes(`index/${name}`, base, patches);
      if (typeof buf === "string") return new Error(buf, { cause: DAMAGED });
      out[name] = parse ? parseJson(buf.toString("utf8")) : buf;
    }
    return out;
  } catch (error) {
    return error as Error;
  }
}

/**
 * Reads only `index/manifest.json` of a previous `cortex index` (the other
 * files of a 100k vault take as long again to parse).
 *
 * @throws CortexError `NO_INDEX` when it is missing or of another format version (run `cortex index`).
 */
export function readManifestFile(vaultDir: string): ManifestEntry[] {
  return readIndexParts(vaultDir, ["manifest.json"])["manifest.json"] as ManifestEntry[];
}

/**
 * The bytes of named files of `index/` (`"manifest.json"`), checked as
 * {@link readIndexes} checks them, not parsed: for readers that need a few
 * fields of a 60 MB manifest (see `lib/indexes/narrow-read.ts`).
 *
 * @throws CortexError `NO_INDEX` when one is missing, damaged or of another format version.
 */
export function readIndexBytes(vaultDir: string, names: readonly string[]): Record<string, Buffer> {
  return readIndexParts(vaultDir, names, false) as Record<string, Buffer>;
}
