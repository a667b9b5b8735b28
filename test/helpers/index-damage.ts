import { dbDump } from "./db-dump.js";
import { cpSync, existsSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { defaultConfig, indexVault, readConfigFile, search } from "./lib.js";
import { copyToTemp, removeTemp, ROOT, tempDir } from "./cli.js";

/** Every derived file an index run writes, cache.tsv last. */
export const DERIVED_FILES = ["index/manifest.json", "index/by_project.json", "index/by_type.json", "index/by_tag.json", "index/graph.json", "index/links.json", "index/meta.json", "layers/hot.json", "layers/warm.json", "layers/cold.json"];

/** Ways a file gets damaged. */
export const DAMAGES = ["truncate", "empty", "random bytes", "delete a line", "duplicate a line", "delete the file"] as const;
export type Damage = (typeof DAMAGES)[number];

export const TODAY = "2026-11-22";

/** The example vault, copied, with its notes only. */
export function exampleVault(): string {
  const dir = copyToTemp(`${ROOT}examples/vault`);
  rmSync(join(dir, "index"), { recursive: true, force: true });
  rmSync(join(dir, "layers"), { recursive: true, force: true });
  return dir;
}

/** An index run as the CLI makes it, its notices collected. */
export function indexRun(vault: string, options: { full?: boolean; notices?: string[] } = {}) {
  return indexVault(vault, { config: readConfigFile(vault) ?? defaultConfig(), today: TODAY, full: options.full, onNotice: (m) => options.notices?.push(m) });
}

/** Damages one file of the vault as `damage` says; the mtime moves on as any later write moves it. */
export function damage(vault: string, rel: string, how: Damage, seed: number): void {
  const file = join(vault, rel);
  const bytes = readFileSync(file);
  const before = statSync(file).mtimeMs;
  const lines = bytes.toString("utf8").split("\n");
  const at = 1 + (seed % Math.max(1, lines.length - 2));
  switch (how) {
    case "truncate":
      writeFileSync(file, bytes.subarray(0, Math.floor(bytes.length / 2)));
      break;
    case "empty":
      writeFileSync(file, "");
      break;
    case "random bytes": {
      // Same length: only the checksum can tell.
      let x = seed + 1;
      const garbled = Buffer.from(bytes);
      for (let i = Math.floor(bytes.length / 3); i < Math.floor(bytes.length / 3) + 16 && i < bytes.length; i++) garbled[i] = (x = (x * 1103515245 + 12345) & 0x7fffffff) & 0xff;
      writeFileSync(file, garbled);
      break;
    }
    case "delete a line":
      writeFileSync(file, [...lines.slice(0, at), ...lines.slice(at + 1)].join("\n"));
      break;
    case "duplicate a line":
      writeFileSync(file, [...lines.slice(0, at + 1), ...lines.slice(at)].join("\n"));
      break;
    case "delete the file":
      rmSync(file);
      return;
  }
  if (statSync(file).mtimeMs === before) utimesSync(file, new Date(), new Date(before + 1000));
}

/** The exports, and a dump of the database. */
export function derivedSnapshot(vault: string): Record<string, string> {
  const out: Record<string, string> = { "index/cortex.db": dbDump(vault) };
  for (const rel of DERIVED_FILES) {
    const file = join(vault, rel);
    if (!existsSync(file)) continue;
    const text = readFileSync(file, "utf8");
    out[rel] = text;
  }
  return out;
}

/** The derived files of a fresh full index of the same notes (a copy with the same mtimes). */
export function freshFullIndex(vault: string): Record<string, string> {
  const twin = tempDir();
  try {
    cpSync(vault, twin, { recursive: true, preserveTimestamps: true, filter: (src) => !/[\\/](index|layers)$/.test(src) });
    indexRun(twin, { full: true });
    return derivedSnapshot(twin);
  } finally {
    removeTemp(twin);
  }
}

/** What a few searches find, by path and score. */
export async function searches(vault: string): Promise<string[][]> {
  const out: string[][] = [];
  for (const query of ["deploy", "friday risk", "postgres", "release"]) {
    const { hits } = await search(query, { vault, today: TODAY, log: false });
    out.push(hits.map((h) => `${h.record.path} ${h.score}`));
  }
  return out;
}
