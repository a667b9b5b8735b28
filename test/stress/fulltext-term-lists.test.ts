import { test } from "node:test";
import { checkChampionLists } from "../helpers/term-lists.js";

// The property of test/fulltext-term-lists.test.ts on all 8 random vaults of its seed (the default suite tries the first 3).
test("should rank and count exactly as the plain ranking when a kept connection answers from its units' champion lists, on 8 vaults", () => checkChampionLists(20261120, 8));
