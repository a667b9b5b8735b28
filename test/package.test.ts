import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { removeTemp, ROOT, tempDir } from "./helpers/cli.js";

const pkg = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as { bin: Record<string, string>; scripts: Record<string, string>; files: string[]; license: string };

test("should install a cortex-vault bin beside cortex, so that npx cortex-vault runs this package", () => {
  assert.deepEqual(pkg.bin, { cortex: "dist/cli/cortex.cjs", "cortex-vault": "dist/cli/cortex.cjs" });
});

test("should build when packed and never when the tarball is installed", () => {
  assert.match(pkg.scripts.prepack!, /^npm run build && /);
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

test("should pack a package.json with no script that installing it runs, and leave the clone's as it was (npm pack)", () => {
  // A folder shaped like this one: its package.json with a no-op build (dist/ is not what this is about).
  const dir = tempDir("cortex-pack-");
  try {
    mkdirSync(join(dir, "scripts"));
    cpSync(join(ROOT, "scripts/pack-manifest.mjs"), join(dir, "scripts/pack-manifest.mjs"));
    writeFileSync(join(dir, "README.md"), "# cortex-vault\n");
    const manifest = { ...pkg, files: ["README.md"], scripts: { ...pkg.scripts, build: "node -e 0", prepare: "node -e 0" } };
    const before = `${JSON.stringify(manifest, null, 2)}\n`;
    writeFileSync(join(dir, "package.json"), before);
    const run = spawnSync("npm", ["pack", "--json", "--loglevel", "error"], { cwd: dir, encoding: "utf8", shell: process.platform === "win32" });
    assert.equal(run.status, 0, run.stderr);
    const tarball = (JSON.parse(run.stdout) as { filename: string }[])[0]!.filename;
    const packed = JSON.parse(spawnSync("tar", ["-xOzf", join(dir, tarball), "package/package.json"], { encoding: "utf8" }).stdout) as { scripts: Record<string, string> };
    for (const hook of ["preinstall", "install", "postinstall", "prepublish", "preprepare", "prepare", "postprepare"]) assert.equal(packed.scripts[hook], undefined, hook);
    assert.equal(packed.scripts.test, pkg.scripts.test, "the other scripts kept");
    assert.equal(readFileSync(join(dir, "package.json"), "utf8"), before, "package.json back as it was, byte for byte");
    assert.ok(!existsSync(join(dir, ".package.json.before-pack")), "no backup left");
  } finally {
    removeTemp(dir);
  }
});
