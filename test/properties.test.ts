import assert from "node:assert/strict";
import { test } from "node:test";
import fc from "fast-check";
import { parse as parseYaml } from "yaml";
import { parseSimpleYaml } from "../lib/core/atoms/yaml-fast.js";

const key = fc.constantFrom("id", "name", "type", "tags", "updated", "links", "description", "confidence", "x_y", "a-b", "constructor", "__proto__");
const scalar = fc.oneof(
  fc.constantFrom("", "true", "false", "null", "Null", "~", "yes", "0", "12", "1.5", "-3", "0x1F", "0o17", "1e3", ".5", "2026-04-12", "2026-04-12T10:00:00Z", "20260412_slug", "1st", "a: b", "a #b", "a#b", "#tag", "- x", "? x", "[a]", "{a: 1}", "*ref", "&a x", "!tag x", "'q'", '"q"', '"a\\"b"', "'it''s'", "|", ">", "x:", "https://x.y/z", "café", "C++ tips", "a, b", "%x", "@x", "`x`", "constructor", "toString", "__proto__"),
  fc.string({ maxLength: 12 }),
);
const flow = fc.array(scalar, { maxLength: 4 }).map((items) => `[${items.join(", ")}]`);
const line = fc.oneof(fc.tuple(key, fc.oneof(scalar, flow)).map(([k, v]) => `${k}: ${v}`), fc.constantFrom("", "# comment", "  indented: 1", "- item", "key:", "k: v # c"));

test("should read simple frontmatter exactly as the yaml package does, or leave it to yaml", () => {
  fc.assert(
    fc.property(fc.array(line, { maxLength: 8 }), (lines) => {
      const source = lines.join("\n");
      const fast = parseSimpleYaml(source);
      if (fast === null) return;
      assert.deepEqual(fast.data, parseYaml(source) ?? {}, source);
    }),
    { numRuns: 3000 },
  );
});

test("should take the fast path for the frontmatter most atoms have", () => {
  const common = "id: 20261118_deploy_freeze\nname: Deploy freeze during release windows\ntype: decision\nproject: ops\nstatus: active\ncreated: 2026-11-18\nupdated: 2026-11-20\ntags: [deploy, risk, release]\nlinks: []\ndescription: No deploys 24 hours before a cut.\nconfidence: 0.8\n";
  const fast = parseSimpleYaml(common);
  assert.ok(fast);
  assert.deepEqual(fast.data, parseYaml(common));
});
