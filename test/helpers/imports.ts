// Reads the import edges of TypeScript sources without a compiler API (TypeScript 7 ships
// none): a small lexer that knows comments, strings, template literals and regular
// expression literals, then a few token patterns for the import forms the project uses.
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";

/** How a module names another one. */
export type ImportKind = "static" | "type" | "dynamic";

/** One import found in a source file. */
export interface ImportSite {
  /** The specifier as written, e.g. `../store/paths.js` or `node:fs`. */
  specifier: string;
  /** 1-based line of the specifier. */
  line: number;
  /** `type` for `import type`, `export type … from` and `typeof import("…")`. */
  kind: ImportKind;
}

interface Token {
  /** `id` for identifiers and keywords, `str` for a string literal, `p` for punctuation. */
  type: "id" | "str" | "p";
  value: string;
  line: number;
}

/** A `/` starts a regular expression after these tokens (else it divides). */
const REGEX_AFTER_PUNCT = new Set(["(", ",", "=", ":", "[", "!", "&", "|", "?", "{", "}", ";", "+", "-", "*", "%", "<", ">", "~", "^", "=>"]);
const REGEX_AFTER_WORD = new Set(["return", "typeof", "case", "do", "else", "in", "of", "new", "delete", "void", "throw", "yield", "await"]);

/** Splits a source into identifier, string and punctuation tokens; comments and other literals are dropped. */
export function tokenize(source: string): Token[] {
  const tokens: Token[] = [];
  const braces: ("code" | "template")[] = [];
  let line = 1;
  let i = 0;
  const push = (type: Token["type"], value: string, at: number) => tokens.push({ type, value, line: at });
  const readTemplate = (): void => {
    // i is just past a backtick or a `}` closing a substitution.
    while (i < source.length) {
      const c = source[i];
      if (c === "\\") { i += 2; continue; }
      if (c === "\n") line++;
      if (c === "`") { i++; push("str", "`", line); return; }
      if (c === "$" && source[i + 1] === "{") { i += 2; braces.push("template"); push("p", "(", line); return; }
      i++;
    }
  };
  while (i < source.length) {
    const c = source[i];
    if (c === "\n") { line++; i++; continue; }
    if (c === " " || c === "\t" || c === "\r") { i++; continue; }
    if (c === "/" && source[i + 1] === "/") { while (i < source.length && source[i] !== "\n") i++; continue; }
    if (c === "/" && source[i + 1] === "*") {
      const end = source.indexOf("*/", i + 2);
      const stop = end < 0 ? source.length : end + 2;
      for (let j = i; j < stop; j++) if (source[j] === "\n") line++;
      i = stop;
      continue;
    }
    if (c === '"' || c === "'") {
      const start = line;
      let value = "";
      i++;
      while (i < source.length && source[i] !== c) {
        if (source[i] === "\\") { value += source[i + 1]; i += 2; continue; }
        if (source[i] === "\n") line++;
        value += source[i++];
      }
      i++;
      push("str", value, start);
      continue;
    }
    if (c === "`") { i++; readTemplate(); continue; }
    if (/[A-Za-z_$]/.test(c)) {
      let j = i + 1;
      while (j < source.length && /[\w$]/.test(source[j])) j++;
      push("id", source.slice(i, j), line);
      i = j;
      continue;
    }
    if (/[0-9]/.test(c)) { while (i < source.length && /[\w.]/.test(source[i])) i++; push("id", "0", line); continue; }
    if (c === "/") {
      const prev = tokens.at(-1);
      const startsRegex = !prev || (prev.type === "p" && REGEX_AFTER_PUNCT.has(prev.value)) || (prev.type === "id" && REGEX_AFTER_WORD.has(prev.value));
      if (startsRegex) {
        let inClass = false;
        i++;
        while (i < source.length && (inClass || source[i] !== "/") && source[i] !== "\n") {
          if (source[i] === "\\") i++;
          else if (source[i] === "[") inClass = true;
          else if (source[i] === "]") inClass = false;
          i++;
        }
        i++;
        while (i < source.length && /[a-z]/.test(source[i])) i++;
        push("id", "regex", line);
        continue;
      }
    }
    if (c === "{") { braces.push("code"); push("p", "{", line); i++; continue; }
    if (c === "}") {
      if (braces.pop() === "template") { i++; push("p", ")", line); readTemplate(); continue; }
      push("p", "}", line);
      i++;
      continue;
    }
    if (c === "=" && source[i + 1] === ">") { push("p", "=>", line); i += 2; continue; }
    push("p", c, line);
    i++;
  }
  return tokens;
}

/** The imports of one source: static and type imports, re-exports, and `import("…")` with a literal specifier. */
export function findImports(source: string): ImportSite[] {
  const tokens = tokenize(source);
  const sites: ImportSite[] = [];
  const at = (k: number): Token | undefined => tokens[k];
  const is = (k: number, type: Token["type"], value?: string): boolean => at(k)?.type === type && (value === undefined || at(k)?.value === value);
  for (let k = 0; k < tokens.length; k++) {
    const t = tokens[k];
    if (t.type !== "id" || (t.value !== "import" && t.value !== "export")) continue;
    if (is(k - 1, "p", ".")) continue;
    if (t.value === "import" && is(k + 1, "p", "(")) {
      if (is(k + 2, "str") && at(k + 2)!.value !== "`" && (is(k + 3, "p", ")") || is(k + 3, "p", ","))) {
        sites.push({ specifier: at(k + 2)!.value, line: at(k + 2)!.line, kind: is(k - 1, "id", "typeof") ? "type" : "dynamic" });
      }
      continue;
    }
    if (t.value === "import" && is(k + 1, "str")) { sites.push({ specifier: at(k + 1)!.value, line: at(k + 1)!.line, kind: "static" }); continue; }
    const typeOnly = is(k + 1, "id", "type") && !is(k + 2, "p", "=") && !(is(k + 2, "id") && is(k + 3, "p", "="));
    if (t.value === "export" && !(is(k + 1, "p", "{") || is(k + 1, "p", "*") || (typeOnly && (is(k + 2, "p", "{") || is(k + 2, "p", "*"))))) continue;
    // An import or export clause holds only names, braces, commas, `*`, `as`, `type`: scan to `from "…"`.
    for (let m = k + 1; m < tokens.length && m < k + 400; m++) {
      const u = tokens[m];
      if (u.type === "str") {
        if (is(m - 1, "id", "from")) sites.push({ specifier: u.value, line: u.line, kind: typeOnly ? "type" : "static" });
        break;
      }
      if (u.type === "p" && !["{", "}", ",", "*"].includes(u.value)) break;
    }
  }
  return sites;
}

/** Every `.ts` file under the given folders of `root`, as root-relative paths with `/`. */
export function listSources(root: string, folders: string[]): string[] {
  const out: string[] = [];
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name.endsWith(".ts") && !entry.name.endsWith(".d.ts")) out.push(relative(root, full).split("\\").join("/"));
    }
  };
  for (const folder of folders) walk(join(root, folder));
  return out.sort();
}

/** One edge of the import graph. */
export interface ImportEdge {
  /** Root-relative importing file. */
  from: string;
  /** Root-relative imported `.ts` file for a relative specifier, else the bare specifier (`node:fs`, `yaml`). */
  to: string;
  line: number;
  kind: ImportKind;
  /** True when `to` is a project source file. */
  local: boolean;
}

/** The import edges of the given sources; a relative `.js` specifier is mapped to its `.ts` source. */
export function importEdges(root: string, files: string[]): ImportEdge[] {
  const edges: ImportEdge[] = [];
  for (const from of files) {
    for (const site of findImports(readFileSync(join(root, from), "utf8"))) {
      const local = site.specifier.startsWith(".");
      const to = local ? relative(root, resolve(root, dirname(from), site.specifier)).split("\\").join("/").replace(/\.js$/, ".ts") : site.specifier;
      edges.push({ from, to, line: site.line, kind: site.kind, local });
    }
  }
  return edges;
}
