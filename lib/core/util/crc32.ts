import { crc32 } from "node:zlib";

/**
 * The one CRC-32 of the project: node:zlib's (with the CPU's carry-less
 * multiply where there is one), running over pieces (`crc32(piece, crc)`).
 * Every file cortex writes ends with, or is recorded in meta.json with, this
 * check. A pure function of the bytes, so the formats in core may use it.
 */
export { crc32 };

/** A CRC-32 value (running or final) as 8 hex digits. */
export function crcHex(value: number): string {
  return (value >>> 0).toString(16).padStart(8, "0");
}

/** The CRC-32 of `data` (text as UTF-8), as 8 hex digits. */
export function crc32Hex(data: string | Uint8Array): string {
  return crcHex(crc32(data));
}
