import { crc32Hex } from "../core/util/crc32.js";

/** The length and CRC-32 of some bytes (8 hex digits): a check against damage, not against forgery. */
export interface FileCheck {
  bytes: number;
  crc32: string;
}

/** The check of bytes in memory. */
export function checkOf(bytes: Uint8Array): FileCheck {
  return { bytes: bytes.length, crc32: crc32Hex(bytes) };
}

/** True when `bytes` are the ones `check` was made of. */
export function matchesCheck(bytes: Uint8Array, check: FileCheck): boolean {
  return bytes.length === check.bytes && crc32Hex(bytes) === check.crc32;
}
