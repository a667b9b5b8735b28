/** The file name of a vault-relative path without its `.md` extension. */
export function fileStem(path: string): string {
  const base = path.slice(path.lastIndexOf("/") + 1);
  return base.toLowerCase().endsWith(".md") ? base.slice(0, -3) : base;
}

/**
 * The name a file without a `name` field gets: its stem with underscores, and
 * hyphens between letters, as spaces and each word capitalized, e.g.
 * `deploy_freeze.md` → `Deploy Freeze`, `use-kafka.md` → `Use Kafka`
 * (a date such as `2026-11-03` keeps its hyphens). Control characters a file
 * name may hold (U+001F) become spaces too, as a tab does.
 */
export function nameFromPath(path: string): string {
  return fileStem(path)
    .replace(/[_\x00-\x1f\x7f]/g, " ")
    .replace(/(?<=\p{L})-(?=\p{L})/gu, " ")
    .replace(/\s+/g, " ")
    .trim()
    .replace(/(^|\s)(\p{Ll})/gu, (_, space: string, ch: string) => space + ch.toUpperCase());
}

/**
 * A lowercase ASCII slug of a name, words joined by `_`, at most `max` chars:
 * `Deploy freeze: v2.3` → `deploy_freeze_v2_3`. Accents are dropped; a name
 * with no ASCII letters or digits gives `untitled`.
 */
export function slugify(name: string, max = 60): string {
  const slug = name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "_")
    .replace(/^_+|_+$/g, "")
    .slice(0, max)
    .replace(/_+$/, "");
  return slug || "untitled";
}
