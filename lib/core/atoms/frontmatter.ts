/** The frontmatter block of a note, split from its body. */
export interface FrontmatterSplit {
  /** `none`: no block; `ok`: a closed block; `unterminated`: opened by `---`, never closed. */
  state: "none" | "ok" | "unterminated";
  /** The YAML between the fences (empty unless `ok`). */
  yaml: string;
  /** 1-based line of the first YAML line (2 when the file starts with `---`). */
  yamlLine: number;
  /** The text after the closing fence (the whole text unless `ok`). */
  body: string;
  /** 1-based line the body starts on. */
  bodyLine: number;
}

const FENCE = /^---[ \t]*\r?$/;
const CLOSE = /^(---|\.\.\.)[ \t]*\r?$/;

/**
 * Splits `---` fenced YAML frontmatter from the body. The fence must be the
 * very first line (a BOM must already be removed); it closes with `---` or `...`.
 */
export function splitFrontmatter(text: string): FrontmatterSplit {
  const firstEnd = text.indexOf("\n");
  if (!FENCE.test(firstEnd === -1 ? text : text.slice(0, firstEnd))) return unsplit(text, "none");
  if (firstEnd === -1) return unsplit(text, "unterminated");
  let pos = firstEnd + 1;
  let line = 2;
  while (pos <= text.length) {
    const end = text.indexOf("\n", pos);
    if (mayClose(text.charCodeAt(pos)) && CLOSE.test(end === -1 ? text.slice(pos) : text.slice(pos, end))) {
      const bodyStart = end === -1 ? text.length : end + 1;
      return { state: "ok", yaml: text.slice(firstEnd + 1, pos), yamlLine: 2, body: text.slice(bodyStart), bodyLine: line + 1 };
    }
    if (end === -1) break;
    pos = end + 1;
    line++;
  }
  return unsplit(text, "unterminated");
}

function unsplit(text: string, state: "none" | "unterminated"): FrontmatterSplit {
  return { state, yaml: "", yamlLine: 1, body: text, bodyLine: 1 };
}

/** Only a line starting with `-` or `.` can close the block: other lines are not cut out and matched. */
function mayClose(first: number): boolean {
  return first === 45 || first === 46;
}

/** The body of an atom's text: everything after the frontmatter. */
export function atomBody(text: string): string {
  return splitFrontmatter(text).body;
}
