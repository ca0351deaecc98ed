/**
 * Hotspot shape from key samples: which keys the requests in the hot regions touched, and where newly written keys
 * landed over time.
 *
 * - `monotonic-tail`: split the written samples into time slices; in each slice after the first, the share of written
 *   keys above every key written before (below, for decreasing keys) averages at least {@link TAIL_NEW_KEY_SHARE}
 *   (checked first: one row rewritten never moves the edge, so a tail is never mistaken for a row);
 * - `monotonic-tail` too when, on average, at least {@link TAIL_NEW_KEY_SHARE} of each slice's written keys lie above
 *   the median key written in the slice before (below it): a front moving inside the range without passing every
 *   key ever written (unpadded counters, per-tenant timestamps), unless one key takes most requests;
 * - `single-row`: one key takes at least {@link SINGLE_ROW_SHARE} of the sampled requests in the hot regions;
 * - `hot-range` otherwise: many keys, no moving edge.
 *
 * @module
 */
import { compareBytes, toStringBinary } from '../../bytes/index.js';
import { KeyNumbering } from '../../bytes/key-numbering.js';
import { type KeySample, isMutation } from '../../model/index.js';
import type { ShapeVerdict } from './shape-verdict.js';

/** Fewest samples (in the hot regions, in the window) for samples to decide. */
export const MIN_SAMPLES = 20;
/** Top key share at or above which the hotspot is one row. */
export const SINGLE_ROW_SHARE = 0.5;
/** Average share of newly written keys beyond the previous edge at or above which the writes form a tail. */
export const TAIL_NEW_KEY_SHARE = 0.8;
/** Number of equal time slices the written samples are cut into. */
export const TIME_SLICES = 8;

/** A key range, start inclusive, end exclusive (empty end: to the end of the table). */
export interface KeyRange {
  readonly startKey: Uint8Array;
  readonly endKey: Uint8Array;
}

const endsBefore = (r: KeyRange, key: Uint8Array) => r.endKey.length > 0 && compareBytes(r.endKey, key) <= 0;

/** A membership test for the union of `ranges`: merged and sorted once, then a binary search per key. */
export function unionOf(ranges: readonly KeyRange[]): (key: Uint8Array) => boolean {
  const merged: KeyRange[] = [];
  for (const r of [...ranges].sort((a, b) => compareBytes(a.startKey, b.startKey))) {
    const last = merged.at(-1);
    if (last && !endsBefore(last, r.startKey)) {
      if (last.endKey.length > 0 && (r.endKey.length === 0 || compareBytes(r.endKey, last.endKey) > 0)) merged[merged.length - 1] = { startKey: last.startKey, endKey: r.endKey };
    } else merged.push(r);
  }
  return (key) => {
    let lo = 0;
    let hi = merged.length - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      if (compareBytes((merged[mid] as KeyRange).startKey, key) <= 0) lo = mid + 1;
      else hi = mid - 1;
    }
    const r = merged[hi];
    return r !== undefined && !endsBefore(r, key);
  };
}
const weightOf = (s: KeySample) => s.weight ?? 1;
const pct = (x: number) => `${(x * 100).toFixed(x < 0.1 ? 1 : 0)}%`;

/**
 * The samples in the hot regions with their keys numbered in order of first appearance: sample `j`'s key is
 * `keys[keyOf[j]]`, and `weights[n]` is the summed weight of the samples of key `n`.
 */
interface NumberedSamples {
  readonly samples: readonly KeySample[];
  readonly keyOf: Int32Array;
  readonly keys: readonly Uint8Array[];
  readonly weights: readonly number[];
}

/** Numbers the distinct keys of `samples` (one hash lookup per sample); every later test works on the numbers. */
function numbered(samples: readonly KeySample[]): NumberedSamples {
  const numbering = new KeyNumbering();
  const keyOf = new Int32Array(samples.length);
  const weights: number[] = [];
  samples.forEach((s, j) => {
    const n = numbering.numberOf(s.key);
    if (n === weights.length) weights.push(0);
    weights[n] = (weights[n] as number) + weightOf(s);
    keyOf[j] = n;
  });
  return { samples, keyOf, keys: numbering.keys, weights };
}

/** The bytes every one of `keys` starts with: the common prefix of the smallest and the largest. */
function commonPrefix(keys: readonly Uint8Array[]): Uint8Array {
  if (keys.length === 0) return new Uint8Array();
  let first = keys[0] as Uint8Array;
  let last = first;
  for (const k of keys) {
    if (compareBytes(k, first) < 0) first = k;
    if (compareBytes(k, last) > 0) last = k;
  }
  let n = 0;
  while (n < first.length && n < last.length && first[n] === last[n]) n++;
  return first.subarray(0, n);
}

/** How the written keys moved over time slices. */
interface Edges {
  /** Average share (slices 2…n) of each slice's written weight above every key written before. */
  readonly up: number;
  /** The same below every key written before. */
  readonly down: number;
  /**
   * Average share (slices 2…n) of each slice's written weight above the weighted median key of the slice before: a
   * front that moves up inside the range without passing every key ever written (unpadded counters crossing a digit,
   * one tenant's timestamps after its prefix, beside a few writes elsewhere). Writes spread over a range put about
   * half of each slice above the last slice's median.
   */
  readonly upFront: number;
  /** The same below the median key of the slice before. */
  readonly downFront: number;
  /** Non-empty slices. */
  readonly slices: number;
  /** Slices (2…n) whose largest key passed the largest key before. */
  readonly maxRises: number;
  /** Fewest and most distinct keys written in a slice. */
  readonly distinct: readonly [number, number];
  /** The earliest and the latest written sample. */
  readonly first: KeySample;
  readonly last: KeySample;
}

/** The rank of the weighted median key of `slice` (sample indexes), by `rankAt`. */
function weightedMedianRank(slice: readonly number[], rankAt: (j: number) => number, weight: (j: number) => number): number {
  const sorted = [...slice].sort((a, b) => rankAt(a) - rankAt(b));
  const half = sorted.reduce((a, j) => a + weight(j), 0) / 2;
  let run = 0;
  for (const j of sorted) {
    run += weight(j);
    if (run >= half) return rankAt(j);
  }
  return rankAt(sorted.at(-1) as number);
}

/** Edges of the written samples `writes`: indexes into `hot.samples`, in time order, at least one. */
function edgeShares(hot: NumberedSamples, writes: readonly number[]): Edges {
  const { samples, keyOf, keys } = hot;
  const first = samples[writes[0] as number] as KeySample;
  const last = samples[writes.at(-1) as number] as KeySample;
  const fromMs = first.timeMs;
  const keyAt = (j: number) => keys[keyOf[j] as number] as Uint8Array;
  const sum = (indexes: readonly number[]) => indexes.reduce((a, j) => a + weightOf(samples[j] as KeySample), 0);
  const slices: number[][] = Array.from({ length: TIME_SLICES }, () => []);
  const span = Math.max(1, last.timeMs - fromMs + 1);
  for (const j of writes) (slices[Math.min(TIME_SLICES - 1, Math.floor((((samples[j] as KeySample).timeMs - fromMs) / span) * TIME_SLICES))] as number[]).push(j);
  const used = slices.filter((s) => s.length > 0);
  let max: Uint8Array | undefined;
  let min: Uint8Array | undefined;
  let up = 0;
  let down = 0;
  let upFront = 0;
  let downFront = 0;
  // keys ranked once in byte order, so each slice's median is found by sorting numbers
  const order = keys.map((_, n) => n).sort((a, b) => compareBytes(keys[a] as Uint8Array, keys[b] as Uint8Array));
  const rank = new Int32Array(keys.length);
  order.forEach((n, r) => {
    rank[n] = r;
  });
  const rankAt = (j: number) => rank[keyOf[j] as number] as number;
  let prevMedian = -1;
  let maxRises = 0;
  // each key is stamped with the last slice that counted it, so it counts once per slice
  const countedIn = new Int32Array(keys.length).fill(-1);
  const distinct = used.map((slice, i) => {
    let count = 0;
    for (const j of slice) {
      const n = keyOf[j] as number;
      if (countedIn[n] !== i) {
        countedIn[n] = i;
        count++;
      }
    }
    return count;
  });
  used.forEach((slice, i) => {
    const total = sum(slice);
    const above = slice.filter((j) => max && compareBytes(keyAt(j), max) > 0);
    if (i > 0) {
      up += sum(above) / total;
      down += sum(slice.filter((j) => min && compareBytes(keyAt(j), min) < 0)) / total;
      upFront += sum(slice.filter((j) => rankAt(j) > prevMedian)) / total;
      downFront += sum(slice.filter((j) => rankAt(j) < prevMedian)) / total;
      if (above.length > 0) maxRises++;
    }
    for (const j of slice) {
      const key = keyAt(j);
      if (!max || compareBytes(key, max) > 0) max = key;
      if (!min || compareBytes(key, min) < 0) min = key;
    }
    prevMedian = weightedMedianRank(slice, rankAt, (j) => weightOf(samples[j] as KeySample));
  });
  const n = Math.max(1, used.length - 1);
  return { up: up / n, down: down / n, upFront: upFront / n, downFront: downFront / n, slices: used.length, maxRises, distinct: [Math.min(...distinct), Math.max(...distinct)], first, last };
}

/** A tail verdict from samples: the header, how the written keys moved, and the span of written keys. */
function tailVerdict(head: string, edges: Edges, movement: string, rises: string): ShapeVerdict {
  return {
    shape: 'monotonic-tail',
    decidedBy: 'samples',
    evidence: [
      head,
      movement,
      `written keys went from "${toStringBinary(edges.first.key)}" to "${toStringBinary(edges.last.key)}"; ${rises}${edges.distinct[0]}–${edges.distinct[1]} distinct keys written per slice`,
    ],
    alternatives: [],
  };
}

/**
 * Classifies the hotspot in `hot` (the key ranges of the regions found hot) from key samples taken in
 * [`fromMs`, `toMs`]. Returns `undefined` when fewer than {@link MIN_SAMPLES} samples fall there.
 */
export function shapeFromSamples(samples: readonly KeySample[], hot: readonly KeyRange[], fromMs: number, toMs: number): ShapeVerdict | undefined {
  const isHot = unionOf(hot);
  const inHot = samples.filter((s) => s.timeMs >= fromMs && s.timeMs <= toMs && isHot(s.key));
  if (inHot.length < MIN_SAMPLES) return undefined;
  const sampled = numbered(inHot);
  const { keys, weights } = sampled;
  const total = inHot.reduce((a, s) => a + weightOf(s), 0);
  let topBytes: Uint8Array = new Uint8Array();
  let topWeight = 0;
  let secondWeight = 0;
  keys.forEach((key, n) => {
    const weight = weights[n] as number;
    if (weight > topWeight) [topBytes, topWeight, secondWeight] = [key, weight, topWeight];
    else if (weight > secondWeight) secondWeight = weight;
  });
  const topKey = toStringBinary(topBytes);
  const topShare = topWeight / total;
  const head = `${inHot.length} key samples in the hot regions, ${keys.length} distinct keys`;
  const writes: number[] = [];
  inHot.forEach((s, j) => {
    if (isMutation(s.op)) writes.push(j);
  });
  writes.sort((a, b) => (inHot[a] as KeySample).timeMs - (inHot[b] as KeySample).timeMs);
  const edges = writes.length >= MIN_SAMPLES ? edgeShares(sampled, writes) : undefined;
  const prefix = toStringBinary(commonPrefix(keys));
  const spread = `top key "${topKey}" took only ${pct(topShare)}; the sampled keys share the prefix "${prefix}"`;
  if (edges && edges.slices >= 3 && Math.max(edges.up, edges.down) >= TAIL_NEW_KEY_SHARE) {
    const rising = edges.up >= edges.down;
    return tailVerdict(head, edges,
      `over ${edges.slices} time slices, on average ${pct(rising ? edges.up : edges.down)} of each slice's written keys were ${rising ? 'above' : 'below'} every key written before: the written key range keeps moving ${rising ? 'up' : 'down'}`,
      `the largest written key rose in ${edges.maxRises} of ${edges.slices - 1} slices; `);
  }
  const front = edges && edges.slices >= 3 ? Math.max(edges.upFront, edges.downFront) : 0;
  if (edges && front >= TAIL_NEW_KEY_SHARE && topShare < SINGLE_ROW_SHARE) {
    const rising = edges.upFront >= edges.downFront;
    return tailVerdict(head, edges,
      `over ${edges.slices} time slices, on average ${pct(rising ? edges.upFront : edges.downFront)} of each slice's written keys were ${rising ? 'above' : 'below'} the median key written in the slice before: a front moving ${rising ? 'up' : 'down'} inside the range, though only ${pct(rising ? edges.up : edges.down)} passed every key written before (keys that rise without a fixed width, or after a prefix)`,
      '');
  }
  if (topShare >= SINGLE_ROW_SHARE) {
    return {
      shape: 'single-row',
      decidedBy: 'samples',
      evidence: [head, `key "${topKey}" took ${pct(topShare)} of the sampled requests there (next key ${pct(secondWeight / total)})`],
      alternatives: [],
    };
  }
  const edge = edges
    ? `; only ${pct(Math.max(edges.up, edges.down))} of newly written keys landed beyond the previous edge (the largest key rose in ${edges.maxRises} of ${edges.slices - 1} slices), so the written range is not moving`
    : '';
  return {
    shape: 'hot-range',
    decidedBy: 'samples',
    evidence: [head, spread + edge],
    alternatives: edges
      ? []
      : [{ shape: 'monotonic-tail', separatedBy: `write samples (only ${writes.length} of the samples are writes): a tail's written keys keep rising past every earlier key` }],
  };
}
