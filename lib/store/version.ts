import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

/** The package version, read once from the package.json next to the code. */
export function packageVersion(): string {
  for (const rel of ["../../package.json", "../../../package.json"]) {
    try {
      const pkg = JSON.parse(readFileSync(new URL(rel, import.meta.url), "utf8")) as { name?: string; version?: string };
      if (pkg.name === "cortex-vault" && pkg.version) return pkg.version;
    } catch {
      // not at this level; try the next one up
    }
  }
  return "0.0.0";
}

/** The folder of the cortex-vault package this code runs from (its package.json names it); null when not found. */
export function packageRoot(): string | null {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 5; i++) {
    const file = join(dir, "package.json");
    if (existsSync(file)) {
      try {
        if ((JSON.parse(readFileSync(file, "utf8")) as { name?: string }).name === "cortex-vault") return dir;
      } catch {
        // not ours; keep looking up
      }
    }
    dir = dirname(dir);
  }
  return null;
}
