import assert from "node:assert/strict";
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { ensureDir, writeFileAtomic } from "../lib/store/atomic.js";
import { removeTemp, tempDir } from "./helpers/cli.js";

test("should write a text of several megabytes exactly, a surrogate pair across the slice boundary included", () => {
  const dir = tempDir();
  try {
    // Text is encoded a megabyte (2^20 UTF-16 units) at a time: put an emoji's two halves on either side of each cut.
    const text = `${"a".repeat((1 << 20) - 1)}😀${"b".repeat((1 << 20) - 2)}😀é\n`;
    const file = join(dir, "big.json");
    writeFileAtomic(file, text);
    assert.equal(readFileSync(file, "utf8"), text);
    writeFileAtomic(file, ["x", text, "y"]);
    assert.equal(readFileSync(file, "utf8"), `x${text}y`);
    assert.deepEqual(readdirSync(dir), ["big.json"], "no temporary file left");
  } finally {
    removeTemp(dir);
  }
});

test("should name the folder it cannot make, and why", () => {
  const dir = tempDir();
  try {
    writeFileSync(join(dir, "index"), "a file\n");
    assert.throws(() => ensureDir(join(dir, "index")), { code: "IO", message: `cannot create folder ${join(dir, "index")}: a file is in the way` });
    assert.throws(() => ensureDir(join(dir, "index", "deeper")), { code: "IO", message: /a file is in the way$/ });
    ensureDir(join(dir, "a", "b"));
    ensureDir(join(dir, "a", "b"));
    assert.deepEqual(readdirSync(join(dir, "a")), ["b"]);
  } finally {
    removeTemp(dir);
  }
});
