import { type MAX_QUERY_UNITS, parseQuery } from "../fts/query.js";
import { tokenize } from "../util/tokenize.js";

/**
 * The keywords of a natural-language request, for a briefing: words split
 * on anything but letters, digits and `-_/.`, lowercased, without trailing
 * dots, without stopwords and one-letter words, duplicates dropped, at most
 * `max` of them (order kept). Pure.
 *
 * @example briefingKeywords("Help me fix the auth flow on staging!") // ["fix", "auth", "flow", "staging"]
 */
export function briefingKeywords(text: string, max = 24): string[] {
  return tokenize(text, { split: "terms", minLength: 2, stopWords: "request", unique: true }).slice(0, max);
}

/**
 * A request as a search query for a briefing: the text itself, read by the
 * search's own parser (so a briefing ranks exactly as `cortex search` and
 * `recall` do; the parser refuses no text, and reads the first
 * {@link MAX_QUERY_UNITS} distinct words), and the words searched. Pure.
 *
 * @example briefingQuery('why do "users get logged out').keywords // ["why", "do", "users", "get", "logged", "out"]
 */
export function briefingQuery(text: string): { query: string; keywords: string[] } {
  return { query: text, keywords: parseQuery(text).units.map((u) => u.text) };
}
