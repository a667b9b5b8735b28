// Worker thread of search-db-build.ts: creates the database, inserts the
// rows posted in chunk order, and once told how many chunks there are and
// the cache's identity, records it, commits and closes; it says how far it
// got in the shared cells, so the threads waiting on it wake.
import { workerData, type MessagePort } from "node:worker_threads";
import { ROWS_FAILED, ROWS_INSERTED } from "./parallel-parse.js";
import { insertRowChunk, type RowChunk } from "./fts-row-wire.js";
import { BUILD_DONE, BUILD_ROWS } from "./fts-search-db-build.js";
import { SearchDb } from "../store/fts/search-db.js";

const { file, settingsKey, port, gate } = workerData as { file: string; settingsKey: string; port: MessagePort; gate: Int32Array };

const HASH_SIZE = 8 * 1024 * 1024;

type Message = { chunk: number; rows: RowChunk } | { chunks: number; signature: string };

/** Rows that came ahead of a chunk still missing. */
const pending = new Map<number, RowChunk>();
let next = 0;
let end: { chunks: number; signature: string } | null = null;
let store: SearchDb | null = null;

function fail(): void {
  Atomics.store(gate, ROWS_FAILED, 1);
  Atomics.notify(gate, ROWS_INSERTED);
  Atomics.notify(gate, BUILD_DONE);
  store?.close();
  port.close();
}

function take(message: Message): void {
  if ("rows" in message) pending.set(message.chunk, message.rows);
  else end = message;
  for (let rows = pending.get(next); rows; rows = pending.get(next)) {
    pending.delete(next);
    Atomics.add(gate, BUILD_ROWS, insertRowChunk(store!, rows));
    Atomics.store(gate, ROWS_INSERTED, ++next);
    Atomics.notify(gate, ROWS_INSERTED);
  }
  if (end === null || next < end.chunks) return;
  store!.setMeta("synced", end.signature);
  // The setting below was for this build only: a database read or updated later has FTS5's default.
  store!.db.exec(`DELETE FROM fts_config WHERE k = 'hashsize'`);
  store!.db.exec("COMMIT");
  store!.close();
  Atomics.store(gate, BUILD_DONE, 1);
  Atomics.notify(gate, BUILD_DONE);
  port.close();
}

try {
  store = SearchDb.create(file, settingsKey);
  // FTS5 writes its pending terms to disk (and merges what it wrote) each time they reach this size (1 MB by
  // default): more inserts faster but holds more memory (see DESIGN.md).
  store.db.exec(`INSERT INTO fts(fts, rank) VALUES ('hashsize', ${HASH_SIZE})`);
  store.db.exec("BEGIN");
  port.on("message", (message: Message) => {
    if (Atomics.load(gate, ROWS_FAILED) !== 0) return fail();
    try {
      take(message);
    } catch {
      fail();
    }
  });
} catch {
  fail();
}
