import type { OutputSchema } from "./types.js";

/** JSON Schema building blocks for the tools' `outputSchema`s. */
export const S = Object.freeze({
  string: { type: "string" },
  integer: { type: "integer" },
  number: { type: "number" },
  boolean: { type: "boolean" },
  stringOrNull: { type: ["string", "null"] },
  strings: { type: "array", items: { type: "string" } },
  /** `[name, count]` pairs, as the status counts are (written without `prefixItems`, which older validators do not know). */
  counts: { type: "array", items: { type: "array", items: { type: ["string", "integer"] }, minItems: 2, maxItems: 2 } },
});

/** An object schema whose every listed property is required (`optional` ones may be absent), and no other. */
export function object(properties: Record<string, unknown>, optional: readonly string[] = []): Record<string, unknown> {
  return { type: "object", properties, required: Object.keys(properties).filter((k) => !optional.includes(k)), additionalProperties: false };
}

/** What every write tool reports about git: whether the change was committed, and why not when it was not. */
export const COMMIT_FIELDS = Object.freeze({ committed: S.boolean, commit_note: S.stringOrNull, index_error: S.stringOrNull });

/** The {@link COMMIT_FIELDS} of a write's result (`commit` and `indexError` as the library returns them). */
export function commitFields(result: { commit?: { committed: boolean; reason?: string }; indexError?: string }): { committed: boolean; commit_note: string | null; index_error: string | null } {
  return { committed: result.commit?.committed ?? false, commit_note: result.commit?.reason ?? null, index_error: result.indexError ?? null };
}

/** An array of `items`. */
export function arrayOf(items: unknown): Record<string, unknown> {
  return { type: "array", items };
}

/** The `error` of a failed call (see `ToolErrorData`). */
const ERROR_SCHEMA = object(
  {
    code: { type: "string", pattern: "^CORTEX_E[0-9]{3}$" },
    category: { enum: ["vault", "argument", "rejected", "cancelled", "internal"] },
    message: S.string,
    suggestion: S.string,
    argument: S.string,
    details: { type: "object" },
  },
  ["argument", "details"],
);

/**
 * A tool's `outputSchema`: the structured result of a successful call
 * (`properties`, all required), or of a failed one
 * (`{ error }`, with the code, message and suggestion), so that every
 * `structuredContent` the tool returns validates against it, and nothing
 * else does (`additionalProperties: false` on every object).
 *
 * @example toolOutput({ total: S.integer }) // { type: "object", properties: { total, error }, anyOf: [...] }
 */
export function toolOutput(properties: Record<string, unknown>): OutputSchema {
  return {
    type: "object",
    properties: { ...properties, error: ERROR_SCHEMA },
    required: [],
    additionalProperties: false,
    anyOf: [{ required: Object.keys(properties) }, { required: ["error"] }],
  };
}
