import { createHash } from "node:crypto";
import { readdirSync, readFileSync, readlinkSync } from "node:fs";
import { join } from "node:path";

/**
 * Every file under `dir` (hidden ones included; symbolic links by target) with the SHA-256 of its bytes,
 * by sorted relative path: compare two snapshots to prove nothing changed.
 */
export function hashTree(dir: string, rel = ""): Record<string, string> {
  const out: Record<string, string> = {};
  const entries = readdirSync(join(dir, rel), { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  for (const entry of entries) {
    const path = rel === "" ? entry.name : `${rel}/${entry.name}`;
    if (entry.isSymbolicLink()) out[path] = `symlink:${readlinkSync(join(dir, path))}`;
    else if (entry.isDirectory()) Object.assign(out, hashTree(dir, path));
    else out[path] = createHash("sha256").update(readFileSync(join(dir, path))).digest("hex");
  }
  return out;
}

/** Vault-relative paths of every `.md` file outside hidden and derived folders. */
export function listAtoms(dir: string, rel = ""): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(join(dir, rel), { withFileTypes: true })) {
    if (entry.name.startsWith(".") || (rel === "" && ["index", "layers", "MEMORY.md"].includes(entry.name))) continue;
    const path = rel === "" ? entry.name : `${rel}/${entry.name}`;
    if (entry.isDirectory()) out.push(...listAtoms(dir, path));
    else if (entry.name.endsWith(".md")) out.push(path);
  }
  return out.sort();
}
