import { readdirSync, statSync, type Dirent } from "node:fs";
import { isDirectory, readTextOrNull } from "../files.js";
import { basename, join, relative } from "node:path";
import { compareStrings } from "../../core/util/compare.js";
import { excerptAround, messageOfLine } from "../../core/transcripts/parse.js";
import type { TranscriptHit, TranscriptSearchResult } from "../../core/transcripts/types.js";

interface TranscriptFile {
  abs: string;
  project: string;
  mtimeMs: number;
}

/**
 * Searches Claude Code session transcripts (`*.jsonl` files under `dir`, at
 * any depth) for a case-insensitive substring, and returns the matching
 * messages newest first (ties by file and line), at most `limit`. Files are
 * read newest first and the search stops once no older file can hold a
 * newer match. A missing directory gives no hits and `exists: false`.
 *
 * @example searchTranscripts(join(homedir(), ".claude/projects"), "redis pool", 5)
 */
export function searchTranscripts(dir: string, query: string, limit = 10): TranscriptSearchResult {
  const result: TranscriptSearchResult = { query, dir, exists: isDirectory(dir), files: 0, hits: [] };
  const needle = query.toLowerCase().replace(/\s+/g, " ").trim();
  if (!result.exists || needle === "") return result;
  const files = listTranscripts(dir).sort((a, b) => b.mtimeMs - a.mtimeMs || compareStrings(a.abs, b.abs));
  let hits: TranscriptHit[] = [];
  for (const file of files) {
    if (hits.length >= limit && new Date(file.mtimeMs).toISOString() < hits[limit - 1]!.date) break;
    result.files++;
    hits = sortHits([...hits, ...searchFile(file, needle)]).slice(0, limit);
  }
  result.hits = hits;
  return result;
}

function searchFile(file: TranscriptFile, needle: string): TranscriptHit[] {
  const text = readTextOrNull(file.abs);
  if (text === null) return [];
  const probe = probeWord(needle);
  if (!text.toLowerCase().includes(probe)) return [];
  const hits: TranscriptHit[] = [];
  const fallbackDate = new Date(file.mtimeMs).toISOString();
  const lines = text.split("\n");
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (!line.toLowerCase().includes(probe)) continue;
    const message = messageOfLine(line);
    const excerpt = message && excerptAround(message.text, needle);
    if (!message || !excerpt) continue;
    const session_id = message.sessionId ?? basename(file.abs, ".jsonl");
    hits.push({ session_id, project: file.project, date: message.ts ?? fallbackDate, role: message.role, excerpt, file: file.abs, line: i + 1 });
  }
  return hits;
}

// The longest piece of the query that appears verbatim in a raw JSON line of any matching message
// (whitespace, quotes and backslashes may be escaped there).
function probeWord(needle: string): string {
  return needle.split(/[\s"\\]+/).reduce((a, b) => (b.length > a.length ? b : a), "");
}

function sortHits(hits: TranscriptHit[]): TranscriptHit[] {
  return hits.sort((a, b) => compareStrings(b.date, a.date) || compareStrings(a.file, b.file) || a.line - b.line);
}

function listTranscripts(dir: string): TranscriptFile[] {
  const files: TranscriptFile[] = [];
  const walk = (abs: string): void => {
    let entries: Dirent[];
    try {
      entries = readdirSync(abs, { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of entries) {
      const child = join(abs, entry.name);
      if (entry.isDirectory()) walk(child);
      else if (entry.isFile() && entry.name.endsWith(".jsonl")) {
        try {
          const rel = relative(dir, child).split(/[\\/]/);
          files.push({ abs: child, project: rel.length > 1 ? rel[0]! : "", mtimeMs: statSync(child).mtimeMs });
        } catch {
          // vanished meanwhile
        }
      }
    }
  };
  walk(dir);
  return files;
}
