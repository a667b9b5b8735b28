import type { DatabaseSync } from "node:sqlite";
import { splitFrontmatter } from "../../core/atoms/frontmatter.js";
import { PASSAGE_BREAK } from "../../core/fts/fields.js";
import { matchExpression, type ParsedQuery } from "../../core/fts/query.js";
import { TOKENIZER } from "../index-db.js";
import { sqlite } from "../sqlite.js";

/** A passage of a note with the spans that matched the query. */
export interface Snippet {
  /** One line of text, whitespace collapsed, at most about `maxChars` long (`…` where cut). */
  text: string;
  /** `[start, end)` offsets into `text` of each matched word. */
  matches: [number, number][];
}

let scratch: DatabaseSync | undefined;

/**
 * The passage of a note's body (frontmatter excluded) that best matches the
 * query, ranked by BM25 with the same tokenizer as the index, so a stemmed
 * or diacritic-folded match is found and marked as search found it. Null
 * when no passage matches (the hit matched in its name, tags or path only).
 *
 * @example bestPassage("---\nname: X\n---\nWe froze deploys.\n\nThen we shipped.", parseQuery("deploy"))?.text // "We froze deploys."
 */
export function bestPassage(text: string, query: ParsedQuery, maxChars = 200): Snippet | null {
  const expression = matchExpression({ ...query, excluded: [] });
  if (expression === null) return null;
  const passages = splitFrontmatter(text.replace(/^\uFEFF/, "")).body.split(PASSAGE_BREAK).map((p) => p.replace(/\s+/g, " ").trim()).filter((p) => p.length > 0 && !/^#{1,6}\s/.test(p));
  if (passages.length === 0) return null;
  const db = (scratch ??= scratchDb());
  db.exec("DELETE FROM passages");
  const insert = db.prepare("INSERT INTO passages(rowid, text) VALUES (?, ?)");
  passages.forEach((p, i) => insert.run(i + 1, p));
  const row = db.prepare("SELECT highlight(passages, 0, char(1), char(2)) AS marked FROM passages WHERE passages MATCH ? ORDER BY bm25(passages), rowid LIMIT 1").get(expression) as { marked: string } | undefined;
  return row ? cut(row.marked, maxChars) : null;
}

function scratchDb(): DatabaseSync {
  const db = new (sqlite().DatabaseSync)(":memory:");
  db.exec(`CREATE VIRTUAL TABLE passages USING fts5(text, tokenize = '${TOKENIZER}')`);
  return db;
}

// Reads the \x01…\x02 marks into ranges and cuts the text to a window around the first match.
function cut(marked: string, maxChars: number): Snippet {
  let plain = "";
  const matches: [number, number][] = [];
  let open = -1;
  for (const ch of marked) {
    if (ch === "\x01") open = plain.length;
    else if (ch === "\x02") matches.push([open, plain.length]);
    else plain += ch;
  }
  if (plain.length <= maxChars) return { text: plain, matches };
  const first = matches[0]?.[0] ?? 0;
  const start = Math.max(0, Math.min(first - Math.floor(maxChars / 4), plain.length - maxChars));
  const end = Math.min(plain.length, start + maxChars);
  const head = start > 0 ? "…" : "";
  const text = head + plain.slice(start, end) + (end < plain.length ? "…" : "");
  const shift = head.length - start;
  return { text, matches: matches.filter(([s, e]) => s >= start && e <= end).map(([s, e]) => [s + shift, e + shift]) };
}
