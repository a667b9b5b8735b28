import assert from "node:assert/strict";
import { test } from "node:test";
import { openVault } from "../lib/app/vault.js";
import { compareStrings } from "../lib/core/util/compare.js";
import { exampleCopies } from "./helpers/cli.js";

const example = exampleCopies();
const TODAY = "2026-11-22";

// What the manifest and the resolved links of a handle that read every atom say of each atom.
function expected(vaultDir: string) {
  const vault = openVault({ vault: vaultDir, today: TODAY });
  try {
    const { manifest, links } = vault;
    return manifest.map((entry) => ({
      entry,
      links: links[entry.path] ?? [],
      backlinks: Object.keys(links).filter((from) => links[from]!.includes(entry.path)).sort(compareStrings),
    }));
  } finally {
    vault.close();
  }
}

// Each atom as findEntry and linksOf give it, each on a handle of its own (one that has read no other atom).
function eachAlone(vaultDir: string, ref: (entry: { path: string; id: string | null; name: string }) => string, paths: readonly { path: string; id: string | null; name: string }[]) {
  return paths.map((atom) => {
    const vault = openVault({ vault: vaultDir, today: TODAY });
    try {
      const entry = vault.findEntry(ref(atom));
      return { entry, ...vault.linksOf(entry.path) };
    } finally {
      vault.close();
    }
  });
}

test("should find one atom and its links without reading every atom, as the manifest and the links give them", () => {
  const vault = example();
  const all = expected(vault);
  assert.ok(all.some((a) => a.backlinks.length > 1) && all.some((a) => a.links.length > 1), "the example vault links");
  assert.deepEqual(eachAlone(vault, (a) => a.path, all.map((a) => a.entry)), all, "by path");
  const withId = all.filter((a) => a.entry.id !== null);
  assert.deepEqual(eachAlone(vault, (a) => a.id!, withId.map((a) => a.entry)), withId, "by id");
});

test("should find them from every atom while the database does not hold the links resolved", () => {
  const vault = example();
  const all = expected(vault);
  const handle = openVault({ vault, today: TODAY });
  // As an index run leaves it when the exports wait: the links of the generation before.
  handle.db().transaction(() => handle.db().setMeta("linked", "-1"));
  handle.close();
  assert.deepEqual(eachAlone(vault, (a) => a.path, all.map((a) => a.entry)), all);
});

test("should refuse a REF that matches no atom, and read a [[wikilink]] as the link stem it names", () => {
  const vault = example();
  const handle = openVault({ vault, today: TODAY });
  try {
    assert.throws(() => handle.findEntry("nothing_here_at_all"), { code: "NOT_FOUND" });
    assert.equal(handle.findEntry("[[no_friday_deploys]]").path, "rules/no_friday_deploys.md");
  } finally {
    handle.close();
  }
});
