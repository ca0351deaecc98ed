/**
 * A sorted list of rowkeys packed for fast, allocation-free search: every key's bytes in one contiguous
 * `Uint8Array` with an offsets table, plus each key's first 8 bytes as two unsigned 32-bit big-endian numbers
 * (zero-padded), so most comparisons in a binary search are two integer compares and never touch the key bytes.
 *
 * Ordering is HBase's (`Bytes.compareTo`, unsigned lexicographic). Bytes every key shares (`user` in `user0001`,
 * `user0002`, ...) are compared once per search, and the 8 integer bytes are taken after them, so they tell keys apart.
 * The shortcut is exact: if a key's padded 8 bytes are smaller, the key is smaller; only equal ones fall through to a
 * byte loop after them and then the lengths (with equal padded bytes, the shorter key is a prefix of the longer one).
 */

/** Sorted rowkeys packed for {@link PackedKeys.countAtOrBelow}. */
export class PackedKeys {
  /** Number of keys. */
  readonly length: number;
  private readonly bytes: Uint8Array;
  private readonly offsets: Int32Array;
  private readonly high: Uint32Array;
  private readonly low: Uint32Array;
  /** Leading bytes shared by every key; the integer words start after them. */
  private readonly common: Uint8Array;

  /** Packs `keys`, which must already be in ascending HBase order (the caller checks). */
  constructor(keys: readonly Uint8Array[]) {
    this.length = keys.length;
    let total = 0;
    for (const k of keys) total += k.length;
    this.bytes = new Uint8Array(total);
    this.offsets = new Int32Array(keys.length + 1);
    this.high = new Uint32Array(keys.length);
    this.low = new Uint32Array(keys.length);
    this.common = sharedPrefix(keys);
    const skip = this.common.length;
    let at = 0;
    keys.forEach((k, i) => {
      this.bytes.set(k, at);
      this.offsets[i] = at;
      this.high[i] = prefixWord(k, 0, k.length, skip);
      this.low[i] = prefixWord(k, 0, k.length, skip + 4);
      at += k.length;
    });
    this.offsets[keys.length] = at;
  }

  /** A view (no copy) of key `i`'s bytes. */
  key(i: number): Uint8Array {
    return this.bytes.subarray(this.offsets[i], this.offsets[i + 1]);
  }

  /**
   * How many keys sort at or below `key`: with the keys as split points, the index of the region holding `key`.
   * Binary search, O(log n), no allocation. The key may be a range of a larger buffer: `key[at, at + length)`
   * (the whole of `key` by default), so keys written back to back need no view each.
   */
  countAtOrBelow(key: Uint8Array, at = 0, length = key.length - at): number {
    const common = this.common;
    const skip = common.length;
    for (let j = 0; j < skip; j++) {
      // A key that leaves the shared bytes early sorts below or above every key.
      if (j >= length) return 0;
      const d = (key[at + j] as number) - (common[j] as number);
      if (d !== 0) return d < 0 ? 0 : this.length;
    }
    const kh = prefixWord(key, at, length, skip);
    const kl = prefixWord(key, at, length, skip + 4);
    const high = this.high;
    const low = this.low;
    let lo = 0;
    let hi = this.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      const h = high[mid] as number;
      let below: boolean;
      if (h !== kh) below = h < kh;
      else {
        const l = low[mid] as number;
        below = l !== kl ? l < kl : this.tailCompare(mid, key, at, length) <= 0;
      }
      if (below) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** Compares key `i` with `key[at, at + keyLength)` when their shared bytes and the 8 after them (zero-padded) are equal. */
  private tailCompare(i: number, key: Uint8Array, at: number, keyLength: number): number {
    const bytes = this.bytes;
    const from = this.common.length + 8;
    const start = this.offsets[i] as number;
    const splitLength = (this.offsets[i + 1] as number) - start;
    const n = splitLength < keyLength ? splitLength : keyLength;
    for (let j = from; j < n; j++) {
      const d = (bytes[start + j] as number) - (key[at + j] as number);
      if (d !== 0) return d;
    }
    return splitLength - keyLength;
  }
}

/** The longest byte prefix every key starts with (empty for no keys or one key: nothing to skip safely). */
function sharedPrefix(keys: readonly Uint8Array[]): Uint8Array {
  const first = keys[0];
  const last = keys[keys.length - 1];
  if (first === undefined || last === undefined || keys.length < 2) return new Uint8Array(0);
  // keys are sorted, so what the first and last share, every key between them shares
  let n = 0;
  while (n < first.length && n < last.length && first[n] === last[n]) n++;
  return first.slice(0, n);
}

/** Bytes `from`..`from+3` of the key `key[at, at + n)` as an unsigned big-endian number, missing bytes read as zero. */
function prefixWord(key: Uint8Array, at: number, n: number, from: number): number {
  if (n >= from + 4) {
    const i = at + from;
    return (((key[i] as number) << 24) | ((key[i + 1] as number) << 16) | ((key[i + 2] as number) << 8) | (key[i + 3] as number)) >>> 0;
  }
  let w = 0;
  for (let j = from; j < from + 4; j++) w = w * 256 + (j < n ? (key[at + j] as number) : 0);
  return w;
}
