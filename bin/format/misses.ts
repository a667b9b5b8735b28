import { closestWords } from "../../lib/core/util/closest.js";

/**
 * Why a `-p PROJECT` filter found nothing, when no atom has that project:
 * `no project opps (projects: ops, research); did you mean ops?`, the nearest
 * first and at most six named. Null when the project exists (the other
 * filters are why).
 *
 * @example projectMiss("opps", ["ops", "research"]) // "no project opps (projects: ops, research); did you mean ops?"
 */
export function projectMiss(project: string | undefined, atoms: readonly { project: string }[]): string | null {
  if (project === undefined) return null;
  const projects = [...new Set(atoms.map((a) => a.project))].sort();
  // Filters compare projects in any case (see matchesFilters): "OPS" names ops.
  if (projects.some((p) => p.toLowerCase() === project.toLowerCase())) return null;
  const near = closestWords(project, projects, 1)[0];
  const shown = near === undefined ? projects : [near, ...projects.filter((p) => p !== near)];
  const list = shown.length === 0 ? "none yet" : `${shown.slice(0, 6).join(", ")}${shown.length > 6 ? ", …" : ""}`;
  return `no project ${project} (projects: ${list})${near === undefined ? "" : `; did you mean ${near}?`}`;
}
