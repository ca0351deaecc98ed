/**
 * Java semantics that rowkey writers depend on: `String.hashCode`, `Math.abs` on an int, `%` on ints, and
 * `Long.MAX_VALUE`. JavaScript numbers are doubles, so each is spelled out here with 32-bit or 64-bit wrap-around.
 */

/** `Long.MAX_VALUE` = 2^63 - 1. */
export const JAVA_LONG_MAX = 0x7fff_ffff_ffff_ffffn;
/** `Long.MIN_VALUE` = -2^63. */
export const JAVA_LONG_MIN = -0x8000_0000_0000_0000n;
/** `Integer.MIN_VALUE` = -2^31. */
export const JAVA_INT_MIN = -0x8000_0000;

/**
 * Java's `String.hashCode()`: `s[0]*31^(n-1) + ... + s[n-1]` over UTF-16 code units (so a character outside the BMP
 * counts as its two surrogates), with 32-bit signed overflow.
 * @returns a signed 32-bit integer, as Java returns it.
 */
export function javaStringHashCode(text: string): number {
  let h = 0;
  for (let i = 0; i < text.length; i++) h = (Math.imul(h, 31) + text.charCodeAt(i)) | 0;
  return h;
}

/**
 * Java's `Math.abs(int)`: like `Math.abs`, except `Math.abs(Integer.MIN_VALUE)` is `Integer.MIN_VALUE` (it overflows).
 */
export function javaIntAbs(value: number): number {
  return value === JAVA_INT_MIN ? JAVA_INT_MIN : Math.abs(value | 0);
}

/**
 * Java's `Arrays.hashCode(byte[])`: `31 * h + b` over signed bytes starting from 1, 32-bit overflow.
 * @returns a signed 32-bit integer.
 */
export function javaBytesHashCode(bytes: Uint8Array, offset = 0, length = bytes.length - offset): number {
  let h = 1;
  const end = offset + length;
  for (let i = offset; i < end; i++) h = (Math.imul(h, 31) + (((bytes[i] as number) << 24) >> 24)) | 0;
  return h;
}
