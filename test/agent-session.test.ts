import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import type { Client } from "@modelcontextprotocol/client";
import { removeTemp, runInProcess, tempDir } from "./helpers/cli.js";
import { callTool, connectMcp, textOf } from "./helpers/mcp.js";
import { SESSION_INSTRUCTIONS } from "../lib/adapters/claude/briefings.js";

const TODAY = "2026-11-22";
const PARAPHRASE = "users keep getting logged out after the last deploy";

function git(cwd: string, ...args: string[]): string {
  const r = spawnSync("git", args, { cwd, encoding: "utf8" });
  assert.equal(r.status, 0, `git ${args.join(" ")}: ${r.stderr}`);
  return r.stdout;
}

function note(name: string, type: string, body: string, extra = ""): string {
  return `---\nname: ${name}\ntype: ${type}\nproject: ops\nstatus: active\ncreated: 2026-11-01\nupdated: ${TODAY}\n${extra}---\n\n# ${name}\n\n${body}\n`;
}

// A git vault with [git] commit = true: a few deploy notes, the session incident, and 24 hot notes that overflow any briefing.
function sessionVault(): string {
  const vault = tempDir("cortex-session-");
  writeFileSync(join(vault, "cortex.toml"), '[projects]\nnames = ["ops"]\n\n[git]\ncommit = true\n');
  for (const dir of ["rules", "incidents", "atoms"]) mkdirSync(join(vault, dir));
  writeFileSync(join(vault, "rules/no_friday_deploys.md"), note("No deploys on Fridays", "rule", "Nobody deploys to production on a Friday afternoon; users keep the weekend quiet. The last deploy of the week is Thursday.", "tags: [deploy]\n"));
  writeFileSync(join(vault, "atoms/deploy_checklist.md"), note("Deploy checklist", "reference", "Before every deploy: run the migrations dry, check the error budget, tell the on-call.\n\n## Steps\n\n1. Dry-run migrations.\n2. Check the budget.\n\n## Owners\n\nThe release manager.", "tags: [deploy, release]\n"));
  writeFileSync(join(vault, "atoms/release_train.md"), note("Release train", "decision", "We deploy on a weekly train, and the last train of a sprint carries the risky changes. See [[deploy_checklist]].", "tags: [release]\n"));
  writeFileSync(join(vault, "incidents/users_logged_out.md"), note("Users logged out after release", "incident", "Sessions expired across the board once the release went live: the signing key had rotated. Keep the previous key valid for a day.", "tags: [auth, sessions]\n"));
  // Notes that share the request's other words: a briefing that drops "out" and "after" (as one once did) ranks this one first.
  writeFileSync(join(vault, "atoms/deploy_windows.md"), note("Deploy windows", "decision", "Deploys happen between 10:00 and 15:00 so users who keep getting errors reach someone awake. The last deploy window of the week is Thursday.", "tags: [deploy]\n"));
  for (let i = 1; i <= 24; i++) writeFileSync(join(vault, `atoms/hot_note_${String(i).padStart(2, "0")}.md`), note(`Hot note ${i}`, "insight", `Observation ${i} about the queue workers and their retry backoff, written this week.`, `tags: [queue]\ndescription: A recent observation about queue worker number ${i} and its retry settings.\n`));
  git(vault, "init", "-q");
  git(vault, "config", "user.email", "test@example.com");
  git(vault, "config", "user.name", "Test");
  git(vault, "add", "-A");
  git(vault, "commit", "-qm", "initial");
  return vault;
}

describe("a scripted agent session over MCP", () => {
  let vault = "";
  let client: Client;
  before(async () => {
    vault = sessionVault();
    client = await connectMcp(vault);
  });
  after(async () => {
    await client.close();
    removeTemp(vault);
  });

  test("should rank the paraphrase the same in recall, context and the prompt hook, the incident first", async () => {
    const recall = await callTool(client, "recall", { query: PARAPHRASE });
    const hits = recall.structuredContent!.hits as { path: string }[];
    assert.equal(hits[0]?.path, "incidents/users_logged_out.md", textOf(recall));
    const context = await callTool(client, "context", { query: PARAPHRASE });
    const included = [...(context.structuredContent!.included as string[]), ...(context.structuredContent!.pointers as string[])];
    // The briefing keeps recall's order, cut at the floor (0.4 × the best score).
    assert.deepEqual(included, hits.slice(0, included.length).map((h) => h.path));
    const hook = await runInProcess(["hook", "prompt", "--vault", vault, "--today", TODAY], { stdin: JSON.stringify({ prompt: PARAPHRASE }) });
    const briefed = JSON.parse(hook.stdout).hookSpecificOutput.additionalContext as string;
    const order = [...briefed.matchAll(/^(?:incidents|atoms|rules)\/\S+\.md/gm)].map((m) => m[0]);
    assert.equal(order[0], "incidents/users_logged_out.md", briefed);
    assert.deepEqual(order, hits.slice(0, order.length).map((h) => h.path));
  });

  test("should save, recall by paraphrase, update in place, retire, move, and list tags", async () => {
    const saved = await callTool(client, "save", { name: "Keep the old session key for a day", body: "When the session signing key rotates, the previous key stays valid for 24 hours so nobody is logged out by a deploy.", type: "rule", project: "ops", tags: ["auth", "sessions"], links: ["users_logged_out"] });
    assert.equal(saved.isError ?? false, false, textOf(saved));
    const path = saved.structuredContent!.path as string;
    const id = saved.structuredContent!.id as string;
    assert.equal(saved.structuredContent!.committed, true, JSON.stringify(saved.structuredContent));

    const recalled = await callTool(client, "recall", { query: "why were people signed out when we shipped" });
    assert.ok((recalled.structuredContent!.hits as { path: string }[]).some((h) => h.path === path), textOf(recalled));

    // Update in place: same file and id, updated bumped, committed; a stale version is refused.
    const read = await callTool(client, "read", { ref: path });
    const version = read.structuredContent!.version as string;
    const updated = await callTool(client, "update", { ref: path, text: "Seen again on 2026-11-21: the canary kept the old key.", version });
    assert.equal(updated.isError ?? false, false, textOf(updated));
    assert.deepEqual([updated.structuredContent!.path, updated.structuredContent!.id, updated.structuredContent!.kind, updated.structuredContent!.committed], [path, id, "append", true]);
    const text = readFileSync(join(vault, path), "utf8");
    assert.match(text, new RegExp(`^---\\nid: ${id}\\n`));
    assert.match(text, /nobody is logged out by a deploy\.\n\nSeen again on 2026-11-21: the canary kept the old key\.\n$/);
    assert.match(git(vault, "log", "-1", "--format=%s"), /^cortex update: append /);
    const stale = await callTool(client, "update", { ref: path, text: "A late line.", version });
    assert.deepEqual([stale.isError, stale.structuredContent!.error.code], [true, "CORTEX_E107"]);
    assert.doesNotMatch(readFileSync(join(vault, path), "utf8"), /A late line/);
    const section = await callTool(client, "update", { ref: "Deploy checklist", section: "Owners", text: "The release manager and the on-call." });
    assert.equal(section.isError ?? false, false, textOf(section));
    assert.match(readFileSync(join(vault, "atoms/deploy_checklist.md"), "utf8"), /## Owners\n\nThe release manager and the on-call\.\n$/);

    // Retire: gone from recall, still on disk and tracked by git.
    const forgot = await callTool(client, "forget", { ref: "No deploys on Fridays", reason: "we deploy any day now" });
    assert.equal(forgot.isError ?? false, false, textOf(forgot));
    const fridays = await callTool(client, "recall", { query: "deploys fridays" });
    assert.ok(!(fridays.structuredContent!.hits as { path: string }[]).some((h) => h.path === "rules/no_friday_deploys.md"), textOf(fridays));
    const withRetired = await callTool(client, "recall", { query: "deploys fridays", include_retired: true });
    assert.ok((withRetired.structuredContent!.hits as { path: string }[]).some((h) => h.path === "rules/no_friday_deploys.md"));
    assert.ok(existsSync(join(vault, "rules/no_friday_deploys.md")));
    assert.match(readFileSync(join(vault, "rules/no_friday_deploys.md"), "utf8"), /status: archived\n/);
    assert.equal(git(vault, "ls-files", "rules/no_friday_deploys.md").trim(), "rules/no_friday_deploys.md");
    assert.equal(git(vault, "status", "--porcelain", "rules").trim(), "", "the retire is committed");

    // Move: the note linking to it is rewritten.
    const moved = await callTool(client, "move", { ref: "Deploy checklist", to: "rules/release_checklist" });
    assert.equal(moved.isError ?? false, false, textOf(moved));
    assert.deepEqual([moved.structuredContent!.from, moved.structuredContent!.to, moved.structuredContent!.committed], ["atoms/deploy_checklist.md", "rules/release_checklist.md", true]);
    assert.deepEqual(moved.structuredContent!.rewritten, ["atoms/release_train.md"]);
    assert.match(readFileSync(join(vault, "atoms/release_train.md"), "utf8"), /See \[\[release_checklist\]\]\./);
    assert.ok(!existsSync(join(vault, "atoms/deploy_checklist.md")));
    const check = await runInProcess(["check", "--vault", vault, "--today", TODAY]);
    assert.doesNotMatch(check.stdout + check.stderr, /broken-link/, "no link broken by the move");

    // Tags, with counts, by project.
    const tags = await callTool(client, "tags", { project: "ops" });
    const counts = Object.fromEntries((tags.structuredContent!.tags as { tag: string; count: number }[]).map((t) => [t.tag, t.count]));
    assert.deepEqual([counts.queue, counts.auth, counts.deploy], [24, 2, 2]);
  });

  test("should brief at session start with the instructions first, the 24 hot notes cut at whole lines", async () => {
    const hook = await runInProcess(["hook", "session-start", "--vault", vault, "--today", TODAY, "--budget", "300"], { stdin: JSON.stringify({ cwd: "/home/me/code/ops" }) });
    const briefing = JSON.parse(hook.stdout).hookSpecificOutput.additionalContext as string;
    assert.ok(briefing.startsWith(SESSION_INSTRUCTIONS), briefing);
    assert.ok(briefing.length <= 300 * 4);
    const lines = briefing.split("\n");
    assert.match(lines.at(-1)!, /^\(\d+ more: recall to see them\)$/);
    for (const line of lines.filter((l) => l.startsWith("- "))) assert.match(line, /\(atoms\/hot_note_\d\d\.md\)$|\.md\)$/, "whole lines only");
    const shown = lines.filter((l) => l.startsWith("- ")).length;
    assert.equal(Number(/^\((\d+) more/.exec(lines.at(-1)!)![1]) + shown, 24 + 5, "every hot note is shown or counted");
    const prompt = await client.getPrompt({ name: "session-start" });
    const text = (prompt.messages[0]!.content as { text: string }).text;
    assert.match(text, /Use recall or context for anything more specific, and save durable decisions/);
  });
});
