import { resolveAtomRef } from "../../../core/indexes/atom-ref.js";
import { WriteRejectedError } from "../../../core/write/errors.js";
import type { SupersedeResult } from "../../../core/write/types.js";
import { blameArgument, rejectionError } from "../errors.js";
import { LIMITS } from "../limits.js";
import { normalizeRef } from "../../../core/links/refs.js";
import { S, toolOutput } from "../output-schema.js";
import { checkpoint, ok } from "../run.js";
import { openSnapshot } from "../../../app/snapshot.js";
import type { ToolSpec } from "../types.js";

/** The library's field names as this tool's arguments. */
const ARGUMENTS: Readonly<Record<string, string>> = { old: "old", by: "new", reason: "reason" };

/** `supersede`: marks a stale atom superseded by a newer one, or retires it. */
export const supersedeTool: ToolSpec = {
  name: "supersede",
  title: "Supersede a memory",
  description: [
    "Mark an atom of the memory vault as stale: status superseded, with superseded_by naming its replacement. Without new, the atom is retired with no replacement (this is how a memory is deleted: nothing is ever removed from disk).",
    "Use it when a decision was reversed, a rule changed, or a fact turned out wrong, and the newer atom already exists (for example one you just saved); or with no replacement, when an atom is simply no longer true. Give a reason: it is kept on the old atom.",
    "Do not use it to fix a typo or add a detail (edit the file, or save a new atom with supersedes set, which saves and supersedes in one call), nor on an atom that is already superseded (supersede its replacement instead).",
    "old and new are each a vault-relative path, an id, or a unique name. Superseded atoms stay readable and searchable, but recall ranks them at half their score.",
    "Returns: the paths of the old atom and of its replacement (null when retired). Errors: CORTEX_E101 unknown atom, CORTEX_E102 ambiguous name, CORTEX_E210 a refused pair (naming old or new: already superseded, replacement itself superseded, an atom superseding itself), CORTEX_E400 a reason that looks like a credential.",
    "Side effects: edits the frontmatter of both files (old: status, superseded_by, superseded_reason, updated; new: supersedes, links, updated), every other byte kept; appends a line to index/events.jsonl and updates the index. Commits with git when the vault's cortex.toml sets [git] commit = true. Not idempotent: a second call is refused because the atom is already superseded. A call the client cancelled before the write changes nothing.",
  ].join("\n\n"),
  inputSchema: {
    type: "object",
    properties: {
      old: { type: "string", description: "The stale atom: path, id or unique name.", minLength: 1, maxLength: LIMITS.refChars },
      new: { type: "string", description: "Its replacement: path, id or unique name. Leave out to retire old with no replacement.", minLength: 1, maxLength: LIMITS.refChars },
      reason: { type: "string", description: "Why, in one line; kept as superseded_reason on the old atom. At most 500 characters.", maxLength: LIMITS.descriptionChars },
    },
    required: ["old"],
    additionalProperties: false,
  },
  outputSchema: toolOutput({ old: S.string, by: S.stringOrNull, committed: S.boolean, commitNote: S.string }, ["committed", "commitNote"]),
  hints: { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: false },
  async run(args, env) {
    const today = env.today();
    // Resolved first so that an unknown or ambiguous ref names its argument; supersedeAtom checks them again under the lock.
    const snap = await openSnapshot(env.vaultDir, today);
    const { vaultDir, config } = snap;
    const resolve = (argument: string) => blameArgument(argument, () => resolveAtomRef(snap.manifest, normalizeRef(args[argument] as string)));
    const input = { old: resolve("old"), by: args.new === undefined ? undefined : resolve("new"), reason: args.reason as string | undefined };
    const { supersedeAtom } = await import("../../../app/write/supersede.js");
    let result: SupersedeResult;
    try {
      await checkpoint(env, "resolved");
      result = await supersedeAtom(vaultDir, input, { config, today, signal: env.signal });
    } catch (error) {
      throw error instanceof WriteRejectedError ? rejectionError(error, ARGUMENTS) : error;
    }
    const text = result.by ? `Superseded ${result.old} by ${result.by}.` : `Retired ${result.old}: superseded with no replacement.`;
    return ok(text, result as unknown as Record<string, unknown>);
  },
};
