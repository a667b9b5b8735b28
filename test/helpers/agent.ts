import { utimesSync } from "node:fs";
import { join } from "node:path";
import { copyToTemp, ROOT } from "./cli.js";

/**
 * A temp copy of test/fixtures/agent. Its transcript files get the mtimes
 * they would have had (a transcript is appended to, so it is never older than
 * its messages); a copy would give them the time of the copy.
 */
export function copyAgentVault(): string {
  const vault = copyToTemp(`${ROOT}test/fixtures/agent`);
  const pin = (rel: string, iso: string) => utimesSync(join(vault, rel), new Date(iso), new Date(iso));
  pin(".transcripts/-home-me-code-ops/sess-ops-1.jsonl", "2026-11-10T10:00:00Z");
  pin(".transcripts/-home-me-code-backend/sess-be-2.jsonl", "2026-11-20T15:00:00Z");
  return vault;
}
