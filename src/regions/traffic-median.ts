/**
 * The traffic median of a region: the split point that divides its requests (not its bytes) in two halves, the fix
 * for a hot range; beside it the byte midpoint a size-based split would pick, for comparison.
 */
import { compareBytes, toStringBinary } from '../bytes/index.js';
import { HotspotError } from '../util/errors.js';
import { byteMidpoint } from './bytes-split.js';
import { distribution, shortestSeparator, weightBetween, type WeightedKey } from './weighted-keys.js';

/** Result of {@link trafficMedian}. */
export interface TrafficMedian {
  /** The split point: the shortest key separating the two sample keys around the request median. */
  readonly splitKey: Uint8Array;
  /** Request shares (0..1) of the two daughters `[start, splitKey)` and `[splitKey, end)`. */
  readonly shares: readonly [number, number];
  /** The byte midpoint of the region (`byteMidpoint`), what a split by size would roughly pick. */
  readonly byteMidpoint: Uint8Array;
  /** Request shares of the two daughters if split at the byte midpoint instead. */
  readonly byteMidpointShares: readonly [number, number];
  /** The most requested row and its share; a share near or above 1/2 means splitting cannot cool it. */
  readonly hottestRow: { readonly key: Uint8Array; readonly share: number };
  /** Sample weight inside the region (what the shares are of). */
  readonly requests: number;
  /** Samples (records, whatever their weight) inside the region: how many draws the median rests on. */
  readonly samples: number;
  /** Sample weight outside `[start, end)`, left out. */
  readonly outside: number;
}

const inRegion = (key: Uint8Array, start: Uint8Array, end: Uint8Array) =>
  compareBytes(key, start) >= 0 && (end.length === 0 || compareBytes(key, end) < 0);

/**
 * Finds the split point of region `[start, end)` that divides the sampled requests most evenly: among the gaps
 * between distinct sampled keys, the one where the running request weight is closest to half the total; the split
 * key is the shortest key in that gap (see `shortestSeparator`).
 *
 * @param samples - request keys with weights; those outside the region are counted in `outside` and left out.
 * @param start - region start key (empty: start of table).
 * @param end - region end key (empty: end of table).
 * @throws HotspotError `SPLIT_RANGE_EMPTY` when `end` does not sort after `start`; `SPLIT_SAMPLES_EMPTY` when no
 *   sample falls inside the region; `SPLIT_SINGLE_HOT_ROW` when every request hits one row (a region is never split
 *   inside a row, so no split point helps: the row itself must change, e.g. a sharded counter row).
 */
export function trafficMedian(samples: readonly WeightedKey[], start: Uint8Array, end: Uint8Array): TrafficMedian {
  if (end.length > 0 && compareBytes(start, end) >= 0) {
    throw new HotspotError('SPLIT_RANGE_EMPTY', `--start "${toStringBinary(start)}" is not below --end "${toStringBinary(end)}"; a region's end key must sort after its start`);
  }
  const inside = samples.filter((s) => inRegion(s.key, start, end));
  const all = samples.reduce((sum, s) => sum + s.weight, 0);
  const d = distribution(inside);
  const total = d.below[d.keys.length] as number;
  if (d.keys.length === 0) {
    throw new HotspotError(
      'SPLIT_SAMPLES_EMPTY',
      `none of the ${samples.length} samples falls in region ["${toStringBinary(start)}", "${toStringBinary(end)}"); check --start/--end against the sampled keys`,
    );
  }
  if (d.keys.length === 1) {
    throw new HotspotError(
      'SPLIT_SINGLE_HOT_ROW',
      `every sampled request in the region hits one row, "${toStringBinary(d.keys[0] as Uint8Array)}"; HBase never splits inside a row, so no split point helps: change the row (shard a counter row, salt the hot key, cache reads)`,
    );
  }
  let best = 1;
  for (let i = 2; i < d.keys.length; i++) {
    if (Math.abs(2 * (d.below[i] as number) - total) < Math.abs(2 * (d.below[best] as number) - total)) best = i;
  }
  const splitKey = shortestSeparator(d.keys[best - 1] as Uint8Array, d.keys[best] as Uint8Array);
  const lower = (d.below[best] as number) / total;
  const mid = byteMidpoint(start, end);
  const midLower = weightBetween(d, start, mid) / total;
  let hot = 0;
  d.weights.forEach((w, i) => {
    if (w > (d.weights[hot] as number)) hot = i;
  });
  return {
    splitKey,
    shares: [lower, 1 - lower],
    byteMidpoint: mid,
    byteMidpointShares: [midLower, 1 - midLower],
    hottestRow: { key: d.keys[hot] as Uint8Array, share: (d.weights[hot] as number) / total },
    requests: total,
    samples: inside.length,
    outside: all - total,
  };
}
