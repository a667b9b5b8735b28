/** A one-line progress display that appears only once a run has lasted `delayMs`, and is erased at the end. */
export interface ProgressLine {
  update(done: number, total: number): void;
  /** Erases the line if it was ever shown. */
  clear(): void;
}

/**
 * Progress for a terminal: `\rReading files done/total…`, rewritten in
 * place, then, once every file is read, the stage that follows (links and
 * index files), so a long tail never looks stuck at 100 %. Shown only when the
 * run is long (after `delayMs`, default 300 ms) and at most every 50 ms,
 * erased by {@link ProgressLine.clear}.
 *
 * @example const line = progressLine((s) => process.stderr.write(s), () => performance.now());
 */
export function progressLine(write: (text: string) => void, now: () => number, delayMs = 300): ProgressLine {
  const start = now();
  let shownAt = -Infinity;
  return {
    update(done, total) {
      const t = now();
      if (t - start < delayMs || (t - shownAt < 50 && done < total)) return;
      shownAt = t;
      write(done < total ? `\rReading files ${done}/${total}…` : `\r\x1b[KRead ${total} files; resolving links and writing the indexes…`);
    },
    clear() {
      if (shownAt !== -Infinity) write("\r\x1b[K");
    },
  };
}
