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
