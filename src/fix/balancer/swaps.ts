/**
 * Balancer swaps: beside the single-move search of {@link balancerWhatIf}, the exchanges of two regions between two
 * RegionServers that lower the StochasticLoadBalancer's weighted cost. HBase's candidate generators propose swaps as
 * well as moves (`CandidateGenerator.pickRandomRegions` returns a `SwapRegionsAction` when it picks a region on each
 * of the two servers), and `balanceTable` keeps any action after which `computeCost` is strictly lower. A swap keeps
 * both servers' region counts, so it can spread hot regions stacked on one server where every single move would
 * unbalance the counts that `regionCountCost` (500) weighs far above the request costs (5 each).
 *
 * Here, deterministically: the swap that lowers the weighted cost most, again and again, while one does, the same
 * cost functions ({@link balancerCost}) and the same strict-improvement rule as the move search. And which single
 * `hbase.master.balancer.stochastic.*Cost` value would make HBase's balancer act on the table and keep each of those
 * swaps ({@link swapMultipliers}).
 *
 * @module
 */
import { MAX_SWAPS } from '../../analysis/detect/index.js';
import { HotspotError } from '../../util/errors.js';
import { type BalancerCluster, type BalancerCost, type BalancerMultipliers, DEFAULT_MULTIPLIERS, balancerCost } from './costs.js';
import { BalancerState } from './state.js';

/** One swap the search takes: `region` from `from` to `to`, and `back` from `to` to `from` (two `move` commands). */
export interface BalancerSwap {
  /** Encoded name of the region leaving `from`. */
  readonly region: string;
  /** Encoded name of the region coming back from `to`. */
  readonly back: string;
  readonly from: string;
  readonly to: string;
  /** Σ multiplier × cost after the swap (and the swaps before it). */
  readonly weightedCostAfter: number;
}

/** Result of {@link balancerSwapWhatIf}. */
export interface BalancerSwapWhatIf {
  readonly multipliers: BalancerMultipliers;
  /** The cost of the current placement (the same figures as `balancerWhatIf(...).current`). */
  readonly current: BalancerCost;
  /** Empty when the balancer would not act or no swap lowers the cost. */
  readonly swaps: readonly BalancerSwap[];
  /** Cost after the swaps (equal to `current` without swaps); each swapped region counts once in the move cost. */
  readonly after: BalancerCost;
  /** Every server's share of the table's requests (reads + writes per load report), 0–1, before and after the swaps; 0 for an idle table. */
  readonly serverShares: readonly { readonly server: string; readonly before: number; readonly after: number }[];
}

/**
 * What the balancer's swaps would do with this placement: from the current placement, the swap of two regions on
 * different servers that lowers the weighted cost most, repeated while one lowers it by more than 1e-12 (pairs in
 * region order; a later pair replaces the best only when lower by more than 1e-9 of it, so near-ties go to the first
 * pair). Nothing when `needsBalance` says no, as for moves. Pairs are ranked on the same cost function state as the
 * moves ({@link BalancerState}, only the two servers' loads change; region counts stay), and the few within its
 * tolerance of a decision get the exact figure of {@link balancerCost}, which every swap taken reports.
 * @param maxSwaps - cap on the swaps (default {@link MAX_SWAPS}, as the co-location runbook).
 */
export function balancerSwapWhatIf(cluster: BalancerCluster, multipliers: BalancerMultipliers = DEFAULT_MULTIPLIERS, maxSwaps = MAX_SWAPS): BalancerSwapWhatIf {
  const current = balancerCost(cluster, multipliers);
  const swaps: BalancerSwap[] = [];
  if (!current.needsBalance) return { multipliers, current, swaps, after: current, serverShares: serverShares(cluster, cluster.regions.map((r) => r.server)) };
  const state = new BalancerState(cluster, multipliers);
  const { placement, tolerance } = state;
  const n = placement.length;
  let cost = current.weightedCost;
  for (let step = 0; step < maxSwaps; step++) {
    const threshold = cost - 1e-12;
    let bestI = -1;
    let bestJ = -1;
    // a pair is taken below the threshold and, once there is a best, more than 1e-9 of it below the best
    let limit = threshold;
    for (let i = 0; i < n; i++) {
      const a = placement[i] as number;
      for (let j = i + 1; j < n; j++) {
        if (placement[j] === a) continue;
        if (state.estimateAfterSwap(i, j) >= limit + tolerance) continue;
        const c = state.exactAfterSwap(i, j);
        if (c < limit) {
          bestI = i;
          bestJ = j;
          limit = Math.min(threshold, c - 1e-9 * Math.max(1, Math.abs(c)));
        }
      }
    }
    if (bestI < 0) break;
    const exact = state.exactAfterSwap(bestI, bestJ);
    swaps.push({
      region: cluster.regions[bestI]?.encodedName as string,
      back: cluster.regions[bestJ]?.encodedName as string,
      from: cluster.servers[placement[bestI] as number] as string,
      to: cluster.servers[placement[bestJ] as number] as string,
      weightedCostAfter: exact,
    });
    state.applySwap(bestI, bestJ);
    cost = exact;
  }
  const placed = Array.from(placement);
  return { multipliers, current, swaps, after: balancerCost(state.clusterOf(cluster), multipliers, state.moved), serverShares: serverShares(cluster, placed) };
}

function serverShares(cluster: BalancerCluster, placement: readonly number[]): BalancerSwapWhatIf['serverShares'] {
  const load = (r: BalancerCluster['regions'][number]) => r.readsPerReport + r.writesPerReport;
  const total = cluster.regions.reduce((a, r) => a + load(r), 0);
  const share = (p: readonly number[], s: number) => (total > 0 ? cluster.regions.reduce((a, r, i) => a + (p[i] === s ? load(r) : 0), 0) / total : 0);
  return cluster.servers.map((server, s) => ({ server, before: share(cluster.regions.map((r) => r.server), s), after: share(placement, s) }));
}

/** A multiplier {@link swapMultipliers} tries, and which way it must go from HBase's default. */
export type SwapMultiplierName = 'readRequestCost' | 'writeRequestCost' | 'regionCountCost' | 'moveCost';

/** Which value of one multiplier, the others at HBase's defaults, makes the balancer act and keep the swaps. */
export interface SwapMultiplier {
  /** The multiplier (`BalancerMultipliers` field). */
  readonly name: SwapMultiplierName;
  /** Its HBase configuration key, `hbase.master.balancer.stochastic.<name>`. */
  readonly property: string;
  /** HBase 2.6's default. */
  readonly defaultValue: number;
  /** `at-least` for the request costs (raising them weighs the stacked load), `at-most` for the region count and move costs. */
  readonly direction: 'at-least' | 'at-most';
  /** The smallest (at-least) or largest (at-most) whole value that does it; `null` when no value from 0 to 1 000 000 does. */
  readonly value: number | null;
}

const TRIED: readonly { readonly name: SwapMultiplierName; readonly direction: 'at-least' | 'at-most' }[] = [
  { name: 'readRequestCost', direction: 'at-least' },
  { name: 'writeRequestCost', direction: 'at-least' },
  { name: 'regionCountCost', direction: 'at-most' },
  { name: 'moveCost', direction: 'at-most' },
];
const MAX_MULTIPLIER = 1_000_000;

/**
 * Whether the balancer with `multipliers` acts on the table (`needsBalance`) and keeps every one of `swaps`, taken in
 * order (each lowers the weighted cost strictly, the move cost counting every region away from its first server).
 * @throws {@link HotspotError} `FIX_SWAP_INVALID` when a swap names a region that is not in the cluster.
 */
export function balancerTakesSwaps(cluster: BalancerCluster, swaps: readonly Pick<BalancerSwap, 'region' | 'back'>[], multipliers: BalancerMultipliers): boolean {
  const pairs = swaps.map((w, n) => {
    const i = cluster.regions.findIndex((r) => r.encodedName === w.region);
    const j = cluster.regions.findIndex((r) => r.encodedName === w.back);
    if (i < 0 || j < 0) {
      throw new HotspotError('FIX_SWAP_INVALID', `swap ${n + 1} (${w.region} ⇄ ${w.back}): region ${i < 0 ? w.region : w.back} is not in the cluster`, { field: `swaps[${n}]` });
    }
    return [i, j] as const;
  });
  if (!balancerCost(cluster, multipliers).needsBalance) return false;
  const state = new BalancerState(cluster, multipliers);
  let cost = state.weightedCost();
  for (const [i, j] of pairs) {
    // two regions on one server: the placement stays, and so does the cost
    if (state.placement[i] === state.placement[j]) return false;
    const after = state.exactAfterSwap(i, j);
    if (!(after < cost - 1e-12)) return false;
    state.applySwap(i, j);
    cost = after;
  }
  return true;
}

/**
 * For each of `readRequestCost`, `writeRequestCost` (raised) and `regionCountCost`, `moveCost` (lowered), one at a
 * time with the others at HBase's defaults: the whole value from which the StochasticLoadBalancer acts on the table
 * and keeps `swaps` ({@link balancerTakesSwaps}), found by bisection between the default and 1 000 000 (raised) or
 * 0 (lowered); `null` when even the far end does not. Nothing to find without swaps.
 */
export function swapMultipliers(cluster: BalancerCluster, swaps: readonly Pick<BalancerSwap, 'region' | 'back'>[]): SwapMultiplier[] {
  return TRIED.map(({ name, direction }) => {
    const defaultValue = DEFAULT_MULTIPLIERS[name];
    const takes = (v: number) => balancerTakesSwaps(cluster, swaps, { ...DEFAULT_MULTIPLIERS, [name]: v });
    const result = (value: number | null): SwapMultiplier => ({ name, property: `hbase.master.balancer.stochastic.${name}`, defaultValue, direction, value });
    if (swaps.length === 0) return result(null);
    if (takes(defaultValue)) return result(defaultValue);
    // bisect between a value that does not (no) and one that does (yes)
    let no = defaultValue;
    let yes = direction === 'at-least' ? MAX_MULTIPLIER : 0;
    if (!takes(yes)) return result(null);
    while (Math.abs(yes - no) > 1) {
      const mid = Math.trunc((yes + no) / 2);
      if (takes(mid)) yes = mid;
      else no = mid;
    }
    return result(yes);
  });
}

/** One line per multiplier of {@link swapMultipliers}: `hbase.master.balancer.stochastic.writeRequestCost ≥ 37 (default 5)`, or that no value does. */
export function describeSwapMultipliers(needed: readonly SwapMultiplier[]): string[] {
  return needed.map((m) => m.value === null
    ? `${m.property}: no value alone does (default ${m.defaultValue})`
    : `${m.property} ${m.direction === 'at-least' ? '≥' : '≤'} ${m.value} (default ${m.defaultValue})`);
}
