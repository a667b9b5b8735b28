import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { ROOT } from "./helpers/cli.js";

const pkg = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as { bin: Record<string, string>; scripts: Record<string, string>; files: string[]; license: string };

test("should install a cortex-vault bin beside cortex, so that npx cortex-vault runs this package", () => {
  assert.deepEqual(pkg.bin, { cortex: "dist/cli/cortex.cjs", "cortex-vault": "dist/cli/cortex.cjs" });
});

test("should build when packed and never when the tarball is installed", () => {
  assert.equal(pkg.scripts.prepack, "npm run build");
  for (const hook of ["preinstall", "install", "postinstall"]) assert.equal(pkg.scripts[hook], undefined, hook);
  assert.ok(!pkg.files.includes("scripts"), "prepare's script is not packed: a tarball install never runs it");
});

test("should pack the built dist/, the LICENSE and the docs (npm pack --dry-run)", () => {
  const run = spawnSync("npm", ["pack", "--dry-run", "--json", "--ignore-scripts"], { cwd: ROOT, encoding: "utf8", shell: process.platform === "win32" });
  assert.equal(run.status, 0, run.stderr);
  const files = new Set((JSON.parse(run.stdout) as { files: { path: string }[] }[])[0]!.files.map((f) => f.path));
  for (const file of ["LICENSE", "README.md", "docs/search.md", "dist/cli/cortex.cjs", "dist/cli/search-command.cjs", "dist/bin/cortex.js", "dist/lib/index.js", "dist/lib/index.d.ts"]) assert.ok(files.has(file), file);
  assert.ok(![...files].some((f) => f.startsWith("test/") || f.startsWith("lib/") || f.endsWith(".ts") && !f.endsWith(".d.ts")), "no sources or tests");
});

test("should carry the MIT license package.json names, for cortex-vault contributors, 2026", () => {
  assert.equal(pkg.license, "MIT");
  const text = readFileSync(join(ROOT, "LICENSE"), "utf8");
  assert.match(text, /^MIT License\n\nCopyright \(c\) 2026 cortex-vault contributors\n\nPermission is hereby granted, free of charge/);
});
