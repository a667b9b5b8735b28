import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { readFileSync, rmSync, unlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { after, before, test } from "node:test";
import { openVault } from "../lib/app/vault.js";
import { checkVault } from "../lib/app/check/check-vault.js";
import { linkDiagnostics } from "../lib/core/check/rules.js";
import type { Diagnostic } from "../lib/core/atoms/types.js";
import type { GroupIndex, ManifestEntry } from "../lib/core/indexes/types.js";
import { countManifestEntries, readGroupKeys, readGroupKeysOf, readManifestEntries, readManifestLinkFields, readManifestRefFields } from "../lib/core/indexes/narrow-read.js";
import { resolveAtomRef } from "../lib/core/indexes/atom-ref.js";
import { normalizeRef } from "../lib/core/links/refs.js";
import { loadVaultLinks } from "../lib/app/links/vault-links.js";
import { relatedFromIndex } from "../lib/app/related/from-index.js";
import { loadRelatedInputs } from "../lib/app/related/load.js";
import { related } from "../lib/core/related/related.js";
import { removeTemp, tempDir } from "./helpers/cli.js";

// A generated vault with the generator's quirks (no frontmatter, duplicate stems, bad YAML, hostile names…):
// check and related read narrow parts of its index files, and must answer as the whole files do.
const ROOT = new URL("..", import.meta.url).pathname;
const TODAY = "2026-11-22";
let dir: string;
let vault: string;

before(() => {
  dir = tempDir("cortex-narrow-");
  vault = join(dir, "v");
  const gen = spawnSync(process.execPath, [join(ROOT, "bench/gen-vault.mjs"), "--out", vault, "--atoms", "1200", "--seed", "3", "--today", TODAY, "--quirks"], { encoding: "utf8" });
  assert.equal(gen.status, 0, gen.stderr);
  openVault({ vault, today: TODAY }).index();
});
after(() => removeTemp(dir));

const indexFile = (name: string) => readFileSync(join(vault, "index", name));

test("should read paths, aliases, entries and group keys of the index files as JSON.parse reads them", () => {
  const manifest = JSON.parse(indexFile("manifest.json").toString("utf8")) as ManifestEntry[];
  assert.deepEqual(readManifestLinkFields(indexFile("manifest.json")), manifest.map((m) => ({ path: m.path, aliases: m.aliases })));
  assert.ok(manifest.some((m) => m.aliases.length > 0) && manifest.some((m) => /["\\ ]|[^\x00-\x7f]/.test(m.path)), "aliases and names that need care are there");
  assert.deepEqual(readManifestRefFields(indexFile("manifest.json")), manifest.map((m) => ({ path: m.path, id: m.id, name: m.name })));
  assert.equal(countManifestEntries(indexFile("manifest.json")), manifest.length);
  const some = manifest.filter((_, i) => i % 37 === 0).map((m) => m.path);
  assert.deepEqual(readManifestEntries(indexFile("manifest.json"), [...some, "no/such.md"]), new Map(manifest.filter((m) => some.includes(m.path)).map((m) => [m.path, m])));
  for (const name of ["by_tag.json", "links.json"]) {
    const whole = JSON.parse(indexFile(name).toString("utf8")) as GroupIndex;
    const keys = [...Object.keys(whole).filter((_, i) => i % 11 === 0), "no such key"];
    assert.deepEqual(readGroupKeys(indexFile(name), keys), Object.fromEntries(keys.map((k) => [k, whole[k] ?? []])));
  }
  const links = JSON.parse(indexFile("links.json").toString("utf8")) as GroupIndex;
  for (const m of manifest.filter((_, i) => i % 13 === 0)) {
    assert.deepEqual(readGroupKeysOf(indexFile("links.json"), m.path), Object.keys(links).filter((k) => links[k]!.includes(m.path)));
  }
  assert.equal(readManifestLinkFields(Buffer.from("{}")), null, "not a manifest: the caller parses it whole");
});

test("should answer related from the index files exactly as from the whole manifest, or not at all", () => {
  const v = openVault({ vault, today: TODAY });
  const { manifest, edges } = loadRelatedInputs(v);
  let answered = 0;
  for (const m of manifest.filter((_, i) => i % 80 === 0)) {
    const stem = m.path.slice(m.path.lastIndexOf("/") + 1, -3);
    for (const [ref, top] of [[m.path, 1], [m.path, 10], [m.path, 60], [m.id ?? m.path, 10], [m.name, 10], [stem, 10], [`[[${stem}]]`, 5]] as const) {
      let path: string | Error;
      try {
        path = resolveAtomRef(manifest, normalizeRef(ref));
      } catch (error) {
        path = error as Error;
      }
      if (path instanceof Error) {
        assert.throws(() => relatedFromIndex(v, ref, top), { message: path.message }, `${ref} names no single atom`);
        continue;
      }
      const fast = relatedFromIndex(v, ref, top);
      if (fast === null) continue;
      answered++;
      assert.deepEqual(fast.found, related(manifest, edges, { path }, top), `${ref}, top ${top}`);
      for (const r of fast.found) assert.equal(fast.entries.get(r.path)?.status, manifest.find((e) => e.path === r.path)!.status);
    }
  }
  assert.ok(answered > 30, `answered ${answered}`);
  assert.equal(relatedFromIndex(v, manifest[5]!.path, 0), null, "all of them needs the words tier");
  assert.throws(() => relatedFromIndex(v, "no such atom at all", 10), /no atom with path, id or name "no such atom at all"/);
});

// The report with the link problems resolved afresh (the cache removed), after checking its link diagnostics against loadVaultLinks.
function checkBothWays(): void {
  const config = openVault({ vault, today: TODAY }).config;
  const cached = checkVault(vault, { config, today: TODAY });
  unlinkSync(join(vault, "index", "check-cache.tsv"));
  const fresh = checkVault(vault, { config, today: TODAY });
  assert.deepEqual(cached, fresh);
  const { resolved } = loadVaultLinks(openVault({ vault, today: TODAY }));
  const linkRules = new Set(["broken-link", "missing-file", "ambiguous-link"]);
  const key = (d: Diagnostic) => JSON.stringify([d.file, d.line, d.rule, d.message]);
  const fromMemory = (d: Diagnostic) => d.file !== "MEMORY.md";
  assert.deepEqual(fresh.diagnostics.filter((d) => linkRules.has(d.rule) && fromMemory(d)).map(key).sort(), linkDiagnostics(resolved.broken, resolved.ambiguous).map(key).sort());
}

test("should report the link problems kept in check-cache.tsv as resolved afresh, as links, aliases and files change", () => {
  const v = openVault({ vault, today: TODAY });
  const manifest = v.manifest;
  checkBothWays();
  const first = checkVault(vault, { config: v.config, today: TODAY });
  assert.ok(first.diagnostics.some((d) => d.rule === "broken-link"), "the vault has broken links");
  const broken = first.diagnostics.find((d) => d.rule === "broken-link")!;
  const target = /^\[\[(.+?)\]\]/.exec(broken.message)![1]!;
  const note = manifest.find((m) => m.path.startsWith("atoms/") && m.aliases.length === 0 && m.path !== broken.file)!;
  const edit = (path: string, change: (text: string) => string) => writeFileSync(join(vault, path), change(readFileSync(join(vault, path), "utf8")));
  edit(note.path, (t) => `${t}\nSee [[no_such_note_anywhere]].\n`); // a new broken link: graph.json changes
  checkBothWays();
  edit(note.path, (t) => t.replace(/^aliases:.*$/m, "").replace(/^---\n/, `---\naliases: [${JSON.stringify(target)}]\n`)); // an alias opens a broken target
  checkBothWays();
  writeFileSync(join(vault, "atoms", "no_such_note_anywhere.md"), "---\nname: Now there\n---\n\nBody.\n"); // a new file opens the other
  checkBothWays();
  for (const twin of ["atoms/twin_stem.md", "people/twin_stem.md"]) writeFileSync(join(vault, twin), "---\nname: A twin\n---\n\nBody.\n");
  edit(broken.file, (t) => `${t}\nAnd [[twin_stem]].\n`); // an ambiguous link
  checkBothWays();
  assert.ok(checkVault(vault, { config: v.config, today: TODAY }).diagnostics.some((d) => d.rule === "ambiguous-link" && d.file === broken.file));
  rmSync(join(vault, note.path)); // links to it break
  checkBothWays();
  edit(broken.file, (t) => t.replace(/\n\n/, "\n\nA line more.\n\n")); // the same links on other lines
  checkBothWays();
});
