// The property tests of the default suite with their full fast-check run counts (helpers/runs.ts): the
// default suite runs a fifth of each. The test files run here whole; full-runs.js must come first.
import "./full-runs.js";
import "../link-resolution.test.js";
import "../moc-markers.test.js";
import "../parse-fast.test.js";
import "../query-language.test.js";
import "../related-for-write.test.js";
import "../write.test.js";
