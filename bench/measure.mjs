#!/usr/bin/env node
// Peak-RSS wrapper for the cortex CLI, used by bench/run.mjs.
//
//   node bench/measure.mjs <cortex args…>     (spawned with fd 3 open for writing)
//
// Runs the built CLI (dist/cli/cortex.cjs, or $CORTEX_BENCH_CLI) inside this
// process, and when the process exits writes one JSON line to fd 3:
//   {"maxRSS": <peak resident set size in KiB>}
// If fd 3 is not open (run by hand), the line goes to stderr instead.
import { fstatSync, realpathSync, writeSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const cli = realpathSync(resolve(process.env.CORTEX_BENCH_CLI || resolve(here, "../dist/cli/cortex.cjs")));

let reportFd = 2;
try {
  fstatSync(3);
  reportFd = 3;
} catch {
  // fd 3 not open: report on stderr
}

process.on("exit", () => {
  try {
    writeSync(reportFd, `${JSON.stringify({ maxRSS: process.resourceUsage().maxRSS })}\n`);
  } catch {
    // nothing sensible left to do while exiting
  }
});

process.argv = [process.argv[0], cli, ...process.argv.slice(2)];
await import(pathToFileURL(cli).href);
