// Everything the tests reach: the public API, the pure core, and a few internals.
export * from "../../lib/index.js";
export * from "../../lib/core.js";
export { withVaultLock } from "../../lib/store/lock.js";
export { commitFiles } from "../../lib/store/git/commit.js";
export { readConfigFile } from "../../lib/store/config/load.js";
