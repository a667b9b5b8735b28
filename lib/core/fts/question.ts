/**
 * Question forms: what a question's first words say its answer looks like,
 * and whether a note's text holds something of that look. Pure; no model,
 * only patterns of English.
 */

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
