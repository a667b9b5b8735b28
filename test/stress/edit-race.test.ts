import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { BUILT_CLI, removeTemp, tempVault } from "../helpers/cli.js";

// An editor in its own process: every few milliseconds it reads the note, maybe drops its frontmatter
// (as an editor that does not keep it would), appends `save N` and saves through a rename, as editors do.
function editor(file: string, ms: number, dropFrontmatter: boolean): Promise<number> {
  const script = `
    const fs = require("node:fs");
    const file = ${JSON.stringify(file)};
    const end = Date.now() + ${ms};
    let n = 0;
    const save = () => {
      let text = fs.readFileSync(file, "utf8");
      if (${dropFrontmatter}) text = text.replace(/^---\\n[\\s\\S]*?\\n---\\n/, "");
      n++;
      fs.writeFileSync(file + ".editor~", text + "save " + n + "\\n");
      fs.renameSync(file + ".editor~", file);
      if (Date.now() < end) setTimeout(save, 3 + Math.random() * 8);
      else console.log(n);
    };
    save();`;
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["-e", script], { stdio: ["ignore", "pipe", "inherit"] });
    let out = "";
    child.stdout.on("data", (d: Buffer) => (out += d));
    child.on("error", reject);
    child.on("exit", (code) => (code === 0 ? resolve(Number(out.trim())) : reject(new Error(`editor exited ${code}`))));
  });
}

function cortex(args: string[]): Promise<number> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BUILT_CLI, ...args, "--today", "2026-11-22"], { stdio: ["ignore", "ignore", "pipe"], env: { ...process.env, CORTEX_VAULT: undefined, CORTEX_TODAY: undefined } });
    let err = "";
    child.stderr.on("data", (d: Buffer) => (err += d));
    child.on("error", reject);
    child.on("exit", (code) => (code === 0 || /changed on disk/.test(err) ? resolve(code ?? -1) : reject(new Error(`cortex ${args[0]} exited ${code}: ${err}`))));
  });
}

function missingSaves(file: string, saves: number): number[] {
  const text = readFileSync(file, "utf8");
  return Array.from({ length: saves }, (_, i) => i + 1).filter((n) => !text.includes(`\nsave ${n}\n`));
}

const atom = (id: string) => `---\nid: ${id}\nname: ${id.replace(/_/g, " ")}\ntype: concept\nproject: p\nstatus: active\ncreated: 2026-01-01\nupdated: 2026-01-01\ntags: []\nlinks: []\n---\nThe note ${id}, with a body of its own.\n`;

test("should never lose an editor's save while supersede rewrites the note 20 times", async () => {
  const vault = tempVault();
  try {
    mkdirSync(join(vault, "atoms"));
    writeFileSync(join(vault, "atoms/kept.md"), atom("kept"));
    for (let i = 0; i < 20; i++) writeFileSync(join(vault, `atoms/old_${i}.md`), atom(`old_${i}`));
    let editing = true;
    const edits = editor(join(vault, "atoms/kept.md"), 8000, false).finally(() => (editing = false));
    let rewritten = 0;
    // A supersede refused because the note changed under it wrote nothing: it is tried again while the editor
    // runs (on a loaded machine every first try can meet a save), so that some go through during the race.
    for (let i = 0; i < 20 && editing; i++) {
      for (let tries = 0; tries < 5 && editing; tries++) {
        if ((await cortex(["supersede", "--vault", vault, `atoms/old_${i}.md`, "--by", "atoms/kept.md"])) !== 0) continue;
        rewritten++;
        break;
      }
    }
    const saves = await edits;
    assert.ok(rewritten > 0, "some supersedes went through");
    // As for migrate below: only a save in the instant between the last check and the rename can be lost.
    const lost = missingSaves(join(vault, "atoms/kept.md"), saves);
    assert.ok(lost.length <= 1, `at most one save lost, in the rename instant, of ${saves}: ${lost.join(", ")}`);
  } finally {
    removeTemp(vault);
  }
});

test("should never lose an editor's save while migrate rewrites the note 8 times", async () => {
  const vault = tempVault();
  try {
    mkdirSync(join(vault, "notes"));
    for (let i = 0; i < 30; i++) writeFileSync(join(vault, `notes/n_${i}.md`), `# Note ${i}\n\nplain text ${i}\n`);
    const file = join(vault, "notes/n_0.md");
    const editing = editor(file, 6000, true);
    for (let i = 0; i < 8; i++) await cortex(["migrate", "--vault", vault]);
    const saves = await editing;
    // The check runs with the new text flushed, just before the rename: a save landing between those two system
    // calls is the one loss a rename can't rule out. Before the check, a migrate lost 0–4 saves in 6 of 8 runs;
    // in these runs one save in ~850 was lost once (Node 26, loaded machine), none otherwise.
    assert.ok(missingSaves(file, saves).length <= 1, `at most one save lost, in the rename instant, of ${saves}: ${missingSaves(file, saves).join(", ")}`);
  } finally {
    removeTemp(vault);
  }
});
