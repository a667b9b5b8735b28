import { resolveAtomRef } from "../../../core/indexes/atom-ref.js";
import { WriteRejectedError } from "../../../core/write/errors.js";
import type { SupersedeResult } from "../../../core/write/types.js";
import { blameArgument, rejectionError } from "../errors.js";
import { LIMITS, refArg } from "../limits.js";
import { normalizeRef } from "../../../core/links/refs.js";
import { commitFields, COMMIT_FIELDS, S, toolOutput } from "../output-schema.js";
import { checkpoint, ok } from "../run.js";
import { openSnapshot } from "../../../app/snapshot.js";
import type { ToolSpec } from "../types.js";

/** The library's field names as this tool's arguments. */
const ARGUMENTS: Readonly<Record<string, string>> = { old: "old", by: "new", reason: "reason" };

/** `supersede`: marks a stale atom superseded by a newer one (retiring is `forget`). */
export const supersedeTool: ToolSpec = {
  name: "supersede",
  title: "Supersede a memory",
  description:
    "Mark a note replaced by a newer one (new), with a reason. Use when a decision or rule changed and the new note exists. Returns both paths; recall then names the replacement.",
  inputSchema: {
    type: "object",
    properties: {
      old: refArg(),
      new: refArg(),
      reason: { type: "string", maxLength: LIMITS.descriptionChars },
    },
    required: ["old", "new"],
    additionalProperties: false,
  },
  outputSchema: toolOutput({ old: S.string, by: S.string, ...COMMIT_FIELDS }),
  hints: { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: false },
  async run(args, env) {
    const today = env.today();
    // Resolved first so that an unknown or ambiguous ref names its argument; supersedeAtom checks them again under the lock.
    const snap = await openSnapshot(env.vaultDir, today);
    const { vaultDir, config } = snap;
    const resolve = (argument: string) => blameArgument(argument, () => resolveAtomRef(snap.manifest, normalizeRef(args[argument] as string)));
    const input = { old: resolve("old"), by: resolve("new"), reason: args.reason as string | undefined };
    const { supersedeAtom } = await import("../../../app/write/supersede.js");
    let result: SupersedeResult;
    try {
      await checkpoint(env, "resolved");
      result = await supersedeAtom(vaultDir, input, { config, today, signal: env.signal });
    } catch (error) {
      throw error instanceof WriteRejectedError ? rejectionError(error, ARGUMENTS) : error;
    }
    return ok(`Superseded ${result.old} by ${result.by}.`, { old: result.old, by: result.by!, ...commitFields(result) });
  },
};
