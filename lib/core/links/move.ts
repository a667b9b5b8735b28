import { posix } from "node:path";
import { fileStem } from "../atoms/names.js";
import type { ManifestEntry } from "../indexes/types.js";
import type { TextEdit } from "./edits.js";
import { frontmatterLinkItems, yamlScalarFor } from "./frontmatter-links.js";
import { CODE_PATH, findLinks, splitWikilink } from "./occurrences.js";
import { buildLinkResolver } from "./resolver.js";
import type { LinkResolver } from "./types.js";

/** A reference rewritten by a move. */
export interface MoveEdit extends TextEdit {
  /** The reference as it was written, and as it will be. */
  before: string;
  after: string;
}

/** The edits one file needs. */
export interface MoveFileEdits {
  /** The file's path before the move (the moved file itself is listed under `from`). */
  path: string;
  edits: MoveEdit[];
}

/** A note to look through for references: its path and text. */
export interface MoveSource {
  path: string;
  text: string;
}

/**
 * Plans the reference rewrites of moving atom `from` to `to`: every wikilink,
 * embed, frontmatter `links` item and backtick path whose resolution the move
 * would change, so that after it each still opens the note it opened before
 * (links to `from` open `to`; a bare name that now also matches the moved
 * note keeps pointing at its old note). `|alias`, `#heading` and `.md` are
 * kept; a bare name stays bare when it still resolves unambiguously, else the
 * path is written; relative links stay relative; a backtick path that would
 * get a space becomes a wikilink. Pure.
 *
 * @example planMove(sources, manifest, "inbox/idea.md", "projects/idea.md", [])
 */
export function planMove(sources: readonly MoveSource[], manifest: readonly Pick<ManifestEntry, "path" | "aliases">[], from: string, to: string, otherFiles: readonly string[] = []): MoveFileEdits[] {
  const before = buildLinkResolver(manifest, { otherFiles });
  const after = buildLinkResolver(manifest.map((m) => (m.path === from ? { ...m, path: to } : m)), { otherFiles });
  const plans: MoveFileEdits[] = [];
  for (const source of sources) {
    const ctx: PlanContext = { before, after, from, to, oldSource: source.path, newSource: source.path === from ? to : source.path };
    const edits = [...bodyEdits(source.text, ctx), ...frontmatterEdits(source.text, ctx)].sort((a, b) => a.start - b.start);
    if (edits.length > 0) plans.push({ path: source.path, edits });
  }
  return plans;
}

/**
 * The notes a move can touch, from the raw link graph alone (no file read):
 * the moved note, and every note with a target that opens a different file
 * after the move than before (links to the moved note included). Pure.
 */
export function affectedSources(graph: Readonly<Record<string, readonly string[]>>, manifest: readonly Pick<ManifestEntry, "path" | "aliases">[], from: string, to: string, otherFiles: readonly string[] = []): Set<string> {
  const before = buildLinkResolver(manifest, { otherFiles });
  const after = buildLinkResolver(manifest.map((m) => (m.path === from ? { ...m, path: to } : m)), { otherFiles });
  const affected = new Set([from]);
  for (const source of Object.keys(graph)) {
    const newSource = source === from ? to : source;
    for (const target of graph[source]!) {
      const old = before.resolve(target, source).path;
      if (old !== null && after.resolve(target, newSource).path !== (old === from ? to : old)) affected.add(source);
    }
  }
  return affected;
}

interface PlanContext {
  before: LinkResolver;
  after: LinkResolver;
  from: string;
  to: string;
  oldSource: string;
  newSource: string;
}

// The target to write for a link written `target`, or null when it needs no change.
function newTarget(target: string, ctx: PlanContext, code: boolean): string | null {
  if (target === "") return null;
  const old = ctx.before.resolve(target, ctx.oldSource).path;
  if (old === null) return null;
  const expected = old === ctx.from ? ctx.to : old;
  if (ctx.after.resolve(target, ctx.newSource).path === expected) return null;
  const keepMd = /\.md$/i.test(target) || code;
  const noMd = expected.replace(/\.md$/i, "");
  const withExt = (p: string) => (keepMd ? `${p}.md` : p);
  const candidates: string[] = [];
  if (!code && (target.startsWith("./") || target.startsWith("../"))) {
    const rel = posix.relative(posix.dirname(ctx.newSource), noMd);
    candidates.push(withExt(rel.startsWith("../") ? rel : `./${rel}`));
  } else if (!code && !target.includes("/") && expected.toLowerCase().endsWith(".md")) {
    candidates.push(withExt(fileStem(expected)));
  }
  candidates.push(expected.toLowerCase().endsWith(".md") ? withExt(noMd) : expected);
  return candidates.find((c) => {
    const r = ctx.after.resolve(c, ctx.newSource);
    return r.path === expected && r.ambiguous.length === 0;
  }) ?? candidates[candidates.length - 1]!;
}

function bodyEdits(text: string, ctx: PlanContext): MoveEdit[] {
  const edits: MoveEdit[] = [];
  for (const link of findLinks(text)) {
    if (link.kind === "frontmatter") continue;
    const target = newTarget(link.target, ctx, link.kind === "code");
    if (target === null) continue;
    if (link.kind === "code" && !CODE_PATH.test(target)) {
      // A path with spaces is no reference in backticks: it becomes a wikilink.
      const link2 = `[[${target.replace(/\.md$/i, "")}]]`;
      edits.push({ start: link.start, end: link.end, text: link2, line: link.line, before: link.raw, after: link2 });
      continue;
    }
    const after = text.slice(link.start, link.targetStart) + target + text.slice(link.targetEnd, link.end);
    edits.push({ start: link.targetStart, end: link.targetEnd, text: target, line: link.line, before: link.raw, after });
  }
  return edits;
}

function frontmatterEdits(text: string, ctx: PlanContext): MoveEdit[] {
  const edits: MoveEdit[] = [];
  for (const item of frontmatterLinkItems(text)) {
    const value = item.value.trim();
    const m = /^(!?\[\[)(.*)\]\]$/.exec(value);
    const parts = m ? splitWikilink(m[2]!) : null;
    const target = newTarget(parts ? parts.target : value, ctx, false);
    if (target === null) continue;
    const next = parts ? `${m![1]}${m![2]!.slice(0, parts.targetStart)}${target}${m![2]!.slice(parts.targetEnd)}]]` : target;
    const source = yamlScalarFor(next, item);
    edits.push({ start: item.start, end: item.end, text: source, line: item.line, before: text.slice(item.start, item.end), after: source });
  }
  return edits;
}
