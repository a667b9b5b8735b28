import assert from "node:assert/strict";
import { test } from "node:test";
import { INDEX_STAGES, KILL_COMMANDS, killAndConverge, killThreadedAndConverge, THREADED_STAGES, threadedVault } from "../helpers/kill-points.js";
import { removeTemp } from "../helpers/cli.js";

test("should converge to a full index, with every note whole, after each writing command is killed at each stage", () => {
  for (const command of KILL_COMMANDS) {
    const killed = INDEX_STAGES.filter((stage) => killAndConverge(command, stage));
    // Every run that writes an index passes these two; the data files it writes depend on the change.
    for (const stage of ["index:start", "index/meta.json"]) assert.ok(killed.includes(stage), `${command.name} reached ${stage}`);
  }
});

test("should converge to a full index after a full run on several threads is killed at each of its stages", () => {
  const vault = threadedVault();
  try {
    const killed = THREADED_STAGES.filter((stage) => killThreadedAndConverge(vault, stage));
    assert.deepEqual(killed, THREADED_STAGES, "the threaded full run reaches every stage");
  } finally {
    removeTemp(vault);
  }
});
