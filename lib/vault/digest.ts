import { createHash, type Hash } from "node:crypto";

/** What index/meta.json records of a derived file: its length and the SHA-1 of its bytes, as written. */
export interface FileCheck {
  bytes: number;
  sha1: string;
}

/**
 * Counts and hashes bytes as a file is written (SHA-1 through node:crypto:
 * ~150 MB of a 100k index in under 0.1 s, hardware-accelerated).
 */
export class Digester {
  private readonly hash: Hash = createHash("sha1");
  private length = 0;

  /** Adds bytes (they may be overwritten once this returns). */
  update(bytes: Uint8Array): void {
    this.hash.update(bytes);
    this.length += bytes.length;
  }

  /** The check of everything added; the digester is spent after this. */
  check(): FileCheck {
    return { bytes: this.length, sha1: this.hash.digest("hex") };
  }
}

/** The check of bytes already in memory. */
export function checkOf(bytes: Uint8Array): FileCheck {
  return { bytes: bytes.length, sha1: createHash("sha1").update(bytes).digest("hex") };
}

/** True when `bytes` are the ones `check` was made of. */
export function matchesCheck(bytes: Uint8Array, check: FileCheck): boolean {
  return bytes.length === check.bytes && checkOf(bytes).sha1 === check.sha1;
}
