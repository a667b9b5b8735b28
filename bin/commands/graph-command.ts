import { Option, type Command } from "../commander.js";
import { graphView, renderDot, renderMermaid } from "../../lib/links/render.js";
import { loadVaultLinks } from "../../lib/links/vault-links.js";
import { parseCount, type CliContext } from "../context.js";

interface GraphOptions {
  vault?: string;
  today?: string;
  project?: string;
  format: "mermaid" | "dot" | "json";
  hubs: number;
}

/** `cortex graph`: the resolved link graph as Mermaid, DOT or JSON. */
export function registerGraph(program: Command, ctx: CliContext): void {
  program
    .command("graph")
    .description("Print the resolved link graph: Mermaid (renders in Obsidian and GitHub), DOT (Graphviz) or JSON; hubs emphasised, orphans listed")
    .option("--vault <dir>", "vault folder")
    .option("--today <date>", "pin the day the index is refreshed for (YYYY-MM-DD; or CORTEX_TODAY)")
    .option("--project <name>", "only this project's atoms and the links between them")
    .addOption(new Option("--format <format>", "output format").choices(["mermaid", "dot", "json"]).default("mermaid"))
    .option("--hubs <n>", "how many of the most connected atoms to emphasise", parseCount, 5)
    .action((opts: GraphOptions) => {
      const vault = ctx.vault(opts);
      const { index, resolved } = loadVaultLinks(vault);
      const view = graphView(index.indexes.manifest, resolved, { project: opts.project, hubs: opts.hubs });
      if (view.nodes.length === 0) {
        ctx.err(opts.project === undefined ? "No atoms in the vault" : `No atoms in project ${JSON.stringify(opts.project)}`);
        ctx.exitCode = 1;
        return;
      }
      ctx.out(opts.format === "json" ? JSON.stringify(view, null, 2) : opts.format === "dot" ? renderDot(view) : renderMermaid(view));
    });
}
