#!/usr/bin/env node
// The CLI as ES modules, every command available (the installed `cortex` runs
// a one-command bundle of dist/cli when there is one for the command).
import { runProcess } from "./run-process.js";

await runProcess();
