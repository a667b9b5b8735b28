import { yamlLib } from "../util/yaml.js";
import { parseSimpleYaml, simpleYamlKeyLine } from "./yaml-fast.js";

/** What the YAML of a frontmatter block holds, with the problems found. */
export interface FrontmatterData {
  /** The mapping (empty when the YAML is not a mapping or is empty). */
  data: Record<string, unknown>;
  /** 1-based line of a key in the file, or of the block when unknown. */
  keyLine: (key: string) => number;
  /** YAML problems, relative to the file: line, rule, message, and `warning` for what was read anyway (default error). */
  problems: { line: number; rule: string; message: string; severity?: "warning" }[];
}

/**
 * Reads the YAML of a frontmatter block that starts on file line `firstLine`.
 * Uses the `yaml` package (core schema) unless the block is in the trivially
 * simple subset of {@link parseSimpleYaml}. Partial content of a block with
 * errors is kept, so a broken atom is indexed from what can still be read.
 */
export function readFrontmatterData(yaml: string, firstLine: number): FrontmatterData {
  const simple = parseSimpleYaml(yaml);
  if (simple) {
    return { data: simple.data, keyLine: (key) => firstLine - 1 + (simpleYamlKeyLine(yaml, key) ?? 1), problems: [] };
  }
  const { isMap, isScalar, LineCounter, parseDocument } = yamlLib();
  const counter = new LineCounter();
  // logLevel "error": the parser's warnings become diagnostics with the file's path, never a Node process warning.
  const doc = parseDocument(yaml, { lineCounter: counter, prettyErrors: false, logLevel: "error" });
  const problems: FrontmatterData["problems"] = doc.errors.map((error) => ({
    line: firstLine - 1 + counter.linePos(error.pos[0]).line,
    rule: "frontmatter-yaml",
    message: `frontmatter is not valid YAML: ${error.message.split("\n")[0]}`,
  }));
  for (const warning of doc.warnings) {
    problems.push({ line: firstLine - 1 + counter.linePos(warning.pos[0]).line, rule: "frontmatter-yaml", message: `frontmatter YAML: ${warning.message.split("\n")[0]}`, severity: "warning" });
  }
  let value: unknown;
  try {
    value = doc.toJS({ maxAliasCount: 100 });
  } catch (error) {
    problems.push({ line: firstLine, rule: "frontmatter-yaml", message: `frontmatter could not be read: ${(error as Error).message}` });
  }
  const lines = new Map<string, number>();
  if (isMap(doc.contents)) {
    for (const pair of doc.contents.items) {
      if (isScalar(pair.key) && pair.key.range) lines.set(String(pair.key.value), counter.linePos(pair.key.range[0]).line);
      else if (doc.errors.length === 0 && pair.key !== null && typeof pair.key === "object" && "range" in pair.key && pair.key.range) {
        const line = firstLine - 1 + counter.linePos((pair.key.range as number[])[0]!).line;
        problems.push({ line, rule: "frontmatter-key", message: "a key that is a list or mapping (e.g. from [[link]]: or {a}: ) is read as its text", severity: "warning" });
      }
    }
  }
  const isMapping = typeof value === "object" && value !== null && !Array.isArray(value) && !(value instanceof Date);
  if (!isMapping && value !== null && value !== undefined && problems.length === 0) {
    problems.push({ line: firstLine, rule: "frontmatter-not-mapping", message: "frontmatter is not a mapping of keys to values; ignored" });
  }
  return {
    data: isMapping ? (value as Record<string, unknown>) : {},
    keyLine: (key) => firstLine - 1 + (lines.get(key) ?? 1),
    problems,
  };
}
