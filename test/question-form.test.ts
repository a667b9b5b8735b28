import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { defaultConfig } from "../lib/core/config/defaults.js";
import type { CortexConfig } from "../lib/core/config/types.js";
import { answersForm, answersNear, questionForm } from "../lib/core/fts/question.js";
import { rankSearchDb } from "./helpers/fulltext.js";
import { indexVault } from "../lib/engine/indexer.js";
import { formatExplain } from "../bin/format/search-output.js";
import { markVault, removeTemp, tempTree } from "./helpers/cli.js";

const TODAY = "2026-11-20";

describe("question forms", () => {
  test("should read when and how-long questions from their wording, and nothing else", () => {
    assert.equal(questionForm("When was my bike stolen?"), "when");
    assert.equal(questionForm("On what date was the half marathon?"), "when");
    assert.equal(questionForm("Since what date has Amara been my manager?"), "when");
    assert.equal(questionForm("how long ago did we move?"), "when");
    assert.equal(questionForm("How long was I supposed to stop running?"), "duration");
    assert.equal(questionForm("How many nights were we in Porto?"), "duration");
    assert.equal(questionForm("deploy risk"), null);
    assert.equal(questionForm("what did we decide about release windows"), null);
    assert.equal(questionForm("how many plugins are there"), null);
  });

  test("should find dates and durations in a note's text", () => {
    assert.ok(answersForm("when", "Go-live is Tuesday August 25."));
    assert.ok(answersForm("when", "Signed on 2026-05-07."));
    assert.ok(answersForm("when", "the 3rd of March"));
    assert.ok(!answersForm("when", "May I ask about the march of progress?"));
    assert.ok(answersForm("duration", "Two weeks without running."));
    assert.ok(answersForm("duration", "It took 3 hours."));
    assert.ok(!answersForm("duration", "Three trams and a bus."));
  });

  test("should find a date only in a passage that holds a matched word", () => {
    const marked = (fields: Partial<{ name: string; description: string; headings: string; body: string }>) => ({ name: "", description: "", headings: "", body: "", ...fields });
    assert.ok(answersNear("when", marked({ body: "The \x01bike\x02 was stolen on March 3rd." })));
    // The date is in another paragraph, or in another line of the name, or nothing matched.
    assert.ok(!answersNear("when", marked({ body: "The \x01bike\x02 was stolen.\n\nLunch is on Friday." })));
    assert.ok(!answersNear("when", marked({ name: "Session 2026-10-02\n\x01Bike\x02 log" })));
    assert.ok(!answersNear("when", marked({ body: "Stolen on March 3rd." })));
    // A list item is a passage of its own; the description is one whole.
    assert.ok(!answersNear("when", marked({ body: "- the \x01bike\x02\n- on Friday" })));
    assert.ok(answersNear("when", marked({ description: "\x01Bike\x02 stolen on Friday", body: "Nothing." })));
    assert.ok(answersNear("duration", marked({ headings: "Plan\n\x01Rack\x02 for two weeks" })));
  });

  test("should look for the answer in the passage that holds the most matched words", () => {
    const body = (text: string) => ({ name: "", description: "", headings: "", body: text });
    // Two matched words in the first paragraph, one beside the date: the best passage holds no date.
    assert.ok(!answersNear("when", body("The \x01bike\x02 was \x01stolen\x02.\n\nThe \x01bike\x02 came back on Friday.")));
    // A tie for the most: either passage may hold it.
    assert.ok(answersNear("when", body("The \x01bike\x02 lock.\n\nThe \x01bike\x02 came back on Friday.")));
  });

  test("should read a body of more passages than a function call takes arguments", () => {
    // 300,000 passages (a million characters, the most of a body that is indexed); the last holds the answer.
    const text = `${"x\n\n".repeat(300_000)}The \x01bike\x02 came back on Friday.`;
    assert.ok(answersNear("when", { name: "", description: "", headings: "", body: text }));
  });
});

const note = (name: string, body: string) => `---\nname: ${name}\ntype: insight\nstatus: active\ncreated: 2026-10-01\nupdated: 2026-10-01\n---\n${body}\n`;

const config = defaultConfig();
const flat: CortexConfig = { ...config, textWeights: { ...config.textWeights, question_form: 1 } };

// A vault of these notes, indexed once for the tests of the describe block that calls this: its ranking (every hit,
// or the first `top`), with the default weights or others (`flat`: the signal off).
function rankedVault(notes: Record<string, string>): (c: CortexConfig, query: string, top?: number) => NonNullable<ReturnType<typeof rankSearchDb>> {
  let vault = "";
  before(() => {
    vault = markVault(tempTree(notes));
    indexVault(vault, { config, today: TODAY });
  });
  after(() => removeTemp(vault));
  return (c, query, top = 0) => rankSearchDb(vault, c, query, { today: TODAY, top })!;
}

describe("question forms in the full-text ranking", () => {
  const rank = rankedVault({
    // The shop and the theft hold the same two words once each, in bodies of about the same length.
    "notes/a_bike_shop.md": note("Shop", "The bike shop fixed the stolen bike lock quickly and well."),
    "notes/b_bike_theft.md": note("Theft", "The bike was stolen from the station on March 3rd."),
    "notes/c_bike_rack.md": note("Rack", "The bike rack holds four bikes for two weeks maximum."),
  });

  test("should lift the note with a date for a when question", () => {
    assert.deepEqual(rank(config, "When was my bike stolen?").map((h) => h.record.path), [
      // Both words, and a date (March 3rd): × question_form.
      "notes/b_bike_theft.md",
      // Both words, no date: without the signal it scores a hair above the theft note (see below).
      "notes/a_bike_shop.md",
      // "bike" only (twice, stemmed).
      "notes/c_bike_rack.md",
    ]);
    // Without the signal the shop's note comes first: the date decides the order above.
    assert.equal(rank(flat, "When was my bike stolen?")[0]!.record.path, "notes/a_bike_shop.md");
  });

  test("should lift the note with a duration for a how-long question, and explain it", () => {
    const hits = rank(config, "How long can a bike stay in the rack?");
    // "bike" and "rack", and a duration (two weeks): first; the others hold "bike" only.
    assert.equal(hits[0]!.record.path, "notes/c_bike_rack.md");
    assert.deepEqual(hits[0]!.breakdown!.questionForm, { form: "duration", factor: 1.4 });
    assert.match(formatExplain(hits[0]!.breakdown!), /× 1\.4 \(a duration beside its words: a "how long" question\) = [\d.]+$/);
  });

  test("should give the first hits of the whole list when asked for fewer (only those the lift could move are read)", () => {
    for (const query of ["When was my bike stolen?", "How long can a bike stay in the rack?"]) {
      const all = rank(config, query);
      for (const top of [1, 2]) assert.deepEqual(rank(config, query, top), all.slice(0, top));
    }
  });

  test("should leave keyword queries as they were", () => {
    assert.deepEqual(rank(config, "bike stolen"), rank(flat, "bike stolen"));
  });
});

describe("question forms beside the question's words", () => {
  const rank = rankedVault({
    // A transcript: the theft in one turn, a date in another.
    "notes/a_chat.md": note("Chat", "User: The bike was stolen, the bike lock too.\n\nAssistant: Lunch is on Friday."),
    // The date in the same sentence as the theft.
    "notes/b_theft.md": note("Theft", "The bike was stolen on March 3rd, near the old station building."),
    // The note's date is in its name only.
    "notes/c_log.md": note("Log 2026-10-02", "A bike was stolen near the station, and a bike lock."),
    // A date beside "bike", in a paragraph with fewer of the question's words than the first.
    "notes/d_return.md": note("Return", "The bike was stolen, and the bike lock.\n\nThe bike came back on Friday."),
  });

  test("should lift only the note whose date stands beside the question's words, in its best passage", () => {
    const hits = rank(config, "When was my bike stolen?");
    assert.deepEqual(
      hits.map((h) => h.record.path),
      [
        // "bike" once, "stolen": the date (March 3rd) is in the same passage, × question_form.
        "notes/b_theft.md",
        // "bike" three times, "stolen": the most points, but its date stands beside one matched word, not in the
        // paragraph that holds three.
        "notes/d_return.md",
        // "bike" twice, "stolen": a little more than the theft note, but its date (Friday) is in another turn.
        "notes/a_chat.md",
        // "bike" twice, "stolen", a hair below the chat (its body's length); its only date is in its name, a line
        // without the question's words: not lifted either (before, a date anywhere in the note lifted all three).
        "notes/c_log.md",
      ],
    );
    assert.deepEqual(
      hits.map((h) => h.breakdown!.questionForm?.factor ?? 1),
      [1.4, 1, 1, 1],
    );
    // Without the lift, the theft note comes last: the date beside the words decides the order above.
    assert.deepEqual(rank(flat, "When was my bike stolen?").map((h) => h.record.path), ["notes/d_return.md", "notes/a_chat.md", "notes/c_log.md", "notes/b_theft.md"]);
  });
});
