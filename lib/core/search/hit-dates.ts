import { readFrontmatterData } from "../atoms/frontmatter-data.js";
import { splitFrontmatter } from "../atoms/frontmatter.js";
import { normalizeDate } from "../util/dates.js";

/** The dates a search answer shows for a hit: `updated`, and `created` when it differs. */
export interface HitDates {
  updated: string;
  created?: string;
}

/**
 * A hit's dates, so that "when" can be answered from the hits alone: its
 * indexed `updated`, and the note's frontmatter `created` (or `date`, as the
 * parser reads it) when that is another day. A note without a created date
 * in its frontmatter gets only `updated`. Pure.
 *
 * @example hitDates("2026-11-20", "---\ncreated: 2026-03-02\n---\nText").created // "2026-03-02"
 */
export function hitDates(updated: string, text: string | null): HitDates {
  const created = text === null ? null : frontmatterCreated(text);
  return created !== null && created !== updated ? { updated, created } : { updated };
}

/**
 * A hit's dates as `--brief` and MCP `recall` print them.
 *
 * @example datesText({ updated: "2026-11-20", created: "2026-03-02" }) // "updated 2026-11-20, created 2026-03-02"
 */
export function datesText(dates: HitDates): string {
  return `updated ${dates.updated}${dates.created ? `, created ${dates.created}` : ""}`;
}

function frontmatterCreated(text: string): string | null {
  const split = splitFrontmatter(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);
  if (split.state !== "ok" || !/^(created|date)\s*:/m.test(split.yaml)) return null;
  const { data } = readFrontmatterData(split.yaml, split.yamlLine);
  return normalizeDate(data.created) ?? normalizeDate(data.date);
}
