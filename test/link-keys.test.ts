import assert from "node:assert/strict";
import { cpSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { test } from "node:test";
import fc from "fast-check";
import { hasLinkKey, LINK_KEYS_HEADER, linkKeyHash, linkKeysBody, linkKeysHeader, linkKeysOf, linkKeysText, linkKeysWithMore } from "../lib/core/formats/link-keys.js";
import { fileNameKey, targetKeys } from "../lib/core/links/file-matcher.js";
import { targetKeySet } from "../lib/core/links/target-key-set.js";
import { canOpenByKeys } from "../lib/engine/added-outputs.js";
import { readMeta } from "../lib/store/index-check.js";
import { checkedBytes } from "../lib/store/index-previous.js";
import { graphIdentity, linkKeysPath, readLinkKeys } from "../lib/store/link-keys.js";
import { readPendingPatches } from "../lib/store/pending.js";
import { crc32Hex } from "../lib/store/digest.js";
import { defaultConfig, indexVault } from "./helpers/lib.js";
import { removeTemp, runBuilt, tempDir } from "./helpers/cli.js";

// index/link-keys.tsv: the keys of graph.json's targets, so that a write tells whether an old link can open the note it
// adds without reading graph.json. Whatever state the file is in, the index is the one a full rebuild gives.

const TODAY = "2026-11-22";
const FILES = ["index/manifest.json", "index/by_project.json", "index/by_type.json", "index/by_tag.json", "index/graph.json", "index/links.json", "index/search.tsv", "layers/hot.json", "layers/warm.json", "layers/cold.json"];

const run = (vault: string, options: { full?: boolean; changed?: string[] } = {}) => indexVault(vault, { config: defaultConfig(), today: TODAY, ...options });
// The data files as readers see them (with their pending pieces).
function snapshot(vault: string): Record<string, string> {
  const files = readMeta(readFileSync(join(vault, "index/meta.json"), "utf8"))!.files;
  return Object.fromEntries(FILES.map((rel) => [rel, String(checkedBytes(vault, rel, files))]));
}

function rebuilt(vault: string): Record<string, string> {
  const twin = tempDir();
  try {
    cpSync(vault, twin, { recursive: true, preserveTimestamps: true, filter: (src) => !/[\\/](index|layers)$/.test(src) });
    run(twin, { full: true });
    return snapshot(twin);
  } finally {
    removeTemp(twin);
  }
}

function write(vault: string, path: string, links: readonly string[], aliases: readonly string[] = []): void {
  const file = join(vault, path);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, `---\nname: ${JSON.stringify(path)}\nproject: p\nupdated: ${TODAY}\naliases: ${JSON.stringify(aliases)}\n---\nBody ${links.map((l) => `[[${l}]]`).join(" ")}\n`);
}

// The graph.json the index holds now (with its pending pieces), and its identity.
function currentGraph(vault: string): { identity: string; targets: string[] } {
  const files = readMeta(readFileSync(join(vault, "index/meta.json"), "utf8"))!.files;
  const patches = readPendingPatches(vault, files);
  assert.equal(typeof patches, "object");
  const graph = JSON.parse(String(checkedBytes(vault, "index/graph.json", files))) as Record<string, string[]>;
  return { identity: graphIdentity(files, patches as Exclude<typeof patches, string>)!, targets: Object.values(graph).flat() };
}

// The file as made of the current graph: what every index run that keeps it leaves.
function expectedLinkKeys(vault: string): string {
  const { identity, targets } = currentGraph(vault);
  return linkKeysText(identity, targetKeySet(targets));
}

const key = fc.oneof(fc.string({ maxLength: 12 }), fc.constantFrom("a\tb", "line\nbreak", '"quoted', "Ünïcode", "😀x", "#end", ""));

test("should find every key a link-keys file lists and no other, whatever the keys hold", () => {
  fc.assert(
    fc.property(fc.uniqueArray(key, { maxLength: 40 }), fc.array(key, { maxLength: 10 }), fc.boolean(), (keys, others, loose) => {
      const body = linkKeysBody(Buffer.from(linkKeysText("id", { keys: new Set(keys), loose })));
      assert.ok(body, "the end line checks");
      assert.deepEqual(linkKeysHeader(body), { identity: "id", loose });
      for (const k of keys) assert.ok(hasLinkKey(body, k), `finds ${JSON.stringify(k)}`);
      for (const k of others) assert.equal(hasLinkKey(body, k), keys.includes(k), `asked ${JSON.stringify(k)}`);
      assert.deepEqual([...linkKeysOf(body)].sort(), [...keys].sort());
    }),
    { numRuns: 300 },
  );
});

test("should give the bytes of a file written whole when keys are inserted into one", () => {
  fc.assert(
    fc.property(fc.uniqueArray(key, { maxLength: 30 }), fc.array(key, { maxLength: 8 }), fc.boolean(), fc.boolean(), (keys, more, loose, moreLoose) => {
      const body = linkKeysBody(Buffer.from(linkKeysText("old", { keys: new Set(keys), loose })))!;
      const grown = Buffer.concat(linkKeysWithMore(body, "new", { keys: new Set(more), loose: moreLoose }).map((p) => Buffer.from(p)));
      assert.equal(grown.toString("utf8"), linkKeysText("new", { keys: new Set([...keys, ...more]), loose: loose || moreLoose }));
    }),
    { numRuns: 300 },
  );
});

test("should find keys whose hashes are the same, written whole or inserted", () => {
  // Keys of one hash (FNV-1a, 32 bits), found by trying many: a birthday search.
  const seen = new Map<string, string>();
  const same: string[] = [];
  for (let i = 0; same.length < 2; i++) {
    const k = `k${i}`;
    const other = seen.get(linkKeyHash(k));
    if (other !== undefined) same.push(other, k);
    else seen.set(linkKeyHash(k), k);
  }
  assert.equal(linkKeyHash(same[0]!), linkKeyHash(same[1]!));
  const keys = [...same, "alpha", "beta"];
  const body = linkKeysBody(Buffer.from(linkKeysText("id", { keys: new Set(keys), loose: false })))!;
  for (const k of keys) assert.ok(hasLinkKey(body, k), k);
  const one = linkKeysBody(Buffer.from(linkKeysText("id", { keys: new Set([same[1]!, "alpha"]), loose: false })))!;
  const grown = Buffer.concat(linkKeysWithMore(one, "id", { keys: new Set([same[0]!, "beta"]), loose: false }).map((p) => Buffer.from(p)));
  assert.equal(grown.toString("utf8"), linkKeysText("id", { keys: new Set(keys), loose: false }));
});

const target = fc.oneof(
  fc.constantFrom("alpha", "Alpha", "a/alpha", "../beta", "./gamma", "alpha.md", "sub/", "..", ".", "  ", "A\\Beta", "Nick", "nick name", "ünï"),
  fc.string({ maxLength: 6 }),
);
const newAtom = fc.record({
  path: fc.tuple(fc.constantFrom("", "a/", "sub/"), fc.constantFrom("alpha", "Beta", "gamma", "nick name", "ünï", "x"), fc.constantFrom(".md", ".MD")).map(([d, n, e]) => `${d}${n}${e}`),
  aliases: fc.array(fc.constantFrom("Nick", " alpha ", "other", "A/alpha", ""), { maxLength: 2 }),
});

test("should say an old link may open a new note whenever a target's keys name it", () => {
  fc.assert(
    fc.property(fc.array(target, { maxLength: 12 }), fc.array(newAtom, { minLength: 1, maxLength: 3 }), (targets, added) => {
      const body = linkKeysBody(Buffer.from(linkKeysText("id", targetKeySet(targets))))!;
      // As the indexer resolves them: a target opens a file by its name key (or any file when loose), or by an alias.
      const names = new Set(added.map((a) => fileNameKey(a.path)));
      const aliases = new Set(added.flatMap((a) => a.aliases.map((x) => x.trim().toLowerCase())));
      const opens = targets.some((t) => {
        const k = targetKeys(t);
        return k.name === "" || k.name === "." || k.name === ".." || names.has(k.name) || aliases.has(k.alias);
      });
      const byKeys = canOpenByKeys(added.map((atom) => ({ atom: atom as never })), body);
      if (opens) assert.ok(byKeys, "a target that can open a new note is never missed");
      // A note none of whose keys is listed, in a graph with no loose target, is told apart.
      if (!targetKeySet(targets).loose && ![...names, ...aliases].some((k) => targetKeySet(targets).keys.has(k))) assert.equal(byKeys, false);
    }),
    { numRuns: 400 },
  );
});

test("should keep link-keys.tsv as made of the graph, and the index that of a full rebuild, after notes are added, edited and removed", () => {
  const note = fc.record({ path: fc.constantFrom("a.md", "b.md", "c/alpha.md", "c/Beta.md", "d.md", "nick.md"), links: fc.array(target, { maxLength: 3 }), aliases: fc.array(fc.constantFrom("Nick", "other"), { maxLength: 1 }) });
  const step = fc.record({ add: fc.array(note, { maxLength: 3 }), edit: fc.boolean(), remove: fc.boolean(), told: fc.boolean(), pieces: fc.boolean() });
  fc.assert(
    fc.property(fc.uniqueArray(note, { selector: (n) => n.path, minLength: 1, maxLength: 4 }), fc.array(step, { minLength: 1, maxLength: 4 }), (start, steps) => {
      const vault = tempDir();
      const patchMin = process.env.CORTEX_PATCH_MIN_BYTES;
      try {
        for (const n of start) write(vault, n.path, n.links, n.aliases);
        run(vault, { full: true });
        assert.equal(readFileSync(linkKeysPath(vault), "utf8"), expectedLinkKeys(vault), "made by a full run");
        for (const s of steps) {
          // Pending pieces for every file, or none.
          process.env.CORTEX_PATCH_MIN_BYTES = s.pieces ? "0" : "100000000";
          const changed: string[] = [];
          for (const n of s.add) {
            write(vault, n.path, n.links, n.aliases);
            changed.push(n.path);
          }
          if (s.edit) writeFileSync(join(vault, start[0]!.path), `---\nname: edited\nproject: p\nupdated: ${TODAY}\n---\nEdited.\n`), changed.push(start[0]!.path);
          if (s.remove && start.length > 1) rmSync(join(vault, start[start.length - 1]!.path), { force: true });
          run(vault, { changed: s.told && !s.remove ? changed : undefined });
          assert.deepEqual(snapshot(vault), rebuilt(vault));
          // In step whenever its graph is the index's (a run that kept the file), else not used.
          const body = readLinkKeys(vault, currentGraph(vault).identity);
          if (body) assert.equal(readFileSync(linkKeysPath(vault), "utf8"), expectedLinkKeys(vault));
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

test("should read graph.json when link-keys.tsv is damaged, cut short, of an old version or of another graph, and make it again", () => {
  const damages: [string, (bytes: Buffer) => Buffer][] = [
    ["garbage bytes", (b) => Buffer.concat([b.subarray(0, 40), Buffer.from("\x00garbage\xff"), b.subarray(49)])],
    ["cut short", (b) => b.subarray(0, Math.floor(b.length / 2))],
    ["empty", () => Buffer.alloc(0)],
    ["an old version", (b) => withBody(b.toString("utf8").replace(LINK_KEYS_HEADER, "#cortex-link-keys/0"))],
    // Checked and of this version, but made of another graph: it lacks "ghost", a target the graph has.
    ["another graph", (b) => withBody(b.toString("utf8").replace(/"\t/, '-other"\t').split("\n").filter((l) => !l.endsWith("\tghost")).join("\n"))],
  ];
  for (const [what, damage] of damages) {
    const vault = tempDir();
    try {
      write(vault, "a.md", ["ghost", "b"]);
      write(vault, "b.md", []);
      run(vault, { full: true });
      const file = linkKeysPath(vault);
      writeFileSync(file, damage(readFileSync(file)));
      // A note no old link opens: inserted (told by graph.json), and the file made again of it.
      write(vault, "fresh.md", ["b"]);
      assert.equal(run(vault, { changed: ["fresh.md"] }).indexes, undefined, `${what}: inserted`);
      assert.deepEqual(snapshot(vault), rebuilt(vault), what);
      assert.equal(readFileSync(file, "utf8"), expectedLinkKeys(vault), `${what}: made again`);
      // A note an old link opens ([[ghost]]), told by the file made again: the index is rebuilt.
      write(vault, "sub/Ghost.md", []);
      assert.notEqual(run(vault, { changed: ["sub/Ghost.md"] }).indexes, undefined, `${what}: rebuilt`);
      assert.deepEqual(snapshot(vault), rebuilt(vault), what);
    } finally {
      removeTemp(vault);
    }
  }
});

// The body of a link-keys text with its end line made anew (a file of this format whose check holds).
function withBody(text: string): Buffer {
  const body = text.slice(0, text.lastIndexOf("#end\t"));
  return Buffer.from(`${body}#end\t${crc32Hex(body)}\n`);
}

test("should give the index of a full rebuild after a write is killed between the cache and link-keys.tsv", () => {
  const vault = tempDir();
  try {
    write(vault, "a.md", ["b"]);
    write(vault, "b.md", []);
    run(vault, { full: true });
    const before = readFileSync(linkKeysPath(vault), "utf8");
    // The write adds a link target ("nowhere"): killed once its cache is in place, before the link keys.
    const killed = runBuilt(["write", "--type", "insight", "--project", "p", "--name", "Killed", "--links", "nowhere", "--body", "x", "--no-related", "--vault", vault, "--today", TODAY], { env: { CORTEX_TEST_KILL_AT: "index/cache.tsv" } });
    assert.equal(killed.code, -1, killed.stderr);
    assert.equal(readFileSync(linkKeysPath(vault), "utf8"), before, "left as it was: made of the graph before");
    assert.equal(readLinkKeys(vault, currentGraph(vault).identity), null, "and not used");
    // A note named as the new target: only the new graph tells that [[nowhere]] opens it.
    write(vault, "nowhere.md", []);
    run(vault, { changed: ["nowhere.md"] });
    assert.deepEqual(snapshot(vault), rebuilt(vault));
    assert.equal(JSON.parse(readFileSync(join(vault, "index/links.json"), "utf8"))["insights/killed.md"]?.[0], "nowhere.md");
    assert.equal(readFileSync(linkKeysPath(vault), "utf8"), expectedLinkKeys(vault), "made again");
  } finally {
    removeTemp(vault);
  }
});
