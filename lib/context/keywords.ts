/** Common English words a natural-language request is full of, which would match almost any description. */
const STOPWORDS = new Set(
  (
    "a about above after again all also am an and any are as at be been before being below between both but by can could " +
    "did do does doing done down during each few for from further get got had has have having he her here hers him his how " +
    "i if in into is it its itself just know let like make me more most my no nor not now of off on once only or other our " +
    "out over own please same she should so some such than that the their them then there these they this those through to " +
    "too under until up use used using very want was we were what when where which while who whom why will with would you your " +
    "help need tell show give find look think thing things way work working"
  ).split(" "),
);

/**
 * The keywords of a natural-language request, for a briefing: words split
 * on anything but letters, digits and `-_/.`, lowercased, without trailing
 * dots, without stopwords and one-letter words, duplicates dropped, at most
 * `max` of them (order kept). Pure.
 *
 * @example briefingKeywords("Help me fix the auth flow on staging!") // ["fix", "auth", "flow", "staging"]
 */
export function briefingKeywords(text: string, max = 24): string[] {
  const words = text
    .toLowerCase()
    .split(/[^\p{L}\p{N}_\-/.]+/u)
    .map((w) => w.replace(/^[-./]+|[-./]+$/g, ""))
    .filter((w) => [...w].length > 1 && !STOPWORDS.has(w));
  return [...new Set(words)].slice(0, max);
}
