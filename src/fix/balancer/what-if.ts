/**
 * Balancer what-if: the StochasticLoadBalancer's cost of the current placement with given multipliers, whether it
 * would act, and what it would move. HBase searches randomly (`StochasticLoadBalancer.balanceTable`: random candidate
 * moves, kept when `computeCost` falls); this takes, deterministically, the single region move that lowers the
 * weighted cost most, again and again, until none does: the same objective, a steadier path, so the moves are the
 * ones the balancer is drawn to, not a promise of its exact plan.
 *
 * @module
 */
import type { LoadSeries } from '../../model/index.js';
import { HotspotError } from '../../util/errors.js';
import { type BalancerCluster, type BalancerCost, type BalancerMultipliers, DEFAULT_MULTIPLIERS, balancerCost } from './costs.js';
import { loadReportRate } from './skew.js';

/** One move the search takes. */
export interface BalancerMove {
  readonly encodedName: string;
  readonly from: string;
  readonly to: string;
  /** Σ multiplier × cost after the move. */
  readonly weightedCostAfter: number;
}

/** Result of {@link balancerWhatIf}. */
export interface BalancerWhatIf {
  readonly multipliers: BalancerMultipliers;
  readonly current: BalancerCost;
  /** Empty when the balancer would not act or no move lowers the cost. */
  readonly moves: readonly BalancerMove[];
  /** Cost after the moves (equal to `current` without moves). */
  readonly after: BalancerCost;
}

/** The cluster with its regions placed as `placement` says (one server index per region, in region order). */
export function placedAt(cluster: BalancerCluster, placement: readonly number[]): BalancerCluster {
  return { servers: cluster.servers, regions: cluster.regions.map((r, i) => ({ ...r, server: placement[i] as number })) };
}

/** How many regions `placement` has on another server than `home` (the move cost's count). */
export function movedFrom(home: readonly number[], placement: readonly number[]): number {
  return placement.filter((s, i) => s !== home[i]).length;
}

/** RegionServer load report interval HBase uses by default (`hbase.regionserver.msginterval`), ms. */
export const DEFAULT_REPORT_INTERVAL_MS = 3000;

/**
 * What the balancer would do with this placement.
 * @param maxMoves - cap on the search's moves (default 20).
 */
export function balancerWhatIf(cluster: BalancerCluster, multipliers: BalancerMultipliers = DEFAULT_MULTIPLIERS, maxMoves = 20): BalancerWhatIf {
  const current = balancerCost(cluster, multipliers);
  const moves: BalancerMove[] = [];
  if (!current.needsBalance) return { multipliers, current, moves, after: current };
  const home = cluster.regions.map((r) => r.server);
  let placement = [...home];
  let cost = current.weightedCost;
  const at = (p: readonly number[]) => placedAt(cluster, p);
  const movedCount = (p: readonly number[]) => movedFrom(home, p);
  for (let step = 0; step < maxMoves; step++) {
    let best: { region: number; to: number; cost: number } | undefined;
    for (let region = 0; region < placement.length; region++) {
      for (let to = 0; to < cluster.servers.length; to++) {
        if (to === placement[region]) continue;
        const next = [...placement];
        next[region] = to;
        const c = balancerCost(at(next), multipliers, movedCount(next)).weightedCost;
        if (c < cost - 1e-12 && (!best || c < best.cost)) best = { region, to, cost: c };
      }
    }
    if (!best) break;
    const region = cluster.regions[best.region];
    if (!region) break;
    moves.push({
      encodedName: region.encodedName,
      from: cluster.servers[placement[best.region] as number] as string,
      to: cluster.servers[best.to] as string,
      weightedCostAfter: best.cost,
    });
    placement = [...placement];
    placement[best.region] = best.to;
    cost = best.cost;
  }
  return { multipliers, current, moves, after: balancerCost(at(placement), multipliers, movedCount(placement)) };
}

/**
 * The balancer's view of a load series' last placement: each region of the last snapshot on its RegionServer, its
 * read and write loads as the mean counter increase between snapshots (`loadReportRate`, as HBase takes its remembered
 * load reports) rescaled to one load report of `reportIntervalMs`, store files in MB.
 * @param extraServers - RegionServers hosting none of the table's regions (the series does not name them).
 * @throws {@link HotspotError} `SERIES_TOO_SHORT` with fewer than two snapshots.
 */
export function clusterFromSeries(series: LoadSeries, extraServers: readonly string[] = [], reportIntervalMs = DEFAULT_REPORT_INTERVAL_MS): BalancerCluster {
  const last = series.snapshots.at(-1);
  const first = series.snapshots[0];
  if (!last || !first || series.snapshots.length < 2) {
    throw new HotspotError('SERIES_TOO_SHORT', `the load series of table "${series.table}" has fewer than two snapshots; the balancer's request costs need two load reports`);
  }
  const servers = [...new Set([...last.regions.map((r) => r.server), ...extraServers])].sort();
  const spanMs = (last.timeMs - first.timeMs) / (series.snapshots.length - 1);
  const perReport = reportIntervalMs / spanMs;
  const regions = last.regions.map((r) => {
    const history = series.snapshots.flatMap((s) => s.regions.filter((x) => x.encodedName === r.encodedName));
    const reads = history.map((h) => h.readRequests ?? h.requests);
    const writes = history.map((h) => h.writeRequests ?? 0);
    return {
      encodedName: r.encodedName,
      server: servers.indexOf(r.server),
      readsPerReport: loadReportRate(reads) * perReport,
      writesPerReport: loadReportRate(writes) * perReport,
      storeFileMB: Math.trunc(r.storeSizeBytes / 2 ** 20),
      memStoreMB: 0,
    };
  });
  return { servers, regions };
}
