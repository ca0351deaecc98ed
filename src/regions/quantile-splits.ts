/** Split points from sampled keys: boundaries at the quantiles of the (weighted) sample, so regions take equal load. */
import { HotspotError } from '../util/errors.js';
import { distribution, shortestSeparator, type WeightedKey } from './weighted-keys.js';

/** Result of {@link quantileSplitPoints}. */
export interface QuantileSplits {
  /** Split points, ascending, each the shortest key separating its two neighbouring sample keys. */
  readonly splits: Uint8Array[];
  /** Share (0..1) of the sample weight in each region, `splits.length + 1` entries, summing to 1. */
  readonly shares: number[];
  /**
   * Why fewer regions than asked were produced, one line each (a key so heavy that several quantiles fall on it, or
   * fewer distinct keys than regions); empty when the count was met.
   */
  readonly notes: string[];
}

/**
 * Quantile boundaries for `regions` regions over sampled keys: boundary j (1..regions-1) goes between the two
 * distinct sample keys where the running weight passes j/regions of the total, on whichever side of a key lands
 * closer to the target. Boundaries that coincide are merged (reported in `notes`): a single key heavier than one
 * region's share cannot be divided, only isolated.
 *
 * @param samples - sampled keys with weights (see `parseSampleKeys`).
 * @throws HotspotError `SPLIT_REGIONS_INVALID` (regions < 2 or not whole), `SPLIT_SAMPLES_EMPTY` (no samples or fewer
 *   than 2 distinct keys: nothing to divide).
 */
export function quantileSplitPoints(samples: readonly WeightedKey[], regions: number): QuantileSplits {
  if (!Number.isInteger(regions) || regions < 2) {
    throw new HotspotError('SPLIT_REGIONS_INVALID', `--regions ${regions}: give a whole number of regions of at least 2`);
  }
  const d = distribution(samples);
  if (d.keys.length < 2) {
    throw new HotspotError(
      'SPLIT_SAMPLES_EMPTY',
      `the samples hold ${d.keys.length} distinct key${d.keys.length === 1 ? '' : 's'}; quantile split points need at least 2 (sample more requests)`,
    );
  }
  const total = d.below[d.keys.length] as number;
  const cuts: number[] = []; // index i: boundary just before distinct key i (1..keys-1)
  let i = 1;
  for (let j = 1; j < regions; j++) {
    const target = (total * j) / regions;
    while (i < d.keys.length - 1 && (d.below[i + 1] as number) <= target) i++;
    // below[i] <= target < below[i+1] (or the ends): pick the closer of the two candidate boundaries
    let cut = i;
    if (i + 1 <= d.keys.length - 1 && Math.abs((d.below[i + 1] as number) - target) < Math.abs((d.below[i] as number) - target)) cut = i + 1;
    if (cuts[cuts.length - 1] !== cut) cuts.push(cut);
  }
  const splits = cuts.map((c) => shortestSeparator(d.keys[c - 1] as Uint8Array, d.keys[c] as Uint8Array));
  const edges = [0, ...cuts, d.keys.length];
  const shares = edges.slice(1).map((e, r) => ((d.below[e] as number) - (d.below[edges[r] as number] as number)) / total);
  const notes: string[] = [];
  if (splits.length + 1 < regions) {
    notes.push(
      d.keys.length < regions
        ? `only ${d.keys.length} distinct sample keys for ${regions} regions: ${splits.length + 1} regions produced`
        : `${regions - 1 - splits.length} boundaries fell on the same heavy key and were merged: ${splits.length + 1} regions produced`,
    );
  }
  return { splits, shares, notes };
}
