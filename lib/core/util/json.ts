import { runInNewContext } from "node:vm";

/**
 * `JSON.parse`, safe from a V8 bug of Node 24 and 26 (nodejs/node#63785,
 * V8 issue 521080746): once a process has parsed an object key written with
 * an escape (`"a\\b"`), a later key written with another escape at the same
 * place can come back as a backslash (`"a\nb"` read as `a\b`). Index files
 * keyed by note paths or tags (graph.json, links.json, by_tag.json…) may
 * hold such keys. A parse whose top-level keys hold a backslash, the only
 * ones this tool's files may escape, is made again in a script context of
 * its own (where no earlier key is known) and copied back, so it is exact.
 * Texts without such keys, nearly all, cost one look at the keys.
 */
export function parseJson(text: string): unknown {
  const parsed = JSON.parse(text) as unknown;
  if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) return parsed;
  for (const key in parsed) if (key.includes("\\")) return structuredClone(runInNewContext("JSON.parse(text)", { text }));
  return parsed;
}
