import assert from "node:assert/strict";
import { cpSync, readdirSync, readFileSync, utimesSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { dbDump } from "./helpers/db-dump.js";
import { test } from "node:test";
import { runBuilt } from "./helpers/cli.js";
import { emptyVaults } from "./helpers/cases.js";

const newDir = emptyVaults();
// 23:30 UTC: already the next day east of UTC+0:30, still this day everywhere west.
const LATE = new Date("2026-01-01T23:30:00Z");

// Every export (manifest, the layers, …) but meta.json, and what the database records.
function indexFiles(vault: string): Record<string, string> {
  const out: Record<string, string> = { "index/cortex.db": dbDump(vault) };
  for (const dir of ["index", "layers"]) {
    for (const name of readdirSync(join(vault, dir)).sort()) {
      if (["cortex.db", "cortex.db-wal", "cortex.db-shm", "meta.json", ".gitignore", "access_log.jsonl"].includes(name) || name.startsWith(".")) continue;
      out[`${dir}/${name}`] = readFileSync(join(vault, dir, name), "utf8");
    }
  }
  return out;
}

test("should give the same index in every time zone for notes dated by their mtime", () => {
  const source = newDir();
  writeFileSync(join(source, "plain.md"), "# Plain note\n\nNo frontmatter, so its day comes from its mtime.\n");
  writeFileSync(join(source, "titled.md"), "---\nname: Titled\n---\nA name but no date.\n");
  const results = ["UTC", "Pacific/Kiritimati", "Etc/GMT+12", "Asia/Kolkata"].map((tz) => {
    const vault = newDir();
    cpSync(source, vault, { recursive: true });
    for (const f of ["plain.md", "titled.md"]) utimesSync(join(vault, f), LATE, LATE);
    const run = runBuilt(["index", "--vault", vault, "--today", "2026-01-05", "--full"], { env: { TZ: tz } });
    assert.equal(run.code, 0, run.stderr);
    return { tz, files: indexFiles(vault) };
  });
  const manifest = JSON.parse(results[0]!.files["index/manifest.json"]!) as { path: string; created: string; updated: string }[];
  assert.deepEqual(manifest.map((m) => [m.path, m.created, m.updated]), [["plain.md", "2026-01-01", "2026-01-01"], ["titled.md", "2026-01-01", "2026-01-01"]]);
  for (const r of results.slice(1)) assert.deepEqual(r.files, results[0]!.files, `${r.tz} gives the index of UTC`);
});
