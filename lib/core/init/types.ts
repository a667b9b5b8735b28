/** One file a new vault starts with. */
export interface VaultTemplateFile {
  /** Vault-relative POSIX path. */
  path: string;
  content: string;
}

/** What {@link initVault} did, by vault-relative path (folders end with `/`). */
export interface InitResult {
  /** Absolute path of the vault. */
  vault: string;
  created: string[];
  /** Things that were there already and were left as they were. */
  kept: string[];
  /** Files that were there and got cortex's lines appended (a `.gitignore` lacking `index/`, `layers/`). */
  updated: string[];
  /** The folder held files and no cortex.toml before: existing notes to adopt (`cortex migrate --dry-run` shows what it would add). */
  existing: boolean;
  /** The vault is inside a git repository. */
  git: boolean;
}
