import type { TranscriptMessage } from "./types.js";

/**
 * The searchable text of one line of a Claude Code transcript: the message
 * content of `user` and `assistant` lines (a string, or the `text` of its
 * text blocks), or the `summary` of a summary line; null for anything else
 * (tool calls, tool results, metadata, malformed lines).
 */
export function messageOfLine(line: string): TranscriptMessage | null {
  let entry: Record<string, unknown>;
  try {
    entry = JSON.parse(line) as Record<string, unknown>;
  } catch {
    return null;
  }
  if (typeof entry !== "object" || entry === null) return null;
  const ts = typeof entry.timestamp === "string" ? entry.timestamp : null;
  const sessionId = typeof entry.sessionId === "string" ? entry.sessionId : null;
  if (entry.type === "summary" && typeof entry.summary === "string") return { role: "summary", text: entry.summary, ts, sessionId };
  if (entry.type !== "user" && entry.type !== "assistant") return null;
  const message = entry.message as { content?: unknown } | undefined;
  const text = contentText(message?.content);
  return text ? { role: String(entry.type), text, ts, sessionId } : null;
}

function contentText(content: unknown): string {
  if (typeof content === "string") return content;
  if (!Array.isArray(content)) return "";
  const parts: string[] = [];
  for (const block of content) {
    const b = block as { type?: unknown; text?: unknown };
    if (b && b.type === "text" && typeof b.text === "string") parts.push(b.text);
  }
  return parts.join("\n");
}

/**
 * The text around the first case-insensitive match of `needle` (already
 * lowercase), whitespace collapsed, `radius` characters each side, cut ends
 * marked with "…"; null when there is no match.
 *
 * @example excerptAround("we set the Redis pool to 20", "redis pool", 5) // "…t the Redis pool to 2…"
 */
export function excerptAround(text: string, needle: string, radius = 160): string | null {
  const flat = text.replace(/\s+/g, " ").trim();
  const at = flat.toLowerCase().indexOf(needle);
  if (at === -1) return null;
  const start = Math.max(0, at - radius);
  const end = Math.min(flat.length, at + needle.length + radius);
  return `${start > 0 ? "…" : ""}${flat.slice(start, end)}${end < flat.length ? "…" : ""}`;
}
