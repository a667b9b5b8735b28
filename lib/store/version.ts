import { readFileSync } from "node:fs";

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
