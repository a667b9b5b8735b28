import assert from "node:assert/strict";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { decodeAtomBytes } from "../lib/core/atoms/decode.js";
import { ROOT, runBuilt, runInProcess } from "./helpers/cli.js";
import { emptyVaults } from "./helpers/cases.js";

const newDir = emptyVaults();

for (const args of [["search", "x", "--today", ""], ["index", "--today="], ["write", "--name", "n", "--type", "rule", "--project", "p", "--today", ""]]) {
  test(`should refuse an empty --today in one line (${args[0]})`, async () => {
    const vault = newDir();
    for (const run of [await runInProcess([...args, "--vault", vault]), runBuilt([...args, "--vault", vault])]) {
      assert.equal(run.code, 2);
      assert.equal(run.stderr, 'cortex: --today must be a date YYYY-MM-DD, got ""\n');
    }
  });
}

test("should index a text note with a stray NUL byte and warn, and still skip a real binary file", () => {
  const vault = newDir();
  writeFileSync(join(vault, "nul.md"), Buffer.concat([Buffer.from("# Stray\n\nThe quarterly rotation of keys"), Buffer.from([0]), Buffer.from(" happens on Monday.\n")]));
  writeFileSync(join(vault, "picture.md"), readFileSync(join(ROOT, "test/fixtures/quirks/binary.md")));
  const index = runBuilt(["index", "--vault", vault, "--today", "2026-11-22"]);
  assert.equal(index.code, 0, index.stderr);
  // Problems print as path:line severity rule message, and the binary message no longer doubles its rule's word (issue 14).
  assert.match(index.stderr, /^nul\.md:3 warning nul-byte contains a NUL byte; indexed as text \(a space in search\)$/m);
  assert.match(index.stderr, /^picture\.md:1 error binary file contains NUL bytes; skipped$/m);
  const search = runBuilt(["search", "--vault", vault, "--today", "2026-11-22", "--json", "quarterly", "rotation"]);
  assert.equal(search.code, 0, search.stderr);
  assert.deepEqual((JSON.parse(search.stdout) as { path: string }[]).map((h) => h.path), ["nul.md"]);
});

test("should index a note padded with NULs after its text up to them, with a warning naming how many", () => {
  const vault = newDir();
  const prose = "# Crash\n\nThe rollback of the orders table was rehearsed twice before the cut.\n";
  writeFileSync(join(vault, "padded.md"), Buffer.concat([Buffer.from(prose), Buffer.alloc(3836)]));
  writeFileSync(join(vault, "picture.md"), Buffer.concat([readFileSync(join(ROOT, "test/fixtures/quirks/binary.md")), Buffer.alloc(100)]));
  const index = runBuilt(["index", "--vault", vault, "--today", "2026-11-22"]);
  assert.equal(index.code, 0, index.stderr);
  assert.match(index.stderr, /^padded\.md:4 warning nul-padding ends in 3836 NUL bytes \(a save cut short\?\); indexed up to them$/m);
  assert.match(index.stderr, /^picture\.md:1 error binary file contains NUL bytes; skipped$/m, "binary from its first bytes: still skipped");
  const search = runBuilt(["search", "--vault", vault, "--today", "2026-11-22", "--json", "rehearsed", "rollback"]);
  assert.equal(search.code, 0, search.stderr);
  assert.deepEqual((JSON.parse(search.stdout) as { path: string }[]).map((h) => h.path), ["padded.md"]);
  const decoded = decodeAtomBytes(Buffer.concat([Buffer.from(prose), Buffer.alloc(5)]), "p.md");
  assert.ok(decoded.ok && decoded.text === prose, "the text stops before the NULs");
  assert.equal(decodeAtomBytes(Buffer.alloc(64), "zeros.md").ok, false, "NULs alone are binary");
});

test("should tell text with a stray NUL from binary bytes", () => {
  const text = (s: string) => new TextEncoder().encode(s);
  const utf16 = Buffer.from("# A note in UTF-16, which cortex cannot read\n".repeat(3), "utf16le");
  const cases: [string, Uint8Array, boolean][] = [
    ["one NUL deep in a UTF-8 text", text(`${"words ".repeat(20)}\u0000 more words\n`), true],
    ["NULs in the first bytes", text("\u0000\u0000\u0000\u0000# Title\n"), false],
    ["UTF-16 text", utf16, false],
    ["a NUL in bytes that are not UTF-8", Uint8Array.from([...text("a ".repeat(40)), 0xff, 0xfe, 0, 0x41]), false],
    ["many NULs past the first bytes", text(`${"x".repeat(40)}${"\u0000y".repeat(100)}`), false],
  ];
  for (const [name, bytes, isText] of cases) assert.equal(decodeAtomBytes(bytes, "n.md").ok, isText, name);
});
