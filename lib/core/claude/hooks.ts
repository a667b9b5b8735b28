import { ConfigError, type CortexConfig } from "../config/types.js";
import type { HookEvent, HookInput, HookSettings } from "./types.js";

/**
 * Parses the JSON a hook receives on stdin; empty input is `{}`.
 *
 * @throws SyntaxError when it is not a JSON object.
 */
export function parseHookInput(text: string): HookInput {
  if (text.trim() === "") return {};
  const value = JSON.parse(text) as unknown;
  if (typeof value !== "object" || value === null || Array.isArray(value)) throw new SyntaxError("hook input is not a JSON object");
  return value as HookInput;
}

/**
 * The line a hook prints: `{"hookSpecificOutput":{"hookEventName":…,"additionalContext":…}}`;
 * empty when there is no context to add.
 */
export function hookOutput(event: HookEvent, context: string): string {
  if (!context.trim()) return "";
  return `${JSON.stringify({ hookSpecificOutput: { hookEventName: event, additionalContext: context } })}\n`;
}

/**
 * The project a working directory belongs to: the deepest folder of `cwd`
 * whose name is one of `projects` (case-insensitive); null when none is.
 *
 * @example projectFromCwd("/home/me/code/backend/src", ["ops", "backend"]) // "backend"
 */
export function projectFromCwd(cwd: string, projects: Iterable<string>): string | null {
  const byLower = new Map<string, string>();
  for (const p of projects) if (p && !byLower.has(p.toLowerCase())) byLower.set(p.toLowerCase(), p);
  const folders = cwd.split(/[\\/]+/).filter(Boolean);
  for (let i = folders.length - 1; i >= 0; i--) {
    const found = byLower.get(folders[i]!.toLowerCase());
    if (found) return found;
  }
  return null;
}

/**
 * `[hooks]` of cortex.toml: `budget` (tokens, 50–20,000, default 800) and
 * `min_score` (default 8).
 *
 * @throws ConfigError for a wrong type or a value out of range.
 */
export function hookSettings(config: CortexConfig): HookSettings {
  const settings: HookSettings = { budget: 800, min_score: 8 };
  const section = config.extra.hooks;
  if (section === undefined) return settings;
  const file = config.source ?? "cortex.toml";
  if (typeof section !== "object" || section === null || Array.isArray(section)) throw new ConfigError(file, "hooks", "expected a table ([hooks])");
  const table = section as Record<string, unknown>;
  if (table.budget !== undefined) {
    if (!Number.isInteger(table.budget) || (table.budget as number) < 50 || (table.budget as number) > 20_000) throw new ConfigError(file, "hooks.budget", `expected a whole number from 50 to 20000, got ${JSON.stringify(table.budget)}`);
    settings.budget = table.budget as number;
  }
  if (table.min_score !== undefined) {
    if (typeof table.min_score !== "number" || !Number.isFinite(table.min_score) || table.min_score < 0) throw new ConfigError(file, "hooks.min_score", `expected a non-negative number, got ${JSON.stringify(table.min_score)}`);
    settings.min_score = table.min_score;
  }
  return settings;
}
