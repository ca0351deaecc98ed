/**
 * The balancer's placement state for the what-if searches, updated by move as HBase's `BalancerClusterState` and
 * cost functions do it (hbase-balancer 2.6, `BalancerClusterState.doAction`, `CostFunction.postAction`): region
 * counts and every load's per-server sums kept by server, and a move recomputes only the two servers it touches
 * (`CostFromRegionLoadFunction.regionMoved` folds the server's regions again), then each skew over the servers
 * (`DoubleArrayCost.cost`).
 *
 * Two figures per candidate action:
 * - {@link BalancerState.exactAfterMove} / {@link BalancerState.exactAfterSwap}: the weighted cost after it, equal to
 *   the last bit to what {@link balancerCost} gives for the changed placement (same summation orders: each server's
 *   regions in region order, servers in server order, the functions in `balancerCost`'s order); O(regions on the two
 *   servers + servers) per needed function.
 * - {@link BalancerState.estimateMoves} / {@link BalancerState.estimateAfterSwap}: the same cost in O(1) per
 *   function, from the squared deviations of the two servers alone, within {@link BalancerState.tolerance} of the
 *   exact figure, or `NaN` when the shortcut cannot promise that (a skew falling to under a sixteenth, where the
 *   update cancels; a load whose lowest and highest skew nearly meet).
 *
 * The searches rank every candidate by the estimate and take the exact figure for the few within the tolerance of a
 * decision, so they keep the full recompute's choices, ties and costs.
 *
 * @module
 */
import { type BalancerCluster, type BalancerMultipliers, type BalancerRegion, moveCost } from './costs.js';
import { ReplicaHostCost, replicaLayout } from './replica-costs.js';
import { maxSkew, minSkew, scale, skewCostWith, ulp } from './skew.js';

/** The loads of the request, memstore and store file cost functions, in {@link balancerCost}'s order. */
const LOADS: readonly { readonly of: (r: BalancerRegion) => number; readonly weight: (m: BalancerMultipliers) => number }[] = [
  { of: (r) => r.readsPerReport, weight: (m) => m.readRequestCost },
  { of: (r) => r.writesPerReport, weight: (m) => m.writeRequestCost },
  { of: (r) => r.memStoreMB, weight: (m) => m.memstoreSizeCost },
  { of: (r) => r.storeFileMB, weight: (m) => m.storefileSizeCost },
];

/** One skew cost function's state (`DoubleArrayCost` with its per-server array): loads by server and the figures derived from them. */
class Skew {
  /** Per-server load (region count for the count skew), each server's regions summed in region order. */
  readonly sums: Float64Array;
  total = 0;
  mean = 0;
  /** Σ (mean − load)², servers in order. */
  squares = 0;
  min = 0;
  max = 0;
  epsilon = 0;
  /** `scale` gives 0 whatever the spread (max ≤ min or within an ulp). */
  flat = true;
  /** A rounding of the total may move the cost too much for the estimate: the bounds nearly meet, or the lowest skew is near a step. */
  fragile = false;
  /** The exact cost of the current placement. */
  cost = 0;

  /**
   * Every per-server sum is exact (whole loads, total below 2^53), so the total is the same after any move; a
   * fractional total may round another way when regions move.
   */
  private readonly exactTotals: boolean;

  /** @param values - one load per region; `null` for the count skew (1 per region). */
  constructor(readonly values: Float64Array | null, readonly weight: number, servers: number) {
    this.sums = new Float64Array(servers);
    this.exactTotals = values === null || (values.every((v) => Number.isInteger(v)) && values.reduce((a, v) => a + Math.abs(v), 0) <= Number.MAX_SAFE_INTEGER);
  }

  /** Total, mean, squares, bounds and cost again after `sums` changed. */
  refresh(): void {
    const n = this.sums.length;
    let total = 0;
    for (let i = 0; i < n; i++) total += this.sums[i] as number;
    const mean = total / n;
    let squares = 0;
    for (let i = 0; i < n; i++) squares += (mean - (this.sums[i] as number)) * (mean - (this.sums[i] as number));
    this.total = total;
    this.mean = mean;
    this.squares = squares;
    this.min = minSkew(total, n);
    this.max = maxSkew(total, n);
    this.epsilon = ulp(this.max);
    this.flat = this.max <= this.min || Math.abs(this.max - this.min) <= this.epsilon;
    this.fragile = !this.flat && this.max - this.min <= 1e-3 * this.max;
    if (!this.exactTotals && !this.fragile) {
      // The lowest skew steps where the total crosses a whole number (`getMinSkew` truncates a count to int): near
      // one, the rounding of a moved placement's total may land on the other step, and only the exact figure will do.
      const d = 1e-11 * Math.abs(total);
      const step = Math.max(Math.abs(minSkew(total - d, n) - this.min), Math.abs(minSkew(total + d, n) - this.min));
      this.fragile = step > 1e-10 * (this.max - this.min);
    }
    this.cost = skewCostWith(this.sums, -1, 0, -1, 0);
  }

  /**
   * The cost with server a's load `loadA` and b's `loadB`, the total taken as unchanged; NaN when the update of the
   * squares may have cancelled (under a sixteenth of the current squares) or the bounds nearly meet.
   */
  estimate(a: number, loadA: number, b: number, loadB: number): number {
    if (this.flat) return this.exactTotals ? 0 : Number.NaN;
    if (this.fragile) return Number.NaN;
    const mean = this.mean;
    const oldA = mean - (this.sums[a] as number);
    const oldB = mean - (this.sums[b] as number);
    const newA = mean - loadA;
    const newB = mean - loadB;
    const squares = this.squares + (newA * newA - oldA * oldA) + (newB * newB - oldB * oldB);
    if (!(squares >= this.squares * 0.0625)) return Number.NaN;
    const value = Math.sqrt(squares);
    if (value <= this.min || Math.abs(value - this.min) <= this.epsilon) return 0;
    return Math.min(1, (value - this.min) / (this.max - this.min));
  }

  /**
   * Adds `weight` × {@link estimate} of moving a load `v` from server `from` (left with `loadA`) to each other server
   * into `out[to]`: the estimate for every target at once, the source's part worked out once.
   */
  estimateRow(from: number, loadA: number, v: number, weight: number, out: Float64Array): void {
    const n = this.sums.length;
    if (this.flat && this.exactTotals) return;
    if (this.flat || this.fragile) {
      out.fill(Number.NaN);
      return;
    }
    const { mean, squares, min, max, epsilon, sums } = this;
    const oldA = mean - (sums[from] as number);
    const newA = mean - loadA;
    const partial = squares + (newA * newA - oldA * oldA);
    const floor = squares * 0.0625;
    for (let to = 0; to < n; to++) {
      const oldB = mean - (sums[to] as number);
      const newB = oldB - v;
      const sq = partial + (newB * newB - oldB * oldB);
      if (!(sq >= floor)) {
        out[to] = Number.NaN;
        continue;
      }
      const value = Math.sqrt(sq);
      const cost = value <= min || Math.abs(value - min) <= epsilon ? 0 : Math.min(1, (value - min) / (max - min));
      out[to] = (out[to] as number) + weight * cost;
    }
  }
}

/**
 * A placement of one table's regions with the StochasticLoadBalancer's cost function state, changed one move at a
 * time. `moved` counts regions away from their first server (the move cost's count).
 */
export class BalancerState {
  /** Server index per region, in region order. */
  readonly placement: Int32Array;
  /** The first placement. */
  readonly home: Int32Array;
  /** Regions on another server than in {@link home}. */
  moved = 0;
  /**
   * Bound on |estimate − exact| of {@link estimateMoves} and {@link estimateAfterSwap}: 1e-9 of the sum of the
   * skew multipliers (each skew is 0–1 and the estimate's error is far below 1e-12 of it).
   */
  readonly tolerance: number;
  /** Each server's regions, ascending. */
  private readonly members: number[][];
  private readonly counts: Skew;
  /** The load skews with a positive multiplier and some non-zero load, in {@link balancerCost}'s order. */
  private readonly loads: Skew[];
  private readonly multipliers: BalancerMultipliers;
  /** `moveCost(moved, regions)` for every count of moved regions. */
  private readonly moveCosts: Float64Array;
  /** For a table with read replicas whose host cost function is needed: its state (`replica-costs.ts`). */
  private readonly hosts: ReplicaHostCost | undefined;

  /** The cluster's current placement as the first one. */
  constructor(cluster: BalancerCluster, multipliers: BalancerMultipliers) {
    const regions = cluster.regions.length;
    const servers = cluster.servers.length;
    this.multipliers = multipliers;
    this.placement = Int32Array.from(cluster.regions, (r) => r.server);
    this.home = Int32Array.from(this.placement);
    this.members = Array.from({ length: servers }, () => []);
    this.placement.forEach((s, region) => this.members[s]?.push(region));
    this.counts = new Skew(null, 0, servers);
    this.loads = [];
    // a table with read replicas: the primary count skew first among the loads, the host cost beside them
    const layout = replicaLayout(cluster);
    this.hosts = layout && multipliers.regionReplicaHostCost > 0 ? new ReplicaHostCost(layout, this.placement) : undefined;
    if (layout && multipliers.primaryRegionCountCost > 0 && layout.primary.some((v) => v !== 0)) {
      this.loads.push(new Skew(layout.primary, multipliers.primaryRegionCountCost, servers));
    }
    for (const load of LOADS) {
      const weight = load.weight(multipliers);
      const values = Float64Array.from(cluster.regions, load.of);
      // a function with multiplier ≤ 0 is not needed; an all-zero load costs 0 wherever the regions are
      if (weight > 0 && values.some((v) => v !== 0)) this.loads.push(new Skew(values, weight, servers));
    }
    for (let s = 0; s < servers; s++) this.refold(s);
    this.counts.refresh();
    for (const skew of this.loads) skew.refresh();
    this.moveCosts = Float64Array.from({ length: regions + 2 }, (_, moved) => moveCost(moved, regions));
    const skewWeights = [multipliers.regionCountCost, multipliers.tableSkewCost, ...this.loads.map((l) => l.weight)];
    this.tolerance = 1e-9 * (1 + skewWeights.reduce((a, w) => a + (w > 0 ? w : 0), 0));
  }

  /** Σ multiplier × cost of the current placement: `balancerCost(placement, multipliers, moved).weightedCost`, to the bit. */
  weightedCost(): number {
    return this.compose(this.counts.cost, this.moveCosts[this.moved] as number, this.hosts?.cost() ?? 0, (k) => (this.loads[k] as Skew).cost);
  }

  /** Weighted cost after moving `region` to `to`, to the bit as {@link balancerCost} gives it. */
  exactAfterMove(region: number, to: number): number {
    const from = this.placement[region] as number;
    const c = this.counts.sums;
    const countCost = skewCostWith(c, from, (c[from] as number) - 1, to, (c[to] as number) + 1);
    return this.compose(countCost, this.moveCosts[this.movedAfterMove(region, to)] as number, this.hosts?.costAfterMove(region, from, to) ?? 0, (k) => {
      const skew = this.loads[k] as Skew;
      return skewCostWith(skew.sums, from, this.fold(skew, from, region, -1), to, this.fold(skew, to, -1, region));
    });
  }

  /**
   * {@link exactAfterMove} of `region` to every server within {@link tolerance}, into `out` (one slot per server; the
   * region's own server's slot is meaningless), NaN where only the exact figure will do: O(1) per server and function,
   * the source server's part of each skew worked out once per region.
   */
  estimateMoves(region: number, out: Float64Array): void {
    const from = this.placement[region] as number;
    const m = this.multipliers;
    const home = this.home[region] as number;
    const away = this.moved - (from !== home ? 1 : 0);
    if (m.moveCost > 0) {
      out.fill(m.moveCost * (this.moveCosts[away + 1] as number));
      out[home] = m.moveCost * (this.moveCosts[away] as number);
    } else {
      out.fill(0);
    }
    const countWeight = (m.regionCountCost > 0 ? m.regionCountCost : 0) + (m.tableSkewCost > 0 ? m.tableSkewCost : 0);
    if (countWeight > 0) this.counts.estimateRow(from, (this.counts.sums[from] as number) - 1, 1, countWeight, out);
    for (const skew of this.loads) {
      const v = (skew.values as Float64Array)[region] as number;
      skew.estimateRow(from, (skew.sums[from] as number) - v, v, skew.weight, out);
    }
    const hosts = this.hosts;
    if (hosts) {
      for (let to = 0; to < out.length; to++) {
        if (to !== from) out[to] = (out[to] as number) + m.regionReplicaHostCost * hosts.costAfterMove(region, from, to);
      }
    }
  }

  /** Weighted cost after exchanging regions `i` and `j` (on different servers), to the bit as {@link balancerCost} gives it. */
  exactAfterSwap(i: number, j: number): number {
    const a = this.placement[i] as number;
    const b = this.placement[j] as number;
    return this.compose(this.counts.cost, this.moveCosts[this.movedAfterSwap(i, j)] as number, this.hosts?.costAfterSwap(i, a, j, b) ?? 0, (k) => {
      const skew = this.loads[k] as Skew;
      return skewCostWith(skew.sums, a, this.fold(skew, a, i, j), b, this.fold(skew, b, j, i));
    });
  }

  /** {@link exactAfterSwap} within {@link tolerance}, in O(1) per function; NaN when only the exact figure will do. */
  estimateAfterSwap(i: number, j: number): number {
    const a = this.placement[i] as number;
    const b = this.placement[j] as number;
    const m = this.multipliers;
    const countCost = this.counts.cost;
    let cost = (m.regionCountCost > 0 ? m.regionCountCost * countCost : 0) + (m.tableSkewCost > 0 ? m.tableSkewCost * countCost : 0);
    if (m.moveCost > 0) cost += m.moveCost * (this.moveCosts[this.movedAfterSwap(i, j)] as number);
    if (this.hosts) cost += m.regionReplicaHostCost * this.hosts.costAfterSwap(i, a, j, b);
    for (const skew of this.loads) {
      const values = skew.values as Float64Array;
      const delta = (values[i] as number) - (values[j] as number);
      cost += skew.weight * skew.estimate(a, (skew.sums[a] as number) - delta, b, (skew.sums[b] as number) + delta);
    }
    return cost;
  }

  /** Moves `region` to server `to`: the two servers' sums folded again, every skew refreshed (O(servers) each). */
  applyMove(region: number, to: number): void {
    const from = this.placement[region] as number;
    if (from === to) return;
    this.moved = this.movedAfterMove(region, to);
    this.hosts?.apply(region, from, to);
    this.placement[region] = to;
    const leaving = this.members[from] as number[];
    leaving.splice(leaving.indexOf(region), 1);
    const arriving = this.members[to] as number[];
    let at = arriving.length;
    while (at > 0 && (arriving[at - 1] as number) > region) at--;
    arriving.splice(at, 0, region);
    this.refold(from);
    this.refold(to);
    this.counts.refresh();
    for (const skew of this.loads) skew.refresh();
  }

  /** Exchanges regions `i` and `j`. */
  applySwap(i: number, j: number): void {
    const a = this.placement[i] as number;
    const b = this.placement[j] as number;
    this.applyMove(i, b);
    this.applyMove(j, a);
  }

  /** The placement as a cluster (regions on their current servers). */
  clusterOf(cluster: BalancerCluster): BalancerCluster {
    return { servers: cluster.servers, regions: cluster.regions.map((r, i) => ({ ...r, server: this.placement[i] as number })) };
  }

  private movedAfterMove(region: number, to: number): number {
    const home = this.home[region] as number;
    return this.moved - (this.placement[region] !== home ? 1 : 0) + (to !== home ? 1 : 0);
  }

  private movedAfterSwap(i: number, j: number): number {
    const a = this.placement[i] as number;
    const b = this.placement[j] as number;
    const hi = this.home[i] as number;
    const hj = this.home[j] as number;
    return this.moved - (a !== hi ? 1 : 0) - (b !== hj ? 1 : 0) + (b !== hi ? 1 : 0) + (a !== hj ? 1 : 0);
  }

  /** Σ multiplier × cost in {@link balancerCost}'s order of the needed functions (the locality ones cost 0). */
  private compose(countCost: number, move: number, hostCost: number, loadCost: (k: number) => number): number {
    const m = this.multipliers;
    let sum = 0;
    if (m.regionCountCost > 0) sum += countCost * m.regionCountCost;
    if (m.moveCost > 0) sum += move * m.moveCost;
    if (m.tableSkewCost > 0) sum += countCost * m.tableSkewCost;
    if (this.hosts) sum += hostCost * m.regionReplicaHostCost;
    for (let k = 0; k < this.loads.length; k++) sum += loadCost(k) * (this.loads[k] as Skew).weight;
    return sum;
  }

  /** Server `s`'s load of `skew` in region order, `without` left out and `with` counted at its place (−1: none). */
  private fold(skew: Skew, s: number, without: number, with_: number): number {
    const values = skew.values as Float64Array;
    const regions = this.members[s] as number[];
    let sum = 0;
    let added = with_ < 0;
    for (let k = 0; k < regions.length; k++) {
      const r = regions[k] as number;
      if (!added && with_ < r) {
        sum += values[with_] as number;
        added = true;
      }
      if (r !== without) sum += values[r] as number;
    }
    if (!added) sum += values[with_] as number;
    return sum;
  }

  private refold(s: number): void {
    this.counts.sums[s] = (this.members[s] as number[]).length;
    for (const skew of this.loads) skew.sums[s] = this.fold(skew, s, -1, -1);
  }

}
