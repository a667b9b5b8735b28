/**
 * The version of the files under `index/`; a reader that finds another one
 * rebuilds. 2: a data file may have pending pieces (`index/pending.json`),
 * which a version-1 reader would not apply.
 */
export const INDEX_FORMAT = 2;
