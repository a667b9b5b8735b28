import { editFrontmatter } from "../atoms/edit-frontmatter.js";
import { mutateVault } from "../app/mutate.js";
import { Vault } from "../app/vault.js";
import type { ManifestEntry } from "../indexes/types.js";
import { writeFileAtomic } from "../vault/atomic.js";
import { resolveAtomRef } from "../vault/refs.js";
import { join } from "node:path";
import { invalid, WriteRejectedError } from "./errors.js";
import { bareLink, readNoteForEdit, stringList } from "./note-file.js";
import { linkTarget } from "../links/autolink.js";
import { buildLinkResolver } from "../links/resolver.js";
import { findSecret } from "./security.js";
import type { SupersedeInput, SupersedeOptions, SupersedeResult } from "./types.js";
import { assertToday, WRITE_LOCK_TIMEOUT_MS } from "./write-atom.js";

/**
 * Marks an atom `status: superseded`, with `superseded_by` naming its
 * replacement (by id, else path) and `updated` set to today; the replacement
 * gets `supersedes` (the old id, else path), the old atom in its `links`, and
 * `updated`. Without `by` the atom is retired (seed 003: delete is supersede
 * with no replacement). `reason` is kept as `superseded_reason`. Only
 * frontmatter fields change; every other byte of both files is kept.
 * Refs are a path, an id or a unique name.
 *
 * @throws CortexError (`NOT_FOUND`, `AMBIGUOUS`, `FRONTMATTER`, `NOT_UTF8`) or WriteRejectedError (`VALIDATION`, `SECURITY`); nothing changed then.
 * @example await supersedeAtom(vaultDir, { old: "Deploy freeze on release day", by: "atoms/deploy_freeze_during_release.md" }, { config, today: "2026-11-22" });
 */
export async function supersedeAtom(vaultDir: string, input: SupersedeInput, options: SupersedeOptions): Promise<SupersedeResult> {
  assertToday(options.today);
  const reason = checkReason(input.reason);
  const vault = new Vault({ vaultDir, config: options.config }, { today: options.today });
  return mutateVault(
    vault,
    "supersede",
    (tx): SupersedeResult => {
      const plan = planSupersede(tx.vault.manifest, input);
      const changed = applySupersede(vaultDir, plan, reason, options.today);
      tx.event({ path: plan.old.path, id: plan.old.id, by: plan.by?.path ?? null, ...(reason ? { reason } : {}) });
      tx.wrote(...changed);
      const message = plan.by ? `cortex supersede: ${plan.old.name} by ${plan.by.name}` : `cortex supersede: retire ${plan.old.name}`;
      tx.message(`${message}\n\n${changed.join("\n")}\n`);
      return { old: plan.old.path, by: plan.by?.path ?? null };
    },
    { commit: options.commit, lockTimeoutMs: options.lockTimeoutMs ?? WRITE_LOCK_TIMEOUT_MS, now: options.now },
  );
}

/** The two atoms of a supersede, checked. */
export interface SupersedePlan {
  old: ManifestEntry;
  by: ManifestEntry | null;
  /** The link target of each atom, as autolink writes it (see `linkTarget`). */
  targets: { old: string; by: string | null };
}

/**
 * Resolves and checks the atoms of a supersede; pure over the manifest.
 *
 * @throws CortexError (`NOT_FOUND`, `AMBIGUOUS`) or WriteRejectedError (`VALIDATION`).
 */
export function planSupersede(manifest: readonly ManifestEntry[], input: { old: string; by?: string }): SupersedePlan {
  const find = (ref: string) => manifest.find((m) => m.path === resolveAtomRef(manifest, ref))!;
  const old = find(input.old);
  const by = input.by !== undefined && input.by.trim() !== "" ? find(input.by) : null;
  if (by && by.path === old.path) throw invalid("by", "self-supersede", `${by.path} cannot supersede itself`);
  if (old.status === "superseded") throw invalid("old", "already-superseded", `${old.path} is already superseded${old.superseded_by ? ` by ${old.superseded_by}` : ""}`);
  if (by && by.status === "superseded") throw invalid("by", "replacement-superseded", `${by.path} is itself superseded${by.superseded_by ? ` by ${by.superseded_by}` : ""}; supersede with its replacement`);
  const resolver = buildLinkResolver(manifest);
  return { old, by, targets: { old: linkTarget(old.path, resolver), by: by && linkTarget(by.path, resolver) } };
}

/** Edits the frontmatter of both files (replacement first); returns the paths changed. */
export function applySupersede(vaultDir: string, plan: SupersedePlan, reason: string | null, today: string): string[] {
  const oldNote = readNoteForEdit(vaultDir, plan.old.path);
  const oldFields: Record<string, unknown> = { status: "superseded", updated: today };
  if (plan.by) oldFields.superseded_by = plan.by.id ?? plan.targets.by;
  if (reason) oldFields.superseded_reason = reason;
  const oldText = editFrontmatter(oldNote.text, oldFields);
  if (!plan.by) {
    writeFileAtomic(join(vaultDir, plan.old.path), oldText);
    return [plan.old.path];
  }
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
  writeFileAtomic(join(vaultDir, plan.by.path), byText);
  writeFileAtomic(join(vaultDir, plan.old.path), oldText);
  return [plan.by.path, plan.old.path];
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

