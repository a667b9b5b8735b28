/** Matches a YYYY-MM-DD prefix (a date, or the date part of an ISO timestamp). */
const DATE_PREFIX = /^(\d{4})-(\d{2})-(\d{2})(?:$|[T ])/;

/** True when `s` is a real calendar date written YYYY-MM-DD. */
export function isIsoDate(s: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(s);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.getUTCFullYear() === Number(m[1]) && d.getUTCMonth() === Number(m[2]) - 1 && d.getUTCDate() === Number(m[3]);
}

/**
 * Normalizes a frontmatter date value to YYYY-MM-DD: a `Date` (as YAML
 * timestamps are typed), a YYYY-MM-DD string, or an ISO timestamp string.
 * Returns null for anything else.
 */
export function normalizeDate(value: unknown): string | null {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value.toISOString().slice(0, 10);
  if (typeof value !== "string") return null;
  const m = DATE_PREFIX.exec(value.trim());
  if (!m) return null;
  const date = `${m[1]}-${m[2]}-${m[3]}`;
  return isIsoDate(date) ? date : null;
}

/** The local calendar date of a timestamp (ms since the epoch) as YYYY-MM-DD. */
export function localDate(ms: number): string {
  const d = new Date(ms);
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

/** Whole days from `from` to `to` (both YYYY-MM-DD); null when either is not a date. */
export function daysBetween(from: string, to: string): number | null {
  if (!isIsoDate(from) || !isIsoDate(to)) return null;
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}
