import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { Readable } from "node:stream";
import { buildProgram, main } from "../bin/main.js";
import { CliContext } from "../bin/context.js";
import { formatLines } from "../bin/format/search-output.js";
import { UX_CASES, UX_FIXTURE } from "./cli-ux-cases.js";
import { fixtureCopies, inBuiltSample, runBuiltCases, runInProcessCases } from "./helpers/cases.js";
import { copyToTemp, removeTemp, ROOT, runInProcess } from "./helpers/cli.js";

describe("issue 14: the CLI a new user gets right", () => {
  const copy = fixtureCopies();
  runInProcessCases(UX_CASES, UX_FIXTURE, copy);
  // A sample against the built bin here; test/stress/cli-built.test.ts runs the others.
  runBuiltCases(UX_CASES.filter(inBuiltSample), UX_FIXTURE, copy);
});

describe("help", () => {
  const ctx = new CliContext({ argv: [], stdout: { write: () => true }, stderr: { write: () => true }, env: {}, cwd: "." });

  test("should fit cortex --help on one screen of 80 columns", async () => {
    const run = await runInProcess(["--help"]);
    const lines = run.stdout.trimEnd().split("\n");
    assert.ok(lines.length <= 45, `${lines.length} lines`);
    assert.deepEqual(lines.filter((l) => l.length > 80), []);
    assert.doesNotMatch(run.stdout, /\+10|×/, "no scoring weights in the command list");
  });

  test("should end every command's help with two or three examples, no line over 80 columns or broken mid-word", async () => {
    const program = await buildProgram(ctx);
    for (const cmd of program.commands.filter((c) => c.name() !== "help")) {
      const run = await runInProcess([cmd.name(), "--help"]);
      const examples = /\nExamples:\n((?: {2}\$ .*\n)+)$/.exec(run.stdout);
      assert.ok(examples, `${cmd.name()}: ends with examples`);
      const count = examples[1]!.trimEnd().split("\n").length;
      assert.ok(count >= 2 && count <= 3, `${cmd.name()}: ${count} examples`);
      for (const line of run.stdout.split("\n")) {
        assert.ok(line.length <= 80, `${cmd.name()}: ${line}`);
        assert.doesNotMatch(line, /\w-$/, `${cmd.name()}: broken mid-word: ${line}`);
      }
    }
  });
});

describe("colours", () => {
  const hit = (layer: string, status: string) => ({ record: { path: "a.md", name: "A", status } as never, layer, score: 3 }) as never;

  test("should not print [hot] in red, and dim a superseded atom", () => {
    const hot = formatLines([hit("hot", "active")], { color: true, scores: true });
    assert.doesNotMatch(hot, /\x1b\[31m/);
    assert.match(hot, /\x1b\[35m\[hot\]/);
    assert.match(formatLines([hit("warm", "superseded")], { color: true, scores: true }), /^\x1b\[2m.*A \[superseded\]\x1b\[22m$/);
  });
});

describe("write --body -", () => {
  test("should tell a terminal user that it is waiting for standard input", async () => {
    const vault = copyToTemp(`${ROOT}examples/vault`);
    try {
      const stdin = Object.assign(Readable.from([Buffer.from("Typed at the terminal.\n")]), { isTTY: true });
      let stderr = "";
      const code = await main({ argv: ["write", "--name", "Typed note", "-t", "insight", "-p", "ops", "--body", "-", "--vault", vault, "--today", "2026-11-22"], stdout: { write: () => true }, stderr: { write: (s: string) => (stderr += s) }, env: { NO_COLOR: "1" }, cwd: vault, stdin });
      assert.equal(code, 0, stderr);
      assert.equal(stderr, "cortex: reading the body from standard input; end it with Ctrl-D (Ctrl-Z Enter on Windows)\n");
    } finally {
      removeTemp(vault);
    }
  });
});
