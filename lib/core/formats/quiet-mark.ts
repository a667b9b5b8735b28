/**
 * The format of `index/quiet-since`: a mark whose mtime is a moment since
 * which no entry of the vault has changed, as the last check that found the
 * index current could vouch (see store/quiet-mark.ts). Its text binds it to
 * the `cache.tsv` that check compared the notes with: one header line (the
 * format, that file's identity, and the number of notes it lists), then the
 * end line of cortex's small checked files.
 */

/** The start of the header line. */
export const QUIET_MARK_HEADER = "#cortex-quiet/1";

/** The mark's text before its end line, for the cache file of identity `cacheSignature`, which lists `files` notes. */
export function quietMarkBody(cacheSignature: string, files: number): string {
  return `${QUIET_MARK_HEADER}\t${JSON.stringify(cacheSignature)}\t${files}\n`;
}

/** The number of notes a mark's text (before its end line) says its cache file lists, when it is bound to the cache file of identity `cacheSignature`; null otherwise. */
export function parseQuietMarkBody(body: string, cacheSignature: string): number | null {
  const start = `${QUIET_MARK_HEADER}\t${JSON.stringify(cacheSignature)}\t`;
  if (!body.startsWith(start) || !body.endsWith("\n")) return null;
  const files = Number(body.slice(start.length, -1));
  return Number.isSafeInteger(files) && files >= 0 ? files : null;
}
