/**
 * A bounded, weighted summary of the rowkeys written to one region, used to find its split point. HBase splits a
 * region at the mid key of its largest store file (`HRegion.checkSplit` → `HStore.getSplitPoint` →
 * `StoreFileReader.midKey`, the first key of the middle data block), i.e. at about the median of the region's DATA
 * by bytes. With equal-size rows that is the weighted median of the written keys, which this sketch keeps.
 *
 * The entries live in flat typed arrays (every key's bytes copied into one pool, with offsets, lengths, weights and
 * sort heads beside them) rather than an object and a `Uint8Array` per entry: a day of 1,000 regions keeps up to
 * half a million entries, which as objects were a fifth of the simulator's memory and most of its garbage-collection
 * time. A sort merges the entries added since the last one into those already in order (after a re-bucketing, half
 * of them), and rewrites the entries through scratch space shared by all sketches, so it allocates nothing.
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

/** Sort runs up to this long are put in order by insertion before they are merged. */
const INSERTION_RUN = 12;

/**
 * Scratch space {@link KeySketch} rewrites its entries through (one set for every sketch: a sketch is reordered
 * whole, within one call, and nothing else runs meanwhile), so that a sort or a re-bucketing allocates nothing once
 * the scratch is as large as the largest sketch.
 */
const scratch = {
  pool: new Uint8Array(0),
  offsets: new Int32Array(0),
  lengths: new Int32Array(0),
  heads: new Float64Array(0),
  weights: new Float64Array(0),
  /** Entry indexes: the order being built and the merge sort's second buffer. */
  order: new Int32Array(0),
  spare: new Int32Array(0),
  /** The weights of a re-bucketing's buckets. */
  merged: new Float64Array(0),
};

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
  /** Entries `[0, sortedCount)` are in key order (the entries added since a sort or a split follow them). */
  private sortedCount = 0;
  private total = 0;
  /** The first key added; its first {@link shared} bytes begin every key added since. */
  private first: Uint8Array | undefined;
  private shared = 0;

  /** Total weight (rows) added. */
  get totalWeight(): number {
    return this.total;
  }

  /** Records `weight` rows written at `key`, or at `key[at, at + length)` (the bytes are copied). */
  add(key: Uint8Array, weight: number, at = 0, length = key.length - at): void {
    if (weight <= 0) return;
    this.append(key, at, length, weight);
    this.total += weight;
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
   * {@link compareBytes} of entries `a` and `b`, by their heads first. Equal heads mean equal (zero-padded) bytes up
   * to the shared prefix + {@link HEAD_BYTES}, where a key that ends earlier is a prefix of the other, so the bytes
   * after them and then the lengths decide exactly as {@link compareBytes} would.
   */
  private compare(a: number, b: number): number {
    const heads = this.heads;
    const ha = heads[a] as number;
    const hb = heads[b] as number;
    if (ha !== hb) return ha - hb;
    const pool = this.pool;
    const x = this.offsets[a] as number;
    const y = this.offsets[b] as number;
    const la = this.lengths[a] as number;
    const lb = this.lengths[b] as number;
    const n = la < lb ? la : lb;
    for (let i = this.shared + HEAD_BYTES; i < n; i++) {
      const d = (pool[x + i] as number) - (pool[y + i] as number);
      if (d !== 0) return d;
    }
    return la - lb;
  }

  /**
   * Entry indexes in key order, stable (equal keys keep the order they are stored in), in `scratch.order[0, count)`.
   * The entries after the sorted ones are merge-sorted (runs by insertion, then merged pairwise), then merged with the
   * sorted ones, which come first among equal keys as they are stored first: the order a stable sort of all of them
   * gives, for about half the comparisons when half the entries are already in order.
   */
  private order(): Int32Array {
    const n = this.count;
    const s = this.sortedCount;
    if (scratch.order.length < n) {
      scratch.order = new Int32Array(Math.max(n, 2 * scratch.order.length));
      scratch.spare = new Int32Array(scratch.order.length);
    }
    let from = scratch.order;
    let to = scratch.spare;
    // the unsorted entries: runs of INSERTION_RUN put in order by insertion, at [s, n) of `from`
    for (let i = s; i < n; i++) {
      let j = i;
      const runStart = s + Math.floor((i - s) / INSERTION_RUN) * INSERTION_RUN;
      while (j > runStart && this.compare(from[j - 1] as number, i) > 0) {
        from[j] = from[j - 1] as number;
        j--;
      }
      from[j] = i;
    }
    for (let width = INSERTION_RUN; width < n - s; width *= 2) {
      for (let lo = s; lo < n; lo += 2 * width) this.merge(from, lo, Math.min(lo + width, n), Math.min(lo + 2 * width, n), to);
      const merged = to;
      to = from;
      from = merged;
    }
    // then the sorted entries [0, s) merged in front: from[0, s) holds them as they are
    if (s > 0) {
      for (let i = 0; i < s; i++) from[i] = i;
      this.merge(from, 0, s, n, to);
      const merged = to;
      to = from;
      from = merged;
    }
    scratch.order = from;
    scratch.spare = to;
    return from;
  }

  /** Merges the ordered runs `from[lo, mid)` and `from[mid, hi)` into `to[lo, hi)`, the first run first among equal keys. */
  private merge(from: Int32Array, lo: number, mid: number, hi: number, to: Int32Array): void {
    let i = lo;
    let j = mid;
    let k = lo;
    while (i < mid && j < hi) {
      const a = from[i] as number;
      const b = from[j] as number;
      if (this.compare(a, b) <= 0) {
        to[k++] = a;
        i++;
      } else {
        to[k++] = b;
        j++;
      }
    }
    while (i < mid) to[k++] = from[i++] as number;
    while (j < hi) to[k++] = from[j++] as number;
  }

  /**
   * Replaces the entries by `picks[0, n)` (entry indexes, in their new order), each with the weight `weights[j]`, or
   * its own weight when `weights` is absent. The entries are written into the scratch space and copied back, so the
   * sketch's arrays are reused (they only ever need to hold fewer entries and bytes than before).
   */
  private keep(picks: Int32Array, n: number, weights?: Float64Array): void {
    if (scratch.offsets.length < n) {
      const size = Math.max(n, 2 * scratch.offsets.length);
      scratch.offsets = new Int32Array(size);
      scratch.lengths = new Int32Array(size);
      scratch.heads = new Float64Array(size);
      scratch.weights = new Float64Array(size);
    }
    if (scratch.pool.length < this.poolUsed) scratch.pool = new Uint8Array(Math.max(this.poolUsed, 2 * scratch.pool.length));
    const { pool, offsets, lengths, heads } = scratch;
    const kept = scratch.weights;
    let used = 0;
    for (let j = 0; j < n; j++) {
      const i = picks[j] as number;
      const at = this.offsets[i] as number;
      const length = this.lengths[i] as number;
      copyBytes(this.pool, at, length, pool, used);
      offsets[j] = used;
      lengths[j] = length;
      heads[j] = this.heads[i] as number;
      kept[j] = weights ? (weights[j] as number) : (this.weights[i] as number);
      used += length;
    }
    this.pool.set(pool.subarray(0, used));
    this.offsets.set(offsets.subarray(0, n));
    this.lengths.set(lengths.subarray(0, n));
    this.heads.set(heads.subarray(0, n));
    this.weights.set(kept.subarray(0, n));
    this.poolUsed = used;
    this.count = n;
    this.sortedCount = n;
  }

  /** Stores the entries in key order. */
  private sort(): void {
    if (this.sortedCount === this.count) return;
    this.keep(this.order(), this.count);
  }

  /**
   * Re-buckets into CAPACITY equal-weight quantile buckets, each kept as its middle key with the bucket's weight: the
   * entries are walked in key order and only the kept ones are rewritten.
   */
  private compress(): void {
    const order = this.order();
    const bucket = this.total / CAPACITY;
    // a bucket's pick is written over the order where the walk has passed (bucket j ends at or after position j)
    const picks = order;
    if (scratch.merged.length < this.count) scratch.merged = new Float64Array(Math.max(this.count, 2 * scratch.merged.length));
    const merged = scratch.merged;
    let kept = 0;
    let weight = 0;
    let middle = -1;
    for (let k = 0; k < this.count; k++) {
      const i = order[k] as number;
      weight += this.weights[i] as number;
      if (middle < 0 && weight >= bucket / 2) middle = i;
      if (weight >= bucket) {
        picks[kept] = middle < 0 ? i : middle;
        merged[kept++] = weight;
        weight = 0;
        middle = -1;
      }
    }
    if (weight > 0 && this.count > 0) {
      picks[kept] = middle < 0 ? (order[this.count - 1] as number) : middle;
      merged[kept++] = weight;
    }
    this.keep(picks, kept, merged);
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
      // the parent's sorted entries come first and in order on either side
      if (i < this.sortedCount) side.sortedCount = side.count;
    }
    return { lower, upper, lowerFraction: this.total > 0 ? lower.totalWeight / this.total : 0.5 };
  }
}
