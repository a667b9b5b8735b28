import assert from "node:assert/strict";
import { mkdirSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { removeTemp, runBuilt, tempDir } from "../helpers/cli.js";

const TODAY = "2026-11-22";

// Every change made before a search must be in its answer (the freshness check compares every note with the database).
test("should see an edit, an added, a deleted and a renamed note on the very next search of a vault of thousands (built CLI)", () => {
  // Notes in the top folders and in folders below them, each found by its own word.
  const vault = tempDir();
  writeFileSync(join(vault, "cortex.toml"), "");
  const note = (name: string, body: string) => `---\nname: ${name}\ntype: reference\ncreated: 2026-11-01\nupdated: 2026-11-01\n---\n${body}\n`;
  const paths = Array.from({ length: 2200 }, (_, i) => (i % 2 ? `top${i % 3}/n${i}.md` : `top${i % 3}/sub${i % 7}/n${i}.md`));
  try {
    paths.forEach((path, i) => {
      mkdirSync(join(vault, path, ".."), { recursive: true });
      writeFileSync(join(vault, path), note(`Note ${path}`, `word${i}`));
    });
    assert.equal(runBuilt(["index", "--vault", vault, "--today", TODAY, "--quiet"]).code, 0);
    const search = (query: string) => runBuilt(["search", query, "--vault", vault, "--paths", "--today", TODAY, "--no-log"], { cwd: vault });
    assert.equal(search("word11").stdout, `${paths[11]}\n`, "an unchanged vault");
    for (const path of [paths[21]!, paths[22]!]) {
      writeFileSync(join(vault, path), note("Edited", "quokka"));
      assert.equal(search("quokka").stdout, `${path}\n`, `an edit of ${path}`);
      rmSync(join(vault, path));
      const gone = search("quokka");
      assert.deepEqual([gone.code, gone.stdout], [1, ""], `${path} deleted`);
    }
    writeFileSync(join(vault, "top1/sub3/added.md"), note("Added", "wombat"));
    assert.equal(search("wombat").stdout, "top1/sub3/added.md\n", "a note added to a folder");
    renameSync(join(vault, paths[31]!), join(vault, "top0/renamed.md"));
    assert.equal(search("word31").stdout, "top0/renamed.md\n", "a renamed note");
  } finally {
    removeTemp(vault);
  }
});
