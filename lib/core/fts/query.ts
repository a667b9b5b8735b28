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
  /** The FTS5 expression that matches it. */
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
}

/** The most distinct words and phrases one query may hold. */
export const MAX_QUERY_UNITS = 32;

/**
 * Reads a search query: words (matched by stem; stop words dropped unless the
 * query has nothing else), `"exact phrase"` (required), `-word` or
 * `-"phrase"` (excluded) and `word*` (prefix). Pure.
 *
 * @throws CortexError (`BAD_QUERY`) naming the token, for an unclosed quote,
 *   a lone `-` or `*`, a `*` inside a word, only exclusions, or more than
 *   {@link MAX_QUERY_UNITS} distinct words.
 * @example parseQuery('deploy "release day" -staging').units.map((u) => u.text) // ["deploy", "release day"]
 */
export function parseQuery(query: string): ParsedQuery {
  const wanted: QueryUnit[] = [];
  const excluded: QueryUnit[] = [];
  for (const token of queryTokens(query)) {
    const target = token.negated ? excluded : wanted;
    if (token.phrase) {
      const words = normalizedWords(token.text);
      if (words.length > 0) target.push(unit(words.join(" "), true, false));
      continue;
    }
    const prefix = token.text.endsWith("*");
    const bare = prefix ? token.text.slice(0, -1) : token.text;
    const words = normalizedWords(bare);
    if (bare.includes("*") || (prefix && words.length === 0)) throw badQuery(`a * must end a word, in ${JSON.stringify(token.raw)}`);
    if (token.negated && words.length === 0) throw badQuery(`nothing to exclude after "-" in ${JSON.stringify(token.raw)}`);
    words.forEach((word, i) => target.push(unit(word, false, prefix && i === words.length - 1)));
  }
  if (wanted.length === 0 && excluded.length === 0 && query.trim() !== "") throw badQuery(`no word to search for in ${JSON.stringify(query.trim())}`);
  return finish(dedupe(wanted), dedupe(excluded));
}

function finish(units: QueryUnit[], excluded: QueryUnit[]): ParsedQuery {
  if (units.length === 0 && excluded.length > 0) throw badQuery("a query needs a word to search for besides the excluded ones");
  const kept = units.filter((u) => u.phrase || u.prefix || !STOP_WORDS.search.has(u.text));
  const onlyStopWords = kept.length === 0 && units.length > 0;
  const result = onlyStopWords ? units : kept;
  if (result.length > MAX_QUERY_UNITS) throw badQuery(`the query has ${result.length} distinct words; at most ${MAX_QUERY_UNITS} are searched`);
  return { units: result, excluded, onlyStopWords };
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

interface Token {
  raw: string;
  text: string;
  phrase: boolean;
  negated: boolean;
}

// Splits on whitespace outside double quotes; `-` before a word or a quote negates it.
function queryTokens(query: string): Token[] {
  const tokens: Token[] = [];
  const re = /(-?)"([^"]*)("?)|(\S+)/g;
  for (let m = re.exec(query); m; m = re.exec(query)) {
    if (m[2] !== undefined) {
      if (m[3] !== '"') throw badQuery(`unclosed quote in ${JSON.stringify(m[0])}`);
      tokens.push({ raw: m[0], text: m[2], phrase: true, negated: m[1] === "-" });
      continue;
    }
    const raw = m[4]!;
    if (raw.includes('"')) throw badQuery(`unclosed quote in ${JSON.stringify(raw)}`);
    const negated = raw.startsWith("-") && raw.length > 1;
    if (raw === "-" || raw === "*") throw badQuery(`${JSON.stringify(raw)} alone is not a search word`);
    tokens.push({ raw, text: negated ? raw.slice(1) : raw, phrase: false, negated });
  }
  return tokens;
}

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
