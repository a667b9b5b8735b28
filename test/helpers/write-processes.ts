import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { parseAtom } from "../../lib/core/atoms/parse.js";
import { ROOT } from "./cli.js";

const LIB = join(ROOT, "dist/lib/index.js");
const CORE = join(ROOT, "dist/lib/core.js");

/** A child process that writes `count` atoms through the built library; resolves to one JSON line per outcome (`{ok: path}` or `{error: code}`). */
export function writer(vault: string, worker: number, count: number, force: boolean, sameBody: boolean): Promise<string[]> {
  const script = `
    const { writeAtom } = await import(${JSON.stringify(LIB)});
    const { defaultConfig } = await import(${JSON.stringify(CORE)});
    for (let i = 0; i < ${count}; i++) {
      const body = ${sameBody} ? "The one shared body of every worker, long enough to compare." : "Worker ${worker} item " + i + ".";
      try {
        const r = await writeAtom(${JSON.stringify(vault)}, { name: "Shared note " + i, type: "concept", project: "p", body }, { config: defaultConfig(), today: "2026-11-22", force: ${force} });
        console.log(JSON.stringify({ ok: r.path }));
      } catch (e) {
        console.log(JSON.stringify({ error: e.code }));
      }
    }`;
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["--input-type=module", "-e", script], { stdio: ["ignore", "pipe", "inherit"] });
    let out = "";
    child.stdout.on("data", (d: Buffer) => (out += d));
    child.on("error", reject);
    child.on("exit", (code) => (code === 0 ? resolve(out.trim().split("\n")) : reject(new Error(`worker ${worker} exited ${code}`))));
  });
}

/** Asserts that every atom at `paths` parses without a diagnostic and has an id. */
export function assertAtomsParse(vault: string, paths: string[]): void {
  for (const path of paths) {
    const text = readFileSync(join(vault, path), "utf8");
    const { diagnostics, atom } = parseAtom(text, { path, mtimeMs: 0 });
    assert.deepEqual(diagnostics, [], path);
    assert.ok(atom.id, path);
  }
}
