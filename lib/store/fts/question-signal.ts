import { answersForm, questionForm, type QuestionForm } from "../../core/fts/question.js";
import { roundScore } from "../../core/scoring/score.js";
import type { ScoreBreakdown } from "../../core/scoring/types.js";
import type { IndexDb } from "../index-db.js";

/**
 * Question forms as a signal: for a question that asks "when" (or "how
 * long"), the hits whose name, description, headings or body hold a date (or
 * a duration) are × `question_form`, and their breakdown says so
 * (`questionForm`). The hits come back in the same order; the caller sorts.
 * Nothing changes for any other query, or when `question_form` is 1. With
 * `top` above 0 and the hits sorted, only the hits that the lift could bring
 * into the first `top` are read (a score below the `top`-th's / factor stays
 * below it lifted), so a question costs a few notes' text, not the pool's.
 */
export function liftAnswerForms<H extends { id: number; score: number; breakdown: ScoreBreakdown | null }>(store: IndexDb, query: string, hits: H[], factor: number, top: number): H[] {
  const form = factor <= 1 ? null : questionForm(query);
  if (form === null || hits.length === 0) return hits;
  // Less a rounding margin: a lifted score is rounded (roundScore) and could reach the top-th by a millionth.
  const floor = top > 0 && hits.length > top ? hits[top - 1]!.score / factor - 1e-6 : -Infinity;
  const holding = idsAnswering(store, form, hits.filter((h) => h.score >= floor).map((h) => h.id));
  return hits.map((hit) => {
    if (!holding.has(hit.id) || hit.breakdown === null) return hit;
    const score = roundScore(hit.score * factor);
    return { ...hit, score, breakdown: { ...hit.breakdown, score, questionForm: { form, factor } } };
  });
}

// The rows whose text holds an answer of the form (each text read once per call).
function idsAnswering(store: IndexDb, form: Exclude<QuestionForm, null>, ids: number[]): Set<number> {
  const rows = store
    .prepare("SELECT rowid AS id, name, description, headings, body FROM fts WHERE rowid IN (SELECT value FROM json_each(?))")
    .all(JSON.stringify(ids)) as { id: number; name: string; description: string; headings: string; body: string }[];
  return new Set(rows.filter((r) => answersForm(form, `${r.name}\n${r.description}\n${r.headings}\n${r.body}`)).map((r) => r.id));
}
