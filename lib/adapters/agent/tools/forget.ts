import { WriteRejectedError } from "../../../core/write/errors.js";
import { resolveAtomRef } from "../../../core/indexes/atom-ref.js";
import { normalizeRef } from "../../../core/links/refs.js";
import { blameArgument, rejectionError } from "../errors.js";
import { LIMITS, refArg } from "../limits.js";
import { commitFields, COMMIT_FIELDS, S, toolOutput } from "../output-schema.js";
import { checkpoint, ok } from "../run.js";
import { openSnapshot } from "../../../app/snapshot.js";
import type { ToolSpec } from "../types.js";

/** `forget`: retires a note (status archived, with a reason); nothing is deleted. */
export const forgetTool: ToolSpec = {
  name: "forget",
  title: "Forget a memory",
  description:
    "Retire a note that is no longer true: archived with your reason, left out of recall. Use when no newer note replaces it (else supersede). Nothing is deleted: kept on disk and in git. Returns its path.",
  inputSchema: {
    type: "object",
    properties: { ref: refArg(), reason: { type: "string", maxLength: LIMITS.descriptionChars } },
    required: ["ref"],
    additionalProperties: false,
  },
  outputSchema: toolOutput({ path: S.string, ...COMMIT_FIELDS }),
  hints: { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: false },
  async run(args, env) {
    const today = env.today();
    const snap = await openSnapshot(env.vaultDir, today);
    const old = blameArgument("ref", () => resolveAtomRef(snap.manifest, normalizeRef(args.ref as string)));
    const { supersedeAtom } = await import("../../../app/write/supersede.js");
    await checkpoint(env, "resolved");
    try {
      const result = await supersedeAtom(snap.vaultDir, { old, reason: args.reason as string | undefined }, { config: snap.config, today, signal: env.signal });
      return ok(`Retired ${result.old}: archived, left out of recall; still on disk and in git.`, { path: result.old, ...commitFields(result) });
    } catch (error) {
      throw error instanceof WriteRejectedError ? rejectionError(error, { old: "ref" }) : error;
    }
  },
};
