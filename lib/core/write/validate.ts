import { ATOM_STATUSES, ATOM_TYPES } from "../atoms/types.js";
import type { CortexConfig } from "../config/types.js";
import { invalid } from "./errors.js";
import type { ValidWrite, WriteInput } from "./types.js";
import { codePointLength, collapseWhitespace } from "../util/text.js";

/** Limits of a write (seed 000's validation rules). */
export const WRITE_LIMITS = Object.freeze({ name: 200, body: 50_000, description: 150, tags: 20, tag: 100, project: 100, link: 300 });

const TAG = /^[a-z0-9_:/-]+$/;
// C0 controls other than whitespace, DEL, and the C1 range.
const CONTROL = /[\u0000-\u0008\u000e-\u001f\u007f-\u009f]/;
// Invisible characters that make text read differently from what it holds: bidi controls ("Trojan Source") and zero-width characters.
const BIDI = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/;
const ZERO_WIDTH = /[\u200b-\u200d\u2060\ufeff]/;
// Characters a project name cannot hold: it names the file of its map of content, _moc/<project>.md.
const PROJECT_FORBIDDEN = /[/\\:*?"<>|]/;

/**
 * Checks and normalizes a write input; pure. Names and descriptions are made
 * one line (whitespace runs → one space); tags lose a leading `#` and are
 * lowercased; links lose `[[…]]`.
 *
 * @throws WriteRejectedError (`VALIDATION`) naming the first bad field and the rule.
 * @example validateWriteInput({ name: "No Friday deploys", type: "rule", project: "ops" }, config)
 */
export function validateWriteInput(input: WriteInput, config: CortexConfig): ValidWrite {
  return {
    name: checkName(input.name),
    type: checkEnum("type", input.type, ATOM_TYPES, undefined),
    project: checkProject(input.project, config),
    status: checkEnum("status", input.status, ATOM_STATUSES, "active"),
    tags: checkTags(input.tags ?? []),
    body: checkBody(input.body ?? ""),
    dir: normalizeDir(input.dir),
    description: checkDescription(input.description),
    confidence: checkNumber("confidence", input.confidence, { min: 0, max: 1 }),
    pnl_impact: checkNumber("pnl_impact", input.pnl_impact, {}),
    links: checkLinks(input.links ?? []),
  };
}

function show(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 60 ? `${text.slice(0, 57)}..."` : text;
}

function requireString(field: string, value: unknown): string {
  if (typeof value !== "string") throw invalid(field, "type", `expected text, got ${show(value)}`);
  return value;
}

function checkName(value: unknown): string {
  const name = collapseWhitespace(requireString("name", value ?? ""));
  if (name === "") throw invalid("name", "required", "is required and must not be blank");
  if (CONTROL.test(name)) throw invalid("name", "control-character", `${show(name)} contains a control character`);
  checkInvisible("name", name);
  const length = codePointLength(name);
  if (length > WRITE_LIMITS.name) throw invalid("name", "max-length", `is ${length} chars, at most ${WRITE_LIMITS.name} allowed`);
  return name;
}

function checkEnum(field: string, value: unknown, allowed: readonly string[], fallback: string | undefined): string {
  if ((value === undefined || value === null || value === "") && fallback !== undefined) return fallback;
  const text = requireString(field, value ?? "").trim().toLowerCase();
  if (!allowed.includes(text)) throw invalid(field, `invalid-${field}`, `${show(value)} is not one of ${allowed.join(", ")}`);
  return text;
}

function checkProject(value: unknown, config: CortexConfig): string {
  const project = requireString("project", value ?? "").trim();
  if (project === "") throw invalid("project", "required", "is required and must not be blank");
  if (/\s/.test(project.replace(/ /g, "")) || CONTROL.test(project)) throw invalid("project", "project-format", `${show(project)} must be one line without tabs or control characters`);
  checkInvisible("project", project);
  if (PROJECT_FORBIDDEN.test(project) || project.startsWith(".")) {
    throw invalid("project", "project-name", `${show(project)} must be a plain name: no / \\ : * ? " < > | and not starting with a dot`);
  }
  if (project.length > WRITE_LIMITS.project) throw invalid("project", "max-length", `is ${project.length} chars, at most ${WRITE_LIMITS.project} allowed`);
  if (config.projects.length > 0 && !config.projects.includes(project)) {
    throw invalid("project", "unknown-project", `${show(project)} is not in [projects] names (${config.projects.join(", ")})`);
  }
  return project;
}

// A one-line field must not hold a bidi control or a zero-width character.
function checkInvisible(field: string, value: string): void {
  const found = BIDI.exec(value) ?? ZERO_WIDTH.exec(value);
  // The value is not echoed: it would carry the invisible character into the message.
  if (found) throw invalid(field, "invisible-character", `contains the invisible character ${codePoint(found[0])}, which can make it read differently from what it holds`);
}

function codePoint(char: string): string {
  return `U+${char.codePointAt(0)!.toString(16).toUpperCase().padStart(4, "0")}`;
}

function checkTags(values: readonly unknown[]): string[] {
  if (!Array.isArray(values)) throw invalid("tags", "type", `expected a list of tags, got ${show(values)}`);
  const tags: string[] = [];
  for (const value of values) {
    const tag = requireString("tags", value).trim().replace(/^#+/, "").toLowerCase();
    if (tag === "" || tags.includes(tag)) continue;
    if (!TAG.test(tag)) throw invalid("tags", "tag-format", `${show(value)} may only use lowercase a-z, 0-9 and _ : / -`);
    if (tag.length > WRITE_LIMITS.tag) throw invalid("tags", "tag-length", `${show(tag.slice(0, 20) + "…")} is ${tag.length} chars, at most ${WRITE_LIMITS.tag} allowed`);
    tags.push(tag);
  }
  if (tags.length > WRITE_LIMITS.tags) throw invalid("tags", "too-many-tags", `${tags.length} tags, at most ${WRITE_LIMITS.tags} allowed`);
  return tags;
}

/** A note body checked against the write limits (length, NUL, ESC, bidi controls). @throws WriteRejectedError (`VALIDATION`, field `body`). */
export function checkBody(value: unknown): string {
  const body = requireString("body", value);
  const length = codePointLength(body);
  if (length > WRITE_LIMITS.body) throw invalid("body", "max-length", `is ${length} chars, at most ${WRITE_LIMITS.body} allowed`);
  if (body.includes("\u0000")) throw invalid("body", "control-character", "contains a NUL byte");
  if (body.includes("\u001b")) throw invalid("body", "control-character", "contains an escape character (ESC, as in ANSI terminal escapes)");
  // Zero-width joiners stay allowed in a body: emoji sequences and some scripts need them.
  const bidi = BIDI.exec(body);
  if (bidi) throw invalid("body", "invisible-character", `contains the invisible bidi control ${codePoint(bidi[0])}, which can make the text read differently from what it holds`);
  return body;
}

function checkDescription(value: unknown): string | null {
  if (value === undefined || value === null) return null;
  const description = collapseWhitespace(requireString("description", value));
  if (description === "") return null;
  if (CONTROL.test(description)) throw invalid("description", "control-character", "contains a control character");
  checkInvisible("description", description);
  const length = codePointLength(description);
  if (length > WRITE_LIMITS.description) throw invalid("description", "max-length", `is ${length} chars, at most ${WRITE_LIMITS.description} allowed`);
  return description;
}

function checkNumber(field: string, value: unknown, range: { min?: number; max?: number }): number | null {
  if (value === undefined || value === null) return null;
  if (typeof value !== "number" || !Number.isFinite(value)) throw invalid(field, "number", `expected a number, got ${show(value)}`);
  if ((range.min !== undefined && value < range.min) || (range.max !== undefined && value > range.max)) {
    throw invalid(field, `${field}-range`, `${value} is not between ${range.min} and ${range.max}`);
  }
  return value;
}

function checkLinks(values: readonly unknown[]): string[] {
  if (!Array.isArray(values)) throw invalid("links", "type", `expected a list of link targets, got ${show(values)}`);
  const links: string[] = [];
  for (const value of values) {
    const raw = requireString("links", value).trim();
    const link = (/^!?\[\[(.*)\]\]$/s.exec(raw)?.[1] ?? raw).trim();
    if (link === "" || links.includes(link)) continue;
    if (/[\r\n]/.test(link) || CONTROL.test(link)) throw invalid("links", "link-format", `${show(value)} must be one line without control characters`);
    checkInvisible("links", link);
    if (link.length > WRITE_LIMITS.link) throw invalid("links", "max-length", `a link target is ${link.length} chars, at most ${WRITE_LIMITS.link} allowed`);
    links.push(link);
  }
  return links;
}

/**
 * A `--dir` value as a normalized vault-relative POSIX folder, checked
 * lexically: no absolute path, no `..`, no hidden (`.x`) folder, not the
 * derived `index/` or `layers/` folders. Null for an empty value. Symbolic
 * links are checked against the disk when writing.
 *
 * @throws WriteRejectedError (`VALIDATION`, field `dir`).
 */
export function normalizeDir(value: unknown): string | null {
  if (value === undefined || value === null) return null;
  const raw = requireString("dir", value);
  if (raw.trim() === "") return null;
  if (/^([\\/]|[A-Za-z]:)/.test(raw) || raw.startsWith("~")) throw invalid("dir", "dir-outside-vault", `${show(raw)} is absolute; give a folder inside the vault`);
  if (CONTROL.test(raw) || /[\r\n\t]/.test(raw)) throw invalid("dir", "dir-format", `${show(raw)} contains a control character`);
  const parts = raw.split(/[\\/]+/).filter((p) => p !== "" && p !== ".");
  if (parts.includes("..")) throw invalid("dir", "dir-outside-vault", `${show(raw)} uses ..; give a folder inside the vault`);
  if (parts.some((p) => p.startsWith("."))) throw invalid("dir", "dir-hidden", `${show(raw)} is a hidden folder, which cortex does not index`);
  if (parts.length > 0 && (parts[0] === "index" || parts[0] === "layers")) throw invalid("dir", "dir-derived", `${show(raw)} is where cortex writes its indexes`);
  return parts.length === 0 ? null : parts.join("/");
}
