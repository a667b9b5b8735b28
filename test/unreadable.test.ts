import assert from "node:assert/strict";
import { chmodSync, cpSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { emptyVaults } from "./helpers/cases.js";
import { NO_PERMISSIONS, runBuiltUnprivileged } from "./helpers/unprivileged.js";

const newDir = emptyVaults();
const TODAY = ["--today", "2026-11-22"];

// Every index file but the machine-local ones (cache.tsv keeps per-run facts).
function indexFiles(vault: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const dir of ["index", "layers"]) {
    for (const name of readdirSync(join(vault, dir)).sort()) if (!["cortex.db", "cortex.db-wal", "cortex.db-shm", "meta.json", ".gitignore"].includes(name) && !name.startsWith(".")) out[`${dir}/${name}`] = readFileSync(join(vault, dir, name), "utf8");
  }
  return out;
}

function index(vault: string, full: boolean) {
  const run = runBuiltUnprivileged(["index", "--vault", vault, ...TODAY, ...(full ? ["--full"] : [])], vault);
  assert.ok(run.code === 0 || run.code === 1, run.stderr);
  return run;
}

test("should drop a note that cannot be read from incremental and full index alike, and take it back once readable", { skip: NO_PERMISSIONS ?? false }, () => {
  const vault = newDir();
  writeFileSync(join(vault, "open.md"), "# Open\n\nA note anyone reads.\n");
  writeFileSync(join(vault, "closed.md"), "---\nname: Closed\n---\nA note about to lose its read permission.\n");
  index(vault, false);
  chmodSync(join(vault, "closed.md"), 0o000);
  const incremental = index(vault, false);
  // Problems print as path:line severity rule message (issue 14).
  assert.match(incremental.stderr, /^closed\.md:1 error unreadable cannot read: EACCES$/m);
  // Recorded as a file this process may not read: the next run finds it as recorded, and reads and writes nothing.
  const again = JSON.parse(runBuiltUnprivileged(["index", "--vault", vault, ...TODAY, "--json"], vault).stdout) as { reread: number; written: string[] };
  assert.deepEqual({ reread: again.reread, written: again.written }, { reread: 0, written: [] });
  const afterIncremental = indexFiles(vault);
  const copy = newDir();
  cpSync(vault, copy, { recursive: true });
  index(copy, true);
  assert.deepEqual(afterIncremental, indexFiles(copy), "incremental = full");
  assert.deepEqual((JSON.parse(afterIncremental["index/manifest.json"]!) as { path: string }[]).map((m) => m.path), ["open.md"]);
  chmodSync(join(vault, "closed.md"), 0o644);
  index(vault, false);
  assert.deepEqual((JSON.parse(readFileSync(join(vault, "index/manifest.json"), "utf8")) as { path: string }[]).map((m) => m.path), ["closed.md", "open.md"]);
});
