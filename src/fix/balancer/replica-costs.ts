/**
 * The StochasticLoadBalancer's cost functions for a table with read replicas (hbase-balancer 2.6), needed only when
 * the table has some (`isNeeded()` is `BalancerClusterState.hasRegionReplicas`):
 * - `PrimaryRegionCountSkewCostFunction` (`hbase.master.balancer.stochastic.primaryRegionCountCost`, 500): the skew of
 *   each server's count of primaries, as the region count skew;
 * - `RegionReplicaHostCostFunction` (`regionReplicaHostCostKey`, 100,000): Σ over hosts (servers, unless several
 *   servers share a host) and key ranges of (replicas of the range there − 1)², scaled from 0 to the cost of every
 *   range's replicas on one host; 0 with a single host;
 * - `RegionReplicaRackCostFunction` (`regionReplicaRackCostKey`, 10,000): the same over racks, 0 here (a what-if knows
 *   no racks: HBase without a rack topology puts every server in one rack, where the function costs 0).
 * Their multipliers count in `needsBalance`'s sum whenever the table has replicas, so 110,500 more than without: a
 * request skew alone then hardly ever reaches `minCostNeedBalance`.
 *
 * @module
 */
import type { BalancerCluster } from './costs.js';
import { hostOf } from '../../util/server-name.js';
import { scale } from './skew.js';

/** A table's replica layout as the replica cost functions see it. */
export interface ReplicaLayout {
  /** Key range index per region. */
  readonly rangeOf: Int32Array;
  readonly ranges: number;
  /** 1 for a primary, 0 for a secondary replica, per region (the primary count skew's load). */
  readonly primary: Float64Array;
  /** Host group per server: the host's index when some host runs several servers, else the server's. */
  readonly groupOf: Int32Array;
  readonly groups: number;
  /** The host cost's upper bound: Σ over ranges of (regions of the range − 1)²; 0 with one host. */
  readonly maxCost: number;
}


/** (n − 1)² for n > 1, as `RegionReplicaGroupingCostFunction.costPerGroup` counts a range with n replicas in a group. */
export function colocationCost(n: number): number {
  return n > 1 ? (n - 1) * (n - 1) : 0;
}

/** The layout of `cluster`'s replicas; `undefined` when no region has {@link BalancerRegion.replica} (no replicas). */
export function replicaLayout(cluster: BalancerCluster): ReplicaLayout | undefined {
  if (!cluster.regions.some((r) => r.replica !== undefined)) return undefined;
  const ranges = new Map<string, number>();
  const sizes: number[] = [];
  const rangeOf = new Int32Array(cluster.regions.length);
  const primary = new Float64Array(cluster.regions.length);
  cluster.regions.forEach((r, i) => {
    // a region without a replica entry beside replicated ones is a range of its own
    const key = r.replica?.range ?? `\u0000${r.encodedName}`;
    let g = ranges.get(key);
    if (g === undefined) ranges.set(key, (g = ranges.size));
    sizes[g] = (sizes[g] ?? 0) + 1;
    rangeOf[i] = g;
    primary[i] = (r.replica?.id ?? 0) === 0 ? 1 : 0;
  });
  const hosts = cluster.servers.map(hostOf);
  const distinct = [...new Set(hosts)];
  const shared = distinct.length < hosts.length;
  const groupOf = Int32Array.from(cluster.servers, (_, s) => (shared ? distinct.indexOf(hosts[s] as string) : s));
  const maxCost = distinct.length > 1 ? sizes.reduce((a, n) => a + colocationCost(n), 0) : 0;
  return { rangeOf, ranges: ranges.size, primary, groupOf, groups: shared ? distinct.length : cluster.servers.length, maxCost };
}

/** Per-server sums of `layout.primary`: each server's count of primaries. */
export function primariesPerServer(cluster: BalancerCluster, layout: ReplicaLayout): number[] {
  const counts = cluster.servers.map(() => 0);
  cluster.regions.forEach((r, i) => {
    counts[r.server] = (counts[r.server] ?? 0) + (layout.primary[i] as number);
  });
  return counts;
}

/**
 * Replicas of each range per host group, and the host cost from them, kept up to date move by move
 * (`RegionReplicaHostCostFunction.regionMoved` recomputes the two groups a move touches).
 */
export class ReplicaHostCost {
  /** Regions of range `g` in host group `h`, at `g * groups + h`. */
  private readonly counts: Int32Array;
  /** Σ (n − 1)² over every range and group. */
  private total = 0;

  constructor(private readonly layout: ReplicaLayout, placement: ArrayLike<number>) {
    this.counts = new Int32Array(layout.ranges * layout.groups);
    for (let i = 0; i < placement.length; i++) this.bump(this.at(i, placement[i] as number), 1);
    for (let k = 0; k < this.counts.length; k++) this.total += colocationCost(this.counts[k] as number);
  }

  private bump(k: number, by: number): void {
    this.counts[k] = (this.counts[k] as number) + by;
  }

  private at(region: number, server: number): number {
    return (this.layout.rangeOf[region] as number) * this.layout.groups + (this.layout.groupOf[server] as number);
  }

  /** The function's cost now: the total scaled from 0 to the layout's maximum (0 with one host). */
  cost(): number {
    return this.layout.maxCost > 0 ? scale(0, this.layout.maxCost, this.total) : 0;
  }

  /** Change of the total when `region` leaves `from` for `to`. */
  private delta(region: number, from: number, to: number): number {
    const a = this.at(region, from);
    const b = this.at(region, to);
    if (a === b) return 0;
    const na = this.counts[a] as number;
    const nb = this.counts[b] as number;
    return colocationCost(na - 1) - colocationCost(na) + colocationCost(nb + 1) - colocationCost(nb);
  }

  /** The cost after moving `region` from server `from` to `to`. */
  costAfterMove(region: number, from: number, to: number): number {
    return this.layout.maxCost > 0 ? scale(0, this.layout.maxCost, this.total + this.delta(region, from, to)) : 0;
  }

  /** The cost after regions `i` (on server `a`) and `j` (on `b`) trade servers. */
  costAfterSwap(i: number, a: number, j: number, b: number): number {
    if (this.layout.maxCost <= 0) return 0;
    this.apply(i, a, b);
    this.apply(j, b, a);
    const cost = this.cost();
    this.apply(j, a, b);
    this.apply(i, b, a);
    return cost;
  }

  /** Records that `region` moved from server `from` to `to`. */
  apply(region: number, from: number, to: number): void {
    this.total += this.delta(region, from, to);
    this.bump(this.at(region, from), -1);
    this.bump(this.at(region, to), 1);
  }
}
