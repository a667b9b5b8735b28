import { isDeepStrictEqual } from "node:util";
import { isMap, isScalar, isSeq, parseDocument, type Document } from "yaml";
import { CortexError } from "../errors.js";
import { splitFrontmatter } from "./frontmatter.js";
import { emitYamlMapping, YAML_OUTPUT } from "./yaml-emit.js";

/**
 * Sets frontmatter fields of a note and changes nothing else: the body, the
 * fences, the BOM, the line endings and every other field (its bytes, its
 * comments, its place) stay as they were. An existing field is replaced in
 * place (a list keeps its flow or block style); a new one is added at the end
 * of the block; a note without frontmatter gets a block. The YAML is read
 * and emitted with the `yaml` package's Document API; should a splice not
 * read back as intended, the document itself is edited and re-emitted.
 *
 * @throws CortexError (`FRONTMATTER`) for a block that is unterminated, not valid YAML, or not a mapping.
 * @example editFrontmatter("---\nname: A # keep\n---\nBody", { status: "superseded" })
 * // "---\nname: A # keep\nstatus: superseded\n---\nBody"
 */
export function editFrontmatter(text: string, set: Readonly<Record<string, unknown>>): string {
  const bom = text.startsWith("\uFEFF") ? "\uFEFF" : "";
  const rest = text.slice(bom.length);
  const split = splitFrontmatter(rest);
  const eol = /^[^\n]*\r\n/.test(rest) ? "\r\n" : "\n";
  if (split.state === "none") return `${bom}---${eol}${withEol(emitYamlMapping({ ...set }), eol)}---${eol}${rest}`;
  if (split.state === "unterminated") throw new CortexError("FRONTMATTER", "frontmatter opened with --- is never closed; fix it before editing");
  const header = rest.slice(0, rest.indexOf("\n") + 1);
  const tail = rest.slice(header.length + split.yaml.length);
  return `${bom}${header}${editYaml(split.yaml, set, eol)}${tail}`;
}

function withEol(yaml: string, eol: string): string {
  return eol === "\n" ? yaml : yaml.replace(/\r?\n/g, eol);
}

function readDocument(yaml: string): Document {
  const doc = parseDocument(yaml, { prettyErrors: false, logLevel: "error" });
  if (doc.errors.length > 0) throw new CortexError("FRONTMATTER", `frontmatter is not valid YAML (${doc.errors[0]!.message.split("\n")[0]}); fix it before editing`);
  if (doc.contents !== null && !isMap(doc.contents)) throw new CortexError("FRONTMATTER", "frontmatter is not a mapping of keys to values; fix it before editing");
  return doc;
}

function editYaml(yaml: string, set: Readonly<Record<string, unknown>>, eol: string): string {
  const doc = readDocument(yaml);
  const map = doc.contents;
  if (isMap(map) && map.flow) return reemit(doc, set, eol);
  const edits: { start: number; end: number; text: string }[] = [];
  let appended = "";
  for (const [key, value] of Object.entries(set)) {
    const pair = isMap(map) ? map.items.find((p) => isScalar(p.key) && p.key.value === key) : undefined;
    if (!pair) {
      appended += withEol(emitYamlMapping({ [key]: value }), eol);
      continue;
    }
    const keyRange = (pair.key as { range?: [number, number, number] }).range!;
    const valueRange = (pair.value as { range?: [number, number, number] } | null)?.range;
    const start = yaml.lastIndexOf("\n", keyRange[0] - 1) + 1;
    const end = Math.max(keyRange[1], valueRange?.[1] ?? 0);
    const region = yaml.slice(start, end);
    const block = isSeq(pair.value) && !pair.value.flow;
    const rendered = withEol(emitYamlMapping({ [key]: value }, block ? new Set([key]) : undefined), eol).replace(/\r?\n$/, "");
    edits.push({ start, end, text: rendered + region.slice(region.trimEnd().length) });
  }
  let out = yaml;
  for (const edit of edits.sort((a, b) => b.start - a.start)) out = out.slice(0, edit.start) + edit.text + out.slice(edit.end);
  if (appended) out += (out === "" || out.endsWith("\n") ? "" : eol) + appended;
  return readsBackAs(out, doc, set) ? out : reemit(doc, set, eol);
}

// True when `yaml` parses to the old mapping with exactly `set` applied.
function readsBackAs(yaml: string, before: Document, set: Readonly<Record<string, unknown>>): boolean {
  const after = parseDocument(yaml, { logLevel: "error" });
  if (after.errors.length > 0) return false;
  const expected = { ...((before.toJS() as Record<string, unknown> | null) ?? {}), ...set };
  return isDeepStrictEqual(after.toJS() ?? {}, expected);
}

// The fallback: edit the document and emit it whole (comments and key order survive, spacing may not).
function reemit(doc: Document, set: Readonly<Record<string, unknown>>, eol: string): string {
  for (const [key, value] of Object.entries(set)) {
    const node = doc.createNode(value);
    if (isSeq(node)) node.flow = true;
    doc.set(key, node);
  }
  return withEol(doc.toString(YAML_OUTPUT), eol);
}
