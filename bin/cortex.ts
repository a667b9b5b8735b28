#!/usr/bin/env node
import { main } from "./main.js";

process.exitCode = await main({
  argv: process.argv.slice(2),
  stdout: process.stdout,
  stderr: process.stderr,
  env: process.env,
  cwd: process.cwd(),
});
