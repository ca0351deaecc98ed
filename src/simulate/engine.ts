/**
 * The simulation engine: runs one design over the scenario's cluster and workload in time steps and records a
 * {@link LoadSeries} (one snapshot per step, cumulative counters per region) and {@link KeySample}s.
 *
 * Per step: servers due to join join (empty); the balancer runs when its interval is due; the step's writes land
 * (aggregated or exact, see `writes.ts`) and the read patterns' rows are counted; the table is snapshotted; then
 * every region whose store size exceeds the split policy's size splits at the weighted median of its written keys
 * (HBase's store-file mid key), both daughters staying on the parent's RegionServer. Structural changes happen right
 * after a snapshot, so no interval's requests are lost when counters restart.
 *
 * @module
 */
import { compareBytes } from '../bytes/index.js';
import type { KeySample, LoadSeries, LoadSnapshot } from '../model/types.js';
import { runBalancer } from './balancer.js';
import { applyBulkLoads } from './bulk-load.js';
import { ClusterGroup, SimCluster, type MoveEvent, type SplitEvent } from './cluster.js';
import type { PreparedDesign } from './design.js';
import { entityIdFormatter, entitySampler, pickRepresentatives, redrawStrata } from './entities.js';
import { recordBuilder } from './fields.js';
import { writesBetween } from './rate-curve.js';
import { stepReads } from './reads.js';
import { createRng } from './rng.js';
import type { Scenario } from './scenario/types.js';
import { sizeToCheckBytes } from './split-policy.js';
import { aggregatedWrites, exactWrites, locateRepresentatives, planSlots, type StepContext } from './writes.js';

/** How to run. */
export interface SimulationOptions {
  /** `aggregated` (default, fast) or `exact` (every write generated; for validation). */
  readonly mode?: 'aggregated' | 'exact';
  /** Seed of every random choice (representatives, balancer, exact-mode draws); 1 when absent. */
  readonly seed?: number;
  /** Representative entities in aggregated mode (default 4096); entities are all used when there are fewer. */
  readonly representatives?: number;
  /** Key samples kept per step (default 16). */
  readonly samplesPerStep?: number;
  /** Simulate only this long from the start, ms (default: the scenario's duration). */
  readonly durationMs?: number;
  /** Called after each step with steps done and total. */
  readonly onStep?: (done: number, total: number) => void;
}

/** Writes per RegionServer during one step, as the engine placed them. */
export interface StepWrites {
  /** End of the step, epoch ms. */
  readonly timeMs: number;
  /** Writes (mutations) per server index in the step; servers are those of {@link DesignRun.servers}. */
  readonly serverWrites: readonly number[];
}

/** The result of simulating one design. */
export interface DesignRun {
  readonly design: PreparedDesign;
  readonly mode: 'aggregated' | 'exact';
  /** The snapshot at the start (counters 0), then one after every step. */
  readonly series: LoadSeries;
  /** Sampled request keys. */
  readonly samples: readonly KeySample[];
  readonly splits: readonly SplitEvent[];
  readonly moves: readonly MoveEvent[];
  /** RegionServer names at the end (index = server index). */
  readonly servers: readonly string[];
  /** The engine's own per-step write placement (used to compare modes). */
  readonly steps: readonly StepWrites[];
  /** Total writes and read rows over the run, per server index. */
  readonly serverWrites: readonly number[];
  readonly serverReads: readonly number[];
  /** The table's final regions (key range and server index), for read costs. */
  readonly finalCluster: SimCluster;
}

function addInto(total: number[], part: readonly number[]): void {
  part.forEach((v, i) => (total[i] = (total[i] ?? 0) + v));
}

/** One table of a simulation: the scenario as that table sees it (its table and workload) and its design. */
export interface TablePart {
  /** The scenario with this table's `table` and `workload`. */
  readonly scenario: Scenario;
  readonly design: PreparedDesign;
}

/** One table's running state: its regions, its generators and what it recorded so far. */
class TableRun {
  readonly cluster: SimCluster;
  private readonly rng: ReturnType<typeof createRng>;
  private readonly reps: ReturnType<typeof pickRepresentatives>;
  private readonly formatId: (i: number) => string;
  private readonly repIds: string[];
  private readonly slots: ReturnType<typeof planSlots>;
  private readonly draw: () => number;
  private readonly idOf: (i: number) => string;
  private readonly record: ReturnType<typeof recordBuilder> | undefined;
  private carry = 0;
  readonly snapshots: LoadSnapshot[];
  readonly samples: KeySample[] = [];
  readonly stepLog: StepWrites[] = [];
  readonly serverWrites: number[] = [];
  readonly serverReads: number[] = [];

  /**
   * @param seed - the table's seed (the run's seed for the first table).
   * @param placement - the RegionServers shared with the tables created before it and the server its first region
   *   goes to; a table of its own when absent.
   */
  constructor(readonly part: TablePart, readonly mode: 'aggregated' | 'exact', private readonly options: SimulationOptions, seed: number, placement?: { servers: string[]; first: number }) {
    const { scenario, design } = part;
    const { workload } = scenario;
    this.rng = createRng(seed);
    this.cluster = new SimCluster(scenario.table.name, design.splits, placement?.servers ?? scenario.cluster.regionServers, scenario.startMs, placement?.first ?? 0, design.assignment);
    this.reps = pickRepresentatives(workload.entities, options.representatives ?? 4096, this.rng);
    this.formatId = entityIdFormatter(workload.entities.idFormat);
    this.repIds = Array.from(this.reps.ids, this.formatId);
    this.slots = planSlots(this.reps);
    this.draw = mode === 'exact' ? entitySampler(workload.entities, this.rng) : () => 0;
    const idCache: (string | undefined)[] = [];
    this.idOf = (i: number) => idCache[i] ?? (idCache[i] = this.formatId(i));
    this.record = workload.fields?.length ? recordBuilder(workload, scenario.startMs, seed) : undefined;
    // the table as created, counters at 0: the first interval's rates need a snapshot before it
    this.snapshots = [this.cluster.snapshot(scenario.startMs)];
  }

  /** Step `s`, `[t0, t1)`: writes, bulk loads and reads land, the table is snapshotted, regions due split. */
  step(s: number, t0: number, t1: number): void {
    const { scenario, design } = this.part;
    const { workload, table } = scenario;
    const { cluster, rng, reps, repIds, mode } = this;
    const stepServerWrites = cluster.servers.map(() => 0);
    const ctx: StepContext = {
      cluster, template: design.template, entityField: workload.entities.field, timeField: workload.timeField, ...(this.record ? { record: this.record } : {}),
      rowSizeBytes: table.rowSizeBytes, rng, samplesPerStep: this.options.samplesPerStep ?? 16, samples: this.samples, serverWrites: stepServerWrites,
    };
    const writes = writesBetween(workload, t0, t1);
    if (mode === 'aggregated' && s > 0 && reps.strataFrom.length > 0) {
      redrawStrata(reps, rng);
      for (let j = reps.head; j < reps.ids.length; j++) repIds[j] = this.formatId(reps.ids[j] ?? 0);
    }
    let repRegion: Int32Array;
    if (mode === 'aggregated') repRegion = aggregatedWrites(ctx, this.slots, repIds, s, t0, t1 - t0, writes);
    else {
      const count = Math.floor(writes + this.carry);
      this.carry = writes + this.carry - count;
      exactWrites(ctx, this.draw, this.idOf, t0, t1 - t0, count);
      repRegion = workload.reads.length > 0 ? locateRepresentatives(ctx, repIds, (t0 + t1) / 2) : new Int32Array(0);
    }
    if (workload.bulkLoads?.length) applyBulkLoads(ctx, workload.bulkLoads, reps, repIds, scenario.startMs, t0, t1);
    const stepServerReads = cluster.servers.map(() => 0);
    stepReads(ctx, workload, reps, repRegion, repIds[0] ?? '', t0, t1 - t0, stepServerReads);
    this.snapshots.push(cluster.snapshot(t1));
    this.stepLog.push({ timeMs: t1, serverWrites: stepServerWrites });
    addInto(this.serverWrites, stepServerWrites);
    addInto(this.serverReads, stepServerReads);
    splitRegions(scenario, cluster, t1);
  }

  /** The table's run once every step is done. */
  result(): DesignRun {
    const { scenario, design } = this.part;
    const { cluster } = this;
    const series: LoadSeries = {
      table: scenario.table.name,
      source: { kind: 'simulate', description: `${scenario.name}: ${design.spec.name} (${this.mode})`, intervalMs: scenario.stepMs },
      snapshots: this.snapshots,
    };
    return {
      design, mode: this.mode, series, samples: this.samples, splits: cluster.splits, moves: cluster.moves, servers: cluster.servers,
      steps: this.stepLog, serverWrites: this.serverWrites, serverReads: this.serverReads, finalCluster: cluster,
    };
  }
}

/**
 * Simulates `design` under `scenario`.
 * @returns the design's load series, key samples, splits, moves and per-server totals.
 * @throws HotspotError from the template when a key cannot be encoded (e.g. a value too wide for a padded field).
 */
export function simulateDesign(scenario: Scenario, design: PreparedDesign, options: SimulationOptions = {}): DesignRun {
  return simulateTables([{ scenario, design }], options)[0] as DesignRun;
}

/**
 * Simulates several tables at once on the same RegionServers (the cluster, start, step and duration of the first
 * part's scenario; each part brings its own table, workload and design). The first table's regions are assigned
 * round-robin from the first server; each later table's from a server drawn with the seed, as HBase's
 * `roundRobinAssignment` starts a new table's regions at a random server. The balancer evens the region count of
 * all the tables together (HBase 2.x balances the cluster as a whole, `hbase.master.loadbalance.bytable` false);
 * each table splits by its own split policy, counting its own regions on a server.
 * @returns one run per part, in order; the runs share their servers.
 * @throws HotspotError from a template when a key cannot be encoded; Error for no parts.
 */
export function simulateTables(parts: readonly TablePart[], options: SimulationOptions = {}): DesignRun[] {
  const head = parts[0];
  if (!head) throw new Error('simulateTables needs at least one table');
  const { scenario } = head;
  const mode = options.mode ?? 'aggregated';
  // separate streams, so the exact mode's per-write draws do not change the balancer's choices
  const seed = options.seed ?? 1;
  const balancerRng = createRng(seed ^ 0x5bd1e995);
  const placementRng = createRng(seed ^ 0x27d4eb2d);
  const spec = scenario.cluster;
  const durationMs = Math.min(options.durationMs ?? scenario.durationMs, scenario.durationMs);
  const steps = Math.ceil(durationMs / scenario.stepMs);
  const runs: TableRun[] = [];
  parts.forEach((part, t) => {
    const servers = runs[0]?.cluster.servers;
    const placement = servers ? { servers, first: Math.floor(placementRng.next() * servers.length) } : undefined;
    runs.push(new TableRun(part, mode, options, t === 0 ? seed : (seed + t) % 2 ** 31, placement));
  });
  const first = (runs[0] as TableRun).cluster;
  const joins = [...spec.addServers].sort((a, b) => a.atMs - b.atMs);
  let joined = 0;
  let nextBalanceMs = scenario.startMs + spec.balancerIntervalMs;

  for (let s = 0; s < steps; s++) {
    const t0 = scenario.startMs + s * scenario.stepMs;
    const t1 = Math.min(t0 + scenario.stepMs, scenario.startMs + durationMs);
    // the servers are shared: a server joins once, through the first table
    for (; joined < joins.length && scenario.startMs + (joins[joined]?.atMs ?? 0) <= t0; joined++) {
      for (let k = 0; k < (joins[joined]?.count ?? 0); k++) first.addServer(t0);
    }
    if (t0 >= nextBalanceMs) {
      runBalancer(spec.balancer, runs.length === 1 ? first : new ClusterGroup(runs.map((r) => r.cluster)), t0, balancerRng);
      while (nextBalanceMs <= t0) nextBalanceMs += spec.balancerIntervalMs;
    }
    for (const run of runs) run.step(s, t0, t1);
    options.onStep?.(s + 1, steps);
  }
  return runs.map((r) => r.result());
}

function splitRegions(scenario: Scenario, cluster: SimCluster, timeMs: number): void {
  const counts = cluster.regionCounts();
  for (let i = cluster.regions.length - 1; i >= 0; i--) {
    const region = cluster.regions[i];
    if (!region || region.sizeBytes <= sizeToCheckBytes(scenario.table.splitPolicy, counts[region.server] ?? 1)) continue;
    const mid = region.sketch.median();
    // a region whose data is one row (or starts at the median) cannot split: a row is HBase's unit of distribution
    if (!mid || compareBytes(mid, region.startKey) <= 0 || (region.endKey.length > 0 && compareBytes(mid, region.endKey) >= 0)) continue;
    cluster.split(i, mid, timeMs);
    counts[region.server] = (counts[region.server] ?? 0) + 1;
  }
}
