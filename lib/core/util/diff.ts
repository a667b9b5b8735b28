import { pushAll } from "./arrays.js";

type Op = { kind: " " | "-" | "+"; line: string };

/** Lines of a text, each with its line ending (the last may have none). */
function splitLines(text: string): string[] {
  const lines = text.split(/(?<=\n)/);
  return lines[lines.length - 1] === "" ? lines.slice(0, -1) : lines;
}

/**
 * A unified diff (`diff -u` style, `context` lines around each change) from
 * `a` to `b`, with `--- a/PATH` and `+++ b/PATH` headers; empty when the texts
 * are equal. A line without a final newline is marked `\ No newline at end of file`.
 *
 * @example unifiedDiff("a\nb\n", "a\nc\n", "x.md") // "--- a/x.md\n+++ b/x.md\n@@ -1,2 +1,2 @@\n a\n-b\n+c\n"
 */
export function unifiedDiff(a: string, b: string, path: string, context = 3): string {
  if (a === b) return "";
  const ops = diffLines(splitLines(a), splitLines(b));
  // As git does: a name with a space ends with a tab, so that `patch -p1` reads the whole name.
  const end = /\s/.test(path) ? "\t" : "";
  const out = [`--- a/${path}${end}\n`, `+++ b/${path}${end}\n`];
  for (const hunk of hunks(ops, context)) pushAll(out, hunk);
  return out.join("");
}

function diffLines(a: string[], b: string[]): Op[] {
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start++;
  let endA = a.length;
  let endB = b.length;
  while (endA > start && endB > start && a[endA - 1] === b[endB - 1]) {
    endA--;
    endB--;
  }
  const middle = lcsOps(a.slice(start, endA), b.slice(start, endB));
  const same = (lines: string[]): Op[] => lines.map((line) => ({ kind: " ", line }));
  return [...same(a.slice(0, start)), ...middle, ...same(a.slice(endA))];
}

// Longest-common-subsequence diff of the changed middle; a huge middle is shown as remove-all, add-all.
function lcsOps(a: string[], b: string[]): Op[] {
  const removeAll: Op[] = [...a.map((line) => ({ kind: "-" as const, line })), ...b.map((line) => ({ kind: "+" as const, line }))];
  if (a.length === 0 || b.length === 0 || a.length * b.length > 4_000_000) return removeAll;
  const table = Array.from({ length: a.length + 1 }, () => new Uint32Array(b.length + 1));
  for (let i = a.length - 1; i >= 0; i--) {
    for (let j = b.length - 1; j >= 0; j--) table[i]![j] = a[i] === b[j] ? table[i + 1]![j + 1]! + 1 : Math.max(table[i + 1]![j]!, table[i]![j + 1]!);
  }
  const ops: Op[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    if (i < a.length && j < b.length && a[i] === b[j]) {
      ops.push({ kind: " ", line: a[i++]! });
      j++;
    } else if (i < a.length && (j === b.length || table[i + 1]![j]! >= table[i]![j + 1]!)) {
      ops.push({ kind: "-", line: a[i++]! });
    } else {
      ops.push({ kind: "+", line: b[j++]! });
    }
  }
  return ops;
}

function hunks(ops: Op[], context: number): string[][] {
  const changed = ops.flatMap((op, k) => (op.kind === " " ? [] : [k]));
  const groups: [number, number][] = [];
  for (const k of changed) {
    const last = groups[groups.length - 1];
    if (last && k - last[1] <= 2 * context + 1) last[1] = k;
    else groups.push([k, k]);
  }
  const before = (end: number, kind: "-" | "+") => ops.slice(0, end).filter((op) => op.kind === " " || op.kind === kind).length;
  return groups.map(([first, last]) => {
    const from = Math.max(0, first - context);
    const to = Math.min(ops.length, last + context + 1);
    const slice = ops.slice(from, to);
    const oldCount = slice.filter((op) => op.kind !== "+").length;
    const newCount = slice.filter((op) => op.kind !== "-").length;
    const oldStart = before(from, "-") + (oldCount > 0 ? 1 : 0);
    const newStart = before(from, "+") + (newCount > 0 ? 1 : 0);
    const range = (start: number, count: number) => (count === 1 ? `${start}` : `${start},${count}`);
    const lines = [`@@ -${range(oldStart, oldCount)} +${range(newStart, newCount)} @@\n`];
    for (const op of slice) {
      lines.push(`${op.kind}${op.line.endsWith("\n") ? op.line : `${op.line}\n\\ No newline at end of file\n`}`);
    }
    return lines;
  });
}
