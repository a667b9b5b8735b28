import { CortexError } from "../errors.js";
import { MAX_QUERY_UNITS, normalizedWords, parseQuery } from "../fts/query.js";
import { STOP_WORDS, tokenize } from "../util/tokenize.js";

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
 * `recall` do); when the parser refuses it (a stray quote, more than
 * {@link MAX_QUERY_UNITS} distinct words), the parser's words of it, its
 * stop words left out, the first {@link MAX_QUERY_UNITS}. Also the words
 * searched. Pure.
 *
 * @example briefingQuery('why do "users get logged out').query // "users get logged out"
 */
export function briefingQuery(text: string): { query: string; keywords: string[] } {
  try {
    return { query: text, keywords: parseQuery(text).units.map((u) => u.text) };
  } catch (error) {
    if (!(error instanceof CortexError) || error.code !== "BAD_QUERY") throw error;
  }
  const words = [...new Set(normalizedWords(text).filter((w) => !STOP_WORDS.search.has(w)))].slice(0, MAX_QUERY_UNITS);
  return { query: words.join(" "), keywords: words };
}
