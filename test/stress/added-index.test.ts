import { test } from "node:test";
import { checkAddedNotes, checkEditedNotes } from "../helpers/added-index.js";

// The property of test/added-index.test.ts over many more random vaults.
test("should give the exports and database of a full rebuild after notes are added, told by a scan or by the paths written, over many vaults", () => checkAddedNotes(60));

test("should give the exports and database of a full rebuild after notes are edited or removed, over many vaults", () => checkEditedNotes(60));
