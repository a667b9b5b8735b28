import type { CliCase } from "./cli-cases.js";

/** A CLI case of the agent interface; `$VAULT` is a copy of test/fixtures/agent, `stdin` is fed to the command. */
export interface AgentCliCase extends CliCase {
  stdin?: string;
}

const T = ["--today", "2026-11-22"];
const V = ["--vault", "$VAULT", ...T];
const hookInput = (fields: Record<string, string>) => JSON.stringify({ session_id: "s1", transcript_path: "/tmp/t.jsonl", ...fields });

export const AGENT_CLI_CASES: AgentCliCase[] = [
  { name: "list the agent commands in the help", args: ["--help"], exitCode: 0, stdout: /\n {2}context +A briefing[\s\S]*\n {2}transcripts +[\s\S]*\n {2}mcp +[\s\S]*\n {2}hook +[\s\S]*\n {2}install +[\s\S]*\n {2}uninstall +/ },
  { name: "print a context briefing", args: ["context", "can", "we", "deploy", "during", "the", "release?", ...V], exitCode: 0, stdout: /^# Briefing: can we deploy during the release\?\n\n## Map: ops \(_moc\/ops\.md\)\n[\s\S]*## Deploy freeze during release windows\ndecisions\/deploy_freeze\.md · decision · active · updated 2026-11-21\n/ },
  { name: "print a context briefing as JSON", args: ["context", "payments ledger", ...V, "--budget", "100", "--json"], exitCode: 0, stdout: /"budget_tokens": 100,[\s\S]*"included": \[\n {4}"notes\/payments_ledger\.md"\n {2}\]/ },
  { name: "exit 1 when no atom matches the briefing", args: ["context", "kubernetes", ...V], exitCode: 1, stdout: /^$/, stderr: /^No atoms match: kubernetes\n$/ },
  { name: "reject a budget out of range", args: ["context", "x", ...V, "--budget", "20001"], exitCode: 2, stderr: /--budget.*whole number from 50 to 20000/ },
  { name: "require a query for context", args: ["context", ...V], exitCode: 2, stderr: /missing required argument 'query'/ },
  { name: "search transcripts newest first", args: ["transcripts", "Redis", "connection", "--vault", "$VAULT"], exitCode: 0, stdout: /^2026-11-20T14:00:09\.000Z {2}sess-be-2 {2}-home-me-code-backend {2}assistant: .*Redis Connection Pool.*\n2026-11-10T09:00:05\.000Z {2}sess-ops-1 / },
  { name: "limit transcript matches", args: ["transcripts", "redis", "--vault", "$VAULT", "-n", "1", "--json"], exitCode: 0, stdout: /"hits": \[\n {4}\{\n {6}"session_id": "sess-be-2",/ },
  { name: "reject a transcript limit out of range", args: ["transcripts", "x", "--vault", "$VAULT", "-n", "0"], exitCode: 2, stderr: /--limit.*whole number from 1 to 100/ },
  { name: "exit 1 when no transcript matches", args: ["transcripts", "zebra", "--vault", "$VAULT"], exitCode: 1, stderr: /^No matching sessions for: zebra \(searched 2 files in .*\.transcripts\)\n$/ },
  { name: "say when the transcripts folder is missing", args: ["transcripts", "x", "--dir", "$VAULT/nowhere"], exitCode: 1, stderr: /^No transcripts folder at .*nowhere\n$/ },
  { name: "say a missing transcripts folder as JSON with --json", args: ["transcripts", "x", "--dir", "$VAULT/nowhere", "--json"], exitCode: 1, stdout: /"exists": false/, stderr: /^\{"error":\{"code":"NOT_FOUND","message":"no transcripts folder at [^"]*nowhere"\}\}\n$/ },
  { name: "print only JSON with --json when no transcript matches", args: ["transcripts", "zebra", "--vault", "$VAULT", "--json"], exitCode: 1, stdout: /"hits": \[\]/, stderr: /^$/ },
  { name: "answer a session-start hook with the project's hot atoms", args: ["hook", "session-start", ...V], stdin: hookInput({ cwd: "/home/me/code/Ops/src", hook_event_name: "SessionStart" }), exitCode: 0, stdout: /^\{"hookSpecificOutput":\{"hookEventName":"SessionStart","additionalContext":"Use the cortex MCP tools \(recall, context\) for more, and save durable decisions and lessons as they come up\.\\nMemory vault .*: 9 atoms, 7 active, 2 hot, 1 waiting in review for more than 7 days\.\\nThis session is in project \\"ops\\"\.\\nRecently updated in ops:\\n- 2026-11-21 Deploy freeze during release windows — .*\(decisions\/deploy_freeze\.md\)\\n- 2026-11-20 Release calendar/ },
  { name: "answer a prompt hook with a briefing", args: ["hook", "prompt", ...V], stdin: hookInput({ cwd: "/x", prompt: "Is a deploy allowed during the release?" }), exitCode: 0, stdout: /^\{"hookSpecificOutput":\{"hookEventName":"UserPromptSubmit","additionalContext":"# Briefing: Is a deploy allowed during the release\?\\n\\n## Map: ops/ },
  { name: "print nothing for a prompt that matches nothing", args: ["hook", "prompt", ...V], stdin: hookInput({ prompt: "hello, how are you?" }), exitCode: 0, stdout: /^$/, stderr: /^$/ },
  { name: "never fail the agent on bad hook input", args: ["hook", "prompt", ...V], stdin: "not json", exitCode: 0, stdout: /^$/, stderr: /^cortex hook: .*JSON/ },
  { name: "never fail the agent on a missing vault", args: ["hook", "session-start", "--vault", "/no/such/vault"], stdin: "{}", exitCode: 0, stdout: /^$/, stderr: /^cortex hook: vault folder not found/ },
  { name: "never fail the agent on an unknown hook event", args: ["hook", "PreToolUse", ...V, "--strange"], stdin: "{}", exitCode: 0, stdout: /^$/, stderr: /^cortex hook: unknown hook event "PreToolUse"/ },
  { name: "name a missing vault for mcp", args: ["mcp", "--vault", "/no/such/vault"], exitCode: 2, stderr: /^cortex: vault folder not found: \/no\/such\/vault \(from --vault\)\n$/ },
  { name: "require a client for install", args: ["install", "--vault", "$VAULT"], exitCode: 2, stderr: /^cortex: install needs a client: --claude\n$/ },
  { name: "reject --project with --user", args: ["uninstall", "--claude", "--project", "--user"], exitCode: 2, stderr: /cannot be used with/ },
];
