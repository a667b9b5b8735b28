import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { chmodSync, cpSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { after } from "node:test";
import { BUILT_CLI, copyToTemp, removeTemp, ROOT, tempDir } from "./cli.js";

// The README and the reference pages in docs/, their fenced blocks, and a workspace to run their examples in
// (test/readme.test.ts; test/stress/docs-examples.test.ts runs the command blocks the default suite leaves out).

export const readme = readFileSync(join(ROOT, "README.md"), "utf8");
export const EXAMPLE = join(ROOT, "examples/vault");

/** The README and the reference pages it links to, each with its text. */
export const PAGES = ["README.md", ...readdirSync(join(ROOT, "docs")).filter((f) => f.endsWith(".md")).sort().map((f) => `docs/${f}`)].map((file) => ({ file, text: readFileSync(join(ROOT, file), "utf8") }));
export const doc = (file: string) => PAGES.find((p) => p.file === file)!.text;

/** The fenced blocks of every page, with the file and the line each starts on. */
export const blocks = PAGES.flatMap(({ file, text }) =>
  [...text.matchAll(/^```(\w*)\n([\s\S]*?)^```$/gm)].map((m) => ({ file, lang: m[1]!, body: m[2]!, line: text.slice(0, m.index).split("\n").length, where: `${file}:${text.slice(0, m.index).split("\n").length}` })),
);

export const temps: string[] = [];
after(() => temps.forEach(removeTemp));

// A folder with `cortex` and `cortex-vault` on PATH (the built bin), a home with the README's paths, and the files its examples name.
export function workdir(): { dir: string; env: Record<string, string> } {
  const dir = tempDir("cortex-readme-");
  temps.push(dir);
  const bin = join(dir, ".bin");
  mkdirSync(bin);
  for (const name of ["cortex", "cortex-vault"]) {
    writeFileSync(join(bin, name), `#!/bin/sh\nexec "${process.execPath}" "${BUILT_CLI}" "$@"\n`);
    chmodSync(join(bin, name), 0o755);
  }
  const env: Record<string, string> = {};
  for (const [k, v] of Object.entries(process.env)) if (v !== undefined && !k.startsWith("CORTEX_")) env[k] = v;
  Object.assign(env, { PATH: `${bin}:${process.env.PATH}`, HOME: dir, NO_COLOR: "1", EDITOR: "true", VISUAL: "" });
  return { dir, env };
}

// The files the reference's examples name, and a vault where they expect one.
export function withExampleFiles(dir: string): string {
  const vault = copyToTemp(EXAMPLE, "cortex-readme-vault-");
  temps.push(vault);
  cpSync(vault, join(dir, "notes/vault"), { recursive: true });
  cpSync(join(ROOT, "test/fixtures/import/decisions.md"), join(dir, "CLAUDE.md"));
  cpSync(join(ROOT, "test/fixtures/import/export.jsonl"), join(dir, "export.jsonl"));
  cpSync(join(ROOT, "test/fixtures/import/notes"), join(dir, "notes"), { recursive: true });
  writeFileSync(join(dir, "runbook.md"), "# Rollback\n\nRedeploy the previous tag with the pipeline's rollback job, then page the owner.\n");
  mkdirSync(join(dir, ".config/fish/completions"), { recursive: true });
  return vault;
}

/** The lines of a sh block that run cortex, continuation lines joined. */
export function cortexLines(body: string): string[] {
  return body
    .replace(/\\\n\s*/g, "")
    .split("\n")
    .filter((l) => /^(cortex|echo|source) /.test(l) && /\bcortex\b/.test(l));
}

/** The sh blocks that run cortex: each is run, command by command, on a copy of the example vault. */
export const COMMAND_BLOCKS = blocks.filter((b) => b.lang === "sh" && cortexLines(b.body).length > 0);

/**
 * The command blocks the default suite runs: all of the README's and the first of each page in docs/; the
 * others run in test/stress/docs-examples.test.ts (each block spawns the built bin once per command).
 */
export const inDocsSample = (block: (typeof blocks)[number]): boolean => block.file === "README.md" || COMMAND_BLOCKS.find((b) => b.file === block.file) === block;

/** Runs each command of a block with the built bin on PATH, on a copy of the example vault; asserts its exit code. */
export function runCommandBlock(block: (typeof blocks)[number]): void {
  const { dir, env } = workdir();
  const vault = withExampleFiles(dir);
  for (const line of cortexLines(block.body)) {
    const command = line.replaceAll("examples/vault", vault);
    // A command that runs "until Ctrl-C" (cortex watch) is stopped with SIGTERM after a while, which must end it with exit 0.
    const untilStopped = /# until Ctrl-C/.test(line) ? { timeout: 4000, killSignal: "SIGTERM" as const } : {};
    const run = spawnSync("bash", ["-c", untilStopped.timeout ? `exec ${command}` : command], { cwd: dir, env: { ...env, CORTEX_VAULT: vault, CORTEX_TODAY: "2026-11-22" }, encoding: "utf8", ...untilStopped });
    const want = /# .*exit 1/.test(line) ? 1 : 0;
    assert.equal(run.status, want, `${line}\nstdout: ${run.stdout.slice(0, 500)}\nstderr: ${run.stderr}`);
  }
}
