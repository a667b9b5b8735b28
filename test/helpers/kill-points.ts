import assert from "node:assert/strict";
import { appendFileSync, existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { runBuilt, tempDir } from "./cli.js";
import { derivedSnapshot, exampleVault, freshFullIndex, indexRun, TODAY } from "./index-damage.js";
import { listAtoms } from "./tree.js";

/** A writing command of the kill-point tests: what to set up, its arguments, and the notes it may change. */
export interface KillCommand {
  name: string;
  setup?: (vault: string) => void;
  args: string[];
  /** Notes the command rewrites (every other note must keep every byte); "any" for one that may rewrite any note. */
  rewrites: string[] | "any";
}

/** The writing commands, on the example vault. */
export const KILL_COMMANDS: KillCommand[] = [
  { name: "write", args: ["write", "--type", "insight", "--project", "ops", "--name", "Killed writer note", "--description", "written when killed", "--body", "Links [[no_friday_deploys]]."], rewrites: [] },
  { name: "supersede", args: ["supersede", "atoms/benchmark_cluster_cut.md", "--by", "atoms/canary_analysis.md"], rewrites: ["atoms/benchmark_cluster_cut.md", "atoms/canary_analysis.md"] },
  {
    name: "refresh-moc",
    // A new ops rule, for the MOCs to list.
    setup: (vault) => writeFileSync(join(vault, "rules/kill_point_rule.md"), "---\nid: kill-point-rule\ntype: rule\nproject: ops\nstatus: active\ndescription: a rule the MOC should list\nupdated: 2026-11-21\n---\nBody [[canary_analysis]].\n"),
    args: ["refresh-moc"],
    rewrites: ["_moc/ops.md", "_moc/backend.md"],
  },
  {
    name: "index",
    // An edit that changes a link and a new note.
    setup: (vault) => {
      appendFileSync(join(vault, "rules/no_friday_deploys.md"), "\nSee [[payments_api_v2]].\n");
      writeFileSync(join(vault, "insights/kill_point_insight.md"), "---\ntype: insight\nproject: research\ndescription: added before an index run\nupdated: 2026-11-22\n---\nText.\n");
    },
    args: ["index"],
    rewrites: [],
  },
  { name: "migrate", args: ["migrate"], rewrites: "any" },
  { name: "link", args: ["link"], rewrites: "any" },
  { name: "import", args: ["import", "test/fixtures/import/decisions.md", "--project", "ops"], rewrites: [] },
  {
    name: "consolidate --apply",
    // A near-duplicate of a rule, for consolidate to merge.
    setup: (vault) => writeFileSync(join(vault, "rules/no_friday_deploys_again.md"), readFileSync(join(vault, "rules/no_friday_deploys.md"), "utf8").replace(/^name: .*$/m, "name: No deploys on Fridays again")),
    args: ["consolidate", "--apply"],
    rewrites: "any",
  },
];
// mv moves a note, so it has kill-point tests of its own (test/mv-journal.test.ts), with its journal's stages.

/** Every stage an index run can be killed at (see lib/store/kill-point.ts). */
export const INDEX_STAGES = ["index:start", "index:rows", "index/cortex.db", "index/manifest.json", "index/by_project.json", "index/by_type.json", "index/by_tag.json", "index/graph.json", "index/links.json", "layers/hot.json", "layers/warm.json", "layers/cold.json", "index/meta.json"];

function notes(vault: string): Map<string, Buffer> {
  return new Map(listAtoms(vault).map((rel) => [rel, readFileSync(join(vault, rel))]));
}

/**
 * Runs `command` in the built CLI killed at `stage` (if it gets there), then
 * checks that no note lost a byte and that the next incremental `cortex
 * index` gives the files of a full index. Returns whether the process was killed.
 */
export function killAndConverge(command: KillCommand, stage: string): boolean {
  const vault = exampleVault();
  indexRun(vault, { full: true });
  command.setup?.(vault);
  const before = notes(vault);
  const run = runBuilt([...command.args, "--vault", vault, "--today", TODAY], { env: { CORTEX_TEST_KILL_AT: stage } });
  const killed = run.code === -1;
  assert.ok(killed || run.code === 0, `${command.name} at ${stage}: ${run.stderr}`);
  const after = notes(vault);
  for (const [rel, bytes] of before) {
    assert.ok(existsSync(join(vault, rel)), `${command.name} at ${stage}: ${rel} is gone`);
    if (command.rewrites !== "any" && !command.rewrites.includes(rel)) assert.deepEqual(after.get(rel), bytes, `${command.name} at ${stage}: ${rel} changed`);
  }
  indexRun(vault);
  assert.deepEqual(notes(vault), after, `${command.name} at ${stage}: the index run touched a note`);
  assert.deepEqual(derivedSnapshot(vault), freshFullIndex(vault), `${command.name} at ${stage}: incremental after the kill = full`);
  return killed;
}

/** The stages of a full run on several threads (2,000+ notes): the database built at a temporary path, then the exports. */
export const THREADED_STAGES = INDEX_STAGES;

/** A vault of `notes` notes that link, tag and date one another, indexed in full (in this process: one thread). */
export function threadedVault(notes = 2100): string {
  const vault = tempDir();
  for (let i = 0; i < notes; i++) {
    const status = i % 9 === 0 ? "archived" : "active";
    writeFileSync(join(vault, `n${i}.md`), `---\nname: Note ${i}\ntags: [t${i % 7}]\nupdated: 2026-11-${String((i % 28) + 1).padStart(2, "0")}\nstatus: ${status}\n---\nBody [[n${(i * 7) % notes}]]\n`);
  }
  indexRun(vault, { full: true });
  return vault;
}

/**
 * Runs a full index of `vault` in the built CLI (on several threads) killed
 * at `stage`, then checks that the next incremental run gives the files of
 * a full index. Returns whether the process was killed.
 */
export function killThreadedAndConverge(vault: string, stage: string): boolean {
  const run = runBuilt(["index", "--full", "-q", "--vault", vault, "--today", TODAY], { env: { CORTEX_TEST_KILL_AT: stage } });
  const killed = run.code === -1;
  assert.ok(killed || run.code === 0, `threaded full run at ${stage}: ${run.stderr}`);
  indexRun(vault);
  assert.deepEqual(derivedSnapshot(vault), freshFullIndex(vault), `threaded full run at ${stage}: incremental after the kill = full`);
  return killed;
}
