import { shellQuote } from "../util/shell.js";
import type { HookEvent, InstallSpec } from "./types.js";

type Json = Record<string, unknown>;

/** The hook events and the `cortex hook` argument each runs. */
export const HOOKS: ReadonlyArray<{ event: HookEvent; arg: string; timeout: number }> = [
  { event: "SessionStart", arg: "session-start", timeout: 15 },
  { event: "UserPromptSubmit", arg: "prompt", timeout: 10 },
];

/** The shell command of a hook: `cortex hook prompt --vault /abs/vault`. */
export function hookCommand(spec: InstallSpec, arg: string): string {
  return [...spec.command, "hook", arg, "--vault", spec.vaultDir].map(shellQuote).join(" ");
}

/** True for a hook command cortex registered (any vault, any way of running cortex). */
export function isCortexHookCommand(command: unknown): boolean {
  return typeof command === "string" && command.includes("cortex") && /\shook\s+(session-start|prompt)(\s|$)/.test(command);
}

/**
 * Settings with cortex's two hooks registered: an existing cortex hook is
 * updated in place, otherwise one entry is appended per event. Other keys,
 * events and hooks are kept as they are. Pure; returns a new object.
 */
export function addHooks(settings: Json, spec: InstallSpec): Json {
  const out = structuredClone(settings);
  const hooks = (isObject(out.hooks) ? out.hooks : (out.hooks = {})) as Json;
  for (const { event, arg, timeout } of HOOKS) {
    const command = hookCommand(spec, arg);
    const entries = (Array.isArray(hooks[event]) ? hooks[event] : (hooks[event] = [])) as unknown[];
    const ours = entries.flatMap((e) => (isObject(e) && Array.isArray(e.hooks) ? e.hooks.filter((h) => isObject(h) && isCortexHookCommand(h.command)) : [])) as Json[];
    if (ours.length > 0) for (const handler of ours) handler.command = command;
    else entries.push({ hooks: [{ type: "command", command, timeout }] });
  }
  return out;
}

/**
 * Settings without cortex's hooks; entries, events and the `hooks` key that
 * become empty by that are removed too. Pure.
 */
export function removeHooks(settings: Json): Json {
  const out = structuredClone(settings);
  if (!isObject(out.hooks)) return out;
  const hooks = out.hooks as Json;
  for (const { event } of HOOKS) {
    if (!Array.isArray(hooks[event])) continue;
    const kept = (hooks[event] as unknown[]).flatMap((entry) => {
      if (!isObject(entry) || !Array.isArray(entry.hooks)) return [entry];
      const handlers = entry.hooks.filter((h) => !(isObject(h) && isCortexHookCommand(h.command)));
      if (handlers.length === entry.hooks.length) return [entry];
      return handlers.length > 0 ? [{ ...entry, hooks: handlers }] : [];
    });
    if (kept.length > 0) hooks[event] = kept;
    else delete hooks[event];
  }
  if (Object.keys(hooks).length === 0) delete out.hooks;
  return out;
}

/** The MCP server entry: `{type: "stdio", command, args: [..., "mcp", "--vault", dir]}`. */
export function mcpServerEntry(spec: InstallSpec): Json {
  const [command, ...rest] = spec.command;
  return { type: "stdio", command, args: [...rest, "mcp", "--vault", spec.vaultDir] };
}

/** True for an MCP server entry that runs `cortex mcp`. */
export function isCortexServer(entry: unknown): boolean {
  if (!isObject(entry)) return false;
  const words = [entry.command, ...(Array.isArray(entry.args) ? entry.args : [])].filter((w): w is string => typeof w === "string");
  return words.some((w) => w.includes("cortex")) && words.includes("mcp");
}

/**
 * A config (`.mcp.json` or `~/.claude.json`) with the cortex server under
 * `mcpServers[name]`. Other servers and keys are kept.
 *
 * @throws Error when `name` is taken by a server that is not cortex.
 */
export function addMcpServer(config: Json, spec: InstallSpec): Json {
  const out = structuredClone(config);
  const servers = (isObject(out.mcpServers) ? out.mcpServers : (out.mcpServers = {})) as Json;
  const existing = servers[spec.name];
  if (existing !== undefined && !isCortexServer(existing)) {
    throw new Error(`mcpServers.${spec.name} is already taken by a server that does not run cortex mcp; remove it or install under another --name`);
  }
  servers[spec.name] = mcpServerEntry(spec);
  return out;
}

/** A config without the cortex server `name` (only if it is cortex's); an emptied `mcpServers` is removed. */
export function removeMcpServer(config: Json, name: string): Json {
  const out = structuredClone(config);
  if (!isObject(out.mcpServers) || !isCortexServer((out.mcpServers as Json)[name])) return out;
  delete (out.mcpServers as Json)[name];
  if (Object.keys(out.mcpServers as Json).length === 0) delete out.mcpServers;
  return out;
}

/**
 * Project settings with `name` in `enabledMcpjsonServers`, so Claude Code
 * starts the `.mcp.json` server without asking; `remove` takes it out again
 * (and the key, if that leaves it empty).
 */
export function setMcpjsonApproval(settings: Json, name: string, enabled: boolean): Json {
  const out = structuredClone(settings);
  const list = Array.isArray(out.enabledMcpjsonServers) ? (out.enabledMcpjsonServers as unknown[]) : [];
  if (enabled) {
    if (!list.includes(name)) out.enabledMcpjsonServers = [...list, name];
    return out;
  }
  if (!Array.isArray(out.enabledMcpjsonServers)) return out;
  const kept = list.filter((n) => n !== name);
  if (kept.length > 0) out.enabledMcpjsonServers = kept;
  else delete out.enabledMcpjsonServers;
  return out;
}

function isObject(value: unknown): value is Json {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
