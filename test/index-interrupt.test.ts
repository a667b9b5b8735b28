import assert from "node:assert/strict";
import { spawn, spawnSync } from "node:child_process";
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { after, test } from "node:test";
import { BUILT_CLI, removeTemp, runBuilt, tempDir } from "./helpers/cli.js";

// A terminal for the built CLI: util-linux script(1) runs it on a pseudo-terminal, and a Ctrl-C byte written
// to script's input reaches the CLI as the terminal's SIGINT.
const hasScript = spawnSync("script", ["--version"], { encoding: "utf8" }).status === 0;

const vault = tempDir("cortex-interrupt-");
after(() => removeTemp(vault));

// Folders `from` to `to` (excluded) of 500 notes each: 40 make a full index read for a second or more.
function generate(from: number, to: number): void {
  writeFileSync(join(vault, "cortex.toml"), "");
  const words = "deploy release freeze rollback canary budget ledger settlement batch retry incident owner window cut staging".split(" ");
  for (let f = from; f < to; f++) {
    mkdirSync(join(vault, `f${f}`));
    for (let i = 0; i < 500; i++) {
      const body = Array.from({ length: 80 }, (_, k) => words[(i * 7 + k * 13 + f) % words.length]).join(" ");
      writeFileSync(join(vault, `f${f}`, `n${i}.md`), `---\nname: Note ${f} ${i}\ntags: [t${i % 30}]\n---\n${body}\n`);
    }
  }
}

// Every index and layer file, by name.
function indexFiles(): Map<string, Buffer> {
  const files = new Map<string, Buffer>();
  for (const dir of ["index", "layers"]) for (const name of readdirSync(join(vault, dir))) if (name.endsWith(".json")) files.set(`${dir}/${name}`, readFileSync(join(vault, dir, name)));
  return files;
}

// Runs `cortex index --full` on a terminal and presses Ctrl-C once its progress line shows.
function interruptedIndex(): Promise<{ code: number | null; output: string }> {
  const command = `exec "${process.execPath}" "${BUILT_CLI}" index --full --vault "${vault}"`;
  const child = spawn("script", ["-qfec", command, "/dev/null"], { env: { ...process.env, NO_COLOR: "1" }, stdio: ["pipe", "pipe", "inherit"] });
  let output = "";
  let pressed = false;
  child.stdout.on("data", (chunk: Buffer) => {
    output += chunk.toString("utf8");
    if (!pressed && /Reading files \d+\/\d+…/.test(output)) {
      pressed = true;
      child.stdin.write("\x03");
    }
  });
  return new Promise((resolve) => child.on("close", (code) => resolve({ code, output })));
}

test("should stop a long index on Ctrl-C, clear its progress line and leave the previous index as it was (exit 130)", { skip: !hasScript && "script(1) is not installed", timeout: 120_000 }, async () => {
  generate(0, 1);
  const first = runBuilt(["index", "--vault", vault]);
  assert.equal(first.code, 0, first.stderr);
  const before = indexFiles();
  generate(1, 40);

  const { code, output } = await interruptedIndex();
  assert.match(output, /Reading files \d+\/20000…/, "the run was interrupted while it read the notes");
  assert.equal(code, 130, output);
  assert.match(output, /\r\x1b\[Kinterrupted; the previous index is intact\r?\n$/, "the progress line erased, then one line");
  assert.doesNotMatch(output, /Indexed \d+ atoms/);
  assert.deepEqual(indexFiles(), before, "every index and layer file as the last run wrote it");

  // The previous index still answers, whole: the notes it lists, no damage found.
  const search = runBuilt(["search", "note", "--no-refresh", "--no-log", "--paths", "--top", "0", "--vault", vault]);
  assert.equal(search.code, 0, search.stderr);
  assert.equal(search.stderr, "");
  assert.equal(search.stdout.trimEnd().split("\n").length, 500);
});
