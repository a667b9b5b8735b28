import { main, type Register } from "./main.js";

/**
 * Runs the CLI in this process: `process.argv` and the standard streams,
 * the exit code set on `process.exitCode`. With `registers`, only those
 * commands exist (what a one-command bundle passes).
 */
export async function runProcess(registers?: readonly Register[]): Promise<void> {
  // A reader that goes away (`cortex search x | head -1`) is not an error.
  for (const stream of [process.stdout, process.stderr]) {
    stream.on("error", (error: NodeJS.ErrnoException) => {
      if (error.code !== "EPIPE") throw error;
    });
  }
  process.exitCode = await main({ argv: process.argv.slice(2), stdout: process.stdout, stderr: process.stderr, env: process.env, cwd: process.cwd() }, registers);
}
