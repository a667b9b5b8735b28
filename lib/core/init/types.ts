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
  /** Advice about kept files, e.g. a `.gitignore` that does not ignore `index/`. */
  notes: string[];
}
