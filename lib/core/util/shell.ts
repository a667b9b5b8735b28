/**
 * A word as a POSIX shell reads it back unchanged: as is when it holds only
 * safe characters, else in single quotes. For commands cortex prints or writes.
 *
 * @example shellQuote("/path with spaces") // "'/path with spaces'"
 */
export function shellQuote(s: string): string {
  return /^[\w./:@%+=,-]+$/.test(s) ? s : `'${s.replace(/'/g, "'\\''")}'`;
}
