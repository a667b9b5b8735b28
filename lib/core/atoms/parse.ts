import type { CortexConfig } from "../config/types.js";
import { defaultConfig } from "../config/defaults.js";
import { utcDate } from "../util/dates.js";
import { collapseWhitespace, newlineCount } from "../util/text.js";
import { splitFrontmatter } from "./frontmatter.js";
import { readFrontmatterData } from "./frontmatter-data.js";
import { dateField, diagnostic, listField, normalizeTags, numberField, stringField, type Report } from "./fields.js";
import { extractHashtags, extractTargets, firstProseLine, maskCode, wikilinkTarget } from "./markdown.js";
import { nameFromPath } from "./names.js";
import type { Atom, Diagnostic, FileFacts, ParsedAtom } from "./types.js";
import { ATOM_STATUSES, ATOM_TYPES } from "./types.js";

const TYPES = new Set<string>(ATOM_TYPES);
const STATUSES = new Set<string>(ATOM_STATUSES);

/**
 * Parses the text of one note into an atom. Never throws on content: what
 * cannot be read is inferred (name from the file name, project from the
 * folders, dates from the file's mtime) and reported as diagnostics.
 *
 * @param text - the file's text (a leading BOM is ignored).
 * @param facts - path (vault-relative, POSIX) and mtime of the file.
 * @param config - settings; only `[directories]` and `[projects]` are used. Default: built-in defaults.
 * @example
 * const { atom, diagnostics } = parseAtom("---\nname: Deploy freeze\n---\nNo deploys.", { path: "a.md", mtimeMs: Date.now() });
 */
export function parseAtom(text: string, facts: FileFacts, config: CortexConfig = defaultConfig()): ParsedAtom {
  const path = facts.path;
  const clean = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const split = splitFrontmatter(clean);
  const diagnostics: Diagnostic[] = [];
  let data: Record<string, unknown> = {};
  let keyLine = (_key: string) => 1;
  if (split.state === "unterminated") {
    diagnostics.push(diagnostic(path, 1, "frontmatter-unterminated", "frontmatter opened with --- is never closed; read as body", "error"));
  } else if (split.state === "ok") {
    const read = readFrontmatterData(split.yaml, split.yamlLine);
    data = read.data;
    keyLine = read.keyLine;
    for (const p of read.problems) diagnostics.push(diagnostic(path, p.line, p.rule, p.message, p.severity ?? "error"));
  }
  const report: Report = (key, rule, message) => diagnostics.push(diagnostic(path, keyLine(key), rule, message));
  const masked = maskCode(split.body);
  const atom = buildAtom(data, report, { facts, config, body: split.body, masked, text: clean });
  checkEnums(atom, report);
  diagnostics.sort((a, b) => a.line - b.line);
  return { atom, targets: mergeTargets(atom.links, extractTargets(masked)), diagnostics };
}

interface BuildContext {
  facts: FileFacts;
  config: CortexConfig;
  body: string;
  masked: ReturnType<typeof maskCode>;
  text: string;
}

function buildAtom(data: Record<string, unknown>, report: Report, ctx: BuildContext): Atom {
  const { facts, config } = ctx;
  const created = dateField(data, "created", report) ?? dateField(data, "date", report);
  const updated = dateField(data, "updated", report) ?? dateField(data, "modified", report);
  // The file's date is only worked out when the frontmatter gives neither date; in UTC, so no machine's time zone shows in the index.
  const fallbackDate = created ?? updated ?? utcDate(facts.mtimeMs);
  const tags = normalizeTags([...listField(data, "tags", report, true), ...listField(data, "tag", report, true), ...extractHashtags(ctx.masked.masked)]);
  const aliases = [...listField(data, "aliases", report, false), ...listField(data, "alias", report, false)];
  return {
    path: facts.path,
    id: stringField(data, "id", report),
    name: collapseWhitespace(stringField(data, "name", report) ?? stringField(data, "title", report) ?? nameFromPath(facts.path)),
    type: (stringField(data, "type", report) ?? "unknown").toLowerCase(),
    project: stringField(data, "project", report) ?? inferProject(facts.path, config),
    status: (stringField(data, "status", report) ?? "active").toLowerCase(),
    created: created ?? fallbackDate,
    updated: updated ?? fallbackDate,
    tags,
    aliases: [...new Set(aliases)],
    links: listField(data, "links", report, false).map(stripBrackets).filter(Boolean),
    description: collapseWhitespace(stringField(data, "description", report) ?? firstProseLine(ctx.masked, ctx.body)),
    lines: countLines(ctx.text),
    size_bytes: facts.size ?? Buffer.byteLength(ctx.text),
    confidence: numberField(data, "confidence", report),
    pnl_impact: numberField(data, "pnl_impact", report),
    superseded_by: stringField(data, "superseded_by", report),
  };
}

function checkEnums(atom: Atom, report: Report): void {
  if (atom.type !== "unknown" && !TYPES.has(atom.type)) report("type", "invalid-type", `type: "${atom.type}" is not one of ${ATOM_TYPES.join(", ")}`);
  if (!STATUSES.has(atom.status)) report("status", "invalid-status", `status: "${atom.status}" is not one of ${ATOM_STATUSES.join(", ")}`);
  if (atom.confidence !== null && (atom.confidence < 0 || atom.confidence > 1)) report("confidence", "invalid-confidence", `confidence: ${atom.confidence} is not between 0 and 1`);
}

/**
 * The project a path implies: the first folder (from the top) named in
 * `[directories]`, else the first folder whose name is in `[projects] names`,
 * else `unknown`.
 */
export function inferProject(path: string, config: CortexConfig): string {
  const folders = path.split("/").slice(0, -1);
  for (const folder of folders) {
    const mapped = config.directories[folder];
    if (mapped !== undefined && Object.hasOwn(config.directories, folder)) return mapped;
  }
  for (const folder of folders) if (config.projects.includes(folder)) return folder;
  return "unknown";
}

function mergeTargets(links: string[], body: string[]): string[] {
  if (links.length === 0) return body; // already de-duplicated
  return [...new Set([...links, ...body])];
}

function stripBrackets(link: string): string {
  const m = /^!?\[\[(.*)\]\]$/.exec(link.trim());
  return m ? wikilinkTarget(m[1]!) : link.trim();
}

function countLines(text: string): number {
  return text === "" || text.endsWith("\n") ? newlineCount(text) : newlineCount(text) + 1;
}
