/**
 * HBase's normalised skew of a set of per-RegionServer loads, as the StochasticLoadBalancer computes it
 * (`org.apache.hadoop.hbase.master.balancer.DoubleArrayCost` with `CostFunction.scale`, hbase-server 2.6.x): the
 * square root of the summed squared deviations from the mean, scaled between the most even spread possible and
 * everything on one server. 0 = as even as possible, 1 = all on one server.
 *
 * @module
 */

/**
 * The smallest root of summed squared deviations a total can have over `servers` (`DoubleArrayCost.getMinSkew`):
 * with fewer units than servers, some get 1 and the rest 0; otherwise the loads differ by at most one unit.
 * @param total - sum of the loads (regions, requests per load report, MB).
 * @param servers - number of RegionServers; 0 gives 0.
 */
export function minSkew(total: number, servers: number): number {
  if (servers === 0) return 0;
  const mean = total / servers;
  if (servers > total) return Math.sqrt((servers - total) * mean * mean + (1 - mean) * (1 - mean) * total);
  // Java truncates these two counts to int.
  const high = Math.trunc(total - Math.floor(mean) * servers);
  const low = Math.trunc(servers - high);
  const up = Math.ceil(mean) - mean;
  const down = mean - Math.floor(mean);
  return Math.sqrt(high * up * up + low * down * down);
}

/** The largest: everything on one server (`DoubleArrayCost.getMaxSkew`). 0 servers gives 0. */
export function maxSkew(total: number, servers: number): number {
  if (servers === 0) return 0;
  const mean = total / servers;
  return Math.sqrt((total - mean) * (total - mean) + (servers - 1) * mean * mean);
}

// One 8-byte scratch cell read as a double and as two 32-bit halves, so ulp() allocates nothing per call.
const ULP_CELL = new Float64Array(1);
const ULP_WORDS = new Uint32Array(ULP_CELL.buffer);
// The half holding the low 32 bits of the double's bit pattern: 0 on little-endian machines, 1 on big-endian ones.
const LOW = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1 ? 0 : 1;

/** Java's `Math.ulp(double)` for finite values: the distance to the next double of larger magnitude. */
export function ulp(x: number): number {
  const a = Math.abs(x);
  if (a === Number.MAX_VALUE) return 2 ** 971;
  ULP_CELL[0] = a;
  // add 1 to the 64-bit pattern: the low half, carrying into the high half when it wraps
  const low = ((ULP_WORDS[LOW] as number) + 1) >>> 0;
  ULP_WORDS[LOW] = low;
  if (low === 0) ULP_WORDS[1 - LOW] = (ULP_WORDS[1 - LOW] as number) + 1;
  return (ULP_CELL[0] as number) - a;
}

/**
 * `CostFunction.scale(min, max, value)`: (value − min) ÷ (max − min) clamped to 0–1, and 0 when max ≤ min, value ≤ min
 * or either gap is within `Math.ulp(max)`.
 */
export function scale(min: number, max: number, value: number): number {
  const epsilon = ulp(max);
  if (max <= min || value <= min || Math.abs(max - min) <= epsilon || Math.abs(value - min) <= epsilon) return 0;
  return Math.max(0, Math.min(1, (value - min) / (max - min)));
}

/**
 * `DoubleArrayCost.computeCost`: the skew cost of per-server loads, 0–1 (0 for no servers).
 * @param loads - one load per RegionServer (any unit; regions, requests per load report, MB).
 */
export function skewCost(loads: ArrayLike<number>): number {
  return skewCostWith(loads, -1, 0, -1, 0);
}

/**
 * {@link skewCost} of `loads` with server `a`'s load read as `loadA` and server `b`'s as `loadB` (−1: none), the
 * array left as it is: the cost after a move or swap between two servers, without copying the array. Sums and squares
 * run in server order, so the figure is the one {@link skewCost} gives for the changed array, to the last bit.
 */
export function skewCostWith(loads: ArrayLike<number>, a: number, loadA: number, b: number, loadB: number): number {
  const n = loads.length;
  if (n === 0) return 0;
  let total = 0;
  for (let i = 0; i < n; i++) total += i === a ? loadA : i === b ? loadB : (loads[i] as number);
  const mean = total / n;
  let squares = 0;
  for (let i = 0; i < n; i++) {
    const x = i === a ? loadA : i === b ? loadB : (loads[i] as number);
    squares += (mean - x) * (mean - x);
  }
  return scale(minSkew(total, n), maxSkew(total, n), Math.sqrt(squares));
}

/**
 * A region's request load as `CostFromRegionLoadAsRateFunction.getRegionLoadCost` takes it from its remembered load
 * reports (oldest first): the mean increase per report, a counter that went down counting its new value (a reset);
 * 0 with fewer than two reports.
 */
export function loadReportRate(counters: readonly number[]): number {
  if (counters.length < 2) return 0;
  let cost = 0;
  for (let i = 1; i < counters.length; i++) {
    const previous = counters[i - 1] as number;
    const current = counters[i] as number;
    cost += current >= previous ? current - previous : current;
  }
  return Math.max(0, cost / (counters.length - 1));
}
