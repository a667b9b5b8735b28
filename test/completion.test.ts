import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { chmodSync, mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { after, describe, test } from "node:test";
import { noteRefs } from "../bin/commands/completion-command.js";
import { BUILT_CLI, copyToTemp, removeTemp, ROOT, runInProcess, tempDir } from "./helpers/cli.js";

const vault = copyToTemp(join(ROOT, "examples/vault"));
const home = tempDir("cortex-completion-");
after(() => [vault, home].forEach(removeTemp));

// `cortex` on PATH: the built bin, as a user has it.
const bin = join(home, ".bin");
mkdirSync(bin);
writeFileSync(join(bin, "cortex"), `#!/bin/sh\nexec "${process.execPath}" "${BUILT_CLI}" "$@"\n`);
chmodSync(join(bin, "cortex"), 0o755);

/** What bash's completion offers for the command line `words` (the last one being completed), from a script loaded once. */
function complete(script: string, words: string[], cwd = home): string[] {
  const line = words.map((w) => `'${w}'`).join(" ");
  const program = `${script}\nCOMP_WORDS=(${line}); COMP_CWORD=${words.length - 1}; COMPREPLY=(); _cortex; printf '%s\\n' "\${COMPREPLY[@]}"`;
  const run = spawnSync("bash", ["-c", program], { cwd, env: { ...process.env, PATH: `${bin}:${process.env.PATH}`, NO_COLOR: "1", CORTEX_VAULT: "" }, encoding: "utf8" });
  assert.equal(run.status, 0, run.stderr);
  return run.stdout.split("\n").filter(Boolean);
}

describe("completion asks the vault when completing (issue 26, item 12)", () => {
  test("should list the vault's notes, projects and tags, one a line", async () => {
    const notes = await runInProcess(["completion", "--list", "notes", "--vault", vault]);
    assert.equal(notes.code, 0, notes.stderr);
    assert.ok(notes.stdout.split("\n").includes("no_friday_deploys"), notes.stdout);
    assert.ok(notes.stdout.split("\n").includes("quick idea"), "a name with a space, whole");
    assert.equal((await runInProcess(["completion", "--list", "projects", "--vault", vault])).stdout, "backend\nops\npersonal\nresearch\n");
    assert.match((await runInProcess(["completion", "--list", "tags", "--vault", vault])).stdout, /^deploy$/m);
  });

  test("should offer a stem once, and a path where two notes share a file name", () => {
    assert.deepEqual(noteRefs(["a/x.md", "b/X.md", "c/y.md"]), ["a/x", "b/X", "y"]);
  });

  test("should complete note names, projects and tags in bash from the vault as it is now, not as it was when the script was made", () => {
    const script = spawnSync(process.execPath, [BUILT_CLI, "completion", "bash"], { encoding: "utf8" }).stdout;
    assert.deepEqual(complete(script, ["cortex", "show", "--vault", vault, "no_fri"]), ["no_friday_deploys"]);
    assert.deepEqual(complete(script, ["cortex", "edit", "pri"], vault), ["priya_raman"], "the vault found from the current folder");
    assert.deepEqual(complete(script, ["cortex", "mv", "--vault", vault, "canary"]), ["canary_analysis"]);
    assert.deepEqual(complete(script, ["cortex", "related", "--vault", vault, "quick"]), ["quick idea"], "one word, its space kept (readline quotes it: compopt -o filenames)");
    assert.deepEqual(complete(script, ["cortex", "search", "--vault", vault, "-p", ""]), ["backend", "ops", "personal", "research"]);
    assert.ok(complete(script, ["cortex", "list", "--vault", vault, "--tag", "dep"]).includes("deploy"));

    // A note of a new project and tag, written after the script was made: offered at once.
    writeFileSync(join(vault, "atoms/zeta_kickoff.md"), "---\nname: Zeta kickoff\nproject: zeta\ntags: [zeta-launch]\n---\nWe start.\n");
    assert.deepEqual(complete(script, ["cortex", "search", "--vault", vault, "--project", "z"]), ["zeta"]);
    assert.deepEqual(complete(script, ["cortex", "write", "--vault", vault, "--tags", "zeta"]), ["zeta-launch"]);
    assert.deepEqual(complete(script, ["cortex", "show", "--vault", vault, "zeta"]), ["zeta_kickoff"]);
  });

  test("should ask the same in the fish script", async () => {
    const run = await runInProcess(["completion", "fish"]);
    assert.match(run.stdout, /complete -c cortex -n "__fish_seen_subcommand_from show edit mv related supersede" -f -a "\(__cortex_list notes\)"\n/);
    assert.match(run.stdout, /-l tag -x -a "\(__cortex_list tags\)"\n/);
  });

  test("should ask for a shell or a list", async () => {
    const run = await runInProcess(["completion"]);
    assert.equal(run.code, 2);
    assert.match(run.stderr, /^cortex: name a shell \(bash, zsh or fish\), or --list notes\|projects\|tags\n$/);
  });
});
