import { daysBetween } from "../util/dates.js";

/**
 * How long ago `date` was, seen on `today` (both YYYY-MM-DD): `today`,
 * `yesterday`, `N days ago`, or `in N days` for a future date; empty for a bad date.
 *
 * @example describeAge("2026-11-03", "2026-11-22") // "19 days ago"
 */
export function describeAge(date: string, today: string): string {
  const days = daysBetween(date, today);
  if (days === null) return "";
  if (days === 0) return "today";
  if (days === 1) return "yesterday";
  if (days === -1) return "tomorrow";
  return days > 0 ? `${days} days ago` : `in ${-days} days`;
}

/**
 * The seed's incident-age annotation: the name followed by when it was
 * opened and how long ago, e.g. `Staging outage (opened 2026-11-03, 19 days ago)`.
 */
export function annotateIncident(name: string, opened: string, today: string): string {
  const age = describeAge(opened, today);
  return age ? `${name} (opened ${opened}, ${age})` : name;
}
