import type { ChangeOptions } from "../../core/write/types.js";
import { editFrontmatter } from "../../core/atoms/edit-frontmatter.js";
import { splitFrontmatter } from "../../core/atoms/frontmatter.js";
import { CortexError } from "../../core/errors.js";
import { amendBody, amendKind, noteVersion, type AmendKind, type Amendment } from "../../core/write/amend.js";
import { WriteRejectedError } from "../../core/write/errors.js";
import { findSecret } from "../../core/write/security.js";
import { checkBody } from "../../core/write/validate.js";
import { assertToday } from "../../core/util/dates.js";
import { resolveAtomRefOnDisk } from "../../store/refs.js";
import { readNoteForEdit } from "../../store/write/note-file.js";
import { mutateVault, WRITE_LOCK_TIMEOUT_MS, type MutationOutcome } from "../handle/mutate.js";
import { VaultHandle } from "../handle/vault-handle.js";
import { writeNoteEdits } from "./supersede.js";

/** What {@link updateAtom} changes: one note, by ref, and how. */
export interface UpdateInput extends Amendment {
  /** The note: a path, an id or a unique name. */
  ref: string;
  /** The version the caller read (see `noteVersion`): the update is refused when the note no longer has it. */
  version?: string;
}

/** Options of {@link updateAtom}. */
export interface UpdateOptions extends Pick<ChangeOptions, "config" | "today" | "commit" | "lockTimeoutMs"> {
  /** Checked under the vault lock, just before writing. */
  signal?: AbortSignal;
}

/** What {@link updateAtom} did. */
export interface UpdateResult extends MutationOutcome {
  path: string;
  id: string | null;
  kind: AmendKind;
  /** The note's version after the update. */
  version: string;
  updated: string;
}

/**
 * Changes a note in place (same file, same id): appends text, or replaces
 * a section (by heading) or an exact passage (see `amendBody`), and sets
 * `updated` to today. The new text is scanned as a write is (credentials,
 * instruction-like text) and the body kept within the write limits; the
 * change is one transaction (`mutateVault`): logged as an `update` event,
 * indexed, committed when git is on. A note changed on disk meanwhile is
 * never overwritten.
 *
 * @throws CortexError `CONFLICT` when `version` is given and the note no longer has it, `CHANGED` when it changed while being written, `NOT_FOUND`/`AMBIGUOUS`, `NOT_UTF8`; WriteRejectedError (`VALIDATION` for `text`, `section`, `find`; `SECURITY` for `text`). Nothing is written then.
 * @example await updateAtom(vaultDir, { ref: "rules/no_friday_deploys.md", text: "Holidays count as Fridays." }, { config, today });
 */
export async function updateAtom(vaultDir: string, input: UpdateInput, options: UpdateOptions): Promise<UpdateResult> {
  assertToday(options.today);
  const rule = findSecret(input.text);
  if (rule) throw new WriteRejectedError("SECURITY", `rejected: text contains what looks like ${rule.label}; remove it or keep it out of memory (rule ${rule.rule})`, { field: "text", rule: rule.rule });
  const vault = new VaultHandle({ vaultDir, config: options.config }, { today: options.today });
  return mutateVault(
    vault,
    "update",
    (tx): UpdateResult => {
      const path = resolveAtomRefOnDisk(vaultDir, tx.vault.manifest, input.ref);
      const note = readNoteForEdit(vaultDir, path);
      if (input.version !== undefined && noteVersion(note.text) !== input.version) {
        throw new CortexError("CONFLICT", `${path} changed since it was read (version ${noteVersion(note.text)}, not ${input.version}); nothing was written`);
      }
      const body = splitFrontmatter(note.text.replace(/^\uFEFF/, "")).body;
      const amended = rename(() => checkBody(amendBody(body, input)));
      const after = editFrontmatter(note.text.slice(0, note.text.length - body.length) + amended, { updated: options.today });
      options.signal?.throwIfAborted();
      writeNoteEdits(vaultDir, [{ path, before: note.bytes, after }]);
      const id = typeof note.data.id === "string" || typeof note.data.id === "number" ? String(note.data.id) : null;
      const kind = amendKind(input);
      tx.event({ path, id, kind });
      tx.wrote(path);
      tx.message(`cortex update: ${kind} ${path}\n\n${path}\n`);
      return { path, id, kind, version: noteVersion(after), updated: options.today };
    },
    { commit: options.commit, lockTimeoutMs: options.lockTimeoutMs ?? WRITE_LOCK_TIMEOUT_MS },
  );
}

// The body's limits are the write path's; the field at fault is the new text.
function rename<T>(fn: () => T): T {
  try {
    return fn();
  } catch (error) {
    if (error instanceof WriteRejectedError && error.field === "body") throw new WriteRejectedError(error.code, error.message.replace(/^body: /, "text: the note's body "), { field: "text", rule: error.rule });
    throw error;
  }
}
