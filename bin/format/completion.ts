/** What a completion script completes: commands with their flags, and the values of some flags. */
export interface CompletionSpec {
  commands: { name: string; flags: string[] }[];
  /** Flag (long form) → its fixed values, e.g. `--type` → the atom types. */
  values: Record<string, string[]>;
}

/** The shells `cortex completion` writes a script for. */
export const SHELLS = ["bash", "zsh", "fish"] as const;

/** What `cortex completion --list` prints, one value a line, asked by the scripts at completion time. */
export const LISTS = ["notes", "projects", "tags"] as const;

/** Flags whose values are the vault's, asked when completing (`cortex completion --list`), never written into the script. */
const VAULT_FLAGS: Readonly<Record<string, (typeof LISTS)[number]>> = { "--project": "projects", "--tag": "tags", "--tags": "tags" };

/** Commands whose argument is a note (a REF), completed with the vault's notes. */
const NOTE_COMMANDS = ["show", "edit", "mv", "related", "supersede"];

/** The completion script for `shell`, for both bins (`cortex` and `cortex-vault`). Pure. */
export function completionScript(shell: (typeof SHELLS)[number], spec: CompletionSpec): string {
  return shell === "fish" ? fishScript(spec) : `${shell === "zsh" ? "autoload -U +X bashcompinit && bashcompinit\n" : ""}${bashScript(spec)}`;
}

const FILE_FLAGS = ["--vault", "--file", "--dir", "--out"];

// Values are words of [a-z0-9_:/-] (tags, projects, types) or are quoted for the shell.
function words(list: readonly string[]): string {
  return list.map((w) => w.replace(/[^\w:/.-]/g, "")).filter(Boolean).join(" ");
}

// The flags with a short form: -p/--project is one case of the shell's `case`.
function flagPattern(flag: string): string {
  return SHORT[flag] ? `${SHORT[flag]}|${flag}` : flag;
}

function bashScript(spec: CompletionSpec): string {
  const fixed = Object.entries(spec.values).map(([flag, list]) => `    ${flagPattern(flag)}) COMPREPLY=($(compgen -W "${words(list)}" -- "$cur")); return;;`);
  const asked = Object.entries(VAULT_FLAGS).map(([flag, list]) => `    ${flagPattern(flag)}) _cortex_complete ${list}; return;;`);
  const commandCases = spec.commands.map((c) => `    ${c.name}) COMPREPLY=($(compgen -W "${c.flags.join(" ")}" -- "$cur"));;`);
  return `# cortex shell completion. Load it with: source <(cortex completion ${"bash"})
# The vault's notes, projects and tags are asked when you complete (cortex completion --list …).
_cortex_complete() {
  local i vault=() IFS=$'\\n'
  for ((i = 1; i < COMP_CWORD; i++)); do
    [[ "\${COMP_WORDS[i]}" == --vault ]] && vault=(--vault "\${COMP_WORDS[i+1]/#\\~/$HOME}")
  done
  compopt -o filenames 2>/dev/null
  COMPREPLY=($(compgen -W "$("\${COMP_WORDS[0]}" completion --list "$1" "\${vault[@]}" 2>/dev/null)" -- "$cur"))
}
_cortex() {
  local cur="\${COMP_WORDS[COMP_CWORD]}" prev="\${COMP_WORDS[COMP_CWORD-1]}"
  case "$prev" in
${[...fixed, ...asked].join("\n")}
    ${FILE_FLAGS.join("|")}) COMPREPLY=($(compgen -f -- "$cur")); return;;
  esac
  if [ "$COMP_CWORD" -eq 1 ]; then COMPREPLY=($(compgen -W "${spec.commands.map((c) => c.name).join(" ")}" -- "$cur")); return; fi
  if [[ "$cur" != -* ]]; then
    case "\${COMP_WORDS[1]}" in ${NOTE_COMMANDS.join("|")}) _cortex_complete notes;; esac
    return
  fi
  case "\${COMP_WORDS[1]}" in
${commandCases.join("\n")}
  esac
}
complete -o default -F _cortex cortex cortex-vault
`;
}

const SHORT: Record<string, string> = { "--project": "-p", "--type": "-t" };

function fishScript(spec: CompletionSpec): string {
  const lines = [
    "# cortex shell completion. Load it with: cortex completion fish | source",
    "# The vault's notes, projects and tags are asked when you complete (cortex completion --list …).",
    "function __cortex_list",
    "  set -l words (commandline -opc)",
    "  set -l at (contains -i -- --vault $words)",
    "  if test -n \"$at\"; and test (count $words) -gt $at",
    "    $words[1] completion --list $argv[1] --vault $words[(math $at + 1)] 2>/dev/null",
    "  else",
    "    $words[1] completion --list $argv[1] 2>/dev/null",
    "  end",
    "end",
  ];
  for (const bin of ["cortex", "cortex-vault"]) {
    lines.push(`complete -c ${bin} -n __fish_use_subcommand -f -a "${spec.commands.map((c) => c.name).join(" ")}"`);
    lines.push(`complete -c ${bin} -n "__fish_seen_subcommand_from ${NOTE_COMMANDS.join(" ")}" -f -a "(__cortex_list notes)"`);
    for (const c of spec.commands) {
      for (const flag of c.flags.filter((f) => f.startsWith("--"))) {
        const values = spec.values[flag];
        const short = SHORT[flag] && c.flags.includes(SHORT[flag]!) ? ` -s ${SHORT[flag]!.slice(1)}` : "";
        const arg = VAULT_FLAGS[flag] ? ` -x -a "(__cortex_list ${VAULT_FLAGS[flag]})"` : values ? ` -x -a "${words(values)}"` : FILE_FLAGS.includes(flag) ? " -r -F" : "";
        lines.push(`complete -c ${bin} -n "__fish_seen_subcommand_from ${c.name}" -l ${flag.slice(2)}${short}${arg}`);
      }
    }
  }
  return `${lines.join("\n")}\n`;
}
