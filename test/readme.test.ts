import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { chmodSync, existsSync, readFileSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, test } from "node:test";
import { BUILT_CLI, copyToTemp, ROOT } from "./helpers/cli.js";
import { blocks, COMMAND_BLOCKS, doc, EXAMPLE, inDocsSample, PAGES, readme, runCommandBlock, temps, withExampleFiles, workdir } from "./helpers/docs.js";

describe("README: first screen", () => {
  test("should say what this is, then Install, Start a vault in a minute, the example vault, then the commands", () => {
    const headings = [...readme.matchAll(/^(#{1,2}) (.+)$/gm)].map((m) => m[2]);
    assert.deepEqual(headings.slice(0, 5), ["cortex-vault", "Install", "Start a vault in a minute", "The example vault", "Commands"]);
    const intro = readme.slice(readme.indexOf("\n") + 1, readme.indexOf("## Install")).trim();
    assert.ok(intro.length > 300 && !intro.includes("```"), "a paragraph on what and why");
    const install = readme.slice(readme.indexOf("## Install"), readme.indexOf("## Start a vault"));
    assert.match(install, /```sh\nnpm install -g cortex-vault\n```/);
    assert.match(install, /\nnpm link +#/);
  });

  test("should never tell anyone to run npx cortex, which is another npm package", () => {
    for (const b of blocks) assert.doesNotMatch(b.body, /npx (-y )?cortex(?!-vault)\b/, `block at ${b.where}`);
    for (const b of blocks) {
      const text = doc(b.file);
      if (/crontab|pre-commit/i.test(text.slice(0, text.indexOf(b.body)).split("\n").slice(-3).join("\n")) && b.body.includes("cortex")) assert.match(b.body, /(npx -y cortex-vault|exec cortex) /);
    }
  });
});

describe("README: a page for users, the reference in docs/", () => {
  test("should stay short, and name none of the index's internal files or dated figures", () => {
    assert.ok(readme.split("\n").length <= 350, `README has ${readme.split("\n").length} lines`);
    // The freshness check and the index formats are internals (DESIGN.md); measured figures live in bench/README.md.
    const internals = /cache\.tsv|folders\.tsv|quiet-since|pending\.json|link-keys\.tsv|aliases\.tsv|search\.tsv|check-cache|CORTEX_CHANGE_PROBE|Measured on/;
    for (const { file, text } of PAGES) assert.doesNotMatch(text, internals, file);
  });

  test("should list every command of cortex --help in the README's table of commands", () => {
    const run = spawnSync(process.execPath, [BUILT_CLI, "--help"], { encoding: "utf8" });
    const list = run.stdout.slice(run.stdout.indexOf("Commands:"));
    const names = [...list.slice(0, list.indexOf("\n\n")).matchAll(/^ {2}([a-z-]+) /gm)].map((m) => m[1]!).filter((n) => n !== "help");
    assert.ok(names.length > 20, run.stdout);
    const table = readme.slice(readme.indexOf("## Commands"), readme.indexOf("\n## ", readme.indexOf("## Commands") + 1));
    for (const name of names) assert.match(table, new RegExp(`^\\| [^\\n]*\`(cortex )?${name}\\b`, "m"), name);
  });

  test("should link only to files and headings that exist", () => {
    // GitHub's anchor of a heading: lower case, punctuation dropped, spaces as hyphens.
    const anchors = (text: string) => new Set([...text.replace(/^```[\s\S]*?^```$/gm, "").matchAll(/^#{1,6} (.+)$/gm)].map((m) => m[1]!.toLowerCase().replace(/[^\p{L}\p{N} _-]/gu, "").replace(/ /g, "-")));
    let links = 0;
    for (const { file, text } of PAGES) {
      for (const m of text.matchAll(/\]\((?!https?:)([^)\s]*)\)/g)) {
        const [target, anchor] = m[1]!.split("#");
        const path = target ? join(ROOT, file, "..", target) : join(ROOT, file);
        assert.ok(existsSync(path), `${file}: ${m[1]} (no such file)`);
        if (anchor) assert.ok(anchors(readFileSync(path, "utf8")).has(anchor), `${file}: ${m[1]} (no such heading)`);
        links++;
      }
    }
    assert.ok(links > 20, "the README links to its reference pages");
  });
});

describe("README and docs: console blocks (command and output as pasted)", () => {
  for (const block of blocks.filter((b) => b.lang === "console")) {
    test(`should print what the page shows (block at ${block.where})`, () => {
      const { dir, env } = workdir();
      const steps: { command: string; expected: string[] }[] = [];
      for (const line of block.body.split("\n")) {
        if (line.startsWith("$ ")) steps.push({ command: line.slice(2), expected: [] });
        else steps.at(-1)!.expected.push(line);
      }
      const script = steps.map((s) => `printf '@@STEP@@\\n'\n${s.command} 2>&1`).join("\n");
      const run = spawnSync("bash", ["-c", script], { cwd: dir, env: { ...env, CORTEX_TODAY: "2026-11-23" }, encoding: "utf8" });
      assert.equal(run.status, 0, run.stderr);
      const outputs = run.stdout.split("@@STEP@@\n").slice(1).map((o) => o.replaceAll(dir, "/home/you").trimEnd());
      steps.forEach((s, i) => assert.equal(outputs[i], s.expected.join("\n").trimEnd(), `$ ${s.command}`));
    });
  }
});

describe("README and docs: every cortex command example, on a copy of the example vault", () => {
  // The README's blocks and the first of each page; test/stress/docs-examples.test.ts runs the others.
  for (const block of COMMAND_BLOCKS.filter(inDocsSample)) {
    test(`should run each command of the block at ${block.where}`, () => runCommandBlock(block));
  }
});

describe("README: the pre-commit hook and the crontab line", () => {
  test("should pass the pre-commit hook on a clean example vault in git", () => {
    const hook = blocks.find((b) => b.body.startsWith("#!/bin/sh\n") && b.body.includes("cortex check"))!;
    const { dir, env } = workdir();
    const vault = withExampleFiles(dir);
    const git = (...args: string[]) => spawnSync("git", args, { cwd: vault, env, encoding: "utf8" });
    git("init", "-q");
    writeFileSync(join(vault, ".git/hooks/pre-commit"), hook.body);
    chmodSync(join(vault, ".git/hooks/pre-commit"), 0o755);
    const run = spawnSync(join(vault, ".git/hooks/pre-commit"), [], { cwd: vault, env, encoding: "utf8" });
    assert.equal(run.status, 0, run.stdout + run.stderr);
  });

  test("should refresh the MOCs with the crontab line's command", () => {
    const cron = blocks.find((b) => b.lang === "crontab")!;
    const { dir, env } = workdir();
    const vault = withExampleFiles(dir);
    // The schedule off, and the package npx would fetch is the built one here.
    const command = cron.body.trim().split(/\s+/).slice(5).join(" ").replace("/path/to/vault", vault).replace("npx -y cortex-vault", "cortex-vault");
    const run = spawnSync("sh", ["-c", command], { cwd: dir, env, encoding: "utf8" });
    assert.equal(run.status, 0, run.stderr);
    assert.equal(readFileSync(join(dir, "cortex-refresh-moc.log"), "utf8"), "", "quiet on success");
  });
});

describe("README: the picture and the library", () => {
  test("should draw the example vault's link graph as cortex graph does", () => {
    const mermaid = blocks.find((b) => b.lang === "mermaid");
    assert.ok(mermaid, "a Mermaid block");
    const vault = copyToTemp(EXAMPLE);
    temps.push(vault);
    const run = spawnSync(process.execPath, [BUILT_CLI, "graph", "--vault", vault, "--today", "2026-11-22"], { encoding: "utf8" });
    assert.equal(run.status, 0, run.stderr);
    assert.equal(mermaid.body, run.stdout);
  });

  test("should date every example note in its frontmatter, so a fresh clone's file times rank nothing above the deploy decision", () => {
    const vault = copyToTemp(EXAMPLE);
    temps.push(vault);
    // A clone's files are as new as the clone: today, or later than the README's pinned day.
    const future = new Date("2027-01-01T00:00:00Z");
    for (const rel of ["inbox/quick idea.md", "atoms/deploy_freeze_during_release.md"]) utimesSync(join(vault, rel), future, future);
    const run = spawnSync(process.execPath, [BUILT_CLI, "search", "deploy", "--vault", vault, "--today", "2026-11-23", "--json", "--no-log"], { encoding: "utf8" });
    assert.equal(run.status, 0, run.stderr);
    const hits = JSON.parse(run.stdout) as { path: string; layer: string; updated: string }[];
    assert.equal(hits[0]!.path, "atoms/deploy_freeze_during_release.md");
    const idea = hits.find((h) => h.path === "inbox/quick idea.md")!;
    assert.deepEqual([idea.layer, idea.updated], ["cold", "2026-11-12"]);
    assert.ok(hits.indexOf(idea) > 1, "the idea is not second either");
  });

  test("should run each library example as written (on a copy of the example vault)", () => {
    const examples = blocks.filter((b) => b.lang === "js");
    assert.ok(examples.every((b) => b.file === "docs/library.md"), "the library's examples live on its page");
    assert.equal(examples.length, 3);
    const outputs = examples.map((example, i) => {
      const vault = copyToTemp(EXAMPLE);
      temps.push(vault);
      const script = join(ROOT, `readme-example-${process.pid}-${i}.mjs`);
      try {
        writeFileSync(script, example.body.replaceAll('"examples/vault"', JSON.stringify(vault)));
        const run = spawnSync(process.execPath, [script], { cwd: ROOT, encoding: "utf8" });
        assert.equal(run.status, 0, run.stderr);
        assert.equal(run.stderr, "");
        return run.stdout;
      } finally {
        rmSync(script, { force: true });
      }
    });
    // The vault handle: a full-text search, an atom by name, the hot list and the counts, a CortexError's code.
    assert.match(outputs[0]!, /^11\.79\d* hot atoms\/deploy_freeze_during_release\.md\n/);
    assert.match(outputs[0]!, /\n\[ 'deploy', .*\] .+\n\d+ \d+\nNOT_FOUND\n$/);
    // The pure core.
    assert.equal(outputs[1], "Deploy freeze [ 'deploy' ] []\n");
    // A write that supersedes an atom by its link stem, in one transaction.
    assert.equal(outputs[2], "rules/no_deploys_after_14_00_on_fridays.md (20261122_no_deploys_after_14_00_on_fridays) supersedes rules/no_friday_deploys.md\n");
  });
});

describe("docs/check.md: check's rules", () => {
  // Every rule index and check report (lib/atoms, lib/vault, lib/check, lib/moc/markers).
  const RULES = [
    "frontmatter-yaml", "frontmatter-unterminated", "frontmatter-not-mapping", "frontmatter-key", "missing-field",
    "invalid-type", "invalid-status", "invalid-confidence", "invalid-project", "bad-date", "field-type", "duplicate-id",
    "broken-link", "missing-file", "ambiguous-link", "tag-format", "moc-unclosed", "moc-missing-open", "moc-duplicated",
    "moc-nested", "binary", "unreadable", "skipped", "not-utf8", "nul-byte", "nul-padding", "too-large",
  ];

  test("should list every rule in the README's table with its severity", () => {
    const check = doc("docs/check.md");
    const table = check.slice(check.indexOf("## `cortex check`"), check.indexOf("Pre-commit hook"));
    for (const rule of RULES) assert.match(table, new RegExp(`\\| [^\\n]*\`${rule}\`[^\\n]*\\| (error|warning) \\|`), rule);
  });
});
