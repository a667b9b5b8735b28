import { test } from "node:test";
import { checkAddedNotes, checkEditedNotes } from "./helpers/added-index.js";

// Notes only added (an old link may now open one of them, or not): the exports and the database of a full rebuild.
// A few random vaults here; test/stress/added-index.test.ts tries many more.
test("should give the exports and database of a full rebuild after notes are added, told by a scan or by the paths written", () => checkAddedNotes(20));

test("should give the exports and database of a full rebuild after notes are edited or removed, on the same day or a later one", () => checkEditedNotes(20));
