import { describe, test } from "node:test";
import { COMMAND_BLOCKS, inDocsSample, runCommandBlock } from "../helpers/docs.js";

// The command blocks of docs/ that test/readme.test.ts leaves out of the default suite.
describe("docs: every cortex command example the default suite leaves out, on a copy of the example vault", () => {
  for (const block of COMMAND_BLOCKS.filter((b) => !inDocsSample(b))) {
    test(`should run each command of the block at ${block.where}`, () => runCommandBlock(block));
  }
});
