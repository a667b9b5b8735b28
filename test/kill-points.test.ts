import assert from "node:assert/strict";
import { test } from "node:test";
import { KILL_COMMANDS, killAndConverge, killThreadedAndConverge, threadedVault } from "./helpers/kill-points.js";
import { removeTemp } from "./helpers/cli.js";

// A few stages per command (the stress suite tries every stage): before the transaction, inside it, after its commit,
// between the exports, after meta.json.
const CASES: [command: string, stage: string][] = [
  ["write", "index:rows"],
  ["write", "index/graph.json"],
  ["supersede", "index:start"],
  ["supersede", "index/meta.json"],
  ["refresh-moc", "index/manifest.json"],
  ["index", "index/cortex.db"],
  ["index", "index/links.json"],
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
    // Inside the build at its temporary path, then between the exports (the stress suite tries every stage).
    for (const stage of ["index:rows", "index/graph.json"]) assert.ok(killThreadedAndConverge(vault, stage), `killed at ${stage}`);
  } finally {
    removeTemp(vault);
  }
});
