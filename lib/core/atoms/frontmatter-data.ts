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
 * errors is kept, so a broken atom is indexed from what can still be read;
 * a quote never closed is read as closed at the end of its line (once:
 * `repairQuotes` false reads the block as it is).
 */
export function readFrontmatterData(yaml: string, firstLine: number, repairQuotes = true): FrontmatterData {
  const simple = parseSimpleYaml(yaml);
  if (simple) {
    return { data: simple.data, keyLine: (key) => firstLine - 1 + (simpleYamlKeyLine(yaml, key) ?? 1), problems: [] };
  }
  const { isMap, isScalar, LineCounter, parseDocument } = yamlLib();
  const counter = new LineCounter();
  // logLevel "error": the parser's warnings become diagnostics with the file's path, never a Node process warning.
  const doc = parseDocument(yaml, { lineCounter: counter, prettyErrors: false, logLevel: "error" });
  const unclosed = repairQuotes && doc.errors.some((e) => /missing closing .{0,2}quote/i.test(e.message)) ? unclosedQuoteLine(yaml) : null;
  if (unclosed !== null) return readWithQuoteClosed(yaml, firstLine, unclosed);
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

/**
 * A quote left open swallows every line after it into one value (the name
 * would read "Priya Raman type: person …") and is reported where the block
 * ends. Read instead as if the quote closed at the end of its own line, and
 * report the line it opens on.
 */
function readWithQuoteClosed(yaml: string, firstLine: number, open: { index: number; quote: string }): FrontmatterData {
  const lines = yaml.split("\n");
  lines[open.index] = lines[open.index]!.replace(/\r?$/, (cr) => `${open.quote}${cr}`);
  const read = readFrontmatterData(lines.join("\n"), firstLine, false);
  const problem = { line: firstLine + open.index, rule: "frontmatter-yaml", message: "frontmatter is not valid YAML: a quote opens on this line and is never closed; read as if it closed at the line's end" };
  return { ...read, problems: [problem, ...read.problems] };
}

/** The last line of `yaml` (0-based) whose value opens a quote that the line does not close, and that quote; null when none. */
function unclosedQuoteLine(yaml: string): { index: number; quote: string } | null {
  let found: { index: number; quote: string } | null = null;
  yaml.split("\n").forEach((raw, index) => {
    const m = /^\s*(?:- )?[^\s#"'][^:]*:\s+(["'])(.*)$/.exec(raw.replace(/\r$/, ""));
    if (!m) return;
    const [, quote, rest] = m as unknown as [string, string, string];
    const closed = quote === '"' ? /(^|[^\\])(\\\\)*"/.test(rest) : rest.replace(/''/g, "").includes("'");
    if (!closed) found = { index, quote };
  });
  return found;
}
