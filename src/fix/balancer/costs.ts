/**
 * The StochasticLoadBalancer's cost of a placement (hbase-server 2.6.x, `StochasticLoadBalancer.needsBalance` and the
 * cost functions it builds in `createCostFunctions`), for one table's regions. Reproduced: `RegionCountSkewCostFunction`
 * (500), `TableSkewCostFunction` (35; with one table, the same region-count skew), `ReadRequestCostFunction` and
 * `WriteRequestCostFunction` (5 each, `CostFromRegionLoadAsRateFunction`), `MemStoreSizeCostFunction` and
 * `StoreFileCostFunction` (5 each, `CostFromRegionLoadFunction`), `MoveCostFunction` (7; 0 for the current placement).
 * `ServerLocalityCostFunction` (25) and `RackLocalityCostFunction` (15) count in the multiplier sum with cost 0, as
 * HBase computes them without HDFS block locations. For a table with read replicas, also `PrimaryRegionCountSkewCostFunction`,
 * `RegionReplicaHostCostFunction` and `RegionReplicaRackCostFunction` (`replica-costs.ts`), and `needsBalance` says
 * yes first when some server hosts two replicas of one range (`areSomeRegionReplicasColocated`).
 * Checked against HBase's own classes: `test/golden/java/BalancerCosts.java`.
 *
 * @module
 */
import { ReplicaHostCost, primariesPerServer, replicaLayout } from './replica-costs.js';
import { skewCost, scale } from './skew.js';

/** Multipliers (`hbase.master.balancer.stochastic.*Cost`) of the reproduced cost functions. */
export interface BalancerMultipliers {
  readonly regionCountCost: number;
  readonly tableSkewCost: number;
  readonly readRequestCost: number;
  readonly writeRequestCost: number;
  readonly memstoreSizeCost: number;
  readonly storefileSizeCost: number;
  readonly moveCost: number;
  readonly localityCost: number;
  readonly rackLocalityCost: number;
  /** `primaryRegionCountCost`: needed only for a table with read replicas (`replica-costs.ts`). */
  readonly primaryRegionCountCost: number;
  /** `regionReplicaHostCostKey`: needed only for a table with read replicas. */
  readonly regionReplicaHostCost: number;
  /** `regionReplicaRackCostKey`: needed only for a table with read replicas. */
  readonly regionReplicaRackCost: number;
}

/** HBase 2.6 defaults. */
export const DEFAULT_MULTIPLIERS: BalancerMultipliers = {
  regionCountCost: 500, tableSkewCost: 35, readRequestCost: 5, writeRequestCost: 5, memstoreSizeCost: 5,
  storefileSizeCost: 5, moveCost: 7, localityCost: 25, rackLocalityCost: 15,
  primaryRegionCountCost: 500, regionReplicaHostCost: 100_000, regionReplicaRackCost: 10_000,
};

/** `hbase.master.balancer.stochastic.minCostNeedBalance` default (a Java float, 0.025f). */
export const MIN_COST_NEED_BALANCE = Math.fround(0.025);
/** `hbase.regions.slop` default of the balancers (`BaseLoadBalancer.getDefaultSlop`, a float). */
export const DEFAULT_SLOP = Math.fround(0.2);

/** One region as the balancer sees it. */
export interface BalancerRegion {
  /** Encoded region name. */
  readonly encodedName: string;
  /** Index into {@link BalancerCluster.servers}. */
  readonly server: number;
  /** Read requests per load report (the mean counter increase between RegionServer reports, see `loadReportRate`). */
  readonly readsPerReport: number;
  /** Write requests per load report. */
  readonly writesPerReport: number;
  /** Store file size, MB (HBase `storefileSizeMB`). */
  readonly storeFileMB: number;
  /** Memstore size, MB; 0 when unknown. */
  readonly memStoreMB: number;
  /**
   * For a table with read replicas (set on every region then, absent otherwise): the key range it serves (the same
   * text for a primary and its replicas, `table,startKey,regionId` of their names) and its replica id (0: the primary).
   */
  readonly replica?: { readonly range: string; readonly id: number };
}

/** A placement: RegionServer names and the table's regions on them. */
export interface BalancerCluster {
  readonly servers: readonly string[];
  readonly regions: readonly BalancerRegion[];
}

/** One cost function's figure. */
export interface FunctionCost {
  /** HBase class name. */
  readonly function: string;
  readonly multiplier: number;
  /** 0–1. */
  readonly cost: number;
}

/** Result of {@link balancerCost}. */
export interface BalancerCost {
  readonly functions: readonly FunctionCost[];
  /** Σ multiplier × cost. */
  readonly weightedCost: number;
  /** Σ multiplier of the needed functions. */
  readonly sumMultiplier: number;
  /** weightedCost ÷ sumMultiplier, compared with {@link MIN_COST_NEED_BALANCE}. */
  readonly averageCost: number;
  /** Whether `needsBalance` says yes: an idle or sloppy server, or averageCost ≥ the threshold. */
  readonly needsBalance: boolean;
  /** Why, in words. */
  readonly reason: string;
}

function perServer(cluster: BalancerCluster, value: (r: BalancerRegion) => number): number[] {
  const sums = cluster.servers.map(() => 0);
  for (const r of cluster.regions) sums[r.server] = (sums[r.server] ?? 0) + value(r);
  return sums;
}

/** `BaseLoadBalancer.sloppyRegionServerExist`: a server's region count outside ⌊avg·(1−slop)⌋..⌈avg·(1+slop)⌉ (float maths). */
export function sloppyServerExists(counts: readonly number[], slop = DEFAULT_SLOP): boolean {
  if (counts.length === 0) return false;
  const average = Math.fround(counts.reduce((a, b) => a + b, 0) / counts.length);
  const floor = Math.floor(Math.fround(average * Math.fround(1 - slop)));
  const ceiling = Math.ceil(Math.fround(average * Math.fround(1 + slop)));
  return Math.max(...counts) > ceiling || Math.min(...counts) < floor;
}

/** `hbase.master.balancer.stochastic.maxMovePercent` default in HBase 2.6 (`MoveCostFunction.DEFAULT_MAX_MOVE_PERCENT`). */
export const DEFAULT_MAX_MOVE_PERCENT = 1.0;

/**
 * `MoveCostFunction.cost`: moved regions scaled between 0 and min(regions, max(⌊regions × maxMovePercent⌋, 600));
 * above max(⌊regions × maxMovePercent⌋, 600), 1 000 000 (the balancer never takes such a plan). With HBase 2.6's
 * default percent (1.0) that is moved ÷ regions.
 */
export function moveCost(moved: number, regions: number, maxMovePercent = DEFAULT_MAX_MOVE_PERCENT): number {
  // Java: (int) (numRegions * maxMovesPercent), an int times a float in float arithmetic.
  const maxMoves = Math.max(Math.trunc(Math.fround(Math.fround(regions) * Math.fround(maxMovePercent))), 600);
  if (moved > maxMoves) return 1_000_000;
  return scale(0, Math.min(regions, maxMoves), moved);
}

/**
 * The balancer's cost of a placement of one table and its `needsBalance` verdict (fewer than 2 servers: never).
 * @param moved - regions moved from the starting placement (0 for the current one).
 */
export function balancerCost(cluster: BalancerCluster, multipliers: BalancerMultipliers = DEFAULT_MULTIPLIERS, moved = 0): BalancerCost {
  const m = multipliers;
  const counts = perServer(cluster, () => 1);
  const regionSkew = skewCost(counts);
  const layout = replicaLayout(cluster);
  const hostCost = layout ? new ReplicaHostCost(layout, cluster.regions.map((r) => r.server)).cost() : 0;
  // the weighted sum adds the functions in this order, as BalancerState does (HBase lists the replica ones elsewhere)
  const functions: FunctionCost[] = [
    { function: 'RegionCountSkewCostFunction', multiplier: m.regionCountCost, cost: regionSkew },
    { function: 'MoveCostFunction', multiplier: m.moveCost, cost: moveCost(moved, cluster.regions.length) },
    { function: 'ServerLocalityCostFunction', multiplier: m.localityCost, cost: 0 },
    { function: 'RackLocalityCostFunction', multiplier: m.rackLocalityCost, cost: 0 },
    { function: 'TableSkewCostFunction', multiplier: m.tableSkewCost, cost: regionSkew },
    ...(layout
      ? [
          { function: 'RegionReplicaHostCostFunction', multiplier: m.regionReplicaHostCost, cost: hostCost },
          { function: 'RegionReplicaRackCostFunction', multiplier: m.regionReplicaRackCost, cost: 0 },
          { function: 'PrimaryRegionCountSkewCostFunction', multiplier: m.primaryRegionCountCost, cost: skewCost(primariesPerServer(cluster, layout)) },
        ]
      : []),
    { function: 'ReadRequestCostFunction', multiplier: m.readRequestCost, cost: skewCost(perServer(cluster, (r) => r.readsPerReport)) },
    { function: 'WriteRequestCostFunction', multiplier: m.writeRequestCost, cost: skewCost(perServer(cluster, (r) => r.writesPerReport)) },
    { function: 'MemStoreSizeCostFunction', multiplier: m.memstoreSizeCost, cost: skewCost(perServer(cluster, (r) => r.memStoreMB)) },
    { function: 'StoreFileCostFunction', multiplier: m.storefileSizeCost, cost: skewCost(perServer(cluster, (r) => r.storeFileMB)) },
  ];
  const needed = functions.filter((f) => f.multiplier > 0);
  const weightedCost = needed.reduce((s, f) => s + f.cost * f.multiplier, 0);
  const sumMultiplier = needed.reduce((s, f) => s + f.multiplier, 0);
  const averageCost = sumMultiplier > 0 ? weightedCost / sumMultiplier : 0;
  const verdict = (needsBalance: boolean, reason: string): BalancerCost => ({ functions, weightedCost, sumMultiplier, averageCost, needsBalance, reason });
  if (cluster.servers.length < 2) return verdict(false, `only ${cluster.servers.length} RegionServer(s); the balancer needs 2`);
  if (hostCost > 0) return verdict(true, 'a RegionServer hosts two replicas of one region (areSomeRegionReplicasColocated)');
  if (counts.some((c) => c === 0) && counts.some((c) => c > 1)) return verdict(true, 'a RegionServer hosts none of the regions while another hosts several (idle server)');
  if (sloppyServerExists(counts)) return verdict(true, `a RegionServer's region count is outside the average ± ${Math.round(DEFAULT_SLOP * 100)}% (sloppy server)`);
  const figure = `weighted average cost ${averageCost.toFixed(4)}`;
  return averageCost < MIN_COST_NEED_BALANCE
    ? verdict(false, `${figure} < minCostNeedBalance ${MIN_COST_NEED_BALANCE.toFixed(3)}: the balancer skips this table`)
    : verdict(true, `${figure} ≥ minCostNeedBalance ${MIN_COST_NEED_BALANCE.toFixed(3)}`);
}
