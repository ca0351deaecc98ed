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
import { keyRangeOfName, replicaIdOfName } from '../../regions/index.js';
import { HotspotError } from '../../util/errors.js';
import { type BalancerCluster, type BalancerCost, type BalancerMultipliers, DEFAULT_MULTIPLIERS, balancerCost } from './costs.js';
import { loadReportRate } from './skew.js';
import { BalancerState } from './state.js';

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
 * Region loads the balancer remembers by default (`hbase.master.balancer.stochastic.numRegionLoadsToRemember`): its
 * request costs are the mean rate between the first and the last of them (`CostFromRegionLoadAsRateFunction`).
 */
export const REGION_LOADS_REMEMBERED = 15;

/**
 * How often the master hands the balancer the cluster's load by default (`hbase.balancer.statusPeriod`, the
 * `ClusterStatusChore`), ms: each hand-over adds one remembered region load, so the 15 remembered span the last 14
 * minutes (RegionServers report every 3 s, but the balancer keeps only what the chore passes on).
 */
export const DEFAULT_BALANCER_STATUS_PERIOD_MS = 60_000;

/**
 * The snapshots the balancer's remembered loads span: from the last snapshot back over (15 − 1) status periods
 * ({@link DEFAULT_BALANCER_STATUS_PERIOD_MS}, 14 minutes), and at least the last two (a series sampled more sparsely
 * than that gives its last interval). A recording shorter than that is taken whole, as the balancer then averages
 * over all it was handed.
 */
function rememberedSnapshots(series: LoadSeries): LoadSeries['snapshots'] {
  const last = series.snapshots.at(-1) as LoadSeries['snapshots'][number];
  const from = last.timeMs - (REGION_LOADS_REMEMBERED - 1) * DEFAULT_BALANCER_STATUS_PERIOD_MS;
  let start = series.snapshots.length - 2;
  while (start > 0 && (series.snapshots[start - 1] as LoadSeries['snapshots'][number]).timeMs >= from) start--;
  return series.snapshots.slice(start);
}

/**
 * What the balancer would do with this placement: from the current placement, the single move (a region to another
 * server) that lowers the weighted cost most, again and again, until none lowers it by more than 1e-12. Candidates
 * run region by region, servers in order within a region; a later one replaces the best only with a strictly lower
 * cost, so ties go to the first. Each candidate is ranked on the cost functions' state for the two servers it touches
 * ({@link BalancerState}); the few within its tolerance of the best or of the threshold get the exact figure, which is
 * what {@link balancerCost} gives for the moved placement to the bit, so moves, order and costs are those of
 * recomputing every cost for every candidate.
 * @param maxMoves - cap on the search's moves (default 20).
 */
export function balancerWhatIf(cluster: BalancerCluster, multipliers: BalancerMultipliers = DEFAULT_MULTIPLIERS, maxMoves = 20): BalancerWhatIf {
  const current = balancerCost(cluster, multipliers);
  const moves: BalancerMove[] = [];
  if (!current.needsBalance) return { multipliers, current, moves, after: current };
  const state = new BalancerState(cluster, multipliers);
  const { placement, tolerance } = state;
  const servers = cluster.servers.length;
  const estimates = new Float64Array(servers);
  let cost = current.weightedCost;
  for (let step = 0; step < maxMoves; step++) {
    const threshold = cost - 1e-12;
    let bestRegion = -1;
    let bestTo = -1;
    let bestCost = threshold;
    for (let region = 0; region < placement.length; region++) {
      const from = placement[region] as number;
      state.estimateMoves(region, estimates);
      for (let to = 0; to < servers; to++) {
        if (to === from) continue;
        // accepted only below both the threshold and the best so far; the estimate is within tolerance of the cost
        if ((estimates[to] as number) >= bestCost + tolerance) continue;
        const c = state.exactAfterMove(region, to);
        if (c < bestCost) {
          bestRegion = region;
          bestTo = to;
          bestCost = c;
        }
      }
    }
    const region = cluster.regions[bestRegion];
    if (!region) break;
    moves.push({
      encodedName: region.encodedName,
      from: cluster.servers[placement[bestRegion] as number] as string,
      to: cluster.servers[bestTo] as string,
      weightedCostAfter: bestCost,
    });
    state.applyMove(bestRegion, bestTo);
    cost = bestCost;
  }
  return { multipliers, current, moves, after: balancerCost(state.clusterOf(cluster), multipliers, state.moved) };
}

/**
 * The balancer's view of a load series' last placement: each region of the last snapshot on its RegionServer, its
 * read and write loads as the mean counter increase between the snapshots of the last {@link REGION_LOADS_REMEMBERED}
 * remembered region loads (the last 14 minutes) (`loadReportRate`, as HBase takes its remembered load reports; at least the last interval) rescaled to
 * one load report of `reportIntervalMs`, store files in MB; for a table with read replicas,
 * each region's key range and replica id (`replica`), which the replica cost functions need.
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
  // HBase's balancer sees the rates of its last remembered load reports, not the mean over a long recording
  const remembered = rememberedSnapshots(series);
  const spanMs = (last.timeMs - (remembered[0] as LoadSeries['snapshots'][number]).timeMs) / (remembered.length - 1);
  const perReport = reportIntervalMs / spanMs;
  // a table with read replicas: each region's key range and replica id (replica-costs.ts)
  const replicated = last.regions.some((r) => replicaIdOfName(r.name) > 0);
  const regions = last.regions.map((r) => {
    const history = remembered.flatMap((s) => s.regions.filter((x) => x.encodedName === r.encodedName));
    const reads = history.map((h) => h.readRequests ?? h.requests);
    const writes = history.map((h) => h.writeRequests ?? 0);
    return {
      encodedName: r.encodedName,
      server: servers.indexOf(r.server),
      readsPerReport: loadReportRate(reads) * perReport,
      writesPerReport: loadReportRate(writes) * perReport,
      storeFileMB: Math.trunc(r.storeSizeBytes / 2 ** 20),
      memStoreMB: 0,
      ...(replicated ? { replica: { range: keyRangeOfName(r.name), id: replicaIdOfName(r.name) } } : {}),
    };
  });
  return { servers, regions };
}
