import assert from "node:assert/strict";
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { test } from "node:test";
import fc from "fast-check";
import { ALIASES_HEADER, aliasesText, readAliasesText } from "../lib/core/formats/aliases.js";
import { aliasesByPath } from "../lib/core/indexes/sorted-splice.js";
import { readMeta } from "../lib/store/index-check.js";
import { checkedBytes } from "../lib/store/index-previous.js";
import { aliasesPath, manifestIdentity, readAliasesFile } from "../lib/store/aliases-file.js";
import { readPendingPatches } from "../lib/store/pending.js";
import { crc32Hex } from "../lib/store/digest.js";
import { readAtomDirectory } from "../lib/store/write/directory.js";
import { defaultConfig, indexVault } from "./helpers/lib.js";
import { removeTemp, runBuilt, tempDir } from "./helpers/cli.js";

// index/aliases.tsv: the notes of manifest.json that have aliases, so that a write does not search the whole manifest
// for them. It is used only when made of the manifest the index holds; otherwise the manifest is searched as before.

const TODAY = "2026-11-22";
const run = (vault: string, options: { full?: boolean; changed?: string[] } = {}) => indexVault(vault, { config: defaultConfig(), today: TODAY, ...options });

function write(vault: string, path: string, aliases: readonly string[]): void {
  const file = join(vault, path);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, `---\nname: ${JSON.stringify(path)}\nproject: p\nupdated: ${TODAY}\naliases: ${JSON.stringify(aliases)}\n---\nBody.\n`);
}

// The file as made of the manifest the index holds now (with its pending pieces).
function expected(vault: string): string {
  const files = readMeta(readFileSync(join(vault, "index/meta.json"), "utf8"))!.files;
  const patches = readPendingPatches(vault, files);
  assert.equal(typeof patches, "object");
  const manifest = checkedBytes(vault, "index/manifest.json", files) as Buffer;
  return aliasesText(manifestIdentity(files, patches as Exclude<typeof patches, string>)!, aliasesByPath(manifest)!);
}

const alias = fc.constantFrom("Nick", "tab\there", 'quote "q"', "Ünïcode", "line\nbreak", "x");
const path = fc.constantFrom("a.md", "b/c.md", "tab\tname.md", '"q".md', "ünï.md", "d.md");

test("should read back the notes with aliases it was written with, whatever their paths and aliases hold", () => {
  fc.assert(
    fc.property(fc.dictionary(path, fc.array(alias, { maxLength: 3 })), (listed) => {
      const map = new Map(Object.entries(listed));
      const read = readAliasesText(aliasesText("id", map), "id")!;
      assert.deepEqual(read, new Map([...map].filter(([, list]) => list.length > 0).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))));
      assert.equal(readAliasesText(aliasesText("id", map), "other"), null, "made of another manifest");
    }),
    { numRuns: 300 },
  );
});

test("should keep aliases.tsv as made of the manifest after notes are added, edited and removed, with or without pending pieces", () => {
  const step = fc.record({ path, aliases: fc.array(alias, { maxLength: 2 }), remove: fc.boolean(), told: fc.boolean(), pieces: fc.boolean() });
  fc.assert(
    fc.property(fc.array(fc.tuple(path, fc.array(alias, { maxLength: 2 })), { minLength: 1, maxLength: 4 }), fc.array(step, { minLength: 1, maxLength: 5 }), (start, steps) => {
      const vault = tempDir();
      const patchMin = process.env.CORTEX_PATCH_MIN_BYTES;
      try {
        for (const [p, a] of start) write(vault, p, a);
        run(vault, { full: true });
        assert.equal(readFileSync(aliasesPath(vault), "utf8"), expected(vault), "made by a full run");
        for (const s of steps) {
          process.env.CORTEX_PATCH_MIN_BYTES = s.pieces ? "0" : "100000000";
          if (s.remove) rmSync(join(vault, s.path), { force: true });
          else write(vault, s.path, s.aliases);
          run(vault, { changed: s.told ? [s.path] : undefined });
          assert.equal(readFileSync(aliasesPath(vault), "utf8"), expected(vault), "kept by every run that writes the manifest");
        }
      } finally {
        if (patchMin === undefined) delete process.env.CORTEX_PATCH_MIN_BYTES;
        else process.env.CORTEX_PATCH_MIN_BYTES = patchMin;
        removeTemp(vault);
      }
    }),
    { numRuns: 40 },
  );
});

test("should search the manifest when aliases.tsv is damaged, cut short, of an old version or of another manifest, with the same answers, and make it again", () => {
  const withBody = (text: string) => {
    const body = text.slice(0, text.lastIndexOf("#end\t"));
    return `${body}#end\t${crc32Hex(body)}\n`;
  };
  const damages: [string, (text: string) => string][] = [
    ["garbage bytes", (t) => `${t.slice(0, 30)}\u0000garbage${t.slice(38)}`],
    ["cut short", (t) => t.slice(0, Math.floor(t.length / 2))],
    ["an old version", (t) => withBody(t.replace(ALIASES_HEADER, "#cortex-aliases/0"))],
    // Checked and of this version, but made of another manifest: it lacks a note the manifest has.
    ["another manifest", (t) => withBody(t.replace(/"\n/, '-other"\n').split("\n").filter((l) => !l.endsWith("\tb/c.md")).join("\n"))],
  ];
  for (const [what, damage] of damages) {
    const vault = tempDir();
    try {
      write(vault, "a.md", ["Nick"]);
      write(vault, "b/c.md", ["Other"]);
      write(vault, "d.md", []);
      run(vault, { full: true });
      const good = readAtomDirectory(vault)!;
      writeFileSync(aliasesPath(vault), damage(readFileSync(aliasesPath(vault), "utf8")));
      const files = readMeta(readFileSync(join(vault, "index/meta.json"), "utf8"))!.files;
      assert.equal(readAliasesFile(vault, files), null, `${what}: not used`);
      const fallback = readAtomDirectory(vault)!;
      assert.deepEqual(fallback.entries(), good.entries(), what);
      assert.deepEqual(fallback.named(["nick"]), good.named(["nick"]), what);
      write(vault, "e.md", ["Late"]);
      run(vault, { changed: ["e.md"] });
      assert.equal(readFileSync(aliasesPath(vault), "utf8"), expected(vault), `${what}: made again`);
    } finally {
      removeTemp(vault);
    }
  }
});

test("should search the manifest, and make aliases.tsv again, after a write is killed between the cache and it", () => {
  const vault = tempDir();
  try {
    write(vault, "a.md", ["Nick"]);
    run(vault, { full: true });
    const before = readFileSync(aliasesPath(vault), "utf8");
    const killed = runBuilt(["write", "--type", "insight", "--project", "p", "--name", "Killed", "--body", "x", "--no-related", "--vault", vault, "--today", TODAY], { env: { CORTEX_TEST_KILL_AT: "index/cache.tsv" } });
    assert.equal(killed.code, -1, killed.stderr);
    assert.equal(readFileSync(aliasesPath(vault), "utf8"), before, "left as it was: made of the manifest before");
    const files = readMeta(readFileSync(join(vault, "index/meta.json"), "utf8"))!.files;
    assert.equal(readAliasesFile(vault, files), null, "and not used");
    assert.deepEqual(readAtomDirectory(vault)!.named(["nick"]).map((e) => e.aliases), [["Nick"]]);
    write(vault, "b.md", ["Other"]);
    run(vault, { changed: ["b.md"] });
    assert.equal(readFileSync(aliasesPath(vault), "utf8"), expected(vault), "made again");
  } finally {
    removeTemp(vault);
  }
});
