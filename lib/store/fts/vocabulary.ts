import { TEXT_FIELDS } from "../../core/fts/fields.js";
import { closestWords } from "../../core/util/closest.js";
import { TOKENIZER, type IndexDb } from "../index-db.js";

/**
 * The word of the vault's own full-text vocabulary nearest to `word`, as the
 * notes spell it (lower case), for a search that found nothing: null when the
 * vocabulary has the word, or nothing near it. The vocabulary holds stems
 * (the tokenizer's), so the word is stemmed the same way, compared with the
 * stems of the same first letter (by edit distance, then by how many notes
 * have the stem, then alphabetically: deterministic), and the nearest stem is
 * spelled as a note holding it writes it. Every SQL of this lives here.
 *
 * @example nearestVocabularyWord(store, "postgress") // "postgres"
 */
export function nearestVocabularyWord(store: IndexDb, word: string): string | null {
  const db = store.db;
  db.exec(`CREATE VIRTUAL TABLE IF NOT EXISTS temp.cortex_vocab USING fts5vocab(main, fts, 'row');
    CREATE VIRTUAL TABLE IF NOT EXISTS temp.cortex_probe USING fts5(w, tokenize = '${TOKENIZER}');
    CREATE VIRTUAL TABLE IF NOT EXISTS temp.cortex_probe_vocab USING fts5vocab(temp, cortex_probe, 'row');
    DELETE FROM temp.cortex_probe;`);
  db.prepare("INSERT INTO temp.cortex_probe(w) VALUES (?)").run(word);
  const stems = db.prepare("SELECT term FROM temp.cortex_probe_vocab").all() as { term: string }[];
  if (stems.length !== 1) return null;
  const stem = stems[0]!.term;
  const first = stem[0]!;
  const next = String.fromCodePoint(first.codePointAt(0)! + 1);
  const terms = db.prepare("SELECT term, doc FROM temp.cortex_vocab WHERE term >= ? AND term < ?").all(first, next) as { term: string; doc: number }[];
  if (terms.some((t) => t.term === stem)) return null;
  const docs = new Map(terms.map((t) => [t.term, t.doc]));
  const near = closestWords(stem, [...docs.keys()].sort((a, b) => docs.get(b)! - docs.get(a)! || (a < b ? -1 : 1)), 1)[0];
  return near === undefined ? null : spelling(store, near);
}

// How a note holding `stem` writes it: the word at the stem's first place in the vocabulary's instances, lower case.
function spelling(store: IndexDb, stem: string): string | null {
  const db = store.db;
  db.exec("CREATE VIRTUAL TABLE IF NOT EXISTS temp.cortex_places USING fts5vocab(main, fts, 'instance')");
  const place = db.prepare("SELECT doc, col, offset FROM temp.cortex_places WHERE term = ? LIMIT 1").get(stem) as { doc: number; col: string; offset: number } | undefined;
  if (!place || !(TEXT_FIELDS as readonly string[]).includes(place.col)) return null;
  const row = db.prepare(`SELECT "${place.col}" AS text FROM fts WHERE rowid = ?`).get(place.doc) as { text: string } | undefined;
  // The tokenizer's words: runs of letters and digits (unicode61); the offset counts them.
  const words = (row?.text ?? "").match(/[\p{L}\p{N}]+/gu) ?? [];
  return words[place.offset]?.toLowerCase() ?? null;
}
