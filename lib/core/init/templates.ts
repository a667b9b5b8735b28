import { TYPE_FOLDERS } from "../write/folder.js";
import type { VaultTemplateFile } from "./types.js";

/** The folders of a new vault: one per type with a folder, `atoms/`, `inbox/`, and `_moc/`. */
export const VAULT_FOLDERS: readonly string[] = [...new Set(["atoms", ...Object.values(TYPE_FOLDERS), "inbox", "_moc"])].sort();

/** Lines a vault's `.gitignore` needs: the derived folders cortex rebuilds. */
export const VAULT_GITIGNORE_LINES = ["/index/", "/layers/"];

/**
 * The lines of {@link VAULT_GITIGNORE_LINES} that a `.gitignore`'s text does
 * not already have (with or without its leading or trailing slash).
 *
 * @example missingGitignoreLines("node_modules/\nindex/\n") // ["/layers/"]
 */
export function missingGitignoreLines(text: string): string[] {
  const bare = (line: string) => line.trim().replace(/^\//, "").replace(/\/$/, "");
  const lines = new Set(text.split(/\r?\n/).map(bare));
  return VAULT_GITIGNORE_LINES.filter((line) => !lines.has(bare(line)));
}

const CONFIG = `# cortex.toml: settings of this vault. Every section is optional; delete
# one and cortex uses its built-in default. Every key: docs/configuration.md.

[projects]
# The projects atoms belong to. When the list is set, \`cortex write\` refuses
# any other project. Empty means any project is allowed.
names = []

[directories]
# Folder name -> project, for notes without a \`project\` field.
# inbox = "personal"

[tags]
# Tag -> keywords that imply it (\`cortex migrate\` uses these to tag notes).
# deploy = ["deploy", "release", "rollout"]

[layers]
# Age in days of \`updated\` for each temporal layer.
hot = 2     # updated at most 2 days ago
warm = 7    # at most 7 days ago; anything older is cold

[write]
# Similarity (0..1) at which \`cortex write\` refuses a near-duplicate.
duplicate_threshold = 0.6
# How many related atoms a new atom links to.
related = 3
# Days an atom may stay in review before \`cortex consolidate\` lists it.
review_days = 30

[git]
# Commit every change cortex makes (write, supersede, migrate, import, ...).
# Needs the vault to be in a git repository: run \`git init\` first.
commit = false
`;

const MEMORY = `# Memory

The front door of this vault. Each note is an *atom*: one markdown file about
one thing, with YAML frontmatter on top. Obsidian can open the folder as it is.

<!-- AUTO:vault_count -->
**Vault:** 0 atoms (0 active) across 0 projects
<!-- /AUTO:vault_count -->

## Start here

    cortex write --name "First rule" --type rule --project default --body "Document everything."
    cortex search "rule"

Maps of content go in \`_moc/\`; unsorted notes in \`inbox/\`.
`;

const GITIGNORE = `# Derived by cortex; rebuilt with \`cortex index\`.
${VAULT_GITIGNORE_LINES.join("\n")}
`;

/** The files of a new vault: cortex.toml, MEMORY.md, .gitignore, and a `.gitkeep` in each folder. */
export function vaultTemplate(): VaultTemplateFile[] {
  return [
    { path: "cortex.toml", content: CONFIG },
    { path: "MEMORY.md", content: MEMORY },
    { path: ".gitignore", content: GITIGNORE },
    ...VAULT_FOLDERS.map((folder) => ({ path: `${folder}/.gitkeep`, content: "" })),
  ];
}
