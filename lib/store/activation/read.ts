import { closeSync, openSync, readSync, fstatSync } from "node:fs";
import { vaultPaths } from "../paths.js";
import { activationFromEvents } from "../../core/activation/activation.js";
import type { AccessRecord } from "../../core/activation/types.js";

/** How much of the end of the access log is read: enough for months of use, bounded for speed. */
const TAIL_BYTES = 2 * 1024 * 1024;

/**
 * The activation of every atom from the vault's `index/access_log.jsonl`
 * (its last 2 MiB). A missing or unreadable log gives an empty map;
 * malformed lines are skipped.
 *
 * @example const activation = loadActivation(vaultDir, "2026-11-22");
 */
export function loadActivation(vaultDir: string, today: string): Map<string, number> {
  return activationFromEvents(parseAccessLines(readTail(vaultPaths(vaultDir).accessLog, TAIL_BYTES)), today);
}

/** Parses access-log lines, skipping any that are not a well-formed event. */
export function parseAccessLines(text: string): AccessRecord[] {
  return jsonObjectLines(text)
    .filter((e) => typeof e.ts === "string" && typeof e.op === "string" && Array.isArray(e.results))
    .map((e) => ({ ts: e.ts as string, op: e.op as string, query: typeof e.query === "string" ? e.query : "", results: (e.results as unknown[]).filter((r): r is string => typeof r === "string") }));
}

/** The objects of a JSONL text: its lines that start with `{` and parse (a torn or foreign line is skipped). */
export function jsonObjectLines(text: string): Record<string, unknown>[] {
  const objects: Record<string, unknown>[] = [];
  for (const line of text.split("\n")) {
    if (!line.startsWith("{")) continue;
    try {
      objects.push(JSON.parse(line) as Record<string, unknown>);
    } catch {
      // a torn or foreign line: skip it
    }
  }
  return objects;
}

/** The last `bytes` bytes of a file as text, starting at a line boundary; "" when unreadable. */
export function readTail(file: string, bytes: number): string {
  let fd: number;
  try {
    fd = openSync(file, "r");
  } catch {
    return "";
  }
  try {
    const size = fstatSync(fd).size;
    const start = Math.max(0, size - bytes);
    const buffer = Buffer.alloc(size - start);
    readSync(fd, buffer, 0, buffer.length, start);
    const text = buffer.toString("utf8");
    return start === 0 ? text : text.slice(text.indexOf("\n") + 1);
  } catch {
    return "";
  } finally {
    closeSync(fd);
  }
}
