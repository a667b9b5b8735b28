import type { Diagnostic } from "./types.js";
import { normalizeDate } from "../util/dates.js";

/** Reports a problem with a frontmatter field; the parser knows the file and line. */
export type Report = (key: string, rule: string, message: string) => void;

/** A string field; numbers and booleans are taken as text, anything else is reported and ignored. */
export function stringField(data: Record<string, unknown>, key: string, report: Report): string | null {
  const value = data[key];
  if (value === undefined || value === null) return null;
  if (typeof value === "string") return value.trim() || null;
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  if (value instanceof Date) return normalizeDate(value);
  report(key, "field-type", `${key}: expected a string, got ${kind(value)}; ignored`);
  return null;
}

/** A date field as YYYY-MM-DD; anything else is reported and ignored. */
export function dateField(data: Record<string, unknown>, key: string, report: Report): string | null {
  const value = data[key];
  if (value === undefined || value === null || value === "") return null;
  const date = normalizeDate(value);
  if (date === null) report(key, "bad-date", `${key}: expected a date YYYY-MM-DD, got ${show(value)}; file date used`);
  return date;
}

/** A list of strings, also given as one string (split on commas and spaces when `split`). */
export function listField(data: Record<string, unknown>, key: string, report: Report, split: boolean): string[] {
  const value = data[key];
  if (value === undefined || value === null) return [];
  if (typeof value === "string") return split ? value.split(/[,\s]+/).filter(Boolean) : [value.trim()].filter(Boolean);
  if (Array.isArray(value)) {
    const items: string[] = [];
    for (const item of value) {
      if (typeof item === "string" || typeof item === "number") {
        const text = String(item).trim();
        if (text) items.push(text);
      } else if (item !== null) report(key, "field-type", `${key}: list item ${show(item)} is not a string; ignored`);
    }
    return items;
  }
  report(key, "field-type", `${key}: expected a list of strings, got ${kind(value)}; ignored`);
  return [];
}

/** A number field, also given as a numeric string. */
export function numberField(data: Record<string, unknown>, key: string, report: Report): number | null {
  const value = data[key];
  if (value === undefined || value === null || value === "") return null;
  const n = typeof value === "number" ? value : typeof value === "string" ? Number(value) : Number.NaN;
  if (Number.isFinite(n)) return n;
  report(key, "field-type", `${key}: expected a number, got ${show(value)}; ignored`);
  return null;
}

/** Tags as the indexes keep them: `#` stripped, trimmed, lowercased, de-duplicated in order. */
export function normalizeTags(tags: Iterable<string>): string[] {
  const seen = new Set<string>();
  for (const raw of tags) {
    const trimmed = raw.trim();
    const tag = (trimmed.startsWith("#") ? trimmed.replace(/^#+/, "").trim() : trimmed).toLowerCase();
    if (tag) seen.add(tag);
  }
  return [...seen];
}

function kind(value: unknown): string {
  if (Array.isArray(value)) return "a list";
  if (value === null) return "null";
  return typeof value === "object" ? "a mapping" : typeof value;
}

function show(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 40 ? `${text.slice(0, 37)}...` : text;
}

/** Builds a diagnostic; severity `warning` unless said otherwise. */
export function diagnostic(file: string, line: number, rule: string, message: string, severity: Diagnostic["severity"] = "warning"): Diagnostic {
  return { file, line, rule, message, severity };
}
