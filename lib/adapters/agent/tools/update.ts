import { CortexError } from "../../../core/errors.js";
import { WriteRejectedError } from "../../../core/write/errors.js";
import { LIMITS, refArg } from "../limits.js";
import { blameArgument, rejectionError } from "../errors.js";
import { commitFields, COMMIT_FIELDS, S, toolOutput } from "../output-schema.js";
import { normalizeRef } from "../../../core/links/refs.js";
import { checkpoint, ok } from "../run.js";
import { openSnapshot } from "../../../app/snapshot.js";
import type { ToolSpec } from "../types.js";

/** `update`: changes a note in place (append, replace a section or a passage). */
export const updateTool: ToolSpec = {
  name: "update",
  title: "Update a memory",
  description:
    "Change a note in place: append text, or replace the section under a heading, or the exact passage find. Use to add an observation or fix a line. With version (from read), refused (CORTEX_E107) if it changed since. Returns the new version.",
  inputSchema: {
    type: "object",
    properties: {
      ref: refArg(),
      text: { type: "string", minLength: 1, maxLength: LIMITS.bodyChars },
      // An empty section, passage or version matches nothing and is refused as such.
      section: { type: "string", maxLength: LIMITS.nameChars },
      find: { type: "string", maxLength: LIMITS.bodyChars },
      version: { type: "string", maxLength: 64 },
    },
    required: ["ref", "text"],
    additionalProperties: false,
  },
  outputSchema: toolOutput({ path: S.string, id: S.stringOrNull, kind: { enum: ["append", "section", "replace"] }, version: S.string, updated: S.string, ...COMMIT_FIELDS }),
  hints: { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: false },
  async run(args, env) {
    const today = env.today();
    const snap = await openSnapshot(env.vaultDir, today);
    const { updateAtom } = await import("../../../app/write/update.js");
    const input = { ref: normalizeRef(args.ref as string), text: args.text as string, section: args.section as string | undefined, find: args.find as string | undefined, version: (args.version as string | undefined) || undefined };
    await checkpoint(env, "checked");
    try {
      const result = await updateAtom(snap.vaultDir, input, { config: snap.config, today, signal: env.signal });
      const { path, id, kind, version, updated } = result;
      return ok(`Updated ${path} (${kind === "append" ? "appended" : kind === "section" ? `section "${input.section}" replaced` : "passage replaced"}); version ${version}.`, { path, id, kind, version, updated, ...commitFields(result) });
    } catch (error) {
      if (error instanceof WriteRejectedError) throw rejectionError(error);
      if (error instanceof CortexError && (error.code === "NOT_FOUND" || error.code === "AMBIGUOUS")) return blameArgument("ref", () => { throw error; });
      throw error;
    }
  },
};
