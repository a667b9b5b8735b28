import type { ArgSchema } from "./types.js";

/**
 * Argument limits (seed 000's validation rules): query ≤ 10,000 chars (recall searches its first 32 distinct words),
 * limit 1–100, tags ≤ 20 × 100 chars, body ≤ 50,000 chars; and the ones
 * this project adds (names ≤ 200 chars as the write path has them, token
 * budgets 50–20,000, short names ≤ 100 chars, at most 50 links per save).
 */
export const LIMITS = Object.freeze({
  queryChars: 10_000,
  limitMin: 1,
  limitMax: 100,
  tagsMax: 20,
  tagChars: 100,
  linksMax: 50,
  bodyChars: 50_000,
  nameChars: 200,
  refChars: 1_000,
  shortChars: 100,
  descriptionChars: 500,
  budgetMin: 50,
  budgetMax: 20_000,
  cursorChars: 200,
});

// The schemas stay terse: every tool's schema is in every agent's context before its first call.

/** A search query argument. */
export function queryArg(): ArgSchema {
  return { type: "string", minLength: 1, maxLength: LIMITS.queryChars };
}

/** A result-count argument, 1–100. */
export function limitArg(defaultValue: number): ArgSchema {
  return { type: "integer", minimum: LIMITS.limitMin, maximum: LIMITS.limitMax, default: defaultValue };
}

/** A token-budget argument (tokens estimated as characters / 4). */
export function budgetArg(defaultValue?: number): ArgSchema {
  const arg: ArgSchema = { type: "integer", minimum: LIMITS.budgetMin, maximum: LIMITS.budgetMax };
  return defaultValue === undefined ? arg : { ...arg, default: defaultValue };
}

/** A short filter argument (project, type, tag, status, …). */
export function shortArg(values?: readonly string[]): ArgSchema {
  // An enum bounds the value already.
  // An empty filter matches nothing, which needs no refusal of its own.
  return values ? { type: "string", enum: values } : { type: "string", maxLength: LIMITS.shortChars };
}

/** An argument naming one atom: a path, an id or a unique name (an empty one names none: CORTEX_E101). */
export function refArg(description?: string): ArgSchema {
  const arg: ArgSchema = { type: "string", maxLength: LIMITS.refChars };
  return description === undefined ? arg : { ...arg, description };
}

/** A tag list argument: at most 20 tags of at most 100 characters. */
export function tagsArg(): ArgSchema {
  return { type: "array", maxItems: LIMITS.tagsMax, items: { type: "string", minLength: 1, maxLength: LIMITS.tagChars } };
}
