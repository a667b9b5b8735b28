// Worker thread of search-db-build.ts: creates the database, inserts the
// rows posted in chunk order, and once told how many chunks there are and
// the cache's identity, records it, commits, closes and replies with the
// rows written; it says how far it got in the shared cells, so the parse
// workers keeping pace with it wake.
import { ROWS_FAILED, ROWS_INSERTED } from "./parallel-parse.js";
import { insertRowChunk, type RowChunk } from "./fts-row-wire.js";
import type { SearchDbTask } from "./fts-search-db-build.js";
import { SearchDb } from "../store/fts/search-db.js";
import { onTask, poolData, pulse, reply, replyError } from "../store/pool-worker.js";

const { file, settingsKey, gate } = poolData as unknown as { file: string; settingsKey: string; gate: Int32Array };

const HASH_SIZE = 8 * 1024 * 1024;

/** Rows that came ahead of a chunk still missing. */
const pending = new Map<number, RowChunk>();
let next = 0;
let end: { chunks: number; signature: string } | null = null;
let rowsWritten = 0;
let store: SearchDb | null = null;
let failed = false;

function fail(error: unknown): void {
  if (failed) return;
  failed = true;
  Atomics.store(gate, ROWS_FAILED, 1);
  Atomics.notify(gate, ROWS_INSERTED);
  store?.close();
  replyError(end?.chunks ?? -1, error);
}

function take(task: SearchDbTask, id: number): void {
  if ("rows" in task) pending.set(id, task.rows);
  else end = { chunks: id, signature: task.signature };
  for (let rows = pending.get(next); rows; rows = pending.get(next)) {
    pending.delete(next);
    rowsWritten += insertRowChunk(store!, rows);
    Atomics.store(gate, ROWS_INSERTED, ++next);
    Atomics.notify(gate, ROWS_INSERTED);
    pulse();
  }
  if (end === null || next < end.chunks) return;
  store!.setMeta("synced", end.signature);
  // The setting below was for this build only: a database read or updated later has FTS5's default.
  store!.db.exec(`DELETE FROM fts_config WHERE k = 'hashsize'`);
  store!.db.exec("COMMIT");
  store!.close();
  reply(end.chunks, rowsWritten);
}

try {
  store = SearchDb.create(file, settingsKey);
  // FTS5 writes its pending terms to disk (and merges what it wrote) each time they reach this size (1 MB by
  // default): more inserts faster but holds more memory (see DESIGN.md).
  store.db.exec(`INSERT INTO fts(fts, rank) VALUES ('hashsize', ${HASH_SIZE})`);
  store.db.exec("BEGIN");
  onTask((task: SearchDbTask, id) => {
    if (failed) return;
    if (Atomics.load(gate, ROWS_FAILED) !== 0) return fail("given up");
    try {
      take(task, id);
    } catch (error) {
      fail(error);
    }
  });
} catch (error) {
  fail(error);
}
