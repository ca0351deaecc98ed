/**
 * Runs a whole scenario: every design over the same cluster and workload, each analysed by the same hotspot
 * detection that reads a live cluster's load series (`src/analysis/detect/`), plus each read pattern's cost.
 *
 * @module
 */
import { detectHotspots, detectTables, isTablesResult } from '../analysis/detect/index.js';
import type { DetectResult, TablesDetectResult } from '../analysis/detect/index.js';
import type { LoadSeries, LoadSnapshot, RegionLoad } from '../model/types.js';
import { prepareDesigns, type PreparedDesign } from './design.js';
import { simulateDesign, simulateTables, type DesignRun, type SimulationOptions } from './engine.js';
import { readCosts, type ReadCost } from './read-cost.js';
import type { Scenario, ScenarioTable } from './scenario/types.js';

/** One design's outcome. */
export interface DesignOutcome {
  /** The design's name and template. */
  readonly name: string;
  readonly template: string;
  /** The simulation: load series, samples, splits, moves. */
  readonly run: DesignRun;
  /** Hotspot detection over the run's load series and key samples. */
  readonly detection: DetectResult;
  /** Cost of one query of each read pattern. */
  readonly reads: readonly ReadCost[];
}

/**
 * Several tables simulated on the same servers: their one load series (format version 2, every table) and the
 * analysis of several tables over it (each table against its own fair share, servers by the sum of the tables).
 */
export interface TablesOutcome {
  /** Every table's regions in each snapshot, each region naming its table. */
  readonly series: LoadSeries;
  /** The multi-table detection; its `tables` are the designs' detections, in order. */
  readonly detection: TablesDetectResult;
}

/**
 * A scenario's outcome: one entry per design, in the file's order, then one per secondary index table. For a
 * scenario of tables (`tables:`), one entry per table (named as the table) and `tables` with the cluster's view.
 */
export interface ScenarioOutcome {
  readonly scenario: Scenario;
  readonly designs: readonly DesignOutcome[];
  /** Present for a scenario of two or more tables. */
  readonly tables?: TablesOutcome;
}

/** Options of {@link simulateScenario}: the engine's, with progress reported over all designs. */
export interface SimulateScenarioOptions extends Omit<SimulationOptions, 'onStep'> {
  /** Called after each step of each design with steps done and total over all designs. */
  readonly onProgress?: (done: number, total: number) => void;
}

/**
 * Simulates and analyses every design of `scenario`.
 * @throws HotspotError for templates or pre-splits that do not fit (naming the scenario file, line and field), and
 *   from the analysis for a series it cannot read.
 */
export function simulateScenario(scenario: Scenario, options: SimulateScenarioOptions = {}): ScenarioOutcome {
  if (scenario.tables) return simulateTablesScenario(scenario, scenario.tables, options);
  const designs = prepareDesigns(scenario);
  const { onProgress, ...engineOptions } = options;
  const perDesign = Math.ceil(Math.min(options.durationMs ?? scenario.durationMs, scenario.durationMs) / scenario.stepMs);
  const outcomes = designs.map((design, i) => {
    const run = simulateDesign(scenario, design, { ...engineOptions, onStep: (done) => onProgress?.(i * perDesign + done, designs.length * perDesign) });
    const endMs = run.series.snapshots.at(-1)?.timeMs ?? scenario.startMs;
    // the reads are the main table's: an index table's own lookups are not part of the scenario's workload
    const reads = design.spec.index === undefined ? readCosts(scenario, design, run.finalCluster, endMs) : [];
    // the scenario knows which of its reads scan rows a filter drops: the scan-amplification finding names them
    const readPatterns = scannedPatterns(reads);
    const detection = detectHotspots(run.series, { samples: run.samples, readPatterns });
    return { name: design.spec.name, template: design.spec.template, run, detection, reads };
  });
  return { scenario, designs: outcomes };
}

/** The scenario as table `t` of a scenario of tables sees it: its table, its workload and its design alone. */
export function tableScenario(scenario: Scenario, t: ScenarioTable): Scenario {
  const { tables: _all, indexes: _none, ...rest } = scenario;
  return { ...rest, table: t.table, workload: t.workload, designs: [t.design] };
}

/**
 * The tables' runs as one load series of format version 2: each snapshot holds every table's regions (each naming
 * its table), the tables in the scenario's order. The runs share their step times.
 */
export function tablesSeries(scenario: Scenario, runs: readonly DesignRun[]): LoadSeries {
  const first = runs[0];
  if (!first) throw new Error('tablesSeries needs at least one run');
  const names = runs.map((r) => r.series.table);
  const snapshots: LoadSnapshot[] = first.series.snapshots.map((snap, k) => ({
    timeMs: snap.timeMs,
    table: first.series.table,
    regions: runs.flatMap((run) => (run.series.snapshots[k]?.regions ?? []).map((r): RegionLoad => ({ ...r, table: run.series.table }))),
  }));
  return { table: first.series.table, tables: names, source: { kind: 'simulate', description: `${scenario.name} (${first.mode})`, intervalMs: scenario.stepMs }, snapshots };
}

/**
 * Analyses the tables of a scenario of tables from their designs' runs: the one series of every table and the
 * detection of several tables over it, each table with its own key samples and read patterns; each design's detection
 * is then its table's (findings naming the table). Used after a simulation and again after redaction.
 * @throws HotspotError from the analysis.
 */
export function analyseTables(scenario: Scenario, designs: readonly Omit<DesignOutcome, 'detection'>[]): { designs: DesignOutcome[]; tables?: TablesOutcome } {
  const series = tablesSeries(scenario, designs.map((d) => d.run));
  const perTable = new Map(designs.map((d) => [d.run.series.table, { samples: d.run.samples, readPatterns: scannedPatterns(d.reads) }]));
  const result = detectTables(series, { perTable });
  if (!isTablesResult(result)) return { designs: designs.map((d) => ({ ...d, detection: result })) };
  return { designs: designs.map((d, i) => ({ ...d, detection: result.tables[i] ?? result })), tables: { series, detection: result } };
}

/** The read patterns that scan rows a filter drops (the scan-amplification finding names them). */
function scannedPatterns(reads: readonly ReadCost[]): string[] {
  return reads.filter((r) => !r.exact && r.rowsScanned > r.rowsReturned).map((r) => r.pattern);
}

function simulateTablesScenario(scenario: Scenario, tables: readonly ScenarioTable[], options: SimulateScenarioOptions): ScenarioOutcome {
  const parts = tables.map((t) => {
    const sub = tableScenario(scenario, t);
    return { scenario: sub, design: prepareDesigns(sub)[0] as PreparedDesign };
  });
  const { onProgress, ...engineOptions } = options;
  const runs = simulateTables(parts, { ...engineOptions, onStep: (done, total) => onProgress?.(done, total) });
  const outcomes = runs.map((run, i) => {
    const part = parts[i] as (typeof parts)[number];
    const endMs = run.series.snapshots.at(-1)?.timeMs ?? scenario.startMs;
    const reads = readCosts(part.scenario, part.design, run.finalCluster, endMs);
    return { name: part.design.spec.name, template: part.design.spec.template, run, reads };
  });
  const analysed = analyseTables(scenario, outcomes);
  return { scenario, designs: analysed.designs, ...(analysed.tables ? { tables: analysed.tables } : {}) };
}
