import type { Command } from "./commander.js";

/** Two or three examples that end each command's help, as git and gh do (at most 80 columns a line). */
export const EXAMPLES: Readonly<Record<string, readonly string[]>> = {
  init: ["cortex init my-vault", "cortex init my-vault --force        # add what is missing"],
  write: [
    'cortex write --name "No Friday deploys" -t rule -p ops --tags deploy',
    'echo "Body text" | cortex write --name "Piped" -t insight -p ops --body -',
    'cortex write --name "48h freeze" -t rule -p ops --supersedes old --dry-run',
  ],
  search: ["cortex search deploy risk --brief", "cortex search -p ops -t rule          # no query: filter mode", "cortex search deploy --paths | xargs -I{} wc -l {}"],
  show: ["cortex show no_friday_deploys", 'cortex show "No Friday deploys" --raw', "cortex show rules/no_friday_deploys.md --json"],
  list: ["cortex list -p ops", "cortex list --status active --layer hot", "cortex list -t rule --json"],
  edit: ["cortex edit no_friday_deploys", 'EDITOR="code --wait" cortex edit "No Friday deploys"'],
  context: ["cortex context how do we deploy on release day", "cortex context incident checklist -p ops --budget 600"],
  update: ['cortex update no_friday_deploys --text "Holidays count as Fridays."', 'cortex update no_friday_deploys --section Why --text "On-call is thin."'],
  supersede: ['cortex supersede old_freeze --by "Deploy freeze during release windows"', 'cortex supersede old_idea --reason "no longer true"   # retire', "cortex supersede old_freeze --by new_freeze --dry-run"],
  summary: ["cortex summary", "cortex summary --json"],
  index: ["cortex index", "cortex index --full --stats"],
  watch: ["cortex watch                          # until Ctrl-C", "cortex watch --vault ~/notes/vault -q"],
  check: ["cortex check", "cortex check --quiet          # errors only, for a pre-commit hook", "cortex check --json"],
  related: ["cortex related no_friday_deploys", "cortex related --tag deploy --words release"],
  link: ["cortex link --dry-run", "cortex link --report"],
  graph: ["cortex graph -p ops > ops-graph.md", "cortex graph --limit 0 --json > graph.json"],
  mv: ["cortex mv no_friday_deploys rules/no_deploys_on_friday.md", "cortex mv inbox/idea.md insights/ --dry-run"],
  "refresh-moc": ["cortex refresh-moc", "cortex refresh-moc --dry-run --verbose"],
  migrate: ["cortex migrate --dry-run | less", "cortex migrate notes/ -p research -t concept"],
  import: ["cortex import CLAUDE.md -p ops", "cortex import notes/ -p research --dry-run", "cortex import export.jsonl -p ops -t lesson"],
  consolidate: ["cortex consolidate", "cortex consolidate -p ops --apply"],
  stats: ["cortex stats", "cortex stats --since 2026-11-01 --json"],
  transcripts: ['cortex transcripts "deploy freeze"', "cortex transcripts rollback -n 20 --json"],
  mcp: ["cortex mcp --vault ~/notes/vault", "claude mcp add cortex -- cortex mcp --vault ~/notes/vault"],
  hook: ["echo '{\"prompt\":\"deploy on friday?\"}' | cortex hook prompt", "cortex install --claude        # registers both hooks"],
  install: ["cortex install --claude --vault ~/notes/vault", "cortex install --claude --project --dry-run"],
  uninstall: ["cortex uninstall --claude", "cortex uninstall --claude --project"],
  completion: ["source <(cortex completion bash)      # in ~/.bashrc", "source <(cortex completion zsh)       # in ~/.zshrc", "cortex completion fish > ~/.config/fish/completions/cortex.fish"],
};

/** Ends a command's help with its examples. */
export function addExamples(cmd: Command): void {
  const lines = EXAMPLES[cmd.name()];
  if (lines) cmd.addHelpText("after", `\nExamples:\n${lines.map((l) => `  $ ${l}`).join("\n")}`);
}
