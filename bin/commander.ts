import { createRequire } from "node:module";
import type * as Commander from "commander";

// commander through require(): its CommonJS build loads in ~9 ms, its ESM wrapper in ~24 ms,
// and every command pays that at start-up.
const commander = createRequire(import.meta.url)("commander") as typeof Commander;

export const { Argument, Command, CommanderError, InvalidArgumentError, Option } = commander;
export type Command = Commander.Command;
export type CommanderError = Commander.CommanderError;
export type Option = Commander.Option;
