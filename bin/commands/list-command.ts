import { Option, type Command } from "../commander.js";
import { ATOM_STATUSES } from "../../lib/core/atoms/types.js";
import { listItems } from "../../lib/app/handle/read.js";
import type { Layer } from "../../lib/core/layers/types.js";
import { parseCount, type CliContext } from "../context.js";
import { formatAtomRows } from "../format/atom-output.js";
import { projectMiss } from "../format/misses.js";

interface ListOptions {
  vault?: string;
  today?: string;
  project?: string;
  type?: string;
  tag?: string;
  status?: string;
  layer?: string;
  limit: number;
  json?: boolean;
}

/** `cortex list`: the inventory, newest first (the MCP `list`, for people). */
export function registerList(program: Command, ctx: CliContext): void {
  program
    .command("list")
    .description("List atoms newest first (updated date, then path), every status unless --status; superseded and archived atoms are marked")
    .option("--vault <dir>", "vault folder")
    .option("--today <date>", "pin the day layers are computed for (YYYY-MM-DD; or CORTEX_TODAY)")
    .option("-p, --project <name>", "only this project")
    .option("-t, --type <type>", "only this type")
    .option("--tag <tag>", "only atoms with this tag")
    .addOption(new Option("--status <status>", "only this status").choices(ATOM_STATUSES))
    .addOption(new Option("--layer <layer>", "only this layer").choices(["hot", "warm", "cold"]))
    .option("-n, --limit <n>", "at most this many (0 = all)", parseCount, 0)
    .option("-j, --json", "print a JSON array")
    .action((opts: ListOptions) => runList(ctx, opts));
}

async function runList(ctx: CliContext, opts: ListOptions): Promise<void> {
  const snap = ctx.vault(opts);
  const filters = { project: opts.project, type: opts.type, tag: opts.tag, status: opts.status, allStatus: true, layer: opts.layer as Layer | undefined };
  const items = listItems(snap, filters);
  const shown = opts.limit === 0 ? items : items.slice(0, opts.limit);
  if (opts.json) ctx.out(JSON.stringify(shown, null, 2));
  else if (shown.length > 0) ctx.out(formatAtomRows(shown.map((i) => ({ lead: `${i.updated}  ${`[${i.layer}]`.padEnd(6)}  `, path: i.path, name: i.name, status: i.status })), { color: ctx.color, width: ctx.width }));
  if (items.length === 0) {
    ctx.err(projectMiss(opts.project, snap.manifest) ?? "No atoms match the filters");
    ctx.exitCode = 1;
  } else if (shown.length < items.length && !opts.json) ctx.err(`… ${items.length - shown.length} more (--limit 0 lists all)`);
}
