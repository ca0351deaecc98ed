/**
 * A bounded, weighted summary of the rowkeys written to one region, used to find its split point. HBase splits a
 * region at the mid key of its largest store file (`HRegion.checkSplit` → `HStore.getSplitPoint` →
 * `StoreFileReader.midKey`, the first key of the middle data block), i.e. at about the median of the region's DATA
 * by bytes. With equal-size rows that is the weighted median of the written keys, which this sketch keeps.
 *
 * @module
 */
import { compareBytes } from '../bytes/index.js';

/** About this many entries are kept; on overflow the entries are re-bucketed into this many equal-weight quantiles. */
const CAPACITY = 256;

interface Entry {
  readonly key: Uint8Array;
  weight: number;
}

const byKey = (a: Entry, b: Entry): number => compareBytes(a.key, b.key);

/** Weighted sample of the keys written to a region. */
export class KeySketch {
  private entries: Entry[] = [];
  private sorted = true;
  private total = 0;

  /** Total weight (rows) added. */
  get totalWeight(): number {
    return this.total;
  }

  /** Records `weight` rows written at `key`. */
  add(key: Uint8Array, weight: number): void {
    if (weight <= 0) return;
    this.entries.push({ key, weight });
    this.total += weight;
    this.sorted = false;
    if (this.entries.length > 2 * CAPACITY) this.compress();
  }

  private sort(): void {
    if (this.sorted) return;
    this.entries.sort(byKey);
    this.sorted = true;
  }

  /** Re-buckets into CAPACITY equal-weight quantile buckets, each kept as its middle key with the bucket's weight. */
  private compress(): void {
    this.sort();
    const bucket = this.total / CAPACITY;
    const merged: Entry[] = [];
    let weight = 0;
    let middle: Uint8Array | undefined;
    for (const e of this.entries) {
      weight += e.weight;
      if (middle === undefined && weight >= bucket / 2) middle = e.key;
      if (weight >= bucket) {
        merged.push({ key: middle ?? e.key, weight });
        weight = 0;
        middle = undefined;
      }
    }
    const last = this.entries.at(-1);
    if (weight > 0 && last) merged.push({ key: middle ?? last.key, weight });
    this.entries = merged;
  }

  /** The weighted median key (the first key at which half the weight is reached), or undefined when empty. */
  median(): Uint8Array | undefined {
    this.sort();
    const half = this.total / 2;
    let acc = 0;
    for (const e of this.entries) {
      acc += e.weight;
      if (acc >= half) return e.key;
    }
    return undefined;
  }

  /** Weight (rows) of the keys in `[start, stop)`; an empty `stop` means no upper bound. */
  weightIn(start: Uint8Array, stop: Uint8Array): number {
    let w = 0;
    for (const e of this.entries) {
      if (compareBytes(e.key, start) >= 0 && (stop.length === 0 || compareBytes(e.key, stop) < 0)) w += e.weight;
    }
    return w;
  }

  /** Splits at `key`: returns the sketches of `[.., key)` and `[key, ..)` and the weight fraction below `key`. */
  splitAt(key: Uint8Array): { lower: KeySketch; upper: KeySketch; lowerFraction: number } {
    const lower = new KeySketch();
    const upper = new KeySketch();
    for (const e of this.entries) (compareBytes(e.key, key) < 0 ? lower : upper).add(e.key, e.weight);
    return { lower, upper, lowerFraction: this.total > 0 ? lower.totalWeight / this.total : 0.5 };
  }
}
