/** What `commitFiles` (lib/store/git/commit.ts) did. */
export interface CommitResult {
  committed: boolean;
  /** Why nothing was committed (not a repository, nothing changed, git failed). */
  reason?: string;
}

/** What every mutation returns besides its own result: the commit, when one was asked for and files changed. */
export interface MutationOutcome {
  commit?: CommitResult;
  /**
   * Why the events or the index could not be brought up to date after the
   * files were written (a full disk): the files are written, the next
   * `cortex index` records them. Absent when all went well.
   */
  indexError?: string;
}
