import assert from "node:assert/strict";
import { after, describe, test } from "node:test";
import fc from "fast-check";
import { displayWidth, shortenMiddle, wrapWords } from "../bin/format/columns.js";
import { removeTemp, runInProcess, tempTree } from "./helpers/cli.js";

const LONG_PATH = "projects/backend/services/payments/reconciliation/nightly_settlement_batch_retries.md";
const BODY = "When the nightly settlement batch fails, the retries are exhausted after three attempts and the on-call engineer reconciles the ledger by hand before the morning report goes out.";
const vault = tempTree({
  "cortex.toml": "",
  [LONG_PATH]: `---\nname: Nightly settlement batch retries\ntags: [payments]\n---\n${BODY}\n`,
  "a.md": "---\nname: Short\n---\nThe settlement note.\n",
  "notes/a_note_with_a_long_name.md": "---\nname: A note whose name is long enough to need cutting at the end of a terminal line\n---\nAbout settlement.\n",
});
after(() => removeTemp(vault));
const V = ["--vault", vault, "--today", "2026-11-22"];
const plain = (text: string) => text.replace(/\x1b\[[0-9;]*m/g, "");
const nameColumn = (line: string, name: string) => displayWidth(line.slice(0, line.indexOf(name)));

describe("output at 80 columns (issue 26, item 8)", () => {
  test("should wrap --brief passages at spaces within 80 columns, keeping their indent", async () => {
    for (const env of [{ NO_COLOR: "1" }, { NO_COLOR: undefined }]) {
      const run = await runInProcess(["search", "settlement", "retries", "--brief", "--top", "1", "--no-log", ...V], { columns: 80, env });
      assert.equal(run.code, 0, run.stderr);
      const lines = plain(run.stdout).trimEnd().split("\n");
      for (const line of lines) assert.ok(displayWidth(line) <= 80, `${line.length}: ${line}`);
      assert.match(lines[0]!, /^\[\w+\] Nightly settlement batch retries \(score: [\d.]+\)$/);
      assert.match(lines[1]!, /^ {2}projects\/.*….*nightly_settlement_batch_retries\.md {2}updated \d{4}-\d\d-\d\d$/, "the path shortened in the middle, then the date");
      const passage = lines.slice(2);
      assert.ok(passage.length >= 3, "the passage takes several lines");
      for (const line of passage) assert.match(line, /^ {2}\S/);
      assert.equal(passage.map((l) => l.trim()).join(" "), BODY, "every word whole, in order");
    }
  });

  test("should give a pipe the full text: the path whole, the passage on one line", async () => {
    const run = await runInProcess(["search", "settlement", "retries", "--brief", "--top", "1", "--no-log", ...V]);
    assert.equal(run.code, 0, run.stderr);
    assert.match(run.stdout, new RegExp(`\\n {2}${LONG_PATH.replaceAll(".", "\\.")} {2}updated \\d{4}-\\d\\d-\\d\\d\\n {2}${BODY.replaceAll(".", "\\.")}\\n$`));
  });

  test("should align list's and search's columns within 80 columns, shortening long paths in the middle", async () => {
    for (const args of [["list"], ["search", "settlement", "--no-log"]]) {
      const run = await runInProcess([...args, ...V], { columns: 80 });
      assert.equal(run.code, 0, run.stderr);
      const lines = run.stdout.trimEnd().split("\n");
      assert.equal(lines.length, 3, run.stdout);
      for (const line of lines) assert.ok(displayWidth(line) <= 80, `${displayWidth(line)}: ${line}`);
      const long = lines.find((l) => l.includes("Nightly"))!;
      assert.match(long, /projects\/\S*…\S*retries\.md +Nightly settlement/);
      const columns = lines.map((l) => nameColumn(l, /Nightly|Short|A note whose/.exec(l)![0]));
      assert.equal(new Set(columns).size, 1, `names start in one column: ${columns.join(", ")}\n${run.stdout}`);
      assert.match(lines.find((l) => l.includes("A note whose"))!, /A note whose .*…$/, "a name too long is cut at the end");
    }
  });

  test("should give list's rows in full to a pipe", async () => {
    const run = await runInProcess(["list", ...V]);
    assert.ok(run.stdout.includes(`${LONG_PATH}  Nightly settlement batch retries\n`), run.stdout);
    assert.ok(run.stdout.includes("A note whose name is long enough to need cutting at the end of a terminal line\n"));
  });
});

describe("fitting text to a width", () => {
  const words = fc.array(fc.stringMatching(/^[a-zé漢]{1,12}$/), { minLength: 1, maxLength: 40 });

  test("should wrap at spaces: each line within the width unless one word is longer, every word kept in order, every line indented", () => {
    fc.assert(
      fc.property(words, fc.integer({ min: 4, max: 100 }), fc.constantFrom("", "  ", "    "), (list, width, indent) => {
        const lines = wrapWords(list.join(" "), width, indent).split("\n");
        for (const line of lines) {
          assert.ok(line.startsWith(indent));
          assert.ok(displayWidth(line) <= width || !line.slice(indent.length).includes(" "), line);
        }
        assert.deepEqual(lines.flatMap((l) => l.slice(indent.length).split(" ")), list);
      }),
    );
  });

  test("should shorten in the middle: within the width, keeping a start and a longer end", () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[a-z/_.漢]{1,120}$/), fc.integer({ min: 2, max: 80 }), (text, width) => {
        const short = shortenMiddle(text, width);
        assert.ok(displayWidth(short) <= width);
        if (displayWidth(text) <= width) return assert.equal(short, text);
        const [head, tail] = short.split("…") as [string, string];
        assert.ok(text.startsWith(head) && text.endsWith(tail) && displayWidth(tail) >= displayWidth(head) - 1, short);
      }),
    );
    assert.equal(shortenMiddle(LONG_PATH, 40), "projects/backen…tlement_batch_retries.md");
  });
});
