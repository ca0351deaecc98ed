/**
 * A bounded, weighted summary of the rowkeys written to one region, used to find its split point. HBase splits a
 * region at the mid key of its largest store file (`HRegion.checkSplit` → `HStore.getSplitPoint` →
 * `StoreFileReader.midKey`, the first key of the middle data block), i.e. at about the median of the region's DATA
 * by bytes. With equal-size rows that is the weighted median of the written keys, which this sketch keeps.
 *
 * The entries live in flat typed arrays (every key's bytes copied into one pool, with offsets, lengths, weights and
 * sort heads beside them) rather than an object and a `Uint8Array` per entry: a day of 1,000 regions keeps up to
 * half a million entries, which as objects were a fifth of the simulator's memory and most of its garbage-collection
 * time.
 *
 * @module
 */
import { compareBytes } from '../bytes/index.js';

/** About this many entries are kept; on overflow the entries are re-bucketed into this many equal-weight quantiles. */
const CAPACITY = 256;

/** Key bytes read into an entry's head: six, so the number stays an exact integer below 2^53. */
const HEAD_BYTES = 6;

/** Entries a new sketch has room for before its arrays grow. */
const INITIAL_ENTRIES = 16;

/** The {@link HEAD_BYTES} bytes of `bytes[at, at + length)` from offset `from`, big-endian, bytes past the end read as 0. */
function headAt(bytes: Uint8Array, at: number, length: number, from: number): number {
  let h = 0;
  for (let i = from; i < from + HEAD_BYTES; i++) h = h * 256 + (i < length ? (bytes[at + i] as number) : 0);
  return h;
}

/** {@link compareBytes} of the pooled key `bytes[at, at + length)` against `key`. */
function compareAt(bytes: Uint8Array, at: number, length: number, key: Uint8Array): number {
  const n = length < key.length ? length : key.length;
  for (let i = 0; i < n; i++) {
    const d = (bytes[at + i] as number) - (key[i] as number);
    if (d !== 0) return d;
  }
  return length - key.length;
}

/**
 * Copies `length` bytes of `from` at `at` into `to` at `into`: a plain loop, since keys are tens of bytes and a
 * `subarray` for `set` would allocate a view per key.
 */
function copyBytes(from: Uint8Array, at: number, length: number, to: Uint8Array, into: number): void {
  for (let i = 0; i < length; i++) to[into + i] = from[at + i] as number;
}

function grown<T extends Int32Array | Float64Array>(array: T, size: number, make: (n: number) => T): T {
  if (size <= array.length) return array;
  const next = make(Math.max(size, array.length * 2));
  next.set(array);
  return next;
}

/** Weighted sample of the keys written to a region. */
export class KeySketch {
  /** Key bytes of every entry: entry i is `pool[offsets[i], offsets[i] + lengths[i])`. */
  private pool = new Uint8Array(INITIAL_ENTRIES * 32);
  private poolUsed = 0;
  private offsets = new Int32Array(INITIAL_ENTRIES);
  private lengths = new Int32Array(INITIAL_ENTRIES);
  private weights = new Float64Array(INITIAL_ENTRIES);
  /**
   * Each key's {@link HEAD_BYTES} bytes after the prefix every key of the sketch shares: most comparisons of a sort
   * are decided by these numbers alone (the keys of one region share a prefix, such as `07_sensor-`, that a byte
   * comparison would walk through every time).
   */
  private heads = new Float64Array(INITIAL_ENTRIES);
  private count = 0;
  private sorted = true;
  private total = 0;
  /** The first key added; its first {@link shared} bytes begin every key added since. */
  private first: Uint8Array | undefined;
  private shared = 0;

  /** Total weight (rows) added. */
  get totalWeight(): number {
    return this.total;
  }

  /** Records `weight` rows written at `key`. */
  add(key: Uint8Array, weight: number): void {
    if (weight <= 0) return;
    this.append(key, 0, key.length, weight);
    this.total += weight;
    this.sorted = false;
    if (this.count > 2 * CAPACITY) this.compress();
  }

  /** Appends the key `bytes[at, at + length)` with `weight` as the last entry (the total is the caller's). */
  private append(bytes: Uint8Array, at: number, length: number, weight: number): void {
    this.admit(bytes, at, length);
    const i = this.count++;
    if (i >= this.offsets.length) {
      this.offsets = grown(this.offsets, i + 1, (n) => new Int32Array(n));
      this.lengths = grown(this.lengths, i + 1, (n) => new Int32Array(n));
      this.weights = grown(this.weights, i + 1, (n) => new Float64Array(n));
      this.heads = grown(this.heads, i + 1, (n) => new Float64Array(n));
    }
    if (this.poolUsed + length > this.pool.length) {
      const pool = new Uint8Array(Math.max(this.poolUsed + length, this.pool.length * 2));
      pool.set(this.pool.subarray(0, this.poolUsed));
      this.pool = pool;
    }
    copyBytes(bytes, at, length, this.pool, this.poolUsed);
    this.offsets[i] = this.poolUsed;
    this.lengths[i] = length;
    this.weights[i] = weight;
    this.heads[i] = headAt(bytes, at, length, this.shared);
    this.poolUsed += length;
  }

  /** Shortens the shared prefix to what the key `bytes[at, at + length)` has in common with it (re-reading the heads when it shrinks). */
  private admit(bytes: Uint8Array, at: number, length: number): void {
    const first = this.first;
    if (first === undefined) {
      this.first = bytes.slice(at, at + length);
      this.shared = length;
      return;
    }
    const max = Math.min(this.shared, length);
    let n = 0;
    while (n < max && bytes[at + n] === first[n]) n++;
    if (n === this.shared) return;
    this.shared = n;
    for (let i = 0; i < this.count; i++) this.heads[i] = headAt(this.pool, this.offsets[i] as number, this.lengths[i] as number, n);
  }

  /**
   * Entry indexes in key order (stable: equal keys keep the order they were added in). Equal heads mean equal
   * (zero-padded) bytes up to the shared prefix + {@link HEAD_BYTES}, where a key that ends earlier is a prefix of the
   * other, so the bytes after them and then the lengths decide exactly as {@link compareBytes} would.
   */
  private order(): number[] {
    const { pool, offsets, lengths, heads } = this;
    const from = this.shared + HEAD_BYTES;
    const order = Array.from({ length: this.count }, (_, i) => i);
    return order.sort((a, b) => {
      const ha = heads[a] as number;
      const hb = heads[b] as number;
      if (ha !== hb) return ha - hb;
      const x = offsets[a] as number;
      const y = offsets[b] as number;
      const la = lengths[a] as number;
      const lb = lengths[b] as number;
      const n = la < lb ? la : lb;
      for (let i = from; i < n; i++) {
        const d = (pool[x + i] as number) - (pool[y + i] as number);
        if (d !== 0) return d;
      }
      return la - lb;
    });
  }

  /** Replaces the entries by `picks` (entry indexes, in their new order) with the weights `weights`. */
  private keep(picks: readonly number[], weights: readonly number[]): void {
    let bytes = 0;
    for (const i of picks) bytes += this.lengths[i] as number;
    const pool = new Uint8Array(Math.max(bytes, INITIAL_ENTRIES * 32));
    const size = Math.max(picks.length, INITIAL_ENTRIES);
    const offsets = new Int32Array(size);
    const lengths = new Int32Array(size);
    const heads = new Float64Array(size);
    const kept = new Float64Array(size);
    let used = 0;
    picks.forEach((i, j) => {
      const at = this.offsets[i] as number;
      const length = this.lengths[i] as number;
      copyBytes(this.pool, at, length, pool, used);
      offsets[j] = used;
      lengths[j] = length;
      heads[j] = this.heads[i] as number;
      kept[j] = weights[j] as number;
      used += length;
    });
    this.pool = pool;
    this.poolUsed = used;
    this.offsets = offsets;
    this.lengths = lengths;
    this.heads = heads;
    this.weights = kept;
    this.count = picks.length;
  }

  private sort(): void {
    if (this.sorted) return;
    const order = this.order();
    this.keep(order, order.map((i) => this.weights[i] as number));
    this.sorted = true;
  }

  /** Re-buckets into CAPACITY equal-weight quantile buckets, each kept as its middle key with the bucket's weight. */
  private compress(): void {
    this.sort();
    const bucket = this.total / CAPACITY;
    const picks: number[] = [];
    const merged: number[] = [];
    let weight = 0;
    let middle = -1;
    for (let i = 0; i < this.count; i++) {
      weight += this.weights[i] as number;
      if (middle < 0 && weight >= bucket / 2) middle = i;
      if (weight >= bucket) {
        picks.push(middle < 0 ? i : middle);
        merged.push(weight);
        weight = 0;
        middle = -1;
      }
    }
    if (weight > 0 && this.count > 0) {
      picks.push(middle < 0 ? this.count - 1 : middle);
      merged.push(weight);
    }
    this.keep(picks, merged);
  }

  /** Entry `i`'s key, copied out of the pool. */
  private key(i: number): Uint8Array {
    const at = this.offsets[i] as number;
    return this.pool.slice(at, at + (this.lengths[i] as number));
  }

  /** The weighted median key (the first key at which half the weight is reached), or undefined when empty. */
  median(): Uint8Array | undefined {
    this.sort();
    const half = this.total / 2;
    let acc = 0;
    for (let i = 0; i < this.count; i++) {
      acc += this.weights[i] as number;
      if (acc >= half) return this.key(i);
    }
    return undefined;
  }

  /** Weight (rows) of the keys in `[start, stop)`; an empty `stop` means no upper bound. */
  weightIn(start: Uint8Array, stop: Uint8Array): number {
    let w = 0;
    for (let i = 0; i < this.count; i++) {
      const at = this.offsets[i] as number;
      const length = this.lengths[i] as number;
      if (compareAt(this.pool, at, length, start) >= 0 && (stop.length === 0 || compareAt(this.pool, at, length, stop) < 0)) w += this.weights[i] as number;
    }
    return w;
  }

  /** Splits at `key`: returns the sketches of `[.., key)` and `[key, ..)` and the weight fraction below `key`. */
  splitAt(key: Uint8Array): { lower: KeySketch; upper: KeySketch; lowerFraction: number } {
    const lower = new KeySketch();
    const upper = new KeySketch();
    for (let i = 0; i < this.count; i++) {
      const at = this.offsets[i] as number;
      const length = this.lengths[i] as number;
      const weight = this.weights[i] as number;
      const side = compareAt(this.pool, at, length, key) < 0 ? lower : upper;
      side.append(this.pool, at, length, weight);
      side.total += weight;
      side.sorted = false;
    }
    return { lower, upper, lowerFraction: this.total > 0 ? lower.totalWeight / this.total : 0.5 };
  }
}
