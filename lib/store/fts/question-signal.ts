import { TEXT_FIELDS, type TextField } from "../../core/fts/fields.js";
import { answersForm, answersNear, questionForm, type QuestionForm } from "../../core/fts/question.js";
import { roundScore } from "../../core/scoring/score.js";
import type { ScoreBreakdown } from "../../core/scoring/types.js";
import type { IndexDb } from "../index-db.js";

/**
 * Question forms as a signal: for a question that asks "when" (or "how
 * long"), the hits that hold a date (or a duration) beside the question's
 * words, in the passage (of the body, a line of the name or the headings,
 * or the description) that holds the most words the query matched (see
 * `answersNear`), are × `question_form`, and their breakdown says so
 * (`questionForm`). `expression` is the query's FTS5 expression, which
 * marks the matched words. The hits come back in the same order; the caller sorts.
 * Nothing changes for any other query, or when `question_form` is 1. With
 * `top` above 0 and the hits sorted, only the hits that the lift could bring
 * into the first `top` are read (a score below the `top`-th's / factor stays
 * below it lifted), so a question costs a few notes' text, not the pool's.
 */
export function liftAnswerForms<H extends { id: number; score: number; breakdown: ScoreBreakdown | null }>(store: IndexDb, query: string, expression: string, hits: H[], factor: number, top: number): H[] {
  const form = factor <= 1 ? null : questionForm(query);
  if (form === null || hits.length === 0) return hits;
  // Less a rounding margin: a lifted score is rounded (roundScore) and could reach the top-th by a millionth.
  const floor = top > 0 && hits.length > top ? hits[top - 1]!.score / factor - 1e-6 : -Infinity;
  const holding = idsAnswering(store, form, expression, hits.filter((h) => h.score >= floor).map((h) => h.id));
  return hits.map((hit) => {
    if (!holding.has(hit.id) || hit.breakdown === null) return hit;
    const score = roundScore(hit.score * factor);
    return { ...hit, score, breakdown: { ...hit.breakdown, score, questionForm: { form, factor } } };
  });
}

// The rows whose text holds an answer of the form beside a matched word (each text read once per call, its matched
// words marked by FTS5's highlight()).
function idsAnswering(store: IndexDb, form: Exclude<QuestionForm, null>, expression: string, all: number[]): Set<number> {
  // First the rows that hold such an answer anywhere (plain text, cheap); only they are read again with their matches marked.
  const plain = store
    .prepare("SELECT rowid AS id, name, description, headings, body FROM fts WHERE rowid IN (SELECT value FROM json_each(?))")
    .all(JSON.stringify(all)) as { id: number; name: string; description: string; headings: string; body: string }[];
  const ids = plain.filter((r) => answersForm(form, `${r.name}\n${r.description}\n${r.headings}\n${r.body}`)).map((r) => r.id);
  if (ids.length === 0) return new Set();
  const marked = (field: TextField) => `highlight(fts, ${TEXT_FIELDS.indexOf(field)}, char(1), char(2)) AS ${field}`;
  const rows = store
    .prepare(`SELECT rowid AS id, ${marked("name")}, ${marked("description")}, ${marked("headings")}, ${marked("body")} FROM fts WHERE fts MATCH ? AND +rowid IN (SELECT value FROM json_each(?))`)
    .all(expression, JSON.stringify(ids)) as { id: number; name: string; description: string; headings: string; body: string }[];
  return new Set(rows.filter((r) => answersNear(form, r)).map((r) => r.id));
}
