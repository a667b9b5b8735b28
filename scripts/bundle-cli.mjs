// Build step after tsc: bundles each CLI command into one CommonJS file,
// dist/cli/<module>.cjs, plus dist/cli/cortex.cjs, the `cortex` bin, which
// runs the bundle of the command named on the command line and falls back to
// the ES modules of dist/bin for the rest (help, version, install).
//
// Why: CLI start-up time is a feature. Node resolves, reads and links ES
// modules one file at a time, and `cortex search` is made of ~30 of them;
// one CommonJS file per command is read and compiled at once.
import { chmodSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { createRequire } from "node:module";
import { fileURLToPath, pathToFileURL } from "node:url";
import { build } from "esbuild";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const dist = join(root, "dist");
const out = join(dist, "cli");
const { COMMAND_MODULES } = await import(pathToFileURL(join(dist, "bin/main.js")).href);
const commanderMain = createRequire(join(root, "package.json")).resolve("commander");

/**
 * Commands left to the ES modules: install resolves the MCP SDK with import.meta.resolve. The mcp
 * bundle requires the SDK's CommonJS build (external, as an optional peer dependency).
 */
const UNBUNDLED = new Set(["install-command"]);

// In a bundle, import.meta.url must still name the module's own file under dist/ (workers,
// package.json and dependencies are found from it): each use becomes that file's URL.
const moduleUrls = {
  name: "module-urls",
  setup(b) {
    b.onLoad({ filter: /\.js$/ }, (args) => {
      if (!args.path.startsWith(dist)) return undefined;
      const source = readFileSync(args.path, "utf8");
      if (!source.includes("import.meta")) return undefined;
      if (/import\.meta\.(?!url\b)/.test(source)) throw new Error(`${args.path}: only import.meta.url can be bundled`);
      const rel = relative(dist, args.path).split("\\").join("/");
      return { contents: source.replaceAll("import.meta.url", `__cortexModuleUrl(${JSON.stringify(rel)})`), loader: "js" };
    });
  },
};

// commander goes into each bundle (one file instead of seven), from its CommonJS build. In
// the ES modules, bin/commander.js loads it through require for the same reason.
const bundledCommander = {
  name: "bundled-commander",
  setup(b) {
    b.onLoad({ filter: /[\\/]dist[\\/]bin[\\/]commander\.js$/ }, (args) => ({
      contents: 'export { Argument, Command, CommanderError, InvalidArgumentError, Option } from "commander";',
      loader: "js",
      resolveDir: dirname(args.path),
    }));
    b.onResolve({ filter: /^commander$/ }, () => ({ path: commanderMain }));
    // commander requires child_process (~2 ms to load) only to run executable subcommands,
    // which cortex has none of: it is loaded on first use instead.
    b.onResolve({ filter: /^node:child_process$/ }, (args) => (/[\\/]node_modules[\\/]commander[\\/]/.test(args.importer) ? { path: "lazy-child-process", namespace: "lazy" } : undefined));
    b.onLoad({ filter: /.*/, namespace: "lazy" }, () => ({
      contents: 'module.exports = new Proxy({}, { get: (_, key) => require("node:child_process")[key] });',
      loader: "js",
    }));
  },
};

const modules = [...new Set(Object.values(COMMAND_MODULES).map((c) => c.module))].filter((m) => !UNBUNDLED.has(m));
rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });
await Promise.all(modules.map((module) => {
  const { register } = Object.values(COMMAND_MODULES).find((c) => c.module === module);
  return build({
    stdin: {
      contents: `import { runProcess } from "./run-process.js";\nimport { ${register} } from "./commands/${module}.js";\nrunProcess([${register}]);\n`,
      resolveDir: join(dist, "bin"),
      sourcefile: `${module}-entry.js`,
    },
    bundle: true,
    format: "cjs",
    platform: "node",
    target: "node20",
    outfile: join(out, `${module}.cjs`),
    // Other dependencies load from node_modules as they do without the bundle.
    external: ["yaml", "smol-toml", "@modelcontextprotocol/*"],
    minifyWhitespace: true,
    minifySyntax: true,
    banner: { js: `"use strict";\nconst __cortexModuleUrl = (rel) => require("node:url").pathToFileURL(require("node:path").join(__dirname, "..", rel)).href;` },
    plugins: [bundledCommander, moduleUrls],
    logLevel: "warning",
  });
}));

// The worker of `cortex index` on a terminal (bin/index/index-worker.js), bundled the same way: it starts in a
// fraction of the time its ~150 ES modules take.
await build({
  entryPoints: [join(dist, "bin/index/index-worker.js")],
  bundle: true,
  format: "cjs",
  platform: "node",
  target: "node20",
  outfile: join(out, "index-worker.cjs"),
  external: ["yaml", "smol-toml", "@modelcontextprotocol/*"],
  minifyWhitespace: true,
  minifySyntax: true,
  banner: { js: `"use strict";\nconst __cortexModuleUrl = (rel) => require("node:url").pathToFileURL(require("node:path").join(__dirname, "..", rel)).href;` },
  plugins: [moduleUrls],
  logLevel: "warning",
});

const bundled = Object.fromEntries(Object.entries(COMMAND_MODULES).filter(([, c]) => !UNBUNDLED.has(c.module)).map(([name, c]) => [name, c.module]));
const bin = join(out, "cortex.cjs");
writeFileSync(bin, `#!/usr/bin/env node
// Generated by scripts/bundle-cli.mjs: the bundle of the command named, else the ES modules of dist/bin.
"use strict";
${compileCache.toString()}
compileCache();
const bundles = ${JSON.stringify(bundled, null, 2)};
const name = process.argv[2];
if (name !== undefined && Object.hasOwn(bundles, name)) require(\`./\${bundles[name]}.cjs\`);
else import("../bin/cortex.js");
`);
chmodSync(bin, 0o755);

/**
 * Node's compile cache (Node >= 22.1): the V8 code of the bundle and the modules it loads is kept between
 * runs, in the user's cache folder ($XDG_CACHE_HOME or ~/.cache, then cortex-vault/), so a command does not
 * compile its bundle again. NODE_DISABLE_COMPILE_CACHE=1 turns it off. Never in the way: a folder that cannot
 * be made or written leaves the CLI as it is without the cache. The folders are made one level at a time:
 * Node's recursive mkdir (which enableCompileCache uses too) never returns under /proc (measured on 22 and 26).
 * This function is written into the generated bin as it stands.
 */
function compileCache() {
  const { enableCompileCache } = require("node:module");
  if (typeof enableCompileCache !== "function" || process.env.NODE_DISABLE_COMPILE_CACHE) return;
  try {
    const { mkdirSync } = require("node:fs");
    const { isAbsolute, join } = require("node:path");
    const xdg = process.env.XDG_CACHE_HOME;
    const base = xdg && isAbsolute(xdg) ? xdg : join(require("node:os").homedir(), ".cache");
    const dir = join(base, "cortex-vault");
    for (const folder of [base, dir]) {
      try {
        mkdirSync(folder, { mode: 0o700 });
      } catch (error) {
        if (error.code !== "EEXIST") return;
      }
    }
    enableCompileCache(dir);
  } catch {
    // No cache: the CLI runs as it would without it.
  }
}
