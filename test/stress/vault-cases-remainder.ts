import { useBuiltRemainder } from "../helpers/cases.js";

// Imported first by test/stress/vault-cases-built.test.ts, before the test files whose case lists it reads.
useBuiltRemainder();
