import { Option, type Command } from "../commander.js";
import { graphView, limitView, renderDot, renderMermaid } from "../../lib/core/links/render.js";
import { loadRelatedInputs } from "../../lib/app/related/load.js";
import { parseCount, type CliContext } from "../context.js";

interface GraphOptions {
  vault?: string;
  today?: string;
  project?: string;
  format: "mermaid" | "dot" | "json";
  json?: boolean;
  hubs: number;
  limit: number;
}

/** Atoms drawn by default: a Mermaid graph much larger than this does not render, and a 100k vault would print megabytes. */
const DEFAULT_LIMIT = 150;

/** `cortex graph`: the resolved link graph as Mermaid, DOT or JSON. */
export function registerGraph(program: Command, ctx: CliContext): void {
  program
    .command("graph")
    .description(`Print the resolved link graph: Mermaid (renders in Obsidian and GitHub), DOT (Graphviz) or JSON; hubs emphasised, orphans listed. At most ${DEFAULT_LIMIT} atoms by default, the most connected (--limit 0 for all)`)
    .option("--vault <dir>", "vault folder")
    .option("--today <date>", "pin the day the index is refreshed for (YYYY-MM-DD; or CORTEX_TODAY)")
    .option("-p, --project <name>", "only this project's atoms and the links between them")
    .addOption(new Option("--format <format>", "output format").choices(["mermaid", "dot", "json"]).default("mermaid"))
    .option("-j, --json", "the same as --format json")
    .option("-n, --limit <n>", "draw at most this many atoms, the most connected (0 = all)", parseCount, DEFAULT_LIMIT)
    .option("--hubs <n>", "how many of the most connected atoms to emphasise", parseCount, 5)
    .action((opts: GraphOptions) => {
      // The links the index resolved (index/links.json): nothing is resolved again.
      const { manifest, edges } = loadRelatedInputs(ctx.vault(opts));
      const whole = graphView(manifest, { edges, backlinks: {} }, { project: opts.project, hubs: opts.hubs });
      if (whole.nodes.length === 0) {
        ctx.err(opts.project === undefined ? "No atoms in the vault" : `No atoms in project ${JSON.stringify(opts.project)}`);
        ctx.exitCode = 1;
        return;
      }
      const { view, omitted } = limitView(whole, opts.limit);
      const format = opts.json ? "json" : opts.format;
      if (format === "json") ctx.out(JSON.stringify({ ...view, omitted }, null, 2));
      else ctx.out(format === "dot" ? renderDot(view) : renderMermaid(view));
      if (omitted > 0) ctx.err(`Showing the ${view.nodes.length} most connected of ${whole.nodes.length} atoms; --limit 0 draws all, -p PROJECT one project`);
    });
}
