import { useFullRuns } from "../helpers/runs.js";

// Imported first by test/stress/properties.test.ts, before the test files whose counts it raises.
useFullRuns();
