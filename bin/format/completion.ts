/** What a completion script completes: commands with their flags, and the values of some flags. */
export interface CompletionSpec {
  commands: { name: string; flags: string[] }[];
  /** Flag (long form) → its values, e.g. `--project` → the vault's projects. */
  values: Record<string, string[]>;
}

/** The shells `cortex completion` writes a script for. */
export const SHELLS = ["bash", "zsh", "fish"] as const;

/** The completion script for `shell`, for both bins (`cortex` and `cortex-vault`). Pure. */
export function completionScript(shell: (typeof SHELLS)[number], spec: CompletionSpec): string {
  return shell === "fish" ? fishScript(spec) : `${shell === "zsh" ? "autoload -U +X bashcompinit && bashcompinit\n" : ""}${bashScript(spec)}`;
}

const FILE_FLAGS = ["--vault", "--file", "--dir", "--out"];

// Values are words of [a-z0-9_:/-] (tags, projects, types) or are quoted for the shell.
function words(list: readonly string[]): string {
  return list.map((w) => w.replace(/[^\w:/.-]/g, "")).filter(Boolean).join(" ");
}

function bashScript(spec: CompletionSpec): string {
  const valueCases = Object.entries(spec.values).map(([flag, list]) => {
    const short = SHORT[flag];
    return `    ${short ? `${short}|` : ""}${flag}) COMPREPLY=($(compgen -W "${words(list)}" -- "$cur")); return;;`;
  });
  const commandCases = spec.commands.map((c) => `    ${c.name}) COMPREPLY=($(compgen -W "${c.flags.join(" ")}" -- "$cur"));;`);
  return `# cortex shell completion. Load it with: source <(cortex completion ${"bash"})
_cortex() {
  local cur="\${COMP_WORDS[COMP_CWORD]}" prev="\${COMP_WORDS[COMP_CWORD-1]}"
  case "$prev" in
${valueCases.join("\n")}
    ${FILE_FLAGS.join("|")}) COMPREPLY=($(compgen -f -- "$cur")); return;;
  esac
  if [ "$COMP_CWORD" -eq 1 ]; then COMPREPLY=($(compgen -W "${spec.commands.map((c) => c.name).join(" ")}" -- "$cur")); return; fi
  [[ "$cur" == -* ]] || return
  case "\${COMP_WORDS[1]}" in
${commandCases.join("\n")}
  esac
}
complete -o default -F _cortex cortex cortex-vault
`;
}

const SHORT: Record<string, string> = { "--project": "-p", "--type": "-t" };

function fishScript(spec: CompletionSpec): string {
  const lines = ["# cortex shell completion. Load it with: cortex completion fish | source"];
  for (const bin of ["cortex", "cortex-vault"]) {
    lines.push(`complete -c ${bin} -n __fish_use_subcommand -f -a "${spec.commands.map((c) => c.name).join(" ")}"`);
    for (const c of spec.commands) {
      for (const flag of c.flags.filter((f) => f.startsWith("--"))) {
        const values = spec.values[flag];
        const short = SHORT[flag] && c.flags.includes(SHORT[flag]!) ? ` -s ${SHORT[flag]!.slice(1)}` : "";
        const arg = values ? ` -x -a "${words(values)}"` : FILE_FLAGS.includes(flag) ? " -r -F" : "";
        lines.push(`complete -c ${bin} -n "__fish_seen_subcommand_from ${c.name}" -l ${flag.slice(2)}${short}${arg}`);
      }
    }
  }
  return `${lines.join("\n")}\n`;
}
