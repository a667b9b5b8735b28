import type { Briefing, BriefingAtom, BriefingInput } from "./types.js";
import { collapseWhitespace } from "../util/text.js";

/** Characters per estimated token. */
export const CHARS_PER_TOKEN = 4;

/** Estimated tokens of a text: characters / 4, rounded up. */
export function estimateTokens(text: string): number {
  return Math.ceil(text.length / CHARS_PER_TOKEN);
}

/** Smallest part of a body worth giving when the whole body does not fit. */
const MIN_BODY_CHARS = 200;
/** Below this capacity (500 tokens) a briefing has no room for the MOC: atoms come first. */
const MIN_CAPACITY_FOR_MOC = 2000;
/** Most characters the MOC summary may take (and never more than a quarter of the budget). */
const MAX_MOC_CHARS = 1200;

/**
 * Assembles a briefing within a token budget, deterministically and without
 * a model (seed 001's degraded mode): a title, the project's MOC summary (at
 * most a quarter of the budget and 1,200 characters; left out below 500
 * tokens), then the bodies of the best atoms in rank order (the first one
 * that does not fit whole is cut, if at least 200 characters of it fit),
 * then one-line pointers to the rest while they fit.
 * Pure. The text never exceeds `budgetTokens × 4` characters; with no atoms
 * it is empty.
 *
 * @example assembleBriefing({ query: "deploy", moc: null, atoms, budgetTokens: 800 }).text
 */
export function assembleBriefing(input: BriefingInput): Briefing {
  const capacity = input.budgetTokens * CHARS_PER_TOKEN;
  const result: Briefing = { text: "", tokens: 0, budget_tokens: input.budgetTokens, moc: null, included: [], pointers: [], omitted: 0 };
  if (input.atoms.length === 0) return result;
  const out = new Budgeted(capacity);
  out.add(cutText(`# Briefing: ${collapseWhitespace(input.query)}`, Math.min(120, capacity)));
  if (input.moc && input.moc.summary && capacity >= MIN_CAPACITY_FOR_MOC) {
    const head = `\n\n## Map: ${input.moc.project} (${input.moc.path})\n`;
    const room = Math.min(Math.floor(capacity / 4), MAX_MOC_CHARS, out.room) - head.length;
    if (room >= 80 && out.add(head + cutText(input.moc.summary, room))) result.moc = input.moc.path;
  }
  const rest = addBodies(input.atoms, out, capacity, result);
  addPointers(rest, out, result, input.more ?? "recall");
  result.text = out.text;
  result.tokens = estimateTokens(out.text);
  return result;
}

// Adds whole bodies while they fit (keeping room for pointers), cuts the first that does not; returns the atoms left.
function addBodies(atoms: readonly BriefingAtom[], out: Budgeted, capacity: number, result: Briefing): BriefingAtom[] {
  const reserve = atoms.length > 1 ? Math.min(Math.floor(capacity / 5), 800) : 0;
  let i = 0;
  for (; i < atoms.length; i++) {
    const atom = atoms[i]!;
    if (atom.body === null) break;
    const head = `\n\n## ${collapseWhitespace(atom.name)}\n${atom.path} · ${atom.type} · ${atom.status} · updated ${atom.updated}\n\n`;
    const body = cleanBody(atom.body);
    if (out.fits(head.length + body.length + reserve)) {
      out.add(head + body);
      result.included.push(atom.path);
      continue;
    }
    const room = out.room - reserve - head.length;
    if (room >= MIN_BODY_CHARS) {
      out.add(head + cutText(body, room));
      result.included.push(atom.path);
      i++;
    }
    break;
  }
  return atoms.slice(i);
}

function addPointers(atoms: readonly BriefingAtom[], out: Budgeted, result: Briefing, more: string): void {
  if (atoms.length === 0) return;
  const heading = "\n\n## Also relevant";
  let i = 0;
  for (; i < atoms.length; i++) {
    const atom = atoms[i]!;
    const description = atom.description ? ` — ${cutText(collapseWhitespace(atom.description), 100)}` : "";
    const line = `\n- ${collapseWhitespace(atom.name)}${description} (${atom.path})`;
    if (!out.fits((i === 0 ? heading.length : 0) + line.length)) break;
    out.add((i === 0 ? heading : "") + line);
    result.pointers.push(atom.path);
  }
  result.omitted = atoms.length - i;
  if (result.omitted > 0 && i > 0) out.add(`\n- … and ${result.omitted} more (use ${more} to see them)`);
}

/**
 * A body as a briefing shows it: without its title line, marker comments
 * and runs of blank lines, trimmed.
 */
export function cleanBody(body: string): string {
  const lines = body.replace(/\r\n/g, "\n").split("\n");
  const firstText = lines.findIndex((l) => l.trim() !== "");
  if (firstText !== -1 && /^#\s/.test(lines[firstText]!)) lines.splice(firstText, 1);
  return lines
    .filter((l) => !/^\s*<!--.*-->\s*$/.test(l))
    .join("\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}

/** Cuts a text to at most `max` characters, at a line or word break when one is near, marking the cut with "…". */
export function cutText(text: string, max: number): string {
  if (text.length <= max) return text;
  if (max <= 1) return "";
  let hard = text.slice(0, max - 1);
  if (/[\uD800-\uDBFF]$/.test(hard)) hard = hard.slice(0, -1);
  const soft = Math.max(hard.lastIndexOf("\n"), hard.lastIndexOf(" "));
  return `${(soft >= max * 0.6 ? hard.slice(0, soft) : hard).trimEnd()}…`;
}

// Text under a character capacity: add() only appends what fits.
class Budgeted {
  text = "";
  constructor(private readonly capacity: number) {}
  get room(): number {
    return this.capacity - this.text.length;
  }
  fits(chars: number): boolean {
    return chars <= this.room;
  }
  add(piece: string): boolean {
    if (!this.fits(piece.length)) return false;
    this.text += piece;
    return true;
  }
}
