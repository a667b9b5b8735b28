import { jsonObjectLines, readTail } from "../activation/read.js";
import { vaultPaths } from "../paths.js";
import type { VaultEvent } from "../../core/status/types.js";

/**
 * The vault's mutation events from the end of `index/events.jsonl` (its
 * last 256 KiB): lines with a `ts` and an `op`; others are skipped.
 */
export function readVaultEvents(vaultDir: string): VaultEvent[] {
  return jsonObjectLines(readTail(vaultPaths(vaultDir).events, 256 * 1024))
    .filter((e) => typeof e.ts === "string" && typeof e.op === "string")
    .map((e) => ({ ts: e.ts as string, op: e.op as string, path: typeof e.path === "string" ? e.path : null, id: typeof e.id === "string" ? e.id : null }));
}
