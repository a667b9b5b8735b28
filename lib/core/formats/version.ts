/** The version of the files under `index/`; a reader that finds another one rebuilds. */
export const INDEX_FORMAT = 1;
