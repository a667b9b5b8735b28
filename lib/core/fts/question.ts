/**
 * Question forms: what a question's first words say its answer looks like,
 * and whether a note's text holds something of that look. Pure; no model,
 * only patterns of English.
 */
import { PASSAGE_BREAK } from "./fields.js";

/** What a question asks for: a date or time (`when`), a duration or count (`duration`), or neither (null). */
export type QuestionForm = "when" | "duration" | null;

// "when …", "what/which date/day/month/year …", "since when", "how long ago", "by what date", "on what day".
const WHEN = /^(?:[\p{L}\s,]{0,20}\b)?(?:when|since when|how long ago|(?:on|by|from|until|since|in)?\s*(?:what|which)\s+(?:date|day|month|year|time|week))\b/iu;
// "how long …", "how many days/weeks/hours/nights/…", "for how long".
const DURATION = /\b(?:how long|how many\s+(?:minutes|hours|days|nights|weeks|months|years|times|kilometres|kilometers|km|miles))\b/iu;

/**
 * The form of a question, from its wording: `when` for a date or a moment
 * ("When did…", "On what date…", "Since what date…"), `duration` for a length
 * or count of time ("How long…", "How many weeks…"); null for anything else,
 * keyword queries included. "How long ago" is `when`.
 *
 * @example questionForm("When was my bike stolen?") // "when"
 * @example questionForm("How many nights were we in Porto?") // "duration"
 * @example questionForm("deploy risk") // null
 */
export function questionForm(query: string): QuestionForm {
  const text = query.trim();
  if (/\bhow long ago\b/iu.test(text) || WHEN.test(text)) return "when";
  return DURATION.test(text) ? "duration" : null;
}

const MONTH = "(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)";
const DATE = new RegExp(
  [
    `\\b${MONTH}\\.?\\s+\\d{1,2}(?:st|nd|rd|th)?\\b`, // August 25, Aug 25th
    `\\b\\d{1,2}(?:st|nd|rd|th)?\\s+(?:of\\s+)?${MONTH}\\b`, // 25 August, 25th of August
    "\\b\\d{4}-\\d{2}-\\d{2}\\b", // 2026-08-25
    "\\b\\d{1,2}[./]\\d{1,2}[./]\\d{2,4}\\b", // 25/08/2026
    "\\b(?:on|by|until|since|from)\\s+(?:the\\s+)?\\d{1,2}(?:st|nd|rd|th)\\b", // on the 18th
    "\\b(?:mon|tues|wednes|thurs|fri|satur|sun)day\\b",
    "\\b(?:yesterday|today|tonight|tomorrow)\\b",
    "\\b(?:last|next|this)\\s+(?:week|month|year|weekend)\\b",
  ].join("|"),
  "iu",
);
const NUMBER = "(?:\\d+(?:[.,]\\d+)?|a|an|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty|thirty|forty|fifty|a few|several|half an?)";
const DURATION_TEXT = new RegExp(`\\b${NUMBER}[\\s-]+(?:minutes?|mins?|hours?|hrs?|days?|nights?|weeks?|months?|years?|fortnights?)\\b`, "iu");

/**
 * Whether a text holds what a question of this form asks for: a date or a
 * moment (a month and day, an ISO or numeric date, a weekday, "yesterday",
 * "last week") for `when`; a number of minutes, hours, days, nights, weeks,
 * months or years ("two weeks", "3 hours") for `duration`.
 *
 * @example answersForm("when", "Go-live is Tuesday August 25.") // true
 * @example answersForm("duration", "Two weeks without running.") // true
 */
export function answersForm(form: Exclude<QuestionForm, null>, text: string): boolean {
  return (form === "when" ? DATE : DURATION_TEXT).test(text);
}

/** The marks around a matched word in a text given to {@link answersNear} (what FTS5's `highlight()` is asked to put). */
export const MATCH_OPEN = "\x01";
export const MATCH_CLOSE = "\x02";

/**
 * Whether a note holds what a question of this form asks for beside the
 * question's own words: in its best passage, the one that holds the most
 * matched words (any of them on a tie). The note comes as its name,
 * description, headings and body, each with its matched words between
 * {@link MATCH_OPEN} and {@link MATCH_CLOSE}; the passages are each line of
 * the name (and its aliases) and of the headings, the description whole,
 * and the body's passages (split at {@link PASSAGE_BREAK}, as the snippet).
 * A date elsewhere in a long note (a transcript's other turns, the note's
 * own date in its title) does not answer the question.
 *
 * @example answersNear("when", { name: "Move", description: "", headings: "", body: "\x01Bike\x02 stolen on May 5." }) // true
 * @example answersNear("when", { name: "Move", description: "", headings: "", body: "\x01Bike\x02 stolen.\n\nLunch on May 5." }) // false
 */
export function answersNear(form: Exclude<QuestionForm, null>, marked: { name: string; description: string; headings: string; body: string }): boolean {
  const passages = [...marked.name.split("\n"), marked.description, ...marked.headings.split("\n"), ...marked.body.split(PASSAGE_BREAK)];
  const counts = passages.map((p) => p.split(MATCH_OPEN).length - 1);
  // A loop, not Math.max(...counts): a body of a million characters can hold more passages than a call takes arguments.
  const most = counts.reduce((a, b) => Math.max(a, b), 0);
  return most > 0 && passages.some((p, i) => counts[i] === most && answersForm(form, p.replaceAll(MATCH_OPEN, "").replaceAll(MATCH_CLOSE, "")));
}
