/** One message of a transcript that contains the query. */
export interface TranscriptHit {
  session_id: string;
  /** The project folder under the transcripts directory (Claude Code names it after the working directory). */
  project: string;
  /** ISO timestamp of the message, or of the file's last change when the message has none. */
  date: string;
  /** `user`, `assistant`, or `summary`. */
  role: string;
  /** The text around the first match, on one line. */
  excerpt: string;
  /** Path of the transcript file. */
  file: string;
  /** 1-based line of the message in the file. */
  line: number;
}

/** What a transcript search found. */
export interface TranscriptSearchResult {
  query: string;
  /** The transcripts directory searched. */
  dir: string;
  /** False when the directory does not exist (then there are no hits). */
  exists: boolean;
  /** Transcript files read. */
  files: number;
  /** Newest first. */
  hits: TranscriptHit[];
}

/** A message's text as found in one JSONL line. */
export interface TranscriptMessage {
  role: string;
  text: string;
  ts: string | null;
  sessionId: string | null;
}
