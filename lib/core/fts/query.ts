import { CortexError } from "../errors.js";
import { STOP_WORDS } from "../util/tokenize.js";

/** One thing a query asks for: a word, a word prefix, or an exact phrase. */
export interface QueryUnit {
  /** The normalized words, space-separated (lowercase, diacritics folded). */
  text: string;
  /** A quoted phrase: every hit must contain it. */
  phrase: boolean;
  /** `word*`: any word starting so. */
  prefix: boolean;
  /** The FTS5 expression that matches it (a phrase of side-by-side parts for a joined run such as `15:00`, optional all the same). */
  match: string;
}

/** A query as {@link parseQuery} reads it. */
export interface ParsedQuery {
  /** What is searched for, in query order, duplicates dropped. */
  units: QueryUnit[];
  /** `-word`, `-"phrase"`: no hit may contain these. */
  excluded: QueryUnit[];
  /** True when the query held only stop words, which were then kept. */
  onlyStopWords: boolean;
  /** Distinct words and phrases past {@link MAX_QUERY_UNITS}, left out of the search. */
  dropped: number;
}

/** How {@link parseQuery} reads a query. */
export interface QueryOptions {
  /** Refuse what is not well-formed syntax (for scripts) instead of reading it as text. */
  strict?: boolean;
}

/** The most distinct words and phrases one query may hold; past it, the first ones are searched. */
export const MAX_QUERY_UNITS = 32;

/**
 * Reads a search query: words (matched by stem; stop words dropped unless the
 * query has nothing else; a possessive `'s` dropped, see
 * {@link withoutPossessives}; a date, time or version one word of
 * side-by-side parts, see {@link joinedRuns}), `"exact phrase"` (required), `-word` or
 * `-"phrase"` (excluded) and `word*` (prefix). Syntax counts only where it
 * is well formed; anything else is text: an unclosed quote, a lone or
 * doubled dash, a `*` inside a word, `&`, `C++`, `AND`/`OR`/`NOT`, and
 * exclusions with nothing else to search for (searched as words). Past
 * {@link MAX_QUERY_UNITS} distinct words, the first ones are searched
 * (`dropped` says how many were not). A query with no word at all has no
 * unit. Pure; never throws unless `strict`.
 *
 * @throws CortexError (`BAD_QUERY`), only with `strict`, naming the token,
 *   for an unclosed quote, a lone `-` or `*`, a `*` inside a word, only
 *   exclusions, no word, or more than {@link MAX_QUERY_UNITS} distinct words.
 * @example parseQuery('deploy "release day" -staging').units.map((u) => u.text) // ["deploy", "release day"]
 * @example parseQuery('what about "release windows?').units.map((u) => u.text) // ["release", "windows"]
 */
export function parseQuery(query: string, options: QueryOptions = {}): ParsedQuery {
  const strict = options.strict === true;
  const wanted: QueryUnit[] = [];
  const excluded: QueryUnit[] = [];
  for (const token of queryTokens(query, strict)) {
    const target = token.negated ? excluded : wanted;
    if (token.phrase) {
      const words = normalizedWords(token.text);
      if (words.length > 0) target.push(unit(words.join(" "), true, false));
      continue;
    }
    const text = withoutPossessives(token.text);
    const prefix = text.endsWith("*");
    const bare = prefix ? text.slice(0, -1) : text;
    const words = normalizedWords(bare);
    if (strict && (bare.includes("*") || (prefix && words.length === 0))) throw badQuery(`a * must end a word, in ${JSON.stringify(token.raw)}`);
    if (strict && token.negated && words.length === 0) throw badQuery(`nothing to exclude after "-" in ${JSON.stringify(token.raw)}`);
    // `word*` is a prefix only when a letter or digit comes right before the star (not `C+*`, not `de*ploy*`).
    const wellFormedPrefix = prefix && !bare.includes("*") && /[\p{L}\p{N}]$/u.test(bare);
    if (wellFormedPrefix) words.forEach((word, i) => target.push(unit(word, false, i === words.length - 1)));
    else for (const run of joinedRuns(bare)) target.push(unit(run, false, false));
  }
  if (strict && wanted.length === 0 && excluded.length === 0 && query.trim() !== "") throw badQuery(`no word to search for in ${JSON.stringify(query.trim())}`);
  return finish(dedupe(wanted), dedupe(excluded), strict);
}

function finish(wanted: QueryUnit[], excluded: QueryUnit[], strict: boolean): ParsedQuery {
  if (wanted.length === 0 && excluded.length > 0) {
    if (strict) throw badQuery("a query needs a word to search for besides the excluded ones");
    // Nothing but exclusions is not a query anyone means: the dashes are text.
    return finish(excluded, [], false);
  }
  const kept = wanted.filter((u) => u.phrase || u.prefix || !STOP_WORDS.search.has(u.text));
  const onlyStopWords = kept.length === 0 && wanted.length > 0;
  const result = onlyStopWords ? wanted : kept;
  const dropped = Math.max(0, result.length - MAX_QUERY_UNITS);
  if (strict && dropped > 0) throw badQuery(`the query has ${result.length} distinct words; at most ${MAX_QUERY_UNITS} are searched`);
  return { units: result.slice(0, MAX_QUERY_UNITS), excluded, onlyStopWords, dropped };
}

/**
 * The FTS5 expression of a parsed query: every phrase, and any of the words,
 * and none of the exclusions. Null when there is nothing to match.
 *
 * @example matchExpression(parseQuery("deploy risk")) // '("deploy" OR "risk")'
 */
export function matchExpression(query: ParsedQuery): string | null {
  const required = query.units.filter((u) => u.phrase).map((u) => u.match);
  const optional = query.units.filter((u) => !u.phrase).map((u) => u.match);
  const parts = [...required, ...(optional.length > 0 ? [`(${optional.join(" OR ")})`] : [])];
  if (parts.length === 0) return null;
  const wanted = parts.join(" AND ");
  return query.excluded.length > 0 ? `(${wanted}) NOT (${query.excluded.map((u) => u.match).join(" OR ")})` : wanted;
}

/**
 * The words of a text as the query side sees them: runs of letters and
 * digits, lowercase, diacritics removed (as FTS5's `remove_diacritics 2`).
 *
 * @example normalizedWords("Déjà-vu, v2!") // ["deja", "vu", "v2"]
 */
export function normalizedWords(text: string): string[] {
  const folded = text.normalize("NFKD").replace(/\p{M}+/gu, "").toLowerCase();
  return folded.match(/[\p{L}\p{N}]+/gu) ?? [];
}

/**
 * A query word without its possessive `'s` (`Anna's` → `Anna`, `Sunita’s`,
 * `boss'`): the tokenizer cuts at the apostrophe, and the `s` left alone
 * would be a query word of its own that nearly every note holds. Only words,
 * not phrases: in a phrase the `s` stands where the note has it.
 *
 * @example withoutPossessives("Anna's") // "Anna"
 */
export function withoutPossessives(text: string): string {
  return text.replace(/(?<=[\p{L}\p{N}])['’](?:s(?![\p{L}\p{N}])|(?![\p{L}\p{N}]))/giu, "");
}

interface Token {
  raw: string;
  text: string;
  phrase: boolean;
  negated: boolean;
}

// Splits on whitespace outside double quotes; `-` right before a letter, digit or closed quote negates. Unless
// strict, an unclosed quote is text (the rest of the query is read as words), and so are quotes inside a word.
function queryTokens(query: string, strict: boolean): Token[] {
  const tokens: Token[] = [];
  const re = /(-?)"([^"]*)("?)|(\S+)/g;
  for (let m = re.exec(query); m; m = re.exec(query)) {
    if (m[2] !== undefined) {
      if (m[3] === '"') tokens.push({ raw: m[0], text: m[2], phrase: true, negated: m[1] === "-" });
      else if (strict) throw badQuery(`unclosed quote in ${JSON.stringify(m[0])}`);
      else tokens.push(...queryTokens(m[2], false));
      continue;
    }
    const raw = m[4]!;
    if (strict && raw.includes('"')) throw badQuery(`unclosed quote in ${JSON.stringify(raw)}`);
    if (strict && (raw === "-" || raw === "*")) throw badQuery(`${JSON.stringify(raw)} alone is not a search word`);
    const negated = strict ? raw.startsWith("-") && raw.length > 1 : /^-[\p{L}\p{N}]/u.test(raw);
    const text = (negated ? raw.slice(1) : raw).replace(/"/g, " ");
    tokens.push({ raw, text, phrase: false, negated });
  }
  return tokens;
}

/**
 * The words of a query token, a run that holds a digit as one: letters
 * and digits joined by a single `-`, `:`, `.` or `/` (a date `2026-03-14`,
 * a time `15:00`, a version `v1.2`, `gpt-4`) are one unit, matched where a
 * note has those parts side by side (the tokenizer indexes the run as its
 * parts), not as parts that most notes hold somewhere (`00`, `03`, `1`).
 * Words joined without a digit (`follow-up`) stay words of their own: a
 * note may write them apart.
 *
 * @example joinedRuns("at 15:00, follow-up") // ["at", "15 00", "follow", "up"]
 */
export function joinedRuns(text: string): string[] {
  const runs: string[] = [];
  for (const m of text.matchAll(JOINED_RUN)) {
    const words = normalizedWords(m[0]);
    if (words.length > 1 && /\p{N}/u.test(m[0])) runs.push(words.join(" "));
    else runs.push(...words);
  }
  return runs;
}

// A run of letters and digits, with single joining characters between them (`a-b`, not `a--b` or `a-`).
const JOINED_RUN = /[\p{L}\p{N}\p{M}]+(?:[-:./][\p{L}\p{N}\p{M}]+)*|[^\s]/gu;

function unit(text: string, phrase: boolean, prefix: boolean): QueryUnit {
  const quoted = `"${text.replace(/"/g, '""')}"`;
  return { text, phrase, prefix, match: prefix ? `${quoted}*` : quoted };
}

function dedupe(units: QueryUnit[]): QueryUnit[] {
  const seen = new Set<string>();
  return units.filter((u) => {
    const key = u.match;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

function badQuery(message: string): CortexError {
  return new CortexError("BAD_QUERY", `bad query: ${message}`);
}
