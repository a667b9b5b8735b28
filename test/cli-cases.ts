/** One CLI case, run both in-process and against the built CLI. `$VAULT` / `$BAD` are replaced by temp vault paths. */
export interface CliCase {
  name: string;
  args: string[];
  exitCode: number;
  stdout?: RegExp;
  stderr?: RegExp;
  env?: Record<string, string>;
}

const T = ["--today", "2026-11-22"];
const S = ["--vault", "$VAULT", ...T, "--no-log"];

export const CLI_CASES: CliCase[] = [
  { name: "print help", args: ["--help"], exitCode: 0, stdout: /Usage: cortex[\s\S]*search[\s\S]*Exit codes: 0 success/ },
  { name: "print the version", args: ["--version"], exitCode: 0, stdout: /^\d+\.\d+\.\d+\n$/ },
  { name: "print a command's help", args: ["search", "--help"], exitCode: 0, stdout: /--brief[\s\S]*--explain/ },
  { name: "reject an unknown command", args: ["frobnicate"], exitCode: 2, stderr: /unknown command 'frobnicate'/ },
  { name: "reject an unknown option", args: ["search", "x", "--bogus"], exitCode: 2, stderr: /unknown option '--bogus'/ },
  { name: "reject a usage error in cortex's style: one cortex: line, one hint line", args: ["search", "x", "--brieff", ...S], exitCode: 2, stderr: /^cortex: unknown option '--brieff'\ndid you mean --brief\?\n$/ },
  { name: "tell how to leave a word out when it reads as an option", args: ["search", "deploy", "-friday", ...S], exitCode: 2, stderr: /^cortex: unknown option -friday\nto leave a word out, quote the query: cortex search 'deploy -friday' \(or: cortex search deploy -- -friday\)\n$/ },
  { name: "reject two output formats", args: ["search", "x", "--brief", "--json", ...S], exitCode: 2, stderr: /cannot be used with/ },
  { name: "reject a bad --top", args: ["search", "x", "--top", "many", ...S], exitCode: 2, stderr: /--top.*whole number/ },
  { name: "reject a bad --today", args: ["search", "x", "--vault", "$VAULT", "--today", "2026-13-01"], exitCode: 2, stderr: /^cortex: --today must be a date YYYY-MM-DD, got "2026-13-01"\n$/ },
  { name: "reject a bad CORTEX_TODAY", args: ["summary", "--vault", "$VAULT"], env: { CORTEX_TODAY: "yesterday" }, exitCode: 2, stderr: /--today must be a date/ },
  { name: "name a missing vault", args: ["search", "x", "--vault", "/no/such/vault"], exitCode: 2, stderr: /^cortex: vault folder not found: \/no\/such\/vault \(from --vault\)\n$/ },
  { name: "name the bad key of a broken cortex.toml", args: ["search", "x", "--vault", "$BAD"], exitCode: 2, stderr: /^cortex: .*cortex\.toml: layers\.hot: expected a non-negative number, got the string "soon"\n$/ },
  { name: "refuse to watch a missing vault", args: ["watch", "--vault", "/no/such/vault"], exitCode: 2, stderr: /^cortex: vault folder not found: \/no\/such\/vault \(from --vault\)\n$/ },
  { name: "refuse to watch with a bad --today", args: ["watch", "--vault", "$VAULT", "--today", "someday"], exitCode: 2, stderr: /^cortex: --today must be a date YYYY-MM-DD, got "someday"\n$/ },
  { name: "index the vault", args: ["index", "--vault", "$VAULT", ...T], exitCode: 0, stdout: /^Indexed 12 atoms \(0 errors, 0 warnings\) in \d+ ms\n$/ },
  { name: "index with statistics", args: ["index", "--vault", "$VAULT", ...T, "--stats"], exitCode: 0, stdout: /Status: active 10, archived 1, superseded 1[\s\S]*Tags: 3 distinct/ },
  { name: "index with JSON output", args: ["index", "--vault", "$VAULT", ...T, "--json"], exitCode: 0, stdout: /"atoms": 12,\n  "errors": 0,\n  "warnings": 0,/ },
  {
    name: "search with --brief",
    args: ["search", "deploy", "risk", ...S, "--brief", "--top", "2", "--ranking", "seed"],
    exitCode: 0,
    stdout: /^\[hot\] Deploy freeze \(score: 51\.5\)\n {2}decisions\/deploy_freeze\.md {2}updated 2026-11-21\n {2}Nothing ships in the 24 hours before a release cut\.\n\n\[warm\] Risk register \(score: 26\)\n/,
  },
  { name: "search with the query in one argument", args: ["search", "deploy risk", ...S, "--paths", "--top", "3", "--ranking", "seed"], exitCode: 0, stdout: /^\/.+\/decisions\/deploy_freeze\.md\n\/.+\/notes\/risk_register\.md\n\/.+\/notes\/rollout\.md\n$/ },
  { name: "search with JSON output", args: ["search", "deploy", "risk", ...S, "--json", "--top", "1", "--ranking", "seed"], exitCode: 0, stdout: /^\[\n {2}\{\n {4}"path": "decisions\/deploy_freeze\.md",[\s\S]*"layer": "hot",\n {4}"score": 51\.5\n {2}\}\n\]\n$/ },
  { name: "explain a score", args: ["search", "deploy", "risk", ...S, "--explain", "--top", "1", "--ranking", "seed"], exitCode: 0, stdout: /deploy: name \+10, tag \+8, description \+4, path \+3\n {4}risk: tag \+8\n {4}= 33 \(fields\)\n {4}× 1\.5 \(all keywords\) = 49\.5\n {4}\+ 2 \(hot\) = 51\.5\n$/ },
  { name: "print the full content", args: ["search", "rollout", ...S, "--content", "--ranking", "seed"], exitCode: 0, stdout: /^==> notes\/rollout\.md \(score: 19\) <==\n---\nname: Rollout plan\n[\s\S]*Ten percent, then half, then everyone\.\n$/ },
  { name: "exit 1 when nothing matches", args: ["search", "zzzz", ...S], exitCode: 1, stdout: /^$/, stderr: /^No results for: zzzz\n$/ },
  { name: "print [] for no JSON results", args: ["search", "zzzz", ...S, "--json"], exitCode: 1, stdout: /^\[\]\n$/ },
  { name: "list by filters without a query", args: ["search", ...S, "--project", "backend", "--paths"], exitCode: 0, stdout: /^\/.+\/notes\/api_limits\.md\n$/ },
  { name: "take the day from CORTEX_TODAY", args: ["search", "api", "--vault", "$VAULT", "--no-log", "--brief", "--ranking", "seed"], env: { CORTEX_TODAY: "2026-12-31" }, exitCode: 0, stdout: /^\[cold\] API rate limits \(score: 21\)/ },
  { name: "search the whole note by default, with the passage that matched", args: ["search", "percent", "everyone", ...S, "--brief"], exitCode: 0, stdout: /^\[hot\] Rollout plan \(score: [\d.]+\)\n {2}notes\/rollout\.md {2}updated 2026-11-20\n {2}Ten percent, then half, then everyone\.\n$/ },
  { name: "give matched words and the snippet in JSON", args: ["search", "percent everyone", ...S, "--json"], exitCode: 0, stdout: /"matched": \[\n {6}"percent",\n {6}"everyone"\n {4}\],\n {4}"snippet": "Ten percent, then half, then everyone\."\n/ },
  { name: "require a quoted phrase and drop excluded words", args: ["search", '"then half" -deploy', ...S, "--paths"], exitCode: 1, stderr: /^No results for: "then half" -deploy\n$/ },
  { name: "with --strict, refuse a query it cannot read, naming the token", args: ["search", '"release cut', ...S, "--strict"], exitCode: 2, stderr: /^cortex: bad query: unclosed quote in "\\"release cut"\n$/ },
  { name: "with --strict, refuse a seed-ranking query with no keyword of two characters, instead of listing by filters", args: ["search", "a", "x", ...S, "--ranking", "seed", "--strict"], exitCode: 2, stderr: /^cortex: bad query: "a x" has no keyword of two or more characters \(the seed ranking drops shorter ones\)\n$/ },
  { name: "read an unclosed quote as text", args: ["search", '"release cut', ...S, "--paths"], exitCode: 0, stdout: /^\/.+\/decisions\/deploy_freeze\.md\n$/ },
  { name: "find nothing, not list by filters, for a seed-ranking query with no keyword of two characters", args: ["search", "a", "x", ...S, "--ranking", "seed"], exitCode: 1, stdout: /^$/, stderr: /^No results for: a x\n$/ },
  { name: "find nothing for a query with no word", args: ["search", "!!! & --", ...S], exitCode: 1, stdout: /^$/, stderr: /^No results for: !!! & --\n$/ },
  // "windows" finds the deploy window by its stem, "release" the deploy freeze.
  { name: "search the text of an agent's question with a stray quote", args: ["search", 'what did we decide about "release windows?', ...S, "--paths"], exitCode: 0, stdout: /^\/.+\/notes\/deploy_window\.md\n\/.+\/decisions\/deploy_freeze\.md\n$/ },
  { name: "search the text of an agent's question with a lone dash", args: ["search", "what's the deploy rule for fridays - is it 15:00?", ...S, "--paths", "--top", "1"], exitCode: 0, stdout: /^\/.+\/decisions\/deploy_freeze\.md\n$/ },
  // Only "node" is in the vault (in an archived note's body).
  { name: "read C++, &, parentheses, -- and AND OR NOT as words", args: ["search", "C++ templates & node.js (v22) -- AND OR NOT", ...S, "--paths"], exitCode: 0, stdout: /^\/.+\/archive\/old_deploy_process\.md\n$/, stderr: /^$/ },
  { name: "with --strict, refuse a lone dash", args: ["search", "deploy - fridays", ...S, "--strict"], exitCode: 2, stderr: /^cortex: bad query: "-" alone is not a search word\n$/ },
  {
    name: "search the first 32 distinct words of a longer query, and say so",
    args: ["search", `rollout ${Array.from({ length: 33 }, (_, i) => `w${i}`).join(" ")}`, ...S, "--paths"],
    exitCode: 0,
    stdout: /^\/.+\/notes\/rollout\.md\n$/,
    stderr: /^\(searched the first 32 distinct words of the query; 2 more left out\)\n$/,
  },
  { name: "with --strict, refuse a query of more than 32 distinct words", args: ["search", Array.from({ length: 33 }, (_, i) => `w${i}`).join(" "), ...S, "--strict"], exitCode: 2, stderr: /^cortex: bad query: the query has 33 distinct words; at most 32 are searched\n$/ },
  { name: "refuse an unknown ranking", args: ["search", "deploy", ...S, "--ranking", "magic"], exitCode: 2, stderr: /--ranking.*magic.*fulltext, seed/ },
  { name: "print the boot summary", args: ["summary", "--vault", "$VAULT", ...T], exitCode: 0, stdout: /12 atoms, 10 active \(3 hot, 2 warm, 5 cold\)\nProjects: ops 8, backend 1, deploy 1\n[\s\S]*Hot:\n {2}2026-11-22 {2}API rate limits/ },
];
