/**
 * Small statistics over a set of loads (one number per server or region): peer ratios, max ÷ average, and the
 * normalized skew HBase's balancer uses.
 *
 * @module
 */
import type { Spread } from './types.js';
import { maxOf } from '../../util/arrays.js';

/**
 * Normalized skew of a set of loads, as HBase's StochasticLoadBalancer scales its load costs
 * (`hbase-balancer/.../DoubleArrayCost.computeCost` with `CostFunction.scale`): the root of the summed squared
 * deviations from the mean, divided by its largest possible value, everything on one member,
 * `sqrt((total − mean)² + (n − 1)·mean²)`. HBase subtracts a minimum skew first, computed for whole region counts;
 * request loads are continuous, so the minimum here is 0 (a perfectly even spread).
 * @returns 0 for an even spread (or no load, or fewer than two members) up to 1 for everything on one member.
 */
export function normalizedSkew(loads: readonly number[] | Float64Array): number {
  const n = loads.length;
  const total = sum(loads);
  if (n < 2 || total <= 0) return 0;
  const mean = total / n;
  let squares = 0;
  for (let i = 0; i < n; i++) squares += ((loads[i] as number) - mean) ** 2;
  const deviation = Math.sqrt(squares);
  const max = Math.sqrt((total - mean) ** 2 + (n - 1) * mean * mean);
  return Math.min(1, Math.max(0, deviation / max));
}

/** The sum of `loads`, added in order. */
function sum(loads: ArrayLike<number>): number {
  let total = 0;
  for (let i = 0; i < loads.length; i++) total += loads[i] as number;
  return total;
}

/** Max ÷ average and {@link normalizedSkew} of a set of loads. */
export function spreadOf(loads: readonly number[] | Float64Array): Spread {
  const total = sum(loads);
  if (loads.length === 0 || total <= 0) return { maxToAverage: 0, skew: 0 };
  return { maxToAverage: maxOf(loads) / (total / loads.length), skew: normalizedSkew(loads) };
}

/** How one member's load compares with the others. */
export interface PeerTest {
  /** load ÷ the mean of the other members; `null` when they took nothing (or there are none). */
  readonly peerRatio: number | null;
  /** load ÷ the mean of all members (0 when there is no load). */
  readonly averageRatio: number;
  /** Hot against its peers: `peerRatio > k`, or load > 0 while the peers took nothing (needs two or more members). */
  readonly hot: boolean;
  /** The playbook's test: `averageRatio > k`. With n members this ratio cannot exceed n, so it misses one hot server among three when k = 3. */
  readonly hotByAverage: boolean;
}

/** Peer test of a member with load `x` among `n` members whose loads sum to `total` (O(1)). */
export function peerTestOf(x: number, total: number, n: number, k: number): PeerTest {
  const averageRatio = total > 0 ? x / (total / n) : 0;
  const peersMean = n > 1 ? (total - x) / (n - 1) : 0;
  const peerRatio = n > 1 && peersMean > 0 ? x / peersMean : null;
  return { peerRatio, averageRatio, hot: hotAmongPeers(x, total, n, k), hotByAverage: averageRatio > k };
}

/**
 * Just {@link PeerTest}'s `hot` for a member with load `x` among `n` members whose loads sum to `total`: `x` above
 * `k` × the mean of the other members, or above 0 while they took nothing. Allocates nothing.
 */
export function hotAmongPeers(x: number, total: number, n: number, k: number): boolean {
  if (n < 2 || !(x > 0)) return false;
  const peersMean = (total - x) / (n - 1);
  return !(peersMean > 0) || x / peersMean > k;
}

/**
 * {@link hotAmongPeers} when part of the member's load is set aside: `tested` (≤ `x`) is compared with `k` × the mean
 * of the other members, whose loads are `total − x`. With `tested = x` it is exactly {@link hotAmongPeers}.
 */
export function hotAboveCount(x: number, tested: number, total: number, n: number, k: number): boolean {
  if (tested === x) return hotAmongPeers(x, total, n, k);
  if (n < 2 || !(tested > 0)) return false;
  const peersMean = (total - x) / (n - 1);
  return !(peersMean > 0) || tested / peersMean > k;
}

/** Peer test of member `index` of `loads` with factor `k`. */
export function peerTest(loads: readonly number[], index: number, k: number): PeerTest {
  return peerTestOf(loads[index] ?? 0, loads.reduce((a, b) => a + b, 0), loads.length, k);
}

/** `part / whole`, 0 when the whole is 0. */
export function share(part: number, whole: number): number {
  return whole > 0 ? part / whole : 0;
}
