import { createHash, type Hash } from "node:crypto";

/** What index/meta.json records of a derived file: its length and the SHA-256 of its bytes, as written. */
export interface FileCheck {
  bytes: number;
  sha256: string;
}

/**
 * Counts and hashes bytes as a file is written (SHA-256 through node:crypto,
 * which uses the CPU's SHA instructions where there are some: there it is
 * as fast as SHA-1).
 */
export class Digester {
  private readonly hash: Hash = createHash("sha256");
  private length = 0;

  /** Adds bytes (they may be overwritten once this returns). */
  update(bytes: Uint8Array): void {
    this.hash.update(bytes);
    this.length += bytes.length;
  }

  /** The check of everything added; the digester is spent after this. */
  check(): FileCheck {
    return { bytes: this.length, sha256: this.hash.digest("hex") };
  }
}

/** The check of bytes already in memory. */
export function checkOf(bytes: Uint8Array): FileCheck {
  return { bytes: bytes.length, sha256: createHash("sha256").update(bytes).digest("hex") };
}

/** True when `bytes` are the ones `check` was made of. */
export function matchesCheck(bytes: Uint8Array, check: FileCheck): boolean {
  return bytes.length === check.bytes && checkOf(bytes).sha256 === check.sha256;
}
