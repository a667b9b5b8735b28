import { readTail } from "../activation/read.js";
import { vaultPaths } from "../paths.js";
import type { VaultEvent } from "../../core/status/types.js";

/**
 * The vault's mutation events from the end of `index/events.jsonl` (its
 * last 256 KiB): lines with a `ts` and an `op`; others are skipped.
 */
export function readVaultEvents(vaultDir: string): VaultEvent[] {
  const events: VaultEvent[] = [];
  for (const line of readTail(vaultPaths(vaultDir).events, 256 * 1024).split("\n")) {
    if (!line.startsWith("{")) continue;
    try {
      const e = JSON.parse(line) as Record<string, unknown>;
      if (typeof e.ts !== "string" || typeof e.op !== "string") continue;
      events.push({ ts: e.ts, op: e.op, path: typeof e.path === "string" ? e.path : null, id: typeof e.id === "string" ? e.id : null });
    } catch {
      // a torn line: skip it
    }
  }
  return events;
}
