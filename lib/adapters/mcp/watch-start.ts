import type { LiveVault } from "../../app/live-vault.js";

/** Quiet time on stdin after the last message before a server starts watching: a client sends its handshake in a burst. */
export const WATCH_QUIET_MS = 100;

/** However busy its client, a server starts watching this long after it started. */
export const WATCH_LATEST_MS = 1_000;

/** The deferred start of a server's watch (see {@link watchWhenQuiet}). */
export interface WatchStart {
  /** A message came in: the quiet time starts again. */
  received(): void;
  /** The server stops: no start any more. */
  cancel(): void;
}

/**
 * Starts `live`'s watch (the folder watch and the first sync, which scans
 * the whole vault and blocks the thread) once the client's handshake is
 * through: `quietMs` after the last message received, `latestMs` after this
 * call at the latest. The handshake and `tools/list` need nothing from the
 * vault, so they are answered before the scan; a request that needs the
 * vault does not wait for the timer (`LiveVault.open` starts the watch).
 *
 * @example const start = watchWhenQuiet(live); transport = new LineTransport(stdin, stdout, { onReceive: start.received });
 */
export function watchWhenQuiet(live: LiveVault, quietMs = WATCH_QUIET_MS, latestMs = WATCH_LATEST_MS): WatchStart {
  let done = false;
  const start = () => {
    if (done) return;
    done = true;
    clearTimeout(quiet);
    clearTimeout(latest);
    live.watch();
  };
  let quiet = setTimeout(start, quietMs).unref();
  const latest = setTimeout(start, latestMs).unref();
  return {
    received: () => {
      if (done) return;
      clearTimeout(quiet);
      quiet = setTimeout(start, quietMs).unref();
    },
    cancel: () => {
      done = true;
      clearTimeout(quiet);
      clearTimeout(latest);
    },
  };
}
