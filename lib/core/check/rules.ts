import { splitFrontmatter } from "../atoms/frontmatter.js";
import { readFrontmatterData } from "../atoms/frontmatter-data.js";
import type { Diagnostic } from "../atoms/types.js";
import type { CortexConfig } from "../config/types.js";
import type { AmbiguousLink, BrokenLink } from "../links/types.js";
import { isAttachmentTarget } from "../links/attachments.js";
import { findMarkers } from "../moc/markers.js";
import type { CheckSettings } from "./types.js";

/** What {@link checkAtomText} finds in one note. */
export interface AtomCheck {
  diagnostics: Diagnostic[];
  /** The frontmatter `id` and its line, for the duplicate check. */
  id: string | null;
  idLine: number;
}

/**
 * Frontmatter rules of one note: required fields (for notes whose
 * frontmatter has an `id` or a `type`), a `project` outside `[projects] names`,
 * and tags with spaces or capitals. Pure. Problems the parser already
 * reports (bad YAML, bad dates, invalid type/status) are not repeated here.
 *
 * @example checkAtomText("a.md", "---\nid: x\n---\n", config, { required: ["id", "name"] })
 */
export function checkAtomText(path: string, text: string, config: CortexConfig, settings: CheckSettings): AtomCheck {
  const split = splitFrontmatter(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);
  if (split.state !== "ok") return { diagnostics: [], id: null, idLine: 1 };
  const { data, keyLine } = readFrontmatterData(split.yaml, split.yamlLine);
  const found: Diagnostic[] = [];
  const report = (line: number, rule: string, message: string, severity: Diagnostic["severity"]) => found.push({ file: path, line, rule, message, severity });
  if (has(data, "id") || has(data, "type")) {
    const missing = settings.required.filter((key) => !has(data, key));
    if (missing.length > 0) report(1, "missing-field", `frontmatter lacks required field${missing.length === 1 ? "" : "s"}: ${missing.join(", ")}`, "error");
  }
  const project = data.project;
  if (typeof project === "string" && project.trim() && config.projects.length > 0 && !config.projects.includes(project.trim())) {
    report(keyLine("project"), "invalid-project", `project: "${project.trim()}" is not one of [projects] names: ${config.projects.join(", ")}`, "error");
  }
  for (const key of ["tags", "tag"]) {
    const tags = data[key];
    if (!Array.isArray(tags)) continue;
    for (const tag of tags) {
      if (typeof tag !== "string") continue;
      const bare = tag.trim().replace(/^#+/, "");
      if (/\s/.test(bare)) report(keyLine(key), "tag-format", `tag "${bare}" contains a space; Obsidian tags cannot (use - or _)`, "warning");
      else if (bare !== bare.toLowerCase()) report(keyLine(key), "tag-format", `tag "${bare}" has capitals; tags are compared lowercase, write "${bare.toLowerCase()}"`, "warning");
    }
  }
  const id = typeof data.id === "string" || typeof data.id === "number" ? String(data.id).trim() || null : null;
  return { diagnostics: found, id, idLine: keyLine("id") };
}

/** An error on every file whose `id` another file also has. */
export function duplicateIdDiagnostics(atoms: readonly { path: string; id: string | null; idLine: number }[]): Diagnostic[] {
  const byId = new Map<string, { path: string; idLine: number }[]>();
  for (const a of atoms) if (a.id !== null) byId.set(a.id, [...(byId.get(a.id) ?? []), a]);
  const found: Diagnostic[] = [];
  for (const [id, list] of byId) {
    if (list.length < 2) continue;
    for (const a of list) {
      const others = list.filter((o) => o !== a).map((o) => o.path);
      found.push({ file: a.path, line: a.idLine, rule: "duplicate-id", message: `id "${id}" is also the id of ${others.join(", ")}`, severity: "error" });
    }
  }
  return found;
}

/**
 * The AUTO markers of a MOC (`_moc/*.md`, MEMORY.md) that `refresh-moc`
 * would leave alone: unclosed, without an opening, duplicated or nested, as
 * errors `moc-<kind>`, so that a section that would never be refreshed is
 * caught before it is committed. Pure.
 *
 * @example markerDiagnostics("_moc/ops.md", "<!-- AUTO:hot -->\n") // [{ rule: "moc-unclosed", line: 1, … }]
 */
export function markerDiagnostics(path: string, text: string): Diagnostic[] {
  return findMarkers(text).problems.map((p) => ({ file: path, line: p.line, rule: `moc-${p.kind}`, message: p.message, severity: "error" as const }));
}

/**
 * Broken links are errors (`broken-link`, or `missing-file` for an image or
 * other attachment), with the link to write instead when `suggest` finds one;
 * ambiguous ones warnings.
 */
export function linkDiagnostics(broken: readonly BrokenLink[], ambiguous: readonly AmbiguousLink[], suggest: (target: string) => string | null = () => null): Diagnostic[] {
  const found: Diagnostic[] = [];
  for (const b of broken) {
    const attachment = isAttachmentTarget(b.target);
    const instead = attachment ? null : suggest(b.target);
    found.push({
      file: b.from,
      line: b.line ?? 1,
      rule: attachment ? "missing-file" : "broken-link",
      message: attachment ? `links to "${b.target}", which is not in the vault` : `[[${b.target}]] matches no note in the vault${instead ? `; did you mean ${instead}?` : ""}`,
      severity: "error",
    });
  }
  for (const a of ambiguous) {
    found.push({
      file: a.from,
      line: a.line ?? 1,
      rule: "ambiguous-link",
      message: `[[${a.target}]] matches ${a.candidates.length} notes (${a.candidates.join(", ")}); Obsidian opens the shortest path, ${a.path}; write more of the path to choose`,
      severity: "warning",
    });
  }
  return found;
}

function has(data: Record<string, unknown>, key: string): boolean {
  const v = data[key];
  return v !== undefined && v !== null && v !== "";
}
