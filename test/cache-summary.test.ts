import assert from "node:assert/strict";
import { test } from "node:test";
import fc from "fast-check";
import type { Diagnostic } from "../lib/core/atoms/types.js";
import { statCacheHeader, statLine } from "../lib/core/formats/cache.js";
import { CacheCursor, recordedInCacheText } from "../lib/store/cache-cursor.js";

// Strings rich in what could fool a search of the text: tabs, brackets, quotes, newlines, and the flag's digits.
const tricky = fc.array(fc.constantFrom("a", "é", "1", "0", "\t", "[", "]", "{", "}", '"', "\\", "\n", " ", "/", "\t1\t[", "\t[]\t"), { minLength: 1, maxLength: 12 }).map((parts) => parts.join(""));
const diagnostic: fc.Arbitrary<Diagnostic> = fc.record({ file: tricky, line: fc.nat(), rule: tricky, message: tricky, severity: fc.constantFrom("error", "warning") });
const entry = fc.record({ path: tricky, mtimeMs: fc.integer({ min: 0, max: 2e12 }), size: fc.nat(), skipped: fc.boolean(), diagnostics: fc.array(diagnostic, { maxLength: 3 }) });

// What reading each line with the cursor records: the files, the skipped ones, and the diagnostics in order.
function readLineByLine(text: string): { files: number; skipped: number; diagnostics: Diagnostic[] } {
  const found = { files: 0, skipped: 0, diagnostics: [] as Diagnostic[] };
  const line = new CacheCursor(text);
  for (line.moveTo(text.indexOf("\n") + 1); line.ok; line.moveTo(line.next)) {
    found.files++;
    if (line.skipped) found.skipped++;
    if (line.hasDiagnostics) found.diagnostics.push(...line.diagnostics()!);
  }
  assert.equal(line.bad, false);
  return found;
}

test("should record from two searches of a cache text what reading each of its lines records", () => {
  fc.assert(
    fc.property(fc.array(entry, { maxLength: 30 }), (entries) => {
      const text = statCacheHeader("settings") + entries.map((e) => statLine(e.path, e)).join("");
      assert.deepEqual(recordedInCacheText(text), readLineByLine(text));
    }),
    { numRuns: 300 },
  );
});

test("should say a cache text whose diagnostics field does not read back cannot be recorded from", () => {
  const text = statCacheHeader("settings") + "1000\t3\t0\t[{broken\ta.md\n";
  assert.equal(recordedInCacheText(text), null);
});
