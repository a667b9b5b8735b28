import { editFrontmatter } from "../../core/atoms/edit-frontmatter.js";
import { mutateVault, WRITE_LOCK_TIMEOUT_MS } from "../handle/mutate.js";
import { assertToday } from "../../core/util/dates.js";
import { VaultHandle } from "../handle/vault-handle.js";
import { resolveAtomRefOnDisk } from "../../store/refs.js";
import { rewriteOrThrow, writeIfUnchanged } from "../../store/rewrite.js";
import { join } from "node:path";
import { invalid, WriteRejectedError } from "../../core/write/errors.js";
import { bareLink, readNoteForEdit, stringList } from "../../store/write/note-file.js";
import { findSecret } from "../../core/write/security.js";
import { planSupersede, type SupersedePlan } from "../../core/write/supersede-plan.js";
import type { SupersedeInput, SupersedeOptions, SupersedeResult } from "../../core/write/types.js";

/**
 * Marks an atom `status: superseded`, with `superseded_by` naming its
 * replacement (by id, else path) and `updated` set to today; the replacement
 * gets `supersedes` (the old id, else path), the old atom in its `links`, and
 * `updated`. Without `by` the atom is retired (seed 003: delete is supersede
 * with no replacement): `status: archived`, left out of searches unless asked
 * for, never deleted from disk. `reason` is kept as `superseded_reason`
 * (`archived_reason` when retired). Only
 * frontmatter fields change; every other byte of both files is kept.
 * Refs are a path, an id or a unique name.
 *
 * @throws CortexError (`NOT_FOUND`, `AMBIGUOUS`, `FRONTMATTER`, `NOT_UTF8`, `CHANGED` when an editor saved a note meanwhile) or WriteRejectedError (`VALIDATION`, `SECURITY`); nothing changed then.
 * @example await supersedeAtom(vaultDir, { old: "Deploy freeze on release day", by: "atoms/deploy_freeze_during_release.md" }, { config, today: "2026-11-22" });
 */
export async function supersedeAtom(vaultDir: string, input: SupersedeInput, options: SupersedeOptions): Promise<SupersedeResult> {
  assertToday(options.today);
  const reason = checkReason(input.reason);
  const vault = new VaultHandle({ vaultDir, config: options.config }, { today: options.today });
  return mutateVault(
    vault,
    "supersede",
    (tx): SupersedeResult => {
      options.signal?.throwIfAborted();
      const manifest = tx.vault.manifest;
      const plan = planSupersede(manifest, input, (ref) => resolveAtomRefOnDisk(vaultDir, manifest, ref));
      // A dry run makes every check of a real run and writes nothing.
      if (options.dryRun) return { old: plan.old.path, by: plan.by?.path ?? null, dry_run: true };
      const changed = applySupersede(vaultDir, plan, reason, options.today);
      tx.event({ ...(plan.by ? {} : { op: "retire" }), path: plan.old.path, id: plan.old.id, by: plan.by?.path ?? null, ...(reason ? { reason } : {}) });
      tx.wrote(...changed);
      const message = plan.by ? `cortex supersede: ${plan.old.name} by ${plan.by.name}` : `cortex supersede: retire ${plan.old.name}`;
      tx.message(`${message}\n\n${changed.join("\n")}\n`);
      return { old: plan.old.path, by: plan.by?.path ?? null };
    },
    { commit: options.commit, lockTimeoutMs: options.lockTimeoutMs ?? WRITE_LOCK_TIMEOUT_MS, now: options.now, dryRun: options.dryRun },
  );
}

/** A planned rewrite of one note: the bytes read and the text to put in their place. */
export interface NoteEdit {
  path: string;
  before: Buffer;
  after: string;
}

/**
 * Edits the frontmatter of both files (replacement first); returns the paths
 * changed. A file saved by someone else since it was read is never
 * overwritten: see {@link writeNoteEdits}.
 *
 * @throws CortexError (`CHANGED`) when a note changed meanwhile; nothing is left half done.
 */
export function applySupersede(vaultDir: string, plan: SupersedePlan, reason: string | null, today: string): string[] {
  return writeNoteEdits(vaultDir, supersedeEdits(vaultDir, plan, reason, today));
}

/** Reads both notes and computes their new text (replacement first); writes nothing. */
export function supersedeEdits(vaultDir: string, plan: SupersedePlan, reason: string | null, today: string): NoteEdit[] {
  const oldNote = readNoteForEdit(vaultDir, plan.old.path);
  // Retired (no replacement): archived, which searches leave out; superseded names its replacement.
  const oldFields: Record<string, unknown> = { status: plan.by ? "superseded" : "archived", updated: today };
  if (plan.by) oldFields.superseded_by = plan.by.id ?? plan.targets.by;
  if (reason) oldFields[plan.by ? "superseded_reason" : "archived_reason"] = reason;
  const oldEdit = { path: plan.old.path, before: oldNote.bytes, after: editFrontmatter(oldNote.text, oldFields) };
  if (!plan.by) return [oldEdit];
  const byNote = readNoteForEdit(vaultDir, plan.by.path);
  const oldRef = plan.old.id ?? plan.targets.old;
  const target = plan.targets.old;
  const supersedes = stringList(byNote.data.supersedes);
  const links = stringList(byNote.data.links);
  const byText = editFrontmatter(byNote.text, {
    supersedes: supersedes.includes(oldRef) ? supersedes : [...supersedes, oldRef],
    links: links.some((l) => bareLink(l) === target) ? links : [...links, target],
    updated: today,
  });
  return [{ path: plan.by.path, before: byNote.bytes, after: byText }, oldEdit];
}

/**
 * Writes edits that belong together, each only over the bytes it was
 * computed from. When one note was changed meanwhile (an editor saved it),
 * the edits already written are undone and nothing is left half done.
 * Returns the paths written.
 *
 * @throws CortexError (`CHANGED`) naming the note that changed.
 */
export function writeNoteEdits(vaultDir: string, edits: readonly NoteEdit[]): string[] {
  const done: NoteEdit[] = [];
  try {
    for (const edit of edits) {
      rewriteOrThrow(join(vaultDir, edit.path), edit.path, edit.before, edit.after);
      done.push(edit);
    }
  } catch (error) {
    // Only our own bytes are taken back: a note saved again since is left alone.
    for (const edit of done.reverse()) writeIfUnchanged(join(vaultDir, edit.path), Buffer.from(edit.after), edit.before);
    throw error;
  }
  return edits.map((e) => e.path);
}

function checkReason(reason: string | undefined): string | null {
  if (reason === undefined) return null;
  const text = reason.replace(/\s+/g, " ").trim();
  if (text === "") return null;
  if (text.length > 500) throw invalid("reason", "max-length", `is ${text.length} chars, at most 500 allowed`);
  const rule = findSecret(text);
  if (rule) throw new WriteRejectedError("SECURITY", `rejected: reason contains what looks like ${rule.label} (rule ${rule.rule})`, { field: "reason", rule: rule.rule });
  return text;
}

