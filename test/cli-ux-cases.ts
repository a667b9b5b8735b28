import assert from "node:assert/strict";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { VaultCliCase } from "./helpers/cases.js";
import { copyToTemp, ROOT } from "./helpers/cli.js";

/** The example vault, on which the cases below run (a fresh copy each). */
export const UX_FIXTURE = "examples/vault";

const T = ["--today", "2026-11-22"];
const V = (dir: string) => ["--vault", dir, ...T];
const read = (dir: string, path: string) => readFileSync(join(dir, path), "utf8");

// A copy of the example vault with more hot atoms than the summary lists.
function manyHot(): string {
  const dir = copyToTemp(join(ROOT, UX_FIXTURE));
  mkdirSync(join(dir, "bulk"));
  for (let i = 0; i < 14; i++) writeFileSync(join(dir, `bulk/n${i}.md`), `---\nname: Bulk note ${i}\nproject: ops\nupdated: 2026-11-22\n---\nText ${i}.\n`);
  return dir;
}

// A copy with notes the parser and the linter both have something to say about.
function withProblems(): string {
  const dir = copyToTemp(join(ROOT, UX_FIXTURE));
  writeFileSync(join(dir, "atoms/bad_date.md"), "---\nname: Bad date\nupdated: someday\n---\nText.\n");
  writeFileSync(join(dir, "atoms/collection_key.md"), "---\nname: Collection key\n[[a]]: b\n---\nText.\n");
  writeFileSync(join(dir, "atoms/binary.md"), Buffer.from([0x61, 0x00, 0x62]));
  return dir;
}

/** The CLI cases of issue 14 (commands people expect, output people can trust, commands that surprised). */
export const UX_CASES: VaultCliCase[] = [
  // Commands people expect
  {
    name: "should show an atom by link stem, with its metadata, marked superseded",
    args: (d) => ["show", "deploy_freeze_release_day", ...V(d)],
    exitCode: 0,
    stdout: /^Deploy freeze on release day only \[superseded\]\n {2}path {6}atoms\/deploy_freeze_release_day\.md\n[\s\S]* {2}status {4}superseded, by 20261118_deploy_freeze_during_release\n[\s\S]*\n\n# Deploy freeze on release day only\n/,
  },
  { name: "should show an atom by [[wikilink]] as JSON", args: (d) => ["show", "[[no_friday_deploys]]", "-j", ...V(d)], exitCode: 0, stdout: /^\{\n {2}"path": "rules\/no_friday_deploys\.md",[\s\S]*"layer": "cold",[\s\S]*"body": "# No deploys on Fridays after 15:00/ },
  { name: "should print the file exactly with show --raw", args: (d) => ["show", "No deploys on Fridays after 15:00", "--raw", ...V(d)], exitCode: 0, after: (d, run) => assert.equal(run.stdout, read(d, "rules/no_friday_deploys.md")) },
  { name: "should refuse an unknown REF on one line, as JSON with -j", args: (d) => ["show", "nothing_here", "-j", ...V(d)], exitCode: 2, stdout: "", stderr: '{"error":{"code":"NOT_FOUND","message":"no atom with path, id or name \\"nothing_here\\""}}\n' },
  { name: "should list atoms newest first, marked, and say how many more", args: (d) => ["list", "-p", "ops", "-n", "3", ...V(d)], exitCode: 0, stdout: /^2026-11-21 {2}\[hot\] {3}atoms\/deploy_freeze_during_release\.md {2}Deploy freeze during release windows\n2026-11-20 .*\n2026-11-18 {2}\[warm\] {2}atoms\/deploy_freeze_release_day\.md {2}Deploy freeze on release day only \[superseded\]\n$/, stderr: /^… 5 more \(--limit 0 lists all\)\n$/ },
  { name: "should list a project and a type named in any case, as search does", args: (d) => ["list", "-p", "OPS", "-t", "Rule", ...V(d)], exitCode: 0, stdout: "2026-10-02  [cold]  rules/no_friday_deploys.md  No deploys on Fridays after 15:00\n", stderr: "" },
  { name: "should list as JSON with filters", args: (d) => ["list", "-t", "rule", "--status", "active", "-j", ...V(d)], exitCode: 0, stdout: /^\[\n {2}\{\n {4}"path": "rules\/no_friday_deploys\.md",[\s\S]*\}\n\]\n$/ },
  // A project no atom has is said so, with the projects there are (issue 26); was "No atoms match the filters".
  { name: "should exit 1 when list matches nothing", args: (d) => ["list", "-p", "nobody", ...V(d)], exitCode: 1, stdout: "", stderr: "no project nobody (projects: backend, ops, personal, research)\n" },
  { name: "should say when the filters match nothing in a project that exists", args: (d) => ["list", "-p", "ops", "-t", "loss", ...V(d)], exitCode: 1, stdout: "", stderr: "No atoms match the filters\n" },
  { name: "should not say a project named in another case is missing", args: (d) => ["list", "-p", "Ops", "-t", "loss", ...V(d)], exitCode: 1, stdout: "", stderr: "No atoms match the filters\n" },
  {
    name: "should open an atom in $EDITOR and re-index it",
    args: (d) => ["edit", "no_friday_deploys", ...V(d)],
    env: { EDITOR: `sh ${join(ROOT, "test/fixtures/editor-append.sh")}`, VISUAL: "" },
    exitCode: 0,
    // Was "Edited …; index updated": the edit now also sets `updated` (issue 26), and says so.
    stderr: /^Edited rules\/no_friday_deploys\.md \(updated 2026-11-22\); index updated\n$/,
    after: (d) => {
      assert.match(read(d, "rules/no_friday_deploys.md"), /\nEdited by the test editor\.\n$/);
      assert.match(read(d, "index/manifest.json"), /rules\/no_friday_deploys\.md/);
      assert.match(read(d, "rules/no_friday_deploys.md"), /\nupdated: 2026-11-22\n/, "updated follows the edit");
      assert.match(read(d, "layers/hot.json"), /rules\/no_friday_deploys\.md/, "and the layer follows updated");
    },
  },
  {
    name: "should leave updated as it was when the editor changed nothing, or changed the date itself",
    args: (d) => ["edit", "no_friday_deploys", ...V(d)],
    env: { EDITOR: `sh -c 'sed -i "s/^updated: .*/updated: 2026-11-01/" "$0"'`, VISUAL: "" },
    exitCode: 0,
    stderr: /^Edited rules\/no_friday_deploys\.md \(changed\); index updated\n$/,
    after: (d) => assert.match(read(d, "rules/no_friday_deploys.md"), /\nupdated: 2026-11-01\n/),
  },
  { name: "should say an edit that changed nothing left the note as it was", args: (d) => ["edit", "no_friday_deploys", ...V(d)], env: { EDITOR: "true", VISUAL: "" }, exitCode: 0, stderr: /^Edited rules\/no_friday_deploys\.md \(unchanged\); index unchanged\n$/, after: (d) => assert.match(read(d, "rules/no_friday_deploys.md"), /\nupdated: 2026-10-02\n/) },
  { name: "should say which editor failed and leave the index alone", args: (d) => ["edit", "no_friday_deploys", ...V(d)], env: { EDITOR: "false", VISUAL: "" }, exitCode: 2, stderr: /^cortex: editor "false" failed on rules\/no_friday_deploys\.md \(exit 1\); the index was not updated\n$/ },
  {
    name: "should write an atom that supersedes another (write --supersedes)",
    args: (d) => ["write", "--name", "Deploy freeze of 48 hours", "-t", "decision", "-p", "ops", "--body", "No deploys from 48 hours before a cut to 48 hours after.", "--supersedes", "deploy_freeze_during_release", ...V(d)],
    exitCode: 0,
    stdout: /^Wrote atoms\/deploy_freeze_of_48_hours\.md \(id 20261122_deploy_freeze_of_48_hours\)\n[\s\S]*Superseded atoms\/deploy_freeze_during_release\.md\n$/,
    after: (d) => assert.match(read(d, "atoms/deploy_freeze_during_release.md"), /\nstatus: superseded\n[\s\S]*\nsuperseded_by: 20261122_deploy_freeze_of_48_hours\n/),
  },
  {
    name: "should check everything and write nothing with write --dry-run",
    args: (d) => ["write", "--name", "Pin the node version", "-t", "rule", "-p", "ops", "--body", "Use .nvmrc.", "--dry-run", ...V(d)],
    exitCode: 0,
    stdout: /^Would write rules\/pin_the_node_version\.md \(id 20261122_pin_the_node_version\); nothing written\n\n---\nid: 20261122_pin_the_node_version\n[\s\S]*# Pin the node version\n\nUse \.nvmrc\.\n$/,
    after: (d) => assert.equal(existsSync(join(d, "rules/pin_the_node_version.md")), false),
  },
  { name: "should refuse a near-duplicate on write --dry-run too", args: (d) => ["write", "--name", "No deploys on Fridays after 15:00", "-t", "rule", "-p", "ops", "--file", join(ROOT, UX_FIXTURE, "rules/no_friday_deploys.md"), "--dry-run", ...V(d)], exitCode: 2, stderr: /near-duplicate of rules\/no_friday_deploys\.md/ },
  {
    name: "should say what supersede --dry-run would do and write nothing",
    args: (d) => ["supersede", "no_friday_deploys", "--by", "[[deploy_freeze_during_release]]", "--dry-run", ...V(d)],
    exitCode: 0,
    stdout: "Would supersede rules/no_friday_deploys.md by atoms/deploy_freeze_during_release.md\n",
    after: (d) => assert.doesNotMatch(read(d, "rules/no_friday_deploys.md"), /superseded/),
  },
  { name: "should refuse supersede --dry-run of an atom already superseded", args: (d) => ["supersede", "deploy_freeze_release_day", "--dry-run", ...V(d)], exitCode: 2, stderr: /^cortex: old: atoms\/deploy_freeze_release_day\.md is already superseded/ },
  { name: "should print refresh-moc's result as JSON", args: (d) => ["refresh-moc", "--dry-run", "-j", ...V(d)], exitCode: 0, stdout: /^\{\n {2}"dry_run": true,\n {2}"files": \[\n {4}\{\n {6}"path": "MEMORY\.md",/ },
  { name: "should print the graph as JSON with --json (as --format json)", args: (d) => ["graph", "--json", ...V(d)], exitCode: 0, stdout: /^\{\n {2}"nodes": \[[\s\S]*"omitted": 0\n\}\n$/ },
  { name: "should draw the most connected atoms only, and say how to get all", args: (d) => ["graph", "--limit", "3", ...V(d)], exitCode: 0, stdout: /^flowchart LR\n/, stderr: /^Showing the 3 most connected of 18 atoms; --limit 0 draws all, -p PROJECT one project\n$/ },
  { name: "should take -p, -t and --limit on search, and print no score in filter mode", args: (d) => ["search", "-p", "ops", "-t", "decision", "--limit", "1", "--no-log", ...V(d)], exitCode: 0, stdout: /^\[hot\] {3}atoms\/deploy_freeze_during_release\.md {2}Deploy freeze during release windows\n$/ },
  { name: "should print no score in filter mode with --brief", args: (d) => ["search", "-p", "backend", "--brief", "--limit", "1", "--no-log", ...V(d)], exitCode: 0, stdout: /^\[hot\] Payments API v2\n {2}atoms\/payments_api_v2\.md {2}updated [\d-]+, created 2026-09-15\n/ },
  { name: "should mark superseded atoms in search results", args: (d) => ["search", "deploy", "freeze", "--no-log", ...V(d)], exitCode: 0, stdout: /atoms\/deploy_freeze_release_day\.md {2}Deploy freeze on release day only \[superseded\]\n/ },
  // --top 1: full-text search also finds the notes whose body mentions friday.
  { name: "should print --paths usable from the current folder", args: (d) => ["search", "friday", "--paths", "--top", "1", "--no-log", ...V(d)], cwd: (d) => join(d, "rules"), exitCode: 0, stdout: "no_friday_deploys.md\n" },
  { name: "should print --paths absolute when the vault is not under the current folder", args: (d) => ["search", "friday", "--paths", "--top", "1", "--no-log", ...V(d)], exitCode: 0, after: (d, run) => assert.equal(run.stdout, `${join(d, "rules/no_friday_deploys.md")}\n`) },
  { name: "should print the version with -v", args: () => ["-v"], exitCode: 0, stdout: /^\d+\.\d+\.\d+\n$/ },
  { name: "should print help on stdout for a bare cortex", args: () => [], exitCode: 0, stdout: /^Usage: cortex \[options\] \[command\]\n[\s\S]*\n {2}show +Print an atom's metadata and text\n/, stderr: "" },
  { name: "should print a usage error as JSON with --json", args: (d) => ["search", "x", "--top", "many", "--json", ...V(d)], exitCode: 2, stderr: /^\{"error":\{"code":"USAGE","message":"option '-n, --top <n>' argument 'many' is invalid\. expected a whole number\."\}\}\n$/ },
  { name: "should print a bash completion script that asks for the vault's projects and tags when completing", args: (d) => ["completion", "bash", "--vault", d], exitCode: 0, stdout: /^# cortex shell completion[\s\S]*-p\|--project\) _cortex_complete projects; return;;[\s\S]*--tag\) _cortex_complete tags; return;;[\s\S]*complete -o default -F _cortex cortex cortex-vault\n$/, after: (_, run) => assert.doesNotMatch(run.stdout, /backend ops personal research|\bdeploy\b/, "no value of the vault frozen in the script") },
  { name: "should print a zsh completion script", args: (d) => ["completion", "zsh", "--vault", d], exitCode: 0, stdout: /^autoload -U \+X bashcompinit && bashcompinit\n[\s\S]* show\) COMPREPLY=\(\$\(compgen -W "--vault --today --raw -j --json --help"/ },
  { name: "should print a fish completion script", args: (d) => ["completion", "fish", "--vault", d], exitCode: 0, stdout: /complete -c cortex -n "__fish_seen_subcommand_from search" -l project -s p -x -a "\(__cortex_list projects\)"\n/ },
  { name: "should refuse an unknown shell", args: () => ["completion", "tcsh"], exitCode: 2, stderr: /value 'tcsh' is invalid for argument 'shell'\. Allowed choices are bash, zsh, fish\./ },
  // Output people can trust
  { name: "should draw superseded and archived atoms dashed in the graph, named so", args: (d) => ["graph", ...V(d)], exitCode: 0, stdout: /\n {2}n6\["Deploy freeze on release day only \(superseded\)"\]\n[\s\S]*\n {2}n16\["Manual deploy runbook \(pre-CI\) \(archived\)"\]\n[\s\S]*\n {2}classDef retired stroke-dasharray:5 5,color:#888\n {2}class n6,n16 retired\n$/ },
  { name: "should mark superseded atoms in related", args: (d) => ["related", "deploy_freeze_during_release", ...V(d)], exitCode: 0, stdout: /^atoms\/deploy_freeze_release_day\.md {2}Deploy freeze on release day only \[superseded\] — links both ways\n/m },
  { name: "should leave superseded atoms out of context by default", args: (d) => ["context", "deploy", "freeze", "release", "day", ...V(d)], exitCode: 0, after: (_, run) => assert.doesNotMatch(run.stdout, /## Deploy freeze on release day only/) },
  { name: "should keep superseded atoms in context with --all-status", args: (d) => ["context", "deploy", "freeze", "release", "day", "--all-status", ...V(d)], exitCode: 0, stdout: /## Deploy freeze on release day only/ },
  { name: "should cap the summary's hot list and say how many more", fixture: manyHot, args: (d) => ["summary", ...V(d)], exitCode: 0, stdout: /\nHot:\n(?: {2}2026-11-2\d .*\n){10} {2}… and \d+ more \(cortex list --status active --layer hot\)\n$/ },
  { name: "should print summary --json counts as objects", args: (d) => ["summary", "-j", ...V(d)], exitCode: 0, stdout: /"projects": \[\n {4}\{\n {6}"project": "ops",\n {6}"count": 6\n {4}\},/ },
  { name: "should say index --stats counts active atoms by project and type", args: (d) => ["index", "--stats", ...V(d)], exitCode: 0, stdout: /\nActive by project: ops 6, backend 3, personal 3, research 3\nActive by type: / },
  {
    name: "should count errors and warnings in index as check does, with the severity word on each line",
    fixture: withProblems,
    args: (d) => ["index", ...V(d)],
    exitCode: 0,
    stdout: /^Indexed 20 atoms \(2 errors, 1 warning\) in \d+ ms\n$/,
    stderr: /^atoms\/bad_date\.md:3 error bad-date [^\n]*\natoms\/binary\.md:1 error binary file contains NUL bytes; skipped\natoms\/collection_key\.md:3 warning frontmatter-key a key that is a list or mapping[^\n]*\n$/,
  },
  { name: "should report the same problems in check with the same severities", fixture: withProblems, args: (d) => ["check", ...V(d)], exitCode: 1, stdout: /^atoms\/bad_date\.md:3 error bad-date [^\n]*\natoms\/binary\.md:1 error binary file contains NUL bytes; skipped\natoms\/collection_key\.md:3 warning frontmatter-key /, stderr: /: 2 errors, 1 warning\n$/ },
  { name: "should keep the YAML parser's warning out of stderr as a raw Node warning", fixture: withProblems, args: (d) => ["check", "-q", ...V(d)], exitCode: 1, after: (_, run) => assert.doesNotMatch(run.stderr, /Warning|stringified/) },
  // Commands that surprised
  {
    name: "should move a --file inside the vault into place, not refuse it as its own duplicate",
    args: (d) => ["write", "--name", "Announce the freeze", "-t", "insight", "-p", "personal", "--file", "inbox/quick idea.md", ...V(d)],
    cwd: (d) => d,
    exitCode: 0,
    stdout: /^Wrote insights\/announce_the_freeze\.md \(id 20261122_announce_the_freeze\)\nMoved from inbox\/quick idea\.md\n/,
    after: (d) => {
      assert.equal(existsSync(join(d, "inbox/quick idea.md")), false);
      assert.match(read(d, "insights/announce_the_freeze.md"), /Post the deploy freeze window in the team channel/);
      assert.ok(!(JSON.parse(read(d, "index/manifest.json")) as { path: string }[]).some((m) => m.path === "inbox/quick idea.md"), "the moved note is no longer indexed");
    },
  },
  {
    name: "should move a --file inside the vault into place while it supersedes another atom",
    args: (d) => ["write", "--name", "Announce the freeze", "-t", "insight", "-p", "personal", "--file", "inbox/quick idea.md", "--supersedes", "devopsdays_zurich_talk", ...V(d)],
    cwd: (d) => d,
    exitCode: 0,
    stdout: /^Wrote insights\/announce_the_freeze\.md \(id 20261122_announce_the_freeze\)\nMoved from inbox\/quick idea\.md\n[\s\S]*Superseded atoms\/devopsdays_zurich_talk\.md\n$/,
    after: (d) => {
      assert.equal(existsSync(join(d, "inbox/quick idea.md")), false);
      assert.match(read(d, "atoms/devopsdays_zurich_talk.md"), /^status: superseded$/m);
    },
  },
  { name: "should not link on one shared tag alone", args: (d) => ["write", "--name", "Lunch order", "-t", "event", "-p", "ops", "--tags", "deploy", "--body", "Pizza on Thursdays.", "-j", ...V(d)], exitCode: 0, stdout: /"related": \[\]/ },
  { name: "should link related atoms with enough evidence, and not with --no-related", args: (d) => ["write", "--name", "Deploy freeze calendar reminder", "-t", "event", "-p", "ops", "--tags", "deploy,release", "--body", "Post it.", "--no-related", "-j", ...V(d)], exitCode: 0, stdout: /"links": \[\],\n {2}"related": \[\]/ },
  { name: "should quote the cd it prints for a folder with spaces", args: (d) => ["init", join(d, "new vault")], exitCode: 0, after: (d, run) => assert.match(run.stdout, new RegExp(`\\nNext: cd '${join(d, "new vault").replace(/[/.]/g, "\\$&")}' && git init && cortex write`)) },
];
