import { InvalidArgumentError } from "./commander.js";
import type { Diagnostic } from "../lib/core/atoms/types.js";
import { openVault, type Vault } from "../lib/app/vault.js";
import { formatDiagnostic, withCheckSeverity } from "../lib/core/check/severity.js";
import { CortexError } from "../lib/core/errors.js";
import { isIsoDate, localDate } from "../lib/core/util/dates.js";

/** A writable stream as the CLI uses it. */
export interface OutStream {
  write(text: string): unknown;
  isTTY?: boolean;
  /** A terminal's width in columns (Node's tty.WriteStream has it). */
  columns?: number;
}

/** Everything the CLI touches of the outside world, so tests can run it in-process. */
export interface CliParams {
  argv: string[];
  stdout: OutStream;
  stderr: OutStream;
  env: Record<string, string | undefined>;
  cwd: string;
  /** Standard input, for commands that read it. Default process.stdin. */
  stdin?: NodeJS.ReadableStream;
}

/** The vault options a command may have: `--vault`, `--today`, `--no-refresh`. */
export interface VaultFlags {
  vault?: string;
  today?: string;
  /** False for `--no-refresh`. */
  refresh?: boolean;
}

/** What a command action gets: the params, and helpers over them. */
export class CliContext {
  exitCode = 0;
  /** `--json` / `-j` was given (before any `--`): errors go to stderr as JSON too. */
  readonly jsonErrors: boolean;
  constructor(readonly params: CliParams) {
    const end = params.argv.indexOf("--");
    const args = end === -1 ? params.argv : params.argv.slice(0, end);
    this.jsonErrors = args.includes("--json") || args.includes("-j") || args.includes("--format=json");
  }

  out(text: string): void {
    this.params.stdout.write(text.endsWith("\n") ? text : `${text}\n`);
  }

  err(text: string): void {
    this.params.stderr.write(text.endsWith("\n") ? text : `${text}\n`);
  }

  /** `--color` (true) or `--no-color` (false), the last one given; undefined when neither was. */
  colorFlag: boolean | undefined;

  /**
   * Whether human output is coloured: `--color` / `--no-color`, else a
   * non-empty FORCE_COLOR (`0` or `false`: no colour), else a non-empty
   * NO_COLOR turns it off, else colour when stdout is a terminal (not `TERM=dumb`).
   */
  get color(): boolean {
    if (this.colorFlag !== undefined) return this.colorFlag;
    const { FORCE_COLOR: force, NO_COLOR: none, TERM: term } = this.params.env;
    if (force) return force !== "0" && force !== "false";
    if (none) return false;
    return Boolean(this.params.stdout.isTTY) && term !== "dumb";
  }

  /**
   * The width human output is fitted to: the terminal's columns when stdout
   * is a terminal (80 when it does not say), else undefined: a pipe gets the
   * full text, never wrapped or shortened.
   */
  get width(): number | undefined {
    const { stdout } = this.params;
    return stdout.isTTY ? stdout.columns || 80 : undefined;
  }

  /** `--today`, else CORTEX_TODAY, else the local date; a bad value is a usage error. */
  today(flag: string | undefined): string {
    // An empty --today is a mistake (an unset shell variable): refused, never read as "no day given". An empty CORTEX_TODAY is unset.
    const value = flag ?? this.params.env.CORTEX_TODAY;
    if (value === undefined || (value === "" && flag === undefined)) return localDate(Date.now());
    if (!isIsoDate(value)) throw new CortexError("BAD_ARGUMENT", `--today must be a date YYYY-MM-DD, got ${JSON.stringify(value)}`);
    return value;
  }

  /**
   * Opens the vault (`--vault` > CORTEX_VAULT > the nearest folder at or above
   * cwd with a cortex.toml) for the day of `--today`; `--no-refresh` reads the
   * index as written.
   *
   * @throws CortexError `NOT_A_VAULT` when there is none (exit 2, nothing written).
   */
  vault(flags: VaultFlags = {}): Vault {
    const vault = openVault({ vault: flags.vault, today: this.today(flags.today), refresh: flags.refresh, env: this.params.env, cwd: this.params.cwd });
    if (!this.#warned) for (const warning of vault.config.warnings ?? []) this.err(`cortex: warning: ${warning}`);
    this.#warned = true;
    return vault;
  }

  // cortex.toml's warnings are printed once per command, however often it opens the vault.
  #warned = false;

  /** Prints diagnostics as `path:line severity rule message` on stderr, with the severity `check` gives. */
  diagnostics(list: readonly Diagnostic[]): void {
    if (list.length === 0) return;
    this.params.stderr.write(list.map((d) => `${formatDiagnostic(withCheckSeverity(d))}\n`).join(""));
  }
}

/** Parses a whole-number option value; anything else is a usage error. */
export function parseCount(value: string): number {
  if (!/^\d+$/.test(value)) throw new InvalidArgumentError("expected a whole number.");
  return Number(value);
}

/** A commander parser for a whole number from `min` to `max`; anything else is a usage error. */
export function wholeNumberWithin(min: number, max: number): (value: string) => number {
  return (value) => {
    const n = /^\d+$/.test(value) ? Number(value) : NaN;
    if (!(n >= min && n <= max)) throw new InvalidArgumentError(`expected a whole number from ${min} to ${max}.`);
    return n;
  };
}
