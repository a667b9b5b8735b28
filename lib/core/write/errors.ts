import { CortexError } from "../errors.js";

/** Why a write was refused. */
export type RejectionCode = "VALIDATION" | "SECURITY" | "DUPLICATE";

/**
 * A write refused before anything was written: a bad field (`VALIDATION`,
 * with `field` and `rule`), content that looks like a credential or a prompt
 * injection (`SECURITY`, with the scan `rule`), or a near-duplicate of an
 * existing atom (`DUPLICATE`, with `existingPath` and `similarity`). The
 * message is one line naming the field or rule.
 */
export class WriteRejectedError extends CortexError {
  declare readonly code: RejectionCode;
  /** The offending field (`VALIDATION`), or the field the secret was found in (`SECURITY`). */
  readonly field?: string;
  /** The rule that failed, e.g. `tag-format`, `aws-access-key`, `duplicate`. */
  readonly rule: string;
  /** `DUPLICATE`: vault-relative path of the near-duplicate. */
  readonly existingPath?: string;
  /** `DUPLICATE`: its similarity, 0..1. */
  readonly similarity?: number;
  constructor(code: RejectionCode, message: string, details: { field?: string; rule: string; existingPath?: string; similarity?: number }) {
    super(code, message);
    this.name = "WriteRejectedError";
    this.rule = details.rule;
    if (details.field !== undefined) this.field = details.field;
    if (details.existingPath !== undefined) this.existingPath = details.existingPath;
    if (details.similarity !== undefined) this.similarity = details.similarity;
  }
}

/** A `VALIDATION` rejection: `field: message (rule)`. */
export function invalid(field: string, rule: string, message: string): WriteRejectedError {
  return new WriteRejectedError("VALIDATION", `${field}: ${message} (rule ${rule})`, { field, rule });
}
