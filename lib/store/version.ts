import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

/** The package version, read from the package.json of {@link packageRoot}; "0.0.0" when there is none. */
export function packageVersion(): string {
  const root = packageRoot();
  const pkg = root === null ? {} : (JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as { version?: string });
  return pkg.version || "0.0.0";
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
