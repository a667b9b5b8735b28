import type { Command } from "commander";
import { CortexError } from "../../lib/core/errors.js";
import { searchRecords } from "../../lib/app/search-records.js";
import { readAccessLog } from "../../lib/store/access-log.js";
import { trackerReport } from "../../lib/core/stats/tracker.js";
import type { TrackerReport } from "../../lib/core/stats/types.js";
import { isIsoDate } from "../../lib/core/util/dates.js";
import { vaultPaths } from "../../lib/store/paths.js";
import { parseCount, type CliContext } from "../context.js";
import { countObjects, snakeKeys } from "../format/json.js";

interface StatsOptions {
  vault?: string;
  today?: string;
  since?: string;
  top: number;
  dead: number;
  json?: boolean;
}

/** `cortex stats`: the tracker report over index/access_log.jsonl. */
export function registerStats(program: Command, ctx: CliContext): void {
  program
    .command("stats")
    .description("Report on index/access_log.jsonl: retrievals, latency, layer of the top results, most accessed atoms, dead atoms (never returned)")
    .option("--vault <dir>", "vault folder")
    .option("--today <date>", "pin the day (YYYY-MM-DD; or CORTEX_TODAY) used if the vault must be indexed first")
    .option("--since <date>", "only retrievals on or after this date (YYYY-MM-DD)")
    .option("-n, --top <n>", "how many most accessed atoms", parseCount, 10)
    .option("--dead <n>", "how many dead atoms to list (0 = all)", parseCount, 20)
    .option("-j, --json", "print the report as JSON (every dead atom)")
    .action(async (opts: StatsOptions) => {
      if (opts.since !== undefined && !isIsoDate(opts.since)) throw new CortexError("BAD_ARGUMENT", `--since must be a date YYYY-MM-DD, got ${JSON.stringify(opts.since)}`);
      const vault = ctx.vault(opts);
      const { vaultDir, config } = vault;
      const log = readAccessLog(vaultPaths(vaultDir).accessLog);
      if (log.badLines > 0) ctx.err(`index/access_log.jsonl:1 access-log ${log.badLines} line${log.badLines === 1 ? " is" : "s are"} not a valid event; skipped`);
      const records = searchRecords(vault);
      const report = trackerReport(log.events, records, { since: opts.since, top: opts.top, layers: config.layers });
      if (opts.json) ctx.out(JSON.stringify(snakeKeys({ ...report, byOp: countObjects(report.byOp, "op") }), null, 2));
      else if (report.retrievals > 0) ctx.out(format(report, opts.dead, records.length));
      if (report.retrievals === 0) {
        ctx.err(`No retrievals in index/access_log.jsonl${opts.since ? ` since ${opts.since}` : ""} yet (cortex search appends one per search)`);
        ctx.exitCode = 1;
      }
    });
}

function format(r: TrackerReport, deadShown: number, atoms: number): string {
  const pct = (n: number, of: number) => `${Math.round((100 * n) / of)}%`;
  const withTop = r.retrievals - r.empty;
  const layers = (["hot", "warm", "cold", "gone"] as const).map((l) => `${l} ${withTop > 0 ? pct(r.topLayers[l], withTop) : "0%"} (${r.topLayers[l]})`);
  const lines = [
    `Retrievals: ${r.retrievals} from ${r.from} to ${r.to} (${r.byOp.map(([op, n]) => `${op} ${n}`).join(", ")}); ${r.empty} returned nothing`,
    `Latency: mean ${r.latency!.mean} ms, median ${r.latency!.p50} ms, p95 ${r.latency!.p95} ms`,
    `Top result by layer: ${layers.join(", ")}`,
    "Most accessed (times returned, times first):",
    ...r.mostAccessed.map((m) => `  ${String(m.returned).padStart(4)} ${String(m.top).padStart(4)}  ${m.path}`),
    `Dead atoms (never returned): ${r.dead.length} of ${atoms}`,
    ...(deadShown === 0 ? r.dead : r.dead.slice(0, deadShown)).map((p) => `  ${p}`),
  ];
  if (deadShown > 0 && r.dead.length > deadShown) lines.push(`  … and ${r.dead.length - deadShown} more (--dead 0 lists all)`);
  return lines.join("\n");
}
