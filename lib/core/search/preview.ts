import { plainText } from "../atoms/markdown.js";

/**
 * The preview of a note: its first three non-empty, non-heading body lines
 * (wikilinks and markup rendered as plain text) joined on one line, at most
 * `max` chars.
 */
export function bodyPreview(body: string, max = 200): string {
  const lines: string[] = [];
  for (const raw of body.split("\n")) {
    const line = raw.trim();
    if (!line || /^#{1,6}(\s|$)/.test(line) || line.startsWith("<!--") || /^(-{3,}|`{3,}|~{3,})/.test(line)) continue;
    lines.push(plainText(line));
    if (lines.length === 3) break;
  }
  const text = lines.join(" ").replace(/\s+/g, " ").trim();
  const chars = [...text];
  return chars.length > max ? `${chars.slice(0, max - 1).join("")}…` : text;
}
