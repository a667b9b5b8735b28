/**
 * Test hook: when {@link setKillPoint} was given this stage (the CLI passes
 * the environment variable `CORTEX_TEST_KILL_AT`), the process is killed here at once (SIGKILL: no cleanup, no exit
 * handlers), as a crash or `kill -9` would stop it. The kill-point tests drive
 * each writing command to each stage and check that the next run converges.
 * Stages: `index:start` (an index run is about to write), `index/<file>` and
 * `layers/<file>` (that file was just put in place), `mv:journal`,
 * `mv:renamed`, `mv:rewrote` (see move-vault.ts).
 */
export function killPoint(stage: string): void {
  if (KILL_AT !== undefined && KILL_AT === stage) process.kill(process.pid, "SIGKILL");
}

let KILL_AT: string | undefined;

/** Names the stage {@link killPoint} kills the process at (none: undefined or ""); read at the edge, from the environment. */
export function setKillPoint(stage: string | undefined): void {
  KILL_AT = stage || undefined;
}
