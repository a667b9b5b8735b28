// npm's prepack and postpack hooks: the packed package.json carries no script that
// installing the package would run. `prepare` builds a clone on `npm install`, but its
// script (scripts/prepare.mjs) is not in the tarball, and npm lists a package with an
// install script when it is installed. `strip` (prepack) keeps package.json's bytes in
// a backup and writes it without those scripts; `restore` (postpack) puts them back.
// A backup left by a pack that failed between the two is restored first.
import { existsSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

/** The scripts npm runs when a package is installed (prepare: from git or a folder). */
const INSTALL_SCRIPTS = ["preinstall", "install", "postinstall", "prepublish", "preprepare", "prepare", "postprepare"];

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const manifest = join(root, "package.json");
const backup = join(root, ".package.json.before-pack");

function restore() {
  if (existsSync(backup)) renameSync(backup, manifest);
}

const step = process.argv[2];
if (step === "restore") restore();
else if (step === "strip") {
  restore();
  const text = readFileSync(manifest, "utf8");
  const pkg = JSON.parse(text);
  for (const name of INSTALL_SCRIPTS) delete pkg.scripts?.[name];
  writeFileSync(backup, text);
  writeFileSync(manifest, `${JSON.stringify(pkg, null, 2)}\n`);
} else {
  console.error("usage: node scripts/pack-manifest.mjs strip|restore");
  process.exit(2);
}
