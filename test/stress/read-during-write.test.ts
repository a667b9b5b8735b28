import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { test } from "node:test";
import { BUILT_CLI, removeTemp, tempDir } from "../helpers/cli.js";
import { openVault } from "../helpers/lib.js";

const TODAY = "2026-11-22";

// Writes in another process while this one reads: SQLite's WAL gives each read the last commit whole, so a reader
// sees every note of a write or none of it (its row, its text, its file), and never an error.
test("should give a reader running during writes the state before or after each write, never half of it", async () => {
  const vault = tempDir();
  writeFileSync(join(vault, "cortex.toml"), "");
  for (let i = 0; i < 50; i++) writeFileSync(join(vault, `seed_${i}.md`), `---\nname: Seed ${i}\ntype: insight\n---\nSeed note ${i}.\n`);
  const writes = 25;
  try {
    assert.equal((await new Promise<number | null>((done) => spawn(process.execPath, [BUILT_CLI, "index", "--vault", vault, "--today", TODAY, "-q"]).on("exit", done))), 0);
    const script = `const { execFileSync } = require("node:child_process");
      for (let i = 0; i < ${writes}; i++) execFileSync(process.execPath, [${JSON.stringify(BUILT_CLI)}, "write", "--vault", ${JSON.stringify(vault)}, "--today", "${TODAY}", "--name", "Raced " + i, "--type", "rule", "--project", "p", "--body", "Racing word zyx" + i + " and nothing else alike " + i, "--force"]);`;
    const writer = spawn(process.execPath, ["-e", script], { stdio: "ignore" });
    let running = true;
    const finished = new Promise<number | null>((done) => writer.on("exit", (code) => ((running = false), done(code))));
    const seen = new Set<number>();
    let reads = 0;
    while (running) {
      const db = new DatabaseSync(join(vault, "index/cortex.db"), { readOnly: true });
      // As cortex reads: a reader waits out a writer's moment of exclusive access (a checkpoint) rather than fail.
      db.exec("PRAGMA busy_timeout = 5000");
      try {
        // One statement: one read transaction, one commit's state.
        const row = db.prepare("SELECT (SELECT count(*) FROM docs) AS docs, (SELECT count(*) FROM fts) AS texts, (SELECT count(*) FROM files WHERE atom = 1) AS files").get() as { docs: number; texts: number; files: number };
        assert.equal(row.texts, row.docs, "every atom's text with its row");
        assert.equal(row.files, row.docs, "every atom's file with its row");
        seen.add(row.docs);
      } finally {
        db.close();
      }
      const vaultAsWritten = openVault({ vault, today: TODAY, refresh: false, env: {} });
      const { hits } = await vaultAsWritten.search("zyx0", { log: false });
      assert.ok(hits.length <= 1);
      vaultAsWritten.close();
      reads++;
      await new Promise((r) => setTimeout(r, 5));
    }
    assert.equal(await finished, 0, "every write succeeded");
    assert.ok(reads > 5 && seen.size > 2, `reads saw the writes happen (${reads} reads, ${seen.size} states)`);
  } finally {
    removeTemp(vault);
  }
});
