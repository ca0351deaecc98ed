/**
 * Byte encodings used on the HBase REST wire: standard base64 in JSON bodies, URL-safe base64 for the
 * `e=b64` key-encoding switch in paths and query strings, and UTF-8 for names.
 *
 * @module
 */
import { utf8Bytes, utf8Text } from '../../bytes/index.js';

export { concatBytes } from '../../bytes/index.js';

/** Binary value: row keys, column qualifiers, cell values. */
export type Bytes = Uint8Array;

/** Input accepted wherever the client takes a key or value: raw bytes, or a string encoded as UTF-8. */
export type BytesLike = Uint8Array | string;

/** Converts {@link BytesLike} to bytes (strings as UTF-8, like HBase's `Bytes.toBytes(String)`). */
export function toBytes(value: BytesLike): Bytes {
  return typeof value === 'string' ? utf8Bytes(value) : value;
}

/** Standard base64 with padding (`+/=`), as HBase's JSON provider writes and reads `byte[]`. */
export function encodeBase64(bytes: Uint8Array): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('base64');
}

/**
 * Decodes standard base64. Throws `TypeError` on characters outside the alphabet, so a garbled gateway
 * answer is not silently turned into wrong bytes.
 */
export function decodeBase64(text: string): Bytes {
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(text)) throw new TypeError(`not standard base64: ${JSON.stringify(text.slice(0, 40))}`);
  return new Uint8Array(Buffer.from(text, 'base64'));
}

/** URL-safe base64 without padding (`-_`), the form HBase accepts for `e=b64` in paths and queries. */
export function encodeBase64Url(bytes: Uint8Array): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('base64url');
}

/** Decodes UTF-8 leniently (invalid sequences become U+FFFD), as Java's `Bytes.toString` does. */
export function decodeUtf8(bytes: Uint8Array): string {
  return utf8Text(bytes);
}
