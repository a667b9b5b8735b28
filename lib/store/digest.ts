import { crc32, crc32Hex, crcHex } from "../core/util/crc32.js";

import type { FileCheck } from "../core/formats/meta.js";

/** What index/meta.json records of a derived file (defined with its format). */
export type { FileCheck };

// The CRC-32 as hex digits (core/util/crc32.ts), for the store's readers and writers.
export { crc32Hex, crcHex };

/**
 * Counts and checksums bytes as a file is written (CRC-32 through node:zlib,
 * computed with the CPU's carry-less multiply where there is one: several
 * times faster than a SHA over a large index).
 */
export class Digester {
  private value = 0;
  private length = 0;

  /** Adds bytes (they may be overwritten once this returns). */
  update(bytes: Uint8Array): void {
    this.value = crc32(bytes, this.value);
    this.length += bytes.length;
  }

  /** The check of everything added. */
  check(): FileCheck {
    return { bytes: this.length, crc32: crcHex(this.value) };
  }
}


/** The check of bytes already in memory. */
export function checkOf(bytes: Uint8Array): FileCheck {
  return { bytes: bytes.length, crc32: crc32Hex(bytes) };
}

/** True when `bytes` are the ones `check` was made of. */
export function matchesCheck(bytes: Uint8Array, check: FileCheck): boolean {
  return bytes.length === check.bytes && crc32Hex(bytes) === check.crc32;
}

