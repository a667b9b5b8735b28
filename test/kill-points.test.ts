import assert from "node:assert/strict";
import { test } from "node:test";
import { KILL_COMMANDS, killAndConverge, killThreadedAndConverge, threadedVault } from "./helpers/kill-points.js";
import { removeTemp } from "./helpers/cli.js";

// One stage per command (the stress suite tries every stage of every command): inside the transaction, after its commit,
// between the exports, after the database.
const CASES: [command: string, stage: string][] = [
  ["write", "index:rows"],
  ["supersede", "index/meta.json"],
  ["refresh-moc", "index/manifest.json"],
  ["index", "index/cortex.db"],
];

test("should converge to a full index, with every note whole, after a command is killed at a stage of its index write", () => {
  for (const [name, stage] of CASES) {
    const command = KILL_COMMANDS.find((c) => c.name === name)!;
    assert.ok(killAndConverge(command, stage), `${name} reached ${stage}`);
  }
});

test("should converge to a full index after a full run on several threads is killed between its files", () => {
  const vault = threadedVault();
  try {
    // Between the exports (the stress suite tries every stage, the build at its temporary path included).
    for (const stage of ["index/graph.json"]) assert.ok(killThreadedAndConverge(vault, stage), `killed at ${stage}`);
  } finally {
    removeTemp(vault);
  }
});
