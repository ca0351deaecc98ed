/**
 * HBase's even division of a byte range, `Bytes.split` / `Bytes.iterateOnSplits`, reproduced exactly: the algorithm
 * behind `UniformSplit` and behind the byte midpoint of a region.
 *
 * The two keys are right-padded with zero bytes to the same length L and read as unsigned big-endian integers A and B.
 * With D = B - A (+1 when `inclusive`) and `num` split points wanted, the step is floor(D / (num + 1)) and point i
 * (1..num) is A + i * step written as L bytes. When D < num + 1 there is not enough room at length L, so HBase adds
 * one zero byte to both keys and tries again (keys grow until the range fits).
 */
import { compareBytes, toStringBinary } from '../bytes/index.js';
import { HotspotError } from '../util/errors.js';

function toBig(bytes: Uint8Array, length: number): bigint {
  let n = 0n;
  for (let i = 0; i < length; i++) n = (n << 8n) | BigInt(bytes[i] ?? 0);
  return n;
}

function fromBig(n: bigint, length: number): Uint8Array {
  const out = new Uint8Array(length);
  let v = n;
  for (let i = length - 1; i >= 0; i--) {
    out[i] = Number(v & 0xffn);
    v >>= 8n;
  }
  return out;
}

/**
 * The `num` keys strictly between `start` and `end` that divide the range evenly, as HBase's
 * `Bytes.split(start, end, inclusive, num)` computes them (without the two end points HBase also returns).
 *
 * @param start - lower key (may be empty).
 * @param end - upper key; must sort after `start` once both are zero-padded to the same length.
 * @param num - how many split points (>= 1).
 * @param inclusive - count `end` as part of the range (`UniformSplit.split(n)` does; `Bytes.split(a, b, n)` does not).
 * @returns `num` keys in ascending order, each as long as the longer of the two keys (or longer, see above).
 * @throws HotspotError `SPLIT_RANGE_EMPTY` when `end` does not sort after `start` (HBase: "b <= a").
 */
export function splitByteRange(start: Uint8Array, end: Uint8Array, num: number, inclusive: boolean): Uint8Array[] {
  if (!Number.isInteger(num) || num < 1) {
    throw new HotspotError('SPLIT_REGIONS_INVALID', `cannot place ${num} split points; ask for at least one`);
  }
  let length = Math.max(start.length, end.length);
  let a = toBig(start, length);
  let b = toBig(end, length);
  if (a >= b) {
    throw new HotspotError(
      'SPLIT_RANGE_EMPTY',
      `first row "${toStringBinary(start)}" is not below last row "${toStringBinary(end)}" (compared zero-padded to ${length} bytes); give a last row that sorts after the first`,
    );
  }
  const parts = BigInt(num + 1);
  const extra = inclusive ? 1n : 0n;
  while (b - a + extra < parts) {
    length++;
    a <<= 8n;
    b <<= 8n;
  }
  const step = (b - a + extra) / parts;
  const out: Uint8Array[] = [];
  for (let i = 1; i <= num; i++) out.push(fromBig(a + step * BigInt(i), length));
  return out;
}

/** Default last row of `UniformSplit`: eight 0xFF bytes. */
export const UNIFORM_LAST_ROW: Uint8Array = new Uint8Array(8).fill(0xff);

/**
 * The byte midpoint of a region, the model this project uses for a size-based split: HBase's
 * `UniformSplit.split(start, end)` = `Bytes.split(start, end, 1)[1]`, with an empty start key read as the empty key
 * and an empty end key (the table's last region) read as `UniformSplit`'s last row, eight 0xFF bytes.
 *
 * (A real RegionServer splits at the mid key of the largest store file; with uniform data that tends to this point.)
 *
 * @throws HotspotError `SPLIT_RANGE_EMPTY` when `end` does not sort after `start`.
 * @example byteMidpoint(utf8Bytes('a'), utf8Bytes('b')) // 'a\x80'
 */
export function byteMidpoint(start: Uint8Array, end: Uint8Array): Uint8Array {
  const upper = end.length === 0 ? UNIFORM_LAST_ROW : end;
  if (end.length > 0 && compareBytes(start, upper) >= 0) {
    throw new HotspotError(
      'SPLIT_RANGE_EMPTY',
      `region start "${toStringBinary(start)}" is not below its end "${toStringBinary(end)}"; a region's end key must sort after its start key`,
    );
  }
  return splitByteRange(start, upper, 1, false)[0] as Uint8Array;
}
