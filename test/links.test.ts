import assert from "node:assert/strict";
import { readFileSync, utimesSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { Vault } from "../lib/app/vault.js";
import { defaultConfig } from "../lib/core/config/defaults.js";
import { resolveGraph, findHubs, findOrphans } from "../lib/core/links/graph.js";
import { findLinks, splitWikilink } from "../lib/core/links/occurrences.js";
import { buildLinkResolver } from "../lib/core/links/resolver.js";
import { loadVaultLinks } from "../lib/app/links/vault-links.js";
import { invertEdges } from "../lib/core/links/backlinks.js";
import { indexVault } from "../lib/engine/indexer.js";
import { fixtureCopies } from "./helpers/cases.js";

const copy = fixtureCopies();
const fixture = () => copy("test/fixtures/links");

const MANIFEST = [
  { path: "notes/Target Note.md", aliases: [] },
  { path: "a/dup.md", aliases: [] },
  { path: "b/c/dup.md", aliases: [] },
  { path: "renamed.md", aliases: ["Old Name"] },
  { path: "sub/sibling.md", aliases: [] },
  { path: "Statuses/About Statuses.md", aliases: [] },
  { path: "Other/About Statuses.md", aliases: [] },
];

test("should resolve bare names case-insensitively, with or without .md", () => {
  const r = buildLinkResolver(MANIFEST);
  for (const target of ["Target Note", "target note", "TARGET NOTE.md", "notes/Target Note", "notes/target note.MD"]) {
    assert.equal(r.resolve(target, "x.md").path, "notes/Target Note.md", target);
  }
});

test("should pick the shortest path for an ambiguous bare name and report every match", () => {
  const r = buildLinkResolver(MANIFEST);
  assert.deepEqual(r.resolve("dup", "x.md"), { path: "a/dup.md", ambiguous: ["a/dup.md", "b/c/dup.md"], via: "name" });
  assert.deepEqual(r.resolve("c/dup", "x.md"), { path: "b/c/dup.md", ambiguous: [], via: "name" });
  assert.equal(r.resolve("Statuses/About Statuses", "x.md").path, "Statuses/About Statuses.md");
  assert.deepEqual(r.resolve("About Statuses", "x.md").ambiguous, ["Other/About Statuses.md", "Statuses/About Statuses.md"]);
});

test("should resolve self-links, relative paths, aliases and other files", () => {
  const r = buildLinkResolver(MANIFEST, { otherFiles: ["assets/diagram.png", "MEMORY.md"] });
  assert.equal(r.resolve("", "renamed.md").path, "renamed.md");
  assert.equal(r.resolve("./sibling", "sub/x.md").path, "sub/sibling.md");
  assert.equal(r.resolve("../renamed", "sub/x.md").path, "renamed.md");
  assert.equal(r.resolve("../../renamed", "sub/x.md").path, null);
  assert.deepEqual(r.resolve("old name", "x.md"), { path: "renamed.md", ambiguous: [], via: "alias" });
  assert.equal(r.resolve("diagram.png", "x.md").path, "assets/diagram.png");
  assert.equal(r.resolve("MEMORY", "x.md").path, "MEMORY.md");
  assert.equal(r.resolve("ghost", "x.md").path, null);
  assert.equal(r.resolve("sibling", "x.md").path, "sub/sibling.md");
});

test("should prefer a file match over an alias of another note", () => {
  const r = buildLinkResolver([{ path: "Old Name.md", aliases: [] }, ...MANIFEST]);
  assert.equal(r.resolve("Old Name", "x.md").path, "Old Name.md");
});

test("should split a wikilink into target, subpath and alias, escaped pipes included", () => {
  assert.deepEqual(splitWikilink("Note#Heading|shown"), { target: "Note", subpath: "#Heading", alias: "shown", targetStart: 0, targetEnd: 4 });
  assert.deepEqual(splitWikilink(" Note \\|table"), { target: "Note", subpath: "", alias: "table", targetStart: 1, targetEnd: 5 });
  assert.deepEqual(splitWikilink("#Local"), { target: "", subpath: "#Local", alias: null, targetStart: 0, targetEnd: 0 });
});

test("should find links with their lines and offsets, and none inside code", () => {
  const text = "---\nlinks: [\"[[a]]\", b]\n---\nx [[Note#H|al]] ![[pic.png]]\n`dir/c.md` `[[ghost]]`\n```\n[[fenced]]\n```\n";
  const links = findLinks(text);
  assert.deepEqual(links.map((l) => [l.kind, l.target, l.line, l.embed]), [
    ["frontmatter", "a", 2, false], ["frontmatter", "b", 2, false],
    ["wikilink", "Note", 4, false], ["wikilink", "pic.png", 4, true], ["code", "dir/c.md", 5, false],
  ]);
  for (const l of links.filter((x) => x.start >= 0)) {
    assert.equal(text.slice(l.start, l.end), l.raw);
    assert.equal(text.slice(l.targetStart, l.targetEnd), l.target);
  }
});

test("should keep offsets right after a byte order mark and with CRLF lines", () => {
  const text = "\uFEFF---\r\nname: x\r\n---\r\nsee [[Target]]\r\n";
  const [link] = findLinks(text);
  assert.equal(link!.line, 4);
  assert.equal(text.slice(link!.targetStart, link!.targetEnd), "Target");
});

test("should resolve a raw graph into edges, backlinks, broken and ambiguous links", () => {
  const graph = { "x.md": ["Target Note", "dup", "ghost", "code/missing.md", "renamed.md", ""], "renamed.md": ["x", "renamed"] };
  const manifest = [...MANIFEST, { path: "x.md", aliases: [] }];
  const g = resolveGraph(manifest, graph, { "x.md": ["code/missing.md"] });
  assert.deepEqual(g.edges, { "renamed.md": ["x.md"], "x.md": ["a/dup.md", "notes/Target Note.md", "renamed.md"] });
  assert.deepEqual(g.backlinks, { "a/dup.md": ["x.md"], "notes/Target Note.md": ["x.md"], "renamed.md": ["x.md"], "x.md": ["renamed.md"] });
  assert.deepEqual(g.broken, [{ from: "x.md", target: "ghost" }]);
  assert.deepEqual(g.ambiguous, [{ from: "x.md", target: "dup", path: "a/dup.md", candidates: ["a/dup.md", "b/c/dup.md"] }]);
  assert.deepEqual(findOrphans(manifest, g), ["Other/About Statuses.md", "Statuses/About Statuses.md", "b/c/dup.md", "sub/sibling.md"]);
  assert.deepEqual(findHubs(g, 2), [{ path: "x.md", out: 3, in: 1 }, { path: "renamed.md", out: 1, in: 1 }]);
});

test("should write resolved edges to index/links.json and backlink counts to the manifest", () => {
  const dir = fixture();
  indexVault(dir, { config: defaultConfig(), today: "2026-01-05" });
  const links = JSON.parse(readFileSync(join(dir, "index/links.json"), "utf8")) as Record<string, string[]>;
  assert.deepEqual(links, {
    "hub.md": ["a/dup.md", "notes/Target Note.md", "notes/plain.md", "renamed.md"],
    "sub/rel.md": ["hub.md", "renamed.md", "sub/sibling.md"],
  });
  const manifest = JSON.parse(readFileSync(join(dir, "index/manifest.json"), "utf8")) as { path: string; backlinks: number }[];
  const counts = Object.fromEntries(manifest.map((m) => [m.path, m.backlinks]));
  assert.equal(counts["renamed.md"], 2);
  assert.equal(counts["hub.md"], 1);
  assert.equal(counts["orphan.md"], 0);
  assert.deepEqual(Object.keys(manifest[0]!).slice(-2), ["superseded_by", "backlinks"]);
  assert.deepEqual(readLinksIndex(dir).backlinks["renamed.md"], ["hub.md", "sub/rel.md"]);
  const before = readFileSync(join(dir, "index/links.json"), "utf8");
  indexVault(dir, { config: defaultConfig(), today: "2026-01-05", full: true });
  assert.equal(readFileSync(join(dir, "index/links.json"), "utf8"), before);
});

test("should locate each broken and ambiguous link on its line, code paths excepted", () => {
  const { resolved } = loadVaultLinks(new Vault({ vaultDir: fixture(), config: defaultConfig() }, { today: "2026-01-05" }));
  assert.deepEqual(resolved.broken, [
    { from: "hub.md", target: "ghost", line: 17 },
    { from: "hub.md", target: "absent.png", line: 23 },
  ]);
  assert.deepEqual(resolved.ambiguous.map((a) => [a.from, a.target, a.line]), [["hub.md", "dup", 17]]);
});

test("should keep links.json and backlink counts right when the index is updated incrementally", () => {
  const dir = fixture();
  const config = defaultConfig();
  const counts = () => Object.fromEntries((JSON.parse(readFileSync(join(dir, "index/manifest.json"), "utf8")) as { path: string; backlinks: number }[]).map((m) => [m.path, m.backlinks]));
  const edit = (path: string, change: (text: string) => string) => {
    writeFileSync(join(dir, path), change(readFileSync(join(dir, path), "utf8")));
    utimesSync(join(dir, path), new Date(2030, 0, 1), new Date(2030, 0, 1));
  };
  indexVault(dir, { config, today: "2026-01-05" });
  assert.equal(counts()["hub.md"], 1);
  edit("hub.md", (t) => t.replace("# Hub", "# Hub\n\nA new sentence."));
  indexVault(dir, { config, today: "2026-01-05" });
  assert.equal(counts()["hub.md"], 1, "a spliced entry keeps its count");
  edit("orphan.md", (t) => `${t}\nNow links to [[hub]].\n`);
  indexVault(dir, { config, today: "2026-01-05" });
  assert.equal(counts()["hub.md"], 2);
  assert.deepEqual(readLinksIndex(dir).edges["orphan.md"], ["hub.md"]);
  assert.equal(counts()["sub/sibling.md"], 1);
  edit("sub/sibling.md", (t) => `---\naliases: [ghost]\n---\n${t}`);
  indexVault(dir, { config, today: "2026-01-05" });
  assert.equal(counts()["sub/sibling.md"], 2, "[[ghost]] in hub.md now resolves through the new alias");
  assert.deepEqual(readLinksIndex(dir).backlinks["sub/sibling.md"], ["hub.md", "sub/rel.md"]);
});

// The resolved links as the last index run exported them (index/links.json), with the backlinks they give.
function readLinksIndex(dir: string): { edges: Record<string, string[]>; backlinks: Record<string, string[]> } {
  const edges = JSON.parse(readFileSync(join(dir, "index/links.json"), "utf8")) as Record<string, string[]>;
  return { edges, backlinks: invertEdges(edges) };
}
