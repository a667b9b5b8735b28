import { splitFrontmatter } from "../atoms/frontmatter.js";
import type { Atom } from "../atoms/types.js";

/** The full-text columns of one atom, in the order of {@link TEXT_FIELDS}. */
export interface TextFields {
  /** The name and the aliases. */
  name: string;
  tags: string;
  project: string;
  description: string;
  /** The path as words: split on `/ . - _` and camelCase, without the `.md` extension. */
  path: string;
  /** The text of the markdown headings of the body. */
  headings: string;
  /** The body without frontmatter and without the heading lines. */
  body: string;
}

/** The full-text fields, highest weight first; the column order of `search.db`. */
export const TEXT_FIELDS = ["name", "tags", "project", "description", "path", "headings", "body"] as const;

/** One of {@link TEXT_FIELDS}. */
export type TextField = (typeof TEXT_FIELDS)[number];

/**
 * Most of a note's text is indexed; past this many characters the rest of a
 * body is left out, so that one huge note cannot take the index run's memory.
 */
export const MAX_BODY_CHARS = 1_000_000;

/**
 * The full-text fields of an atom, from its parsed metadata and the note's
 * text (frontmatter excluded). Pure.
 *
 * @example textFields(atom, "---\nname: X\n---\n# Plan\nShip it.").headings // "Plan"
 */
export function textFields(atom: Atom, text: string): TextFields {
  const { headings, body } = splitHeadings(splitFrontmatter(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text).body);
  return {
    name: [atom.name, ...atom.aliases].join("\n"),
    tags: atom.tags.join(" "),
    project: atom.project,
    description: atom.description,
    path: pathWords(atom.path),
    headings,
    body: body.length > MAX_BODY_CHARS ? body.slice(0, MAX_BODY_CHARS) : body,
  };
}

/**
 * A vault path as words: folders, then the file name without `.md`, each cut
 * at `/ . - _` and between a lowercase letter or digit and a capital
 * (`deployFreeze` → `deploy Freeze`).
 *
 * @example pathWords("rules/deployFreeze_v2.md") // "rules deploy Freeze v2"
 */
export function pathWords(path: string): string {
  return path
    .replace(/\.md$/i, "")
    .replace(/(\p{Ll}|\p{N})(\p{Lu})/gu, "$1 $2")
    .replace(/(\p{Lu})(\p{Lu}\p{Ll})/gu, "$1 $2")
    .split(/[/._\-\s]+/u)
    .filter((w) => w.length > 0)
    .join(" ");
}

// ATX headings (`# …` to `###### …`) outside fenced code blocks go to `headings`, the rest to `body`.
function splitHeadings(text: string): { headings: string; body: string } {
  const headings: string[] = [];
  const body: string[] = [];
  let fence: string | null = null;
  for (const line of text.split("\n")) {
    const trimmed = line.trimStart();
    const marker = /^(`{3,}|~{3,})/.exec(trimmed)?.[1];
    if (marker && (fence === null || marker.startsWith(fence))) fence = fence === null ? marker : null;
    const heading = fence === null && !marker ? /^#{1,6}(?:\s+(.*?))?\s*#*\s*$/.exec(trimmed) : null;
    if (heading) headings.push(heading[1] ?? "");
    else body.push(line);
  }
  return { headings: headings.filter((h) => h.length > 0).join("\n"), body: body.join("\n") };
}
