import assert from "node:assert/strict";
import { join } from "node:path";
import { test } from "node:test";
import { parseAtom } from "../lib/core/atoms/parse.js";
import { defaultConfig } from "../lib/core/config/defaults.js";
import { textFields } from "../lib/core/fts/fields.js";
import { matchExpression, parseQuery } from "../lib/core/fts/query.js";
import { countFullText, rankFullText } from "../lib/store/fts/rank.js";
import { IndexDb } from "../lib/store/index-db.js";
import { rankedFromLists } from "../lib/store/fts/term-lists.js";
import { removeTemp, tempDir } from "./helpers/cli.js";
import { checkChampionLists, TODAY, random, vaultDb } from "./helpers/term-lists.js";

// A few random vaults here (8 before); test/stress/fulltext-term-lists.test.ts tries more.
test("should rank and count exactly as the plain ranking when a kept connection answers from its units' champion lists", () => checkChampionLists(20261120, 3));

test("should drop what a kept connection worked out once another connection changes the database", () => {
  const dir = tempDir();
  const file = join(dir, "search.db");
  const config = defaultConfig();
  const writer = IndexDb.create(file, "test");
  const reader = IndexDb.open(file, "test", true) as IndexDb;
  reader.kept = true;
  const put = (i: number, body: string) => {
    const text = `---\nname: Note ${i}\n---\n${body}\n`;
    const { atom } = parseAtom(text, { path: `n/${i}.md`, mtimeMs: 0, size: text.length }, config);
    writer.putFile({ path: atom.path, mtimeUs: 0, size: text.length, atom: true, diagnostics: [] }, { atom, targets: [], text: textFields(atom, text) });
  };
  try {
    for (let i = 0; i < 40; i++) put(i, `deploy ${"calm ".repeat(i % 7)}`);
    const top = (store: IndexDb) => rankFullText(store, "deploy", { today: TODAY, top: 2 }, config).map((h) => h.record.path);
    const before = top(reader);
    assert.equal(countFullText(reader, "deploy", { today: TODAY }, true), 40);
    assert.equal(countFullText(reader, "deploy calm", { today: TODAY }, false), 40, "counted without the archived ones");
    put(40, "deploy deploy deploy deploy");
    writer.db.exec("UPDATE docs SET status = 'archived' WHERE path = 'n/0.md'");
    const plain = new IndexDb(reader.db);
    assert.deepEqual(top(reader), top(plain));
    assert.notDeepEqual(top(reader), before, "the new best match is seen");
    assert.equal(countFullText(reader, "deploy", { today: TODAY }, true), 41);
    assert.equal(countFullText(reader, "deploy calm", { today: TODAY }, false), 40, "one more, one archived");
  } finally {
    reader.close();
    writer.close();
    removeTemp(dir);
  }
});

test("should not read champion lists on a connection that is not kept", () => {
  const store = vaultDb(random(7), 50);
  try {
    const parsed = parseQuery("deploy");
    assert.equal(rankedFromLists(store, parsed, matchExpression(parsed)!, "10, 8, 5, 4, 3, 2, 1", 4), null);
  } finally {
    store.close();
  }
});
