import { HotspotError } from '../util/errors.js';

/**
 * HBase's printable form of keys, `Bytes.toStringBinary`, and its inverse `Bytes.toBytesBinary`: digits, letters and
 * the printable ASCII punctuation (space included) stand for themselves; every other byte, the backslash included, is
 * written `\xNN` with upper-case hex digits.
 */

const HEX_UPPER = '0123456789ABCDEF';
const PRINTABLE: boolean[] = Array.from({ length: 256 }, (_, b) => b >= 0x20 && b <= 0x7e && b !== 0x5c);
/** Longest run of printable bytes made into a string in one call (the call takes each byte as an argument). */
const PLAIN_AT_ONCE = 256;
const ESCAPED: string[] = Array.from({ length: 256 }, (_, b) =>
  PRINTABLE[b] ? String.fromCharCode(b) : `\\x${HEX_UPPER[b >> 4]}${HEX_UPPER[b & 15]}`,
);

/**
 * Renders bytes as HBase's shell and logs show them (`Bytes.toStringBinary`).
 * @example toStringBinary(Uint8Array.of(0x61, 0x00, 0x5c)) === 'a\\x00\\x5C'
 */
export function toStringBinary(bytes: Uint8Array, offset = 0, length = bytes.length - offset): string {
  const end = offset + length;
  let plain = offset;
  while (plain < end && PRINTABLE[bytes[plain] as number]) plain++;
  // printable bytes only (most keys, short): their characters in one string, not one string per byte added
  if (plain === end && length <= PLAIN_AT_ONCE) {
    return String.fromCharCode.apply(null, (offset === 0 && end === bytes.length ? bytes : bytes.subarray(offset, end)) as unknown as number[]);
  }
  let out = '';
  for (let i = offset; i < end; i++) out += ESCAPED[bytes[i] as number];
  return out;
}

/** The value of a hexadecimal digit's character code (either case), -1 for another character. */
export function hexValue(code: number): number {
  if (code >= 48 && code <= 57) return code - 48;
  if (code >= 65 && code <= 70) return code - 55;
  if (code >= 97 && code <= 102) return code - 87;
  return -1;
}

const utf8 = new TextEncoder();

/**
 * Parses the `toStringBinary` form back to bytes (`Bytes.toBytesBinary`), strictly: `\xNN` (either case of hex digit)
 * is one byte, any other character stands for its own UTF-8 bytes.
 *
 * Differences from HBase, on input HBase would silently mangle: HBase skips a malformed escape such as `\xZZ` and keeps
 * only the low byte of a non-ASCII character; here a malformed escape is an error and a non-ASCII character is UTF-8
 * encoded (what a person typing `café` means). Every string that `toStringBinary` produces parses identically.
 *
 * @param text - the key as typed.
 * @param name - what the text is (e.g. `--start`, `line 12`), named in the error.
 * @throws {@link HotspotError} `KEY_ESCAPE_INVALID` for a backslash not followed by `x` and two hex digits.
 */
export function toBytesBinary(text: string, name = 'key'): Uint8Array {
  let plain = 0;
  while (plain < text.length && text.charCodeAt(plain) < 0x80 && text.charCodeAt(plain) !== 0x5c) plain++;
  if (plain === text.length) {
    // ASCII without escapes (most keys as written): one byte per character, straight into the result
    const bytes = new Uint8Array(plain);
    for (let i = 0; i < plain; i++) bytes[i] = text.charCodeAt(i);
    return bytes;
  }
  const out: number[] = [];
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code === 0x5c) {
      const hi = hexValue(text.charCodeAt(i + 2));
      const lo = hexValue(text.charCodeAt(i + 3));
      if (text[i + 1] !== 'x' || hi < 0 || lo < 0) {
        throw new HotspotError(
          'KEY_ESCAPE_INVALID',
          `${name}: bad escape "${text.slice(i, i + 4)}" at character ${i + 1} of "${text}"; write a byte as \\xNN (two hex digits), a backslash as \\x5C`,
        );
      }
      out.push((hi << 4) | lo);
      i += 3;
    } else if (code < 0x80) {
      out.push(code);
    } else {
      const cp = text.codePointAt(i) as number;
      const width = cp > 0xffff ? 2 : 1;
      for (const b of utf8.encode(text.slice(i, i + width))) out.push(b);
      i += width - 1;
    }
  }
  return Uint8Array.from(out);
}
