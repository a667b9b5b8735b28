import { spawnSync } from "node:child_process";
import { accessSync, constants, cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, sep } from "node:path";
import { Readable } from "node:stream";
import { after } from "node:test";
import { fileURLToPath } from "node:url";
import { main } from "../../bin/main.js";

/** The repository root: the nearest folder above this file with a package.json (the tests run compiled, from dist/test). */
export const ROOT = packageRoot(fileURLToPath(new URL(".", import.meta.url)));

function packageRoot(dir: string): string {
  return existsSync(join(dir, "package.json")) ? dir.endsWith(sep) ? dir : dir + sep : packageRoot(dirname(dir));
}
/** The built CLI as installed: package.json's `bin` (npm test builds it first). */
export const BUILT_CLI = join(ROOT, (JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as { bin: { cortex: string } }).bin.cortex);

/** What a CLI run gave. */
export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

/** Options of a CLI run. */
export interface RunOptions {
  cwd?: string;
  env?: Record<string, string | undefined>;
  stdin?: string;
  /** In-process only: stdout is a terminal of this many columns (else a pipe). */
  columns?: number;
}

// node --test gives its test files FORCE_COLOR=1 when its own output is a terminal, and the CLI honours
// FORCE_COLOR: without this, every CLI a test runs (in-process or spawned with this env) would print colours.
delete process.env.FORCE_COLOR;

const BASE_ENV = { NO_COLOR: "1", FORCE_COLOR: undefined, CORTEX_VAULT: undefined, CORTEX_TODAY: undefined };

/** Runs the CLI in this process through `main()`. */
export async function runInProcess(args: string[], options: RunOptions = {}): Promise<CliRun> {
  let stdout = "";
  let stderr = "";
  const env = { ...process.env, ...BASE_ENV, ...options.env };
  const code = await main({
    argv: args,
    stdout: { write: (s: string) => (stdout += s), ...(options.columns ? { isTTY: true, columns: options.columns } : {}) },
    stderr: { write: (s: string) => (stderr += s) },
    env,
    cwd: options.cwd ?? ROOT,
    stdin: Readable.from([Buffer.from(options.stdin ?? "")]),
  });
  return { code, stdout, stderr };
}

/** Runs the built CLI (`node dist/cli/cortex.cjs`, the package's bin) as a child process. */
export function runBuilt(args: string[], options: RunOptions = {}): CliRun {
  const env: Record<string, string> = {};
  for (const [k, v] of Object.entries({ ...process.env, ...BASE_ENV, ...options.env })) if (v !== undefined) env[k] = v;
  const result = spawnSync(process.execPath, [BUILT_CLI, ...args], { cwd: options.cwd ?? ROOT, env, encoding: "utf8", input: options.stdin ?? "" });
  return { code: result.status ?? -1, stdout: result.stdout, stderr: result.stderr };
}

/**
 * Where temporary folders go: a RAM file system where there is one (Linux's
 * /dev/shm), else the system's. Every file cortex writes is flushed to disk
 * (fsync), and on a busy disk those flushes, not the work, set a test's time;
 * no test checks what reaches the disk.
 */
export const TEMP_ROOT = ramDisk() ?? tmpdir();

function ramDisk(): string | undefined {
  try {
    accessSync("/dev/shm", constants.W_OK);
    return "/dev/shm";
  } catch {
    return undefined;
  }
}

/** Copies a folder (a fixture vault) to a fresh temporary folder; returns its path. */
export function copyToTemp(source: string, prefix = "cortex-test-"): string {
  const dir = mkdtempSync(join(TEMP_ROOT, prefix));
  // What cortex wrote into the source (a user ran the README's search on examples/vault) is not part of it.
  const derived = new Set([join(source, "index"), join(source, "layers")].filter((d) => existsSync(join(d, "meta.json")) || existsSync(join(d, "hot.json"))));
  cpSync(source, dir, { recursive: true, filter: (src) => !derived.has(src) });
  return dir;
}

/**
 * A maker of copies of `examples/vault`, each removed when the test file's
 * tests are done (call it at the top level of a test file).
 */
export function exampleCopies(): () => string {
  const temps: string[] = [];
  after(() => temps.forEach(removeTemp));
  return () => {
    const dir = copyToTemp(join(ROOT, "examples/vault"));
    temps.push(dir);
    return dir;
  };
}

/** A fresh empty temporary folder. */
export function tempDir(prefix = "cortex-test-"): string {
  return mkdtempSync(join(TEMP_ROOT, prefix));
}

/** Makes `dir` a cortex vault (a cortex.toml with every setting at its default), as `--vault` requires; returns `dir`. */
export function markVault(dir: string): string {
  if (!existsSync(join(dir, "cortex.toml"))) writeFileSync(join(dir, "cortex.toml"), "# test vault\n");
  return dir;
}

/** A fresh empty cortex vault: a temporary folder with a cortex.toml. */
export function tempVault(): string {
  return markVault(tempDir());
}

/** A temporary folder holding `files` (vault-relative path → content), their folders made as needed. */
export function tempTree(files: Record<string, string>): string {
  const dir = tempDir();
  for (const [rel, text] of Object.entries(files)) {
    mkdirSync(join(dir, rel, ".."), { recursive: true });
    writeFileSync(join(dir, rel), text);
  }
  return dir;
}

/** Removes a temporary folder. */
export function removeTemp(dir: string): void {
  rmSync(dir, { recursive: true, force: true });
}
