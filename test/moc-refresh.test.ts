import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { lstatSync, readFileSync, rmSync, statSync, symlinkSync, utimesSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { loadConfig } from "../lib/store/config/load.js";
import { annotateIncident, describeAge } from "../lib/core/moc/dates.js";
import { touchUpdated } from "../lib/core/moc/frontmatter-date.js";
import { refreshMocs } from "../lib/app/moc/refresh.js";
import { withVaultLock } from "../lib/store/lock.js";
import { runInProcess } from "./helpers/cli.js";
import { fixtureCopies, runVaultCases, type VaultCliCase } from "./helpers/cases.js";

const TODAY = "2026-01-10";
const copy = fixtureCopies();
const read = (dir: string, path: string) => readFileSync(join(dir, path), "utf8");
function section(text: string, name: string): string {
  const m = new RegExp(`<!-- AUTO:${name} -->\\r?\\n([\\s\\S]*?)<!-- /AUTO:${name} -->`).exec(text);
  return m ? m[1]! : "(no section)";
}

test("should fill every built-in section and keep the hand-written text", async () => {
  const dir = copy("test/fixtures/moc");
  const before = read(dir, "_moc/alpha.md");
  const result = await refreshMocs(dir, { config: loadConfig({ vault: dir }).config, today: TODAY });
  assert.deepEqual(result.written, ["MEMORY.md", "_moc/alpha.md", "_moc/beta.md"]);
  const memory = read(dir, "MEMORY.md");
  assert.equal(section(memory, "vault_count"), "**Vault:** 9 atoms (8 active) across 3 projects\n");
  assert.equal(section(memory, "orphans"), "- [[README]]\n- [[b1|Beta note]]\n- [[lonely|Lonely beta note]]\n");
  assert.equal(section(memory, "broken_links"), "- [[b1|Beta note]]:8 `[[ghost]]`\n");
  const alpha = read(dir, "_moc/alpha.md");
  assert.equal(section(alpha, "project_stats"), "**alpha:** 4 atoms (4 active) · 1 hot · 2 warm\n");
  assert.equal(section(alpha, "hot"), "- [[a1|First alpha note]] (2026-01-09)\n");
  assert.equal(section(alpha, "recent"), "- [[a1|First alpha note]] (2026-01-09)\n- [[a2|Second alpha note]] (2026-01-05)\n");
  assert.equal(section(alpha, "incidents"), "- [[incident|Login outage]] (opened 2026-01-03, 7 days ago)\n");
  assert.equal(section(alpha, "shout"), "from a command\n");
  assert.equal(section(alpha, "fail"), "kept as it was\n");
  assert.equal(alpha.replace(/<!-- AUTO:(\w+) -->[\s\S]*?<!-- \/AUTO:\1 -->/g, ""), before.replace(/<!-- AUTO:(\w+) -->[\s\S]*?<!-- \/AUTO:\1 -->/g, ""));
  assert.equal(read(dir, "_moc/beta.md"), "---\r\nproject: beta\r\n---\r\n# Beta map\r\n\r\n<!-- AUTO:project_stats -->\r\n**beta:** 4 atoms (3 active, 1 archived) · 1 hot · 0 warm\r\n<!-- /AUTO:project_stats -->\r\nend\r\n");
  assert.deepEqual(result.problems.map((p) => `${p.file}:${p.line} ${p.kind} ${p.name}`), [
    "_moc/alpha.md:41 collector-failed fail",
    "_moc/broken.md:6 unclosed hot",
    "_moc/broken.md:9 unknown-section nobody",
    "_moc/broken.md:12 collector-failed slow",
  ]);
  assert.match(result.problems[0]!.message, /exited with 3: oops/);
  assert.match(result.problems[3]!.message, /timed out after 0.5 s/);
});

test("should change nothing, not even mtimes, on a second run", async () => {
  const dir = copy("test/fixtures/moc");
  const { config } = loadConfig({ vault: dir });
  await refreshMocs(dir, { config, today: TODAY });
  const files = ["MEMORY.md", "_moc/alpha.md", "_moc/beta.md", "_moc/broken.md"];
  for (const f of files) utimesSync(join(dir, f), new Date(2000, 0, 1), new Date(2000, 0, 1));
  const texts = files.map((f) => read(dir, f));
  const again = await refreshMocs(dir, { config, today: TODAY });
  assert.deepEqual(again.written, []);
  assert.deepEqual(files.map((f) => read(dir, f)), texts);
  for (const f of files) assert.equal(statSync(join(dir, f)).mtime.getFullYear(), 2000, f);
});

test("should leave the example vault byte-identical on the day its MOCs were written", async () => {
  const dir = copy("examples/vault");
  const result = await refreshMocs(dir, { config: loadConfig({ vault: dir }).config, today: "2026-11-22" });
  assert.deepEqual(result.written, []);
  assert.deepEqual(result.problems, []);
  assert.deepEqual(result.files.map((f) => f.path), ["MEMORY.md", "_moc/backend.md", "_moc/ops.md"]);
});

test("should run custom collectors of agent scripts and report the ones that throw", async () => {
  const dir = copy("test/fixtures/moc");
  writeFileSync(join(dir, "_moc/custom.md"), "<!-- AUTO:mine -->\n<!-- /AUTO:mine -->\n<!-- AUTO:hot -->\nold\n<!-- /AUTO:hot -->\n");
  const result = await refreshMocs(dir, {
    config: loadConfig({ vault: dir }).config,
    today: TODAY,
    files: ["_moc/custom.md"],
    collectors: { mine: (ctx) => `${ctx.moc} has ${ctx.manifest.length} atoms`, hot: () => { throw new Error("no data"); } },
  });
  assert.equal(read(dir, "_moc/custom.md"), "<!-- AUTO:mine -->\n_moc/custom.md has 10 atoms\n<!-- /AUTO:mine -->\n<!-- AUTO:hot -->\nold\n<!-- /AUTO:hot -->\n");
  assert.deepEqual(result.problems.map((p) => [p.kind, p.message]), [["collector-failed", "collector hot failed: no data; section left as it was"]]);
});

test("should not overwrite a MOC that an editor saved while it was refreshed", async () => {
  const dir = copy("test/fixtures/moc");
  const edited = "# Memory\n\nsaved by the editor meanwhile\n";
  const result = await refreshMocs(dir, {
    config: loadConfig({ vault: dir }).config,
    today: TODAY,
    files: ["MEMORY.md"],
    beforeWrite: (path) => writeFileSync(join(dir, path), edited),
  });
  assert.equal(read(dir, "MEMORY.md"), edited);
  assert.deepEqual(result.written, []);
  assert.deepEqual(result.problems.map((p) => p.kind), ["changed-meanwhile"]);
});

test("should bump updated only when the content changed, with [moc] touch_updated", async () => {
  const dir = copy("test/fixtures/moc");
  writeFileSync(join(dir, "cortex.toml"), read(dir, "cortex.toml").replace("[moc]\n", "[moc]\ntouch_updated = true\n"));
  const { config } = loadConfig({ vault: dir });
  await refreshMocs(dir, { config, today: TODAY, files: ["_moc/alpha.md"] });
  assert.match(read(dir, "_moc/alpha.md"), /\nupdated: 2026-01-10\n/);
  const again = await refreshMocs(dir, { config, today: "2026-01-11", files: ["_moc/alpha.md"] });
  assert.deepEqual(again.written, ["_moc/alpha.md"]);
  assert.match(read(dir, "_moc/alpha.md"), /\nupdated: 2026-01-11\n/);
  const third = await refreshMocs(dir, { config, today: "2026-01-11", files: ["_moc/alpha.md"] });
  assert.deepEqual(third.written, []);
});

test("should touch only the date of the updated line", () => {
  assert.equal(touchUpdated("---\r\nname: x\r\nupdated: '2026-01-01' # auto\r\n---\r\nbody", "2026-02-03"), "---\r\nname: x\r\nupdated: '2026-02-03' # auto\r\n---\r\nbody");
  assert.equal(touchUpdated("\uFEFF---\nupdated: 2026-01-01\n---\n", "2026-02-03"), "\uFEFF---\nupdated: 2026-02-03\n---\n");
  assert.equal(touchUpdated("---\nupdated: soon\n---\n", "2026-02-03"), "---\nupdated: soon\n---\n");
  assert.equal(touchUpdated("no frontmatter\nupdated: 2026-01-01\n", "2026-02-03"), "no frontmatter\nupdated: 2026-01-01\n");
});

test("should describe ages", () => {
  assert.equal(describeAge("2026-11-03", "2026-11-22"), "19 days ago");
  assert.equal(describeAge("2026-11-22", "2026-11-22"), "today");
  assert.equal(describeAge("2026-11-21", "2026-11-22"), "yesterday");
  assert.equal(describeAge("2026-11-25", "2026-11-22"), "in 3 days");
  assert.equal(annotateIncident("Outage", "2026-11-03", "2026-11-22"), "Outage (opened 2026-11-03, 19 days ago)");
});

test("should commit exactly the refreshed MOCs with --commit", async () => {
  const dir = copy("test/fixtures/moc");
  const git = (...args: string[]) => spawnSync("git", args, { cwd: dir, encoding: "utf8" });
  git("init", "-q");
  git("-c", "user.name=t", "-c", "user.email=t@t", "add", "-A");
  git("-c", "user.name=t", "-c", "user.email=t@t", "commit", "-qm", "start");
  writeFileSync(join(dir, "alpha/a2.md"), `${read(dir, "alpha/a2.md")}\nan uncommitted edit\n`);
  const run = await runInProcess(["refresh-moc", "--vault", dir, "--today", TODAY, "--commit", "-q"], { env: { GIT_AUTHOR_NAME: "t", GIT_AUTHOR_EMAIL: "t@t", GIT_COMMITTER_NAME: "t", GIT_COMMITTER_EMAIL: "t@t" } });
  assert.equal(run.code, 1);
  assert.equal(run.stdout, "");
  assert.equal(git("show", "--name-only", "--format=%s", "HEAD").stdout, "cortex refresh-moc: MEMORY.md, _moc/alpha.md, _moc/beta.md\n\nMEMORY.md\n_moc/alpha.md\n_moc/beta.md\n");
  assert.match(git("status", "--porcelain").stdout, / M alpha\/a2.md/);
});


const CASES: VaultCliCase[] = [
  {
    name: "should exit 0 and print nothing with --quiet when all went well",
    fixture: "examples/vault",
    args: (dir) => ["refresh-moc", "--vault", dir, "--today", "2026-11-25", "--quiet"],
    exitCode: 0,
    stdout: "",
    stderr: "",
  },
  {
    name: "should list what it would refresh with --dry-run and write nothing",
    fixture: "examples/vault",
    args: (dir) => ["refresh-moc", "--vault", dir, "--today", "2026-11-25", "--dry-run", "--verbose"],
    exitCode: 0,
    stdout: "unchanged MEMORY.md (vault_count)\nwould refresh _moc/backend.md (project_stats, hot)\nwould refresh _moc/ops.md (project_stats, hot)\n3 MOCs: 2 to refresh, 1 unchanged\n",
  },
  {
    name: "should exit 1 and report each section it could not refresh as path:line",
    fixture: "test/fixtures/moc",
    args: (dir) => ["refresh-moc", "--vault", dir, "--today", TODAY, "_moc/broken.md"],
    exitCode: 1,
    stdout: "1 MOC: 0 refreshed, 1 unchanged\n",
    stderr: /^_moc\/broken.md:6 error moc-unclosed .*\n_moc\/broken.md:9 error moc-unknown-section .*\n_moc\/broken.md:12 error moc-collector-failed \[moc.commands\] slow: timed out after 0.5 s; section left as it was\n$/,
  },
  {
    name: "should exit 2 for a MOC outside the vault",
    args: (dir) => ["refresh-moc", "--vault", dir, "../elsewhere.md"],
    exitCode: 2,
    stderr: 'cortex: refresh-moc: "../elsewhere.md" is outside the vault; give vault-relative paths\n',
  },
  {
    name: "should exit 2 on a bad [moc] setting",
    fixture: "examples/vault",
    args: (dir) => {
      writeFileSync(join(dir, "cortex.toml"), "[moc]\ntouch_updated = \"yes\"\n");
      return ["refresh-moc", "--vault", dir];
    },
    exitCode: 2,
    stderr: /^cortex: .*cortex.toml: moc.touch_updated: expected true or false, got string "yes"\n$/,
  },
];


runVaultCases(CASES, "test/fixtures/moc", copy);

test("should exit 2 when another process holds the vault lock too long", async () => {
  const dir = copy("examples/vault");
  await withVaultLock(dir, async () => {
    await assert.rejects(refreshMocs(dir, { config: loadConfig({ vault: dir }).config, today: TODAY, lockTimeoutMs: 50 }), { code: "LOCKED" });
  });
});

test("should leave a MOC that is a symbolic link alone and say so", async () => {
  const dir = copy("test/fixtures/moc");
  const outside = copy("test/fixtures/moc");
  rmSync(join(dir, "_moc/beta.md"));
  symlinkSync(join(outside, "_moc/beta.md"), join(dir, "_moc/beta.md"));
  const before = read(outside, "_moc/beta.md");
  const run = await runInProcess(["refresh-moc", "--vault", dir, "--today", TODAY, "_moc/beta.md"]);
  assert.equal(run.code, 1);
  // Problems print as path:line severity rule message (issue 14).
  assert.equal(run.stderr, "_moc/beta.md:1 error moc-symlink is a symbolic link; left alone (cortex never writes through or over a link)\n");
  assert.ok(lstatSync(join(dir, "_moc/beta.md")).isSymbolicLink(), "still a link");
  assert.equal(read(outside, "_moc/beta.md"), before, "the file it points to is unchanged");
});
