import { CortexError } from "../../../core/errors.js";
import { normalizeRef } from "../../../core/links/refs.js";
import { blameArgument, ToolError } from "../errors.js";
import { LIMITS, refArg } from "../limits.js";
import { commitFields, COMMIT_FIELDS, S, toolOutput } from "../output-schema.js";
import { checkpoint, ok } from "../run.js";
import { openSnapshot } from "../../../app/snapshot.js";
import type { ToolSpec } from "../types.js";

/** `move`: moves or renames a note and rewrites every link to it (the CLI's `mv`). */
export const moveTool: ToolSpec = {
  name: "move",
  title: "Move a memory",
  description:
    "Move or rename a note, rewriting every link to it. Use to reorganize. to: vault-relative path, or a folder ending in /. Returns the new path and the files rewritten.",
  inputSchema: {
    type: "object",
    properties: { ref: refArg(), to: { type: "string", minLength: 1, maxLength: LIMITS.refChars } },
    required: ["ref", "to"],
    additionalProperties: false,
  },
  outputSchema: toolOutput({ from: S.string, to: S.string, rewritten: S.strings, skipped: S.strings, ...COMMIT_FIELDS }),
  hints: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  async run(args, env) {
    const today = env.today();
    const snap = await openSnapshot(env.vaultDir, today);
    const { moveAtom } = await import("../../../app/links/move-vault.js");
    await checkpoint(env, "checked");
    let result;
    try {
      result = await moveAtom(snap.vaultDir, normalizeRef(args.ref as string), args.to as string, { config: snap.config, today });
    } catch (error) {
      if (error instanceof CortexError && error.code === "BAD_ARGUMENT") throw new ToolError("CORTEX_E210", `to: ${error.message}`, { argument: "to" });
      if (error instanceof CortexError && (error.code === "NOT_FOUND" || error.code === "AMBIGUOUS")) return blameArgument("ref", () => { throw error; });
      throw error;
    }
    const rewritten = result.written.filter((p) => p !== result.to);
    const skipped = result.skipped.length > 0 ? ` Left alone (changed meanwhile; links to the old path may break): ${result.skipped.join(", ")}.` : "";
    const text = `Moved ${result.from} to ${result.to}; links rewritten in ${rewritten.length} file${rewritten.length === 1 ? "" : "s"}.${skipped}`;
    return ok(text, { from: result.from, to: result.to, rewritten, skipped: result.skipped, ...commitFields(result) });
  },
};
