/**
 * The named stop-word sets. `request`: the words a request in plain language
 * is full of, which would match almost any description (briefings). `topic`:
 * function words of 4+ letters that carry no topic (related atoms, the write
 * path's related links). `search`: what a plain question adds around its
 * topic (articles, conjunctions, pronouns, auxiliaries, question words,
 * common prepositions), dropped from a full-text query; words that can be
 * the point of a keyword query stay (quantifiers, negation, order and
 * position: `all`, `other`, `not`, `before`, `over`).
 */
export const STOP_WORDS = {
  search: new Set(
    (
      "a about am an and are as at be because been being but by can could did do does doing for from had has have having " +
      "he her here hers herself him himself his how i if in into is it its itself just me my myself of on or our ours " +
      "ourselves she should so such than that the their theirs them themselves then there these they this those through " +
      "to us was we were what when where which while who whom why will with would you your yours yourself yourselves"
    ).split(" "),
  ),
  request: new Set(
    (
      "a about above after again all also am an and any are as at be been before being below between both but by can could " +
      "did do does doing done down during each few for from further get got had has have having he her here hers him his how " +
      "i if in into is it its itself just know let like make me more most my no nor not now of off on once only or other our " +
      "out over own please same she should so some such than that the their them then there these they this those through to " +
      "too under until up use used using very want was we were what when where which while who whom why will with would you your " +
      "help need tell show give find look think thing things way work working"
    ).split(" "),
  ),
  topic: new Set(
    "about above after again against also because been before being below between both could does doing down during each from further have having here into itself just more most much must only other over same should some such than that their them then there these they this those through under until very what when where which while will with would your yours".split(
      " ",
    ),
  ),
} as const satisfies Record<string, ReadonlySet<string>>;

/** The name of a stop-word set of {@link STOP_WORDS}. */
export type StopWordSet = keyof typeof STOP_WORDS;

/** How {@link tokenize} cuts and filters. */
export interface TokenizeOptions {
  /**
   * Where words end: `whitespace` (a search query: punctuation stays in the
   * word), `words` (runs of letters and digits, any script), or `terms`
   * (letters, digits and `_-/.`, so `auth-flow` and `lib/x.ts` stay whole;
   * `-./` trimmed at both ends).
   */
  split: "whitespace" | "words" | "terms";
  /** Words of fewer code points are dropped. Default 1. */
  minLength?: number;
  /** Words of this set are dropped. Default none. */
  stopWords?: StopWordSet;
  /** Words made only of digits are dropped. Default false. */
  dropNumbers?: boolean;
  /** Each word once, at its first place. Default false. */
  unique?: boolean;
  /** Unicode NFKC normalization first (full-width letters, ligatures). Default false. */
  nfkc?: boolean;
}

const SPLITTERS = { whitespace: /\s+/, words: /[^\p{L}\p{N}]+/u, terms: /[^\p{L}\p{N}_\-/.]+/u } as const;

/**
 * The one tokenizer: lowercase words of a text, cut and filtered as
 * `options` say. Pure.
 *
 * @example tokenize("Deploy the auth-flow!", { split: "terms", stopWords: "request" }) // ["deploy", "auth-flow"]
 */
export function tokenize(text: string, options: TokenizeOptions): string[] {
  const lower = (options.nfkc ? text.normalize("NFKC") : text).toLowerCase();
  const minLength = options.minLength ?? 1;
  const stop = options.stopWords === undefined ? null : STOP_WORDS[options.stopWords];
  const words: string[] = [];
  for (const piece of lower.split(SPLITTERS[options.split])) {
    const word = options.split === "terms" ? piece.replace(/^[-./]+|[-./]+$/g, "") : piece;
    if (word.length < minLength || (minLength > 1 && [...word].length < minLength)) continue;
    if (stop?.has(word) || (options.dropNumbers && /^\d+$/.test(word))) continue;
    words.push(word);
  }
  return options.unique ? [...new Set(words)] : words;
}
