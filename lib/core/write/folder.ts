/** The folder each type's atoms go to by default (seed layout); any other type goes to `atoms/`. */
export const TYPE_FOLDERS: Readonly<Record<string, string>> = Object.freeze({
  rule: "rules",
  feedback: "feedback",
  insight: "insights",
  incident: "incidents",
  person: "people",
  reference: "reference",
  user: "user",
});

/** The vault-relative folder of a new atom: `dir` when given, else the type's folder. */
export function atomFolder(type: string, dir: string | null): string {
  return dir ?? TYPE_FOLDERS[type] ?? "atoms";
}
