// The built-bin runs of the vault case lists (helpers/cases.ts's runVaultCases) that the default suite leaves
// out: it runs every case in-process and a sample built. The test files load here whole, so their other
// tests run again too; vault-cases-remainder.js must come first.
import "./vault-cases-remainder.js";
import "../check.test.js";
import "../link-graph.test.js";
import "../moc-refresh.test.js";
import "../mv-safety.test.js";
import "../mv.test.js";
import "../related-stats.test.js";
