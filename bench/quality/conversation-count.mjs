// Counts the conversation set: sessions, turns, fact atoms, questions per kind
// and evidence per question, for the figures in README.md.
//   node bench/quality/conversation-count.mjs
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const md = (dir) => readdirSync(join(here, dir)).filter((f) => f.endsWith(".md"));
const field = (text, key) => new RegExp(`^${key}: (.*)$`, "m").exec(text)?.[1];

const sessionFiles = md("conversation/sessions");
const turns = { user: 0, assistant: 0 };
const dates = [];
for (const f of sessionFiles) {
  const text = readFileSync(join(here, "conversation/sessions", f), "utf8");
  turns.user += (text.match(/^\*\*User:\*\* /gm) ?? []).length;
  turns.assistant += (text.match(/^\*\*Assistant:\*\* /gm) ?? []).length;
  dates.push(field(text, "created"));
}
dates.sort();
console.log(`sessions: ${sessionFiles.length} (${dates[0]} .. ${dates.at(-1)})`);
console.log(`turns: ${turns.user + turns.assistant} (user ${turns.user}, assistant ${turns.assistant})`);

const tally = (values) => Object.entries(values.reduce((t, v) => ({ ...t, [v]: (t[v] ?? 0) + 1 }), {})).sort((a, b) => b[1] - a[1]).map(([k, n]) => `${k} ${n}`).join(", ");
const atoms = md("conversation/facts").map((f) => readFileSync(join(here, "conversation/facts", f), "utf8"));
console.log(`fact atoms: ${atoms.length} (status: ${tally(atoms.map((t) => field(t, "status")))})`);
console.log(`  types: ${tally(atoms.map((t) => field(t, "type")))}`);
console.log(`  projects: ${tally(atoms.map((t) => field(t, "project")))}`);

for (const vault of ["facts", "sessions"]) {
  const items = readFileSync(join(here, `conversation-${vault}.jsonl`), "utf8").trim().split("\n").map((l) => JSON.parse(l));
  const kinds = [...new Set(items.map((i) => i.kind))];
  const perKind = kinds.map((k) => {
    const of = items.filter((i) => i.kind === k);
    const mean = of.reduce((s, i) => s + i.relevant.length, 0) / of.length;
    return `${k} ${of.length} (${mean.toFixed(1)} relevant)`;
  });
  console.log(`conversation-${vault}.jsonl: ${items.length} questions: ${perKind.join(", ")}`);
}
