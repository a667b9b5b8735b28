import { CHARS_PER_TOKEN } from "../../core/context/assemble.js";
import type { ToolSpec } from "./types.js";

/** The most tokens the tool list may weigh in an agent's context (names, descriptions and input schemas). */
export const TOOL_BUDGET_TOKENS = 1500;

/**
 * What a tool list weighs in every agent's context before its first call:
 * the characters of each tool's name, description and input schema as JSON
 * (as `tools/list` sends them), and tokens estimated as characters / 4, the
 * estimate briefings use. Titles, annotations and output schemas are left
 * out: clients do not put them in the model's context.
 */
export function toolListWeight(tools: readonly ToolSpec[]): { chars: number; tokens: number; byTool: Record<string, number> } {
  const byTool: Record<string, number> = {};
  for (const t of tools) byTool[t.name] = JSON.stringify({ name: t.name, description: t.description, inputSchema: t.inputSchema }).length;
  const chars = Object.values(byTool).reduce((a, b) => a + b, 0);
  return { chars, tokens: Math.ceil(chars / CHARS_PER_TOKEN), byTool };
}
