import { test } from "node:test";
import { INDEX_STAGES, KILL_COMMANDS, killAndConverge } from "../helpers/kill-points.js";

test("should converge to a full index, with every note whole, after each writing command is killed at each stage", () => {
  for (const command of KILL_COMMANDS) for (const stage of INDEX_STAGES) killAndConverge(command, stage);
});
