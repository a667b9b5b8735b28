/** What `commitFiles` (lib/store/git/commit.ts) did. */
export interface CommitResult {
  committed: boolean;
  /** Why nothing was committed (not a repository, nothing changed, git failed). */
  reason?: string;
}
