import { crc32 } from "node:zlib";

import type { FileCheck } from "../core/formats/meta.js";

/** What index/meta.json records of a derived file (defined with its format). */
export type { FileCheck };

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

/** The CRC-32 of `data` (text as UTF-8), as 8 hex digits. */
export function crc32Hex(data: string | Uint8Array): string {
  return crcHex(crc32(data));
}

/** The check of bytes already in memory. */
export function checkOf(bytes: Uint8Array): FileCheck {
  return { bytes: bytes.length, crc32: crc32Hex(bytes) };
}

/** True when `bytes` are the ones `check` was made of. */
export function matchesCheck(bytes: Uint8Array, check: FileCheck): boolean {
  return bytes.length === check.bytes && crc32Hex(bytes) === check.crc32;
}

/** A CRC-32 value (node:zlib's, running or final) as 8 hex digits. */
export function crcHex(value: number): string {
  return (value >>> 0).toString(16).padStart(8, "0");
}
