import { WriteRejectedError } from "./errors.js";
import { findSecret } from "./security.js";
import type { ValidWrite } from "./types.js";

/**
 * Runs the security scan over every text field of a write.
 *
 * @throws WriteRejectedError (`SECURITY`) naming the field and the rule that matched.
 */
export function scanValidWrite(valid: ValidWrite): void {
  const fields: [string, string][] = [
    ["name", valid.name],
    ["description", valid.description ?? ""],
    ["tags", valid.tags.join(" ")],
    ["links", valid.links.join("\n")],
    ["body", valid.body],
  ];
  for (const [field, text] of fields) {
    const rule = findSecret(text);
    if (rule) {
      throw new WriteRejectedError("SECURITY", `rejected: ${field} contains what looks like ${rule.label}; remove it or keep it out of memory (rule ${rule.rule})`, { field, rule: rule.rule });
    }
  }
}
