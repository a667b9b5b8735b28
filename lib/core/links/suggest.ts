import type { Atom } from "../atoms/types.js";
import { closestWords } from "../util/closest.js";

/** A note as a link may name it: its path, name and aliases. */
export type NamedNote = Pick<Atom, "path" | "name" | "aliases">;

/**
 * For a `[[target]]` that opens no note, the link to write instead: to the
 * note whose file name, name or alias is nearest to the target (spaces, `_`
 * and `-` alike, letter case aside), as `[[stem]]` or `[[alias]]`; null when
 * no note is that close. The notes are read once, on the first call, and
 * each target's answer is kept. Deterministic: ties go to the first note by path.
 *
 * @example noteLinkSuggester(() => [{ path: "people/priya_raman.md", name: "Priya Raman", aliases: [] }])("Priya Ramen") // "[[priya_raman]]"
 */
export function noteLinkSuggester(notes: () => readonly NamedNote[]): (target: string) => string | null {
  let links: Map<string, string> | undefined;
  const answers = new Map<string, string | null>();
  return (target) => {
    const key = linkKey(target.split("|")[0]!.split("#")[0]!.replace(/\.md$/i, "").split("/").pop()!);
    if (key === "") return null;
    if (answers.has(key)) return answers.get(key)!;
    links ??= linkKeys(notes());
    const near = links.has(key) ? key : closestWords(key, links.keys(), 1)[0];
    const answer = near === undefined ? null : `[[${links.get(near)!}]]`;
    answers.set(key, answer);
    return answer;
  };
}

// Every name a note answers to, as a key, with the link text that opens it.
function linkKeys(notes: readonly NamedNote[]): Map<string, string> {
  const links = new Map<string, string>();
  for (const note of [...notes].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0))) {
    const stem = note.path.replace(/\.md$/i, "").split("/").pop()!;
    for (const [name, link] of [[stem, stem], [note.name, stem], ...note.aliases.map((a) => [a, a])] as [string, string][]) {
      const k = linkKey(name);
      if (k !== "" && !links.has(k)) links.set(k, link);
    }
  }
  return links;
}

// A name as links are compared: lower case, runs of spaces, `_` and `-` as one space.
function linkKey(name: string): string {
  return name.toLowerCase().replace(/[\s_-]+/g, " ").trim();
}
