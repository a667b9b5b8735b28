/**
 * A result as the CLI prints it with `--json`: object keys in snake_case, the
 * style of the index files (`commitNote` → `commit_note`). Only for results
 * whose keys are field names, never for maps keyed by data (tags, projects).
 */
export function snakeKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(snakeKeys);
  if (value === null || typeof value !== "object") return value;
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`), snakeKeys(v)]));
}

/** `[name, count]` pairs as objects a script can read by key: `[{ <key>: name, count }]`. */
export function countObjects(pairs: readonly (readonly [string, number])[], key: string): Record<string, string | number>[] {
  return pairs.map(([name, count]) => ({ [key]: name, count }));
}

/** An error as `--json` callers read it on stderr: `{"error":{"code","message","hint"?}}`. */
export function jsonError(code: string, message: string, hint?: string): string {
  return `${JSON.stringify({ error: { code, message: message.trim(), ...(hint ? { hint } : {}) } })}\n`;
}
