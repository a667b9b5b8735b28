import assert from "node:assert/strict";
import { test } from "node:test";
import fc from "fast-check";
import type { Diagnostic } from "../lib/core/atoms/types.js";
import type { ReadResult } from "../lib/store/read-atom.js";
import { decodeReadResultBytes, decodeReadResults, encodeReadResultBytes, encodeReadResults } from "../lib/engine/read-wire.js";
import { parseAtom } from "./helpers/lib.js";

const text = fc.string({ maxLength: 12, unit: "binary" });
const odd = fc.constantFrom(NaN, Infinity, -Infinity, -0, 0, 1.5, 1e21, Number.MAX_SAFE_INTEGER);
const num = fc.oneof(fc.double(), odd);
const diagnostic: fc.Arbitrary<Diagnostic> = fc.record({ file: text, line: fc.nat(), rule: text, message: text, severity: fc.constantFrom("error" as const, "warning" as const) });
const stat = fc.option(fc.record({ size: num, mtimeMs: num }), { nil: undefined });
const atom = fc.record({
  path: text, id: fc.option(text, { nil: null }), name: text, type: text, project: text, status: text, created: text, updated: text,
  tags: fc.array(text, { maxLength: 3 }), aliases: fc.array(text, { maxLength: 2 }), links: fc.array(text, { maxLength: 2 }), description: text,
  lines: num, size_bytes: num, confidence: fc.option(num, { nil: null }), pnl_impact: fc.option(num, { nil: null }), superseded_by: fc.option(text, { nil: null }),
});
const result: fc.Arbitrary<ReadResult> = fc.oneof(
  fc.record({ atom: fc.record({ atom, targets: fc.array(text, { maxLength: 3 }), diagnostics: fc.array(diagnostic, { maxLength: 2 }) }), stat }),
  fc.record({ diagnostic, stat }),
).map((r) => {
  // Plain objects, as the parser makes them (fast-check's records have no prototype).
  const copy = structuredClone(r) as ReadResult;
  if (copy.stat === undefined) delete copy.stat;
  return copy;
});

test("should decode a worker's chunk to exactly the results it encoded, odd numbers and strings included", () => {
  fc.assert(fc.property(fc.array(result, { maxLength: 5 }), (results) => assert.deepStrictEqual(decodeReadResults(encodeReadResults(results)), results)), { numRuns: 1000 });
});

test("should decode a chunk sent as UTF-8 bytes to exactly the results encoded", () => {
  fc.assert(fc.property(fc.array(result, { maxLength: 5 }), (results) => assert.deepStrictEqual(decodeReadResultBytes(encodeReadResultBytes(results)), results)), { numRuns: 300 });
});

test("should carry a parsed atom through unchanged, key order included", () => {
  const parsed = parseAtom("---\nname: A\ntags: [x]\nconfidence: .nan\n---\nBody [[b]] #t\n", { path: "a.md", mtimeMs: 0, size: 10 });
  const [back] = decodeReadResults(encodeReadResults([{ atom: parsed, stat: { size: 10, mtimeMs: 1.5 } }]));
  assert.deepStrictEqual(back, { atom: parsed, stat: { size: 10, mtimeMs: 1.5 } });
  assert.deepEqual(Object.keys(back!.atom!.atom), Object.keys(parsed.atom));
});
