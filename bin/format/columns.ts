/**
 * Fitting text to a terminal's width: wrapping at word boundaries, aligned
 * columns, paths shortened in the middle. Widths count terminal columns:
 * colour escapes take none, combining marks none, wide (East Asian, emoji)
 * characters two. Output that goes to a pipe is never fitted (no width).
 */

// SGR colour escapes (`\x1b[1m`, `\x1b[39m`): what cortex's own output holds.
const ESCAPE = /\x1b\[[0-9;]*m/g;
const ELLIPSIS = "…";

/** The number of terminal columns `text` takes (one line). */
export function displayWidth(text: string): number {
  let width = 0;
  for (const char of text.replace(ESCAPE, "")) width += charWidth(char.codePointAt(0)!);
  return width;
}

function charWidth(code: number): number {
  if (code < 0x300) return code < 0x20 ? 0 : 1;
  if (/\p{Mn}|\p{Me}|\u200b|\u200d|\ufe0f/u.test(String.fromCodePoint(code))) return 0;
  return isWide(code) ? 2 : 1;
}

// East Asian wide and fullwidth ranges, and the emoji blocks: two columns in a terminal.
function isWide(code: number): boolean {
  return (
    (code >= 0x1100 && code <= 0x115f) ||
    (code >= 0x2e80 && code <= 0xa4cf && code !== 0x303f) ||
    (code >= 0xac00 && code <= 0xd7a3) ||
    (code >= 0xf900 && code <= 0xfaff) ||
    (code >= 0xfe30 && code <= 0xfe4f) ||
    (code >= 0xff00 && code <= 0xff60) ||
    (code >= 0xffe0 && code <= 0xffe6) ||
    (code >= 0x1f300 && code <= 0x1faff) ||
    (code >= 0x20000 && code <= 0x3fffd)
  );
}

/**
 * `text` wrapped at spaces so that each line, `indent` included, takes at
 * most `width` columns; every line starts with `indent`. A word longer than
 * the line stands alone on its line, whole (a URL stays copyable).
 *
 * @example wrapWords("one two three", 9, "  ") // "  one two\n  three"
 */
export function wrapWords(text: string, width: number, indent = ""): string {
  const room = Math.max(1, width - displayWidth(indent));
  const lines: string[] = [];
  let line = "";
  let used = 0;
  for (const word of text.split(/\s+/).filter((w) => w !== "")) {
    const w = displayWidth(word);
    if (line !== "" && used + 1 + w > room) {
      lines.push(line);
      line = "";
      used = 0;
    }
    line = line === "" ? word : `${line} ${word}`;
    used += (used === 0 ? 0 : 1) + w;
  }
  lines.push(line);
  return lines.map((l) => indent + l).join("\n");
}

/**
 * `text` in at most `width` columns, its middle replaced by `…` when it is
 * longer: the start and, longer, the end (for a path: the top folder and the
 * file name) stay. Plain text only (no escapes).
 *
 * @example shortenMiddle("projects/backend/deep/folder/note.md", 24) // "projects/…folder/note.md"
 */
export function shortenMiddle(text: string, width: number): string {
  if (displayWidth(text) <= width) return text;
  if (width <= 1) return ELLIPSIS.slice(0, width);
  const chars = [...text];
  const headRoom = Math.floor((width - 1) * 0.4);
  const head = takeColumns(chars, headRoom);
  const tail = [...takeColumns([...chars].reverse(), width - 1 - displayWidth(head))].reverse().join("");
  return `${head}${ELLIPSIS}${tail}`;
}

/** `text` in at most `width` columns, cut at the end with `…` when longer. Plain text only. */
export function truncateEnd(text: string, width: number): string {
  if (displayWidth(text) <= width) return text;
  if (width <= 1) return ELLIPSIS.slice(0, width);
  return `${takeColumns([...text], width - 1)}${ELLIPSIS}`;
}

// The first characters of `chars` that fit in `columns`.
function takeColumns(chars: readonly string[], columns: number): string {
  let out = "";
  let used = 0;
  for (const char of chars) {
    const w = displayWidth(char);
    if (used + w > columns) break;
    out += char;
    used += w;
  }
  return out;
}

/** `text` followed by spaces up to `width` columns. */
export function padColumns(text: string, width: number): string {
  return text + " ".repeat(Math.max(0, width - displayWidth(text)));
}

/**
 * The widths of a path column and a name column that share `room` columns:
 * each as wide as its longest cell when both fit. Otherwise the split that
 * hides the fewest columns in all (long paths shortened in the middle, long
 * names cut at the end), the path keeping at least three tenths of the room.
 */
export function shareColumns(paths: readonly string[], names: readonly string[], room: number): { path: number; name: number } {
  const pathWidths = paths.map(displayWidth);
  const nameWidths = names.map(displayWidth);
  const longestPath = Math.max(0, ...pathWidths);
  if (longestPath + Math.max(0, ...nameWidths) <= room) return { path: longestPath, name: Math.max(0, ...nameWidths) };
  let best = { path: Math.min(longestPath, Math.ceil(room * 0.4)), cost: Infinity };
  for (let path = Math.min(longestPath, Math.ceil(room * 0.3)); path <= Math.min(longestPath, room - 8); path++) {
    const cost = hidden(pathWidths, path) + hidden(nameWidths, room - path);
    if (cost <= best.cost) best = { path, cost };
  }
  return { path: best.path, name: room - best.path };
}

// The columns that cells of these widths lose in a column of `width`.
function hidden(widths: readonly number[], width: number): number {
  let sum = 0;
  for (const w of widths) if (w > width) sum += w - width;
  return sum;
}
