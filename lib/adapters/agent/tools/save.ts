import { ATOM_TYPES } from "../../../core/atoms/types.js";
import { openVault } from "../../../app/vault.js";
import { liveVault } from "../../../app/live-vault.js";
import { atomsNamed } from "../../../app/handle/search.js";
import { atomDirectory } from "../../../store/write/directory.js";
import { CortexError } from "../../../core/errors.js";
import { WriteRejectedError } from "../../../core/write/errors.js";
import type { AtomDirectory, WriteInput, WriteResult } from "../../../core/write/types.js";
import { WRITE_LIMITS } from "../../../core/write/validate.js";
import type { ManifestEntry } from "../../../core/indexes/types.js";
import { blameArgument, rejectionError, ToolError } from "../errors.js";
import { LIMITS, shortArg, tagsArg } from "../limits.js";
import { normalizeRef } from "../../../core/links/refs.js";
import { S, toolOutput } from "../output-schema.js";
import { checkpoint, ok } from "../run.js";
import type { VaultSnapshot } from "../../../app/snapshot.js";
import type { ToolSpec } from "../types.js";

/** What save did. */
export interface SaveResult extends Omit<WriteResult, "superseded"> {
  /** The atom the new one superseded, when `supersedes` was given and that worked. */
  superseded: string | null;
  /** Why the new atom was saved but `supersedes` could not be applied; null when it was (or none was asked). */
  supersede_error: string | null;
}

/** `save`: the write path (validation, security scan, near-duplicate check, related links). */
export const saveTool: ToolSpec = {
  name: "save",
  title: "Save a memory",
  description: [
    "Save one piece of durable knowledge as a new atom (a markdown file with YAML frontmatter) in the memory vault: a decision and its rationale, a rule or invariant, a lesson from a non-obvious bug fix, an incident, a preference, a reference.",
    "Use it when something was learned or decided that a later session would otherwise have to rediscover: \"we chose RS256 for JWT because…\", \"the connection pool must be at least 20 in prod\", \"bcrypt.compare is async: always await it\". One idea per atom; put the why in the body.",
    "Do not use it for session logs (\"today I worked on X\": transcripts hold those), for facts easy to re-read from the code, for guesses, or to change an existing atom in place: to update one, save the new version with supersedes set to the old atom's path.",
    "Every save goes through validation (the message names the bad argument: CORTEX_E210), a security scan that refuses credentials and instruction-like text (CORTEX_E400, naming the rule), and a near-duplicate check against live atoms (CORTEX_E401, with the existing atom's path in the message and in error.details.existing_path: read it, then save with supersedes if yours replaces it). A name another atom already has (case-insensitive) is refused the same way (CORTEX_E401 naming its path), unless that atom is the one supersedes names or is already superseded. Names, descriptions, projects and links must not hold bidi controls or zero-width characters, nor a body bidi controls or ANSI escapes (CORTEX_E210 naming the argument); a project is a plain name (no / \\ : * ? \" < > |, not starting with a dot). A refusal writes nothing, and so does a call the client cancelled before the write.",
    "Returns: the new atom's path and id, its links (the given ones plus up to 3 related atoms found automatically) and, with supersedes, the atom it superseded.",
    "Side effects: creates one file (folder by type: rules/, insights/, incidents/, people/, reference/, feedback/, user/; atoms/ for the other types), appends a line to index/events.jsonl and updates the index; with supersedes, marks the old atom superseded (frontmatter only). Commits with git when the vault's cortex.toml sets [git] commit = true. Not idempotent: the same content twice is refused as a near-duplicate. Marked destructive because, with supersedes, it changes an existing atom (status superseded); without supersedes it only adds a file.",
  ].join("\n\n"),
  inputSchema: {
    type: "object",
    properties: {
      name: { type: "string", description: `A short specific title, e.g. "JWT uses RS256 in production". At most ${LIMITS.nameChars} characters.`, minLength: 1, maxLength: LIMITS.nameChars },
      body: { type: "string", description: `The knowledge in markdown: what, why, and where it applies. At most 50,000 characters.`, minLength: 1, maxLength: LIMITS.bodyChars },
      type: shortArg("What kind of knowledge it is.", ATOM_TYPES),
      project: shortArg("The project it belongs to (one of [projects] names when the vault lists them)."),
      tags: tagsArg(`Keywords, lowercase a-z 0-9 _ : / -, e.g. ["auth", "jwt"]. At most ${LIMITS.tagsMax} tags of ${LIMITS.tagChars} characters.`),
      description: { type: "string", description: `One line summing it up, shown in listings. At most ${WRITE_LIMITS.description} characters.`, maxLength: WRITE_LIMITS.description },
      links: { type: "array", description: "Atoms it relates to, as wikilink targets (a name or a path, [[…]] optional).", maxItems: LIMITS.linksMax, items: { type: "string", minLength: 1, maxLength: WRITE_LIMITS.link } },
      supersedes: { type: "string", description: "Path, id or unique name of an atom this one replaces: it is left out of the near-duplicate check, and marked superseded by the new atom once it is saved.", minLength: 1, maxLength: LIMITS.refChars },
    },
    required: ["name", "body", "type", "project"],
    additionalProperties: false,
  },
  outputSchema: toolOutput(
    { path: S.string, id: S.string, links: S.strings, related: S.strings, superseded: S.stringOrNull, supersede_error: S.stringOrNull, committed: S.boolean, commitNote: S.string },
    ["committed", "commitNote"],
  ),
  hints: { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: false },
  async run(args, env) {
    const today = env.today();
    // In a live server, the vault it keeps open (its database too); else the vault opened for this call.
    const vault = liveVault(env.vaultDir)?.open(today) ?? openVault({ vault: env.vaultDir, env: {}, today });
    const { vaultDir, config } = vault;
    const supersedes = args.supersedes === undefined ? undefined : normalizeRef(args.supersedes as string);
    const replacing = supersedes === undefined ? undefined : await checkReplaced(vault, supersedes);
    // The atoms that may have this name: found by the name's words in the kept database, else among every atom's name.
    const named = atomsNamed(vault, args.name as string);
    if (named) checkNameFree(named, args.name as string, replacing);
    else {
      const directory = atomDirectory(vault.db());
      checkNameFree(sameNameCandidates(directory, args.name as string), args.name as string, replacing, directory.entry);
    }
    const input: WriteInput = { name: args.name as string, body: args.body as string, type: args.type as string, project: args.project as string };
    for (const key of ["tags", "description", "links"] as const) if (args[key] !== undefined) (input as unknown as Record<string, unknown>)[key] = args[key];
    // The write path (YAML, indexer) is loaded on the first save, so that starting the server stays fast.
    const { writeAtom } = await import("../../../app/write/write-atom.js");
    await checkpoint(env, "checked");
    // One transaction: the replaced atom is checked before anything is written, and superseded with one index update.
    const written = await blameSupersedes(() => writeAtom(vaultDir, input, { config, today, supersedes, signal: env.signal }));
    const result: SaveResult = { ...written, superseded: written.superseded ?? null, supersede_error: null };
    return ok(renderSave(input.name, result), result as unknown as Record<string, unknown>);
  },
};

// The path of the atom `supersedes` names, checked before anything is written: it exists, is unique, and is not superseded yet.
async function checkReplaced(snap: VaultSnapshot, ref: string): Promise<string> {
  const { planSupersede } = await import("../../../core/write/supersede-plan.js");
  try {
    return blameArgument("supersedes", () => planSupersede(snap.manifest, { old: ref }).old.path);
  } catch (error) {
    throw error instanceof WriteRejectedError ? rejectionError(error, { old: "supersedes" }) : error;
  }
}

// Errors about the atom `supersedes` names (unknown, ambiguous, already superseded) name that argument.
async function blameSupersedes<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (error) {
    if (error instanceof WriteRejectedError && error.field === "old") throw rejectionError(error, { old: "supersedes" });
    if (error instanceof CortexError && (error.code === "NOT_FOUND" || error.code === "AMBIGUOUS")) return blameArgument("supersedes", () => { throw error; });
    throw error;
  }
}

// Two atoms with one name make that name ambiguous for every ref (read, links): refused, naming the atom that has it.
// A superseded atom does not hold its name: it could never be superseded again to free it.
// `entry`: the atom as written, when `manifest` holds names lower-cased (see readAtomDirectory).
function checkNameFree(manifest: readonly Pick<ManifestEntry, "path" | "name" | "status">[], name: string, replacing: string | undefined, entry?: (path: string) => ManifestEntry | null): void {
  const wanted = name.replace(/\s+/g, " ").trim().toLowerCase();
  const existing = manifest.find((m) => m.path !== replacing && m.status !== "superseded" && m.name.replace(/\s+/g, " ").trim().toLowerCase() === wanted);
  if (!existing) return;
  const shown = entry?.(existing.path)?.name ?? existing.name;
  const message = `name: an atom named ${JSON.stringify(shown)} already exists at ${existing.path}; nothing was written`;
  throw new ToolError("CORTEX_E401", message, { argument: "name", details: { existing_path: existing.path, rule: "same-name" } });
}

// The atoms of a directory that may have this name: its first word is in every name that reads as it (see checkNameFree).
function sameNameCandidates(directory: AtomDirectory, name: string): readonly Pick<ManifestEntry, "path" | "name" | "status">[] {
  const word = name.toLowerCase().split(/\s+/).find((w) => w !== "");
  return word === undefined ? directory.entries() : directory.containing([word]);
}

/** The text answer of save. */
export function renderSave(name: string, r: SaveResult): string {
  const lines = [`Saved "${name.replace(/\s+/g, " ").trim()}" as ${r.path} (id ${r.id}).`];
  if (r.related.length > 0) lines.push(`Linked to related atoms: ${r.related.join(", ")}.`);
  if (r.superseded) lines.push(`${r.superseded} is now superseded by it.`);
  if (r.indexError) lines.push(`But ${r.indexError}.`);
  if (r.supersede_error) lines.push(`It could not supersede the old atom: ${r.supersede_error}. Call supersede with old and new to finish.`);
  return lines.join("\n");
}
