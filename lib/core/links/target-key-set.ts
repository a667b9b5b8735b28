import { targetKeys } from "./file-matcher.js";

/** A target that trims, lower-cases and splits to itself: no space at its ends, no capital, `/`, `\\` or `.`. */
const PLAIN_TARGET = /^[a-z0-9_-](?:[a-z0-9_ -]*[a-z0-9_-])?$/;

/**
 * The keys by which any of `targets` can name a file (each one's `name` and
 * `alias`, see {@link targetKeys}), and whether one is loose (its last
 * segment empty, `.` or `..`: it may open files of any name). A new file
 * whose name key and aliases are none of these cannot be opened by those
 * targets. Pure.
 *
 * @example targetKeySet(["ops/Deploy.md"]).keys // Set {"deploy", "ops/deploy.md"}
 */
export function targetKeySet(targets: Iterable<string>): { keys: Set<string>; loose: boolean } {
  const keys = new Set<string>();
  let loose = false;
  for (const target of targets) {
    // Most targets are a plain lower-case name: their name and alias are the target itself.
    if (PLAIN_TARGET.test(target)) {
      keys.add(target);
      continue;
    }
    const { name, alias } = targetKeys(target);
    keys.add(name).add(alias);
    loose ||= name === "" || name === "." || name === "..";
  }
  return { keys, loose };
}
