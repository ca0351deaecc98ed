import { HotspotError } from '../util/errors.js';
import { JAVA_LONG_MAX, JAVA_LONG_MIN } from './java.js';

/** Width of a Java long on the wire: 8 bytes, big-endian (`Bytes.SIZEOF_LONG`). */
export const LONG_BYTES = 8;

/**
 * Converts an integer (number or bigint) to a checked Java long.
 * @throws {@link HotspotError} `LONG_RANGE` when the value is not an integer in [Long.MIN_VALUE, Long.MAX_VALUE].
 */
export function toJavaLong(value: number | bigint, name = 'value'): bigint {
  if (typeof value === 'number' && !Number.isSafeInteger(value)) {
    throw new HotspotError('LONG_RANGE', `${name}: ${value} is not an integer that a number holds exactly; pass a bigint or a decimal string`);
  }
  const big = BigInt(value);
  if (big < JAVA_LONG_MIN || big > JAVA_LONG_MAX) {
    throw new HotspotError('LONG_RANGE', `${name}: ${big} does not fit in a signed 64-bit long`);
  }
  return big;
}

/**
 * Writes a Java long as 8 bytes big-endian, two's complement: HBase's `Bytes.toBytes(long)`.
 * @throws {@link HotspotError} `LONG_RANGE` when out of range.
 */
export function longToBytes(value: number | bigint, name = 'value'): Uint8Array {
  const out = new Uint8Array(LONG_BYTES);
  new DataView(out.buffer).setBigInt64(0, toJavaLong(value, name), false);
  return out;
}

/**
 * Reads 8 bytes big-endian two's complement as a Java long: HBase's `Bytes.toLong(byte[], int)`.
 * @throws {@link HotspotError} `LONG_SHORT` when fewer than 8 bytes follow `offset`.
 */
export function bytesToLong(bytes: Uint8Array, offset = 0): bigint {
  if (offset < 0 || offset + LONG_BYTES > bytes.length) {
    throw new HotspotError('LONG_SHORT', `a long needs 8 bytes at offset ${offset}, the key has ${bytes.length}`);
  }
  return new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength).getBigInt64(offset, false);
}
