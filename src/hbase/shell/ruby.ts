/**
 * Ruby source literals for `hbase shell` commands, binary-safe.
 *
 * The shell hands arguments to HBase in two different ways, and the right literal depends on which:
 * - most commands (`split`, `put`, `get`, `move`, ...) call `String#to_java_bytes`, which passes the Ruby string's
 *   bytes through unchanged: use {@link rubyBytes}, whose literal's value is exactly the given bytes;
 * - `create ... SPLITS => [...]` (and `locate_region`) call `Bytes.toBytesBinary(String)`: the Ruby string goes
 *   through a Java `String` first, where a byte ≥ 0x80 that is not valid UTF-8 becomes U+FFFD and then the single
 *   byte 0xFD; a literal `"\xFF"` therefore creates a split at `\xFD`. Use {@link rubyToBytesBinary}, whose literal's
 *   value is the `toStringBinary` text (`\xFF` as four ASCII characters), which `toBytesBinary` turns back into
 *   exactly the given bytes.
 */
import { toStringBinary, utf8Bytes } from '../../bytes/index.js';

const HEX = '0123456789ABCDEF';

function asBytes(value: Uint8Array | string): Uint8Array {
  return typeof value === 'string' ? utf8Bytes(value) : value;
}

/**
 * A Ruby double-quoted string literal whose value is exactly `value`'s bytes (a string is taken as UTF-8).
 * Printable ASCII stands for itself except `"`, `\` and `#` (escaped, so nothing is interpolated); every other byte
 * is `\xNN`.
 * @example rubyBytes(Uint8Array.of(0x00, 0x41, 0xff)) === '"\\x00A\\xFF"'
 */
export function rubyBytes(value: Uint8Array | string): string {
  const bytes = asBytes(value);
  let out = '"';
  for (const b of bytes) {
    if (b === 0x22 || b === 0x5c || b === 0x23) out += `\\${String.fromCharCode(b)}`;
    else if (b >= 0x20 && b <= 0x7e) out += String.fromCharCode(b);
    else out += `\\x${HEX[b >> 4]}${HEX[b & 15]}`;
  }
  return `${out}"`;
}

/**
 * A Ruby double-quoted literal whose value is HBase's `Bytes.toStringBinary` form of `value`, for shell arguments that
 * HBase parses with `Bytes.toBytesBinary` (the `SPLITS` of `create`). The literal is plain ASCII.
 * @example rubyToBytesBinary(Uint8Array.of(0x00, 0x01)) === '"\\\\x00\\\\x01"'  // Ruby source: "\\x00\\x01"
 */
export function rubyToBytesBinary(value: Uint8Array | string): string {
  return rubyBytes(toStringBinary(asBytes(value)));
}

/** A Ruby literal for a plain (already validated) name such as a table or family name. */
export function rubyName(name: string): string {
  return rubyBytes(name);
}
