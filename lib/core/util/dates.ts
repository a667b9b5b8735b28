import { CortexError } from "../errors.js";

/** Matches a YYYY-MM-DD prefix (a date, or the date part of an ISO timestamp). */
const DATE_PREFIX = /^(\d{4})-(\d{2})-(\d{2})(?:$|[T ])/;

/** True when `s` is a real calendar date written YYYY-MM-DD. */
export function isIsoDate(s: string): boolean {
  return epochDay(s) !== null;
}

/**
 * Days since 1970-01-01 of a YYYY-MM-DD date, or null when `s` is not one.
 * Plain arithmetic (no regex, no Date, no substring): the index and the
 * layers call it for every atom.
 */
export function epochDay(s: string): number | null {
  if (s.length !== 10 || s.charCodeAt(4) !== 45 || s.charCodeAt(7) !== 45) return null;
  const y = digits(s, 0, 4);
  const m = digits(s, 5, 7);
  const d = digits(s, 8, 10);
  if (y < 0 || m < 1 || m > 12 || d < 1 || d > daysInMonth(y, m)) return null;
  // Days from civil (proleptic Gregorian), after H. Hinnant's algorithm.
  const yy = m <= 2 ? y - 1 : y;
  const era = Math.floor(yy / 400);
  const yoe = yy - era * 400;
  const doy = Math.floor((153 * (m + (m > 2 ? -3 : 9)) + 2) / 5) + d - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146097 + doe - 719468;
}

function digits(s: string, from: number, to: number): number {
  let n = 0;
  for (let i = from; i < to; i++) {
    const c = s.charCodeAt(i) - 48;
    if (c < 0 || c > 9) return -1;
    n = n * 10 + c;
  }
  return n;
}

function daysInMonth(y: number, m: number): number {
  if (m === 2) return (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0 ? 29 : 28;
  return m === 4 || m === 6 || m === 9 || m === 11 ? 30 : 31;
}

/**
 * Normalizes a frontmatter date value to YYYY-MM-DD: a `Date` (as YAML
 * timestamps are typed), a YYYY-MM-DD string, or an ISO timestamp string.
 * Returns null for anything else.
 */
export function normalizeDate(value: unknown): string | null {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value.toISOString().slice(0, 10);
  if (typeof value !== "string") return null;
  if (value.length === 10 && epochDay(value) !== null) return value; // the usual case, without a regex match
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

/**
 * The UTC calendar date of a timestamp (ms since the epoch) as YYYY-MM-DD:
 * what the index takes for a note that gives no date of its own (its mtime),
 * so that the same files give the same index on machines in any time zone.
 */
export function utcDate(ms: number): string {
  const d = new Date(ms);
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
}

/** Whole days from `from` to `to` (both YYYY-MM-DD); null when either is not a date. */
export function daysBetween(from: string, to: string): number | null {
  const a = epochDay(from);
  const b = epochDay(to);
  return a === null || b === null ? null : b - a;
}

/** @throws CortexError (`BAD_ARGUMENT`) unless `today` is a YYYY-MM-DD date. */
export function assertToday(today: string): void {
  if (!isIsoDate(today)) throw new CortexError("BAD_ARGUMENT", `today must be a date YYYY-MM-DD, got ${JSON.stringify(today)}`);
}
