/**
 * How long a vault must stay quiet before a watcher writes the JSON exports
 * that its syncs left for later (a large vault's, see `IndexVaultOptions.deferExports`).
 */
export const EXPORT_QUIET_MS = 10_000;

/**
 * The timer of a watcher's deferred exports: `write` runs once no event came
 * for {@link EXPORT_QUIET_MS}, and again as long after when it returns false
 * (not the moment, or it failed).
 */
export class QuietExports {
  #timer: NodeJS.Timeout | undefined;

  /** @param write - writes the exports; false to be called again after the next quiet spell. */
  constructor(private readonly write: () => boolean) {}

  /** (Re)starts the wait: `write` runs after {@link EXPORT_QUIET_MS} without another call. */
  schedule(): void {
    clearTimeout(this.#timer);
    this.#timer = setTimeout(() => {
      this.#timer = undefined;
      if (!this.write()) this.schedule();
    }, EXPORT_QUIET_MS);
    this.#timer.unref();
  }

  /** Stops the wait (an event came: the vault is not quiet; or the watcher closed). */
  cancel(): void {
    clearTimeout(this.#timer);
    this.#timer = undefined;
  }
}
