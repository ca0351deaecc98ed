/**
 * Sampled request keys with weights, aggregated into distinct sorted keys with running totals: the common ground of
 * quantile split points and the traffic median.
 */
import { compareBytes } from '../bytes/index.js';

/** A sampled rowkey and how many requests it stands for. */
export interface WeightedKey {
  /** The rowkey a request touched. */
  readonly key: Uint8Array;
  /** Requests this sample stands for (> 0); 1 for a plain sample. */
  readonly weight: number;
}

/** Distinct keys in HBase order with their summed weights and the weight strictly below each key. */
export interface KeyDistribution {
  /** Distinct keys, ascending. */
  readonly keys: Uint8Array[];
  /** Summed weight of each distinct key. */
  readonly weights: number[];
  /** `below[i]`: total weight of keys sorting before `keys[i]`; `below[keys.length]` is the grand total. */
  readonly below: number[];
}

/** Sorts and merges samples into a {@link KeyDistribution}. */
export function distribution(samples: readonly WeightedKey[]): KeyDistribution {
  const sorted = [...samples].sort((a, b) => compareBytes(a.key, b.key));
  const keys: Uint8Array[] = [];
  const weights: number[] = [];
  for (const s of sorted) {
    const last = keys[keys.length - 1];
    if (last !== undefined && compareBytes(last, s.key) === 0) weights[weights.length - 1] = (weights[weights.length - 1] as number) + s.weight;
    else {
      keys.push(s.key);
      weights.push(s.weight);
    }
  }
  const below = [0];
  for (const w of weights) below.push((below[below.length - 1] as number) + w);
  return { keys, weights, below };
}

/**
 * The shortest key `s` with `lower < s <= upper` (HBase split keys are best short: they are stored in every region
 * name, in `hbase:meta` and in each client's region cache): `upper` cut just after its first byte that differs from
 * `lower`. No shorter key separates them, because any shorter key would be a prefix of both and sort at or below
 * `lower`.
 * @param lower - must sort strictly before `upper` (the caller guarantees it).
 */
export function shortestSeparator(lower: Uint8Array, upper: Uint8Array): Uint8Array {
  let common = 0;
  while (common < lower.length && common < upper.length && lower[common] === upper[common]) common++;
  return upper.slice(0, common + 1);
}

/** Weight of the samples at or above `from` and below `to` (`to` empty: no upper bound), from a distribution. */
export function weightBetween(d: KeyDistribution, from: Uint8Array, to: Uint8Array): number {
  const lo = countBelow(d.keys, from);
  const hi = to.length === 0 ? d.keys.length : countBelow(d.keys, to);
  return (d.below[hi] as number) - (d.below[lo] as number);
}

/** Number of keys sorting strictly before `key` (binary search). */
export function countBelow(keys: readonly Uint8Array[], key: Uint8Array): number {
  let lo = 0;
  let hi = keys.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (compareBytes(keys[mid] as Uint8Array, key) < 0) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
