// npm's prepare hook: runs on `npm install` in a clone and when a git dependency
// is installed, never when the packed tarball is installed (it ships dist/, built
// by prepack). It builds only when dist/ is missing or older than the sources, so
// a second `npm install` (or npx in a clone) does not rebuild for nothing.
import { execSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const built = join(root, "dist/cli/cortex.cjs");

function newest(dir) {
  let max = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    max = Math.max(max, entry.isDirectory() ? newest(path) : statSync(path).mtimeMs);
  }
  return max;
}

const sources = Math.max(...["bin", "lib", "scripts"].map((d) => newest(join(root, d))), statSync(join(root, "package.json")).mtimeMs);
if (!existsSync(built) || statSync(built).mtimeMs < sources) execSync("npm run build", { cwd: root, stdio: "inherit" });
