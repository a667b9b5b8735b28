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

/** A search query argument. */
export function queryArg(description: string): ArgSchema {
  return { type: "string", description, minLength: 1, maxLength: LIMITS.queryChars };
}

/** A result-count argument, 1–100. */
export function limitArg(defaultValue: number): ArgSchema {
  return { type: "integer", description: `Results to return, ${LIMITS.limitMin}–${LIMITS.limitMax}. Default ${defaultValue}.`, minimum: LIMITS.limitMin, maximum: LIMITS.limitMax, default: defaultValue };
}

/** A token-budget argument (tokens estimated as characters / 4). */
export function budgetArg(description: string, defaultValue?: number): ArgSchema {
  const arg: ArgSchema = { type: "integer", description, minimum: LIMITS.budgetMin, maximum: LIMITS.budgetMax };
  if (defaultValue !== undefined) arg.default = defaultValue;
  return arg;
}

/** A short filter argument (project, type, tag, status, …). */
export function shortArg(description: string, values?: readonly string[]): ArgSchema {
  const arg: ArgSchema = { type: "string", description, minLength: 1, maxLength: LIMITS.shortChars };
  if (values) arg.enum = values;
  return arg;
}

/** A tag list argument: at most 20 tags of at most 100 characters. */
export function tagsArg(description: string): ArgSchema {
  return { type: "array", description, maxItems: LIMITS.tagsMax, items: { type: "string", minLength: 1, maxLength: LIMITS.tagChars } };
}
