/**
 * Runs a whole scenario: every design over the same cluster and workload, each analysed by the same hotspot
 * detection that reads a live cluster's load series (`src/analysis/detect/`), plus each read pattern's cost.
 *
 * @module
 */
import { detectHotspots } from '../analysis/detect/index.js';
import type { DetectResult } from '../analysis/detect/index.js';
import { prepareDesigns } from './design.js';
import { simulateDesign, type DesignRun, type SimulationOptions } from './engine.js';
import { readCosts, type ReadCost } from './read-cost.js';
import type { Scenario } from './scenario/types.js';

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

/** A scenario's outcome: one entry per design, in the file's order, then one per secondary index table. */
export interface ScenarioOutcome {
  readonly scenario: Scenario;
  readonly designs: readonly DesignOutcome[];
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
  const designs = prepareDesigns(scenario);
  const { onProgress, ...engineOptions } = options;
  const perDesign = Math.ceil(Math.min(options.durationMs ?? scenario.durationMs, scenario.durationMs) / scenario.stepMs);
  const outcomes = designs.map((design, i) => {
    const run = simulateDesign(scenario, design, { ...engineOptions, onStep: (done) => onProgress?.(i * perDesign + done, designs.length * perDesign) });
    const endMs = run.series.snapshots.at(-1)?.timeMs ?? scenario.startMs;
    // the reads are the main table's: an index table's own lookups are not part of the scenario's workload
    const reads = design.spec.index === undefined ? readCosts(scenario, design, run.finalCluster, endMs) : [];
    // the scenario knows which of its reads scan rows a filter drops: the scan-amplification finding names them
    const readPatterns = reads.filter((r) => !r.exact && r.rowsScanned > r.rowsReturned).map((r) => r.pattern);
    const detection = detectHotspots(run.series, { samples: run.samples, readPatterns });
    return { name: design.spec.name, template: design.spec.template, run, detection, reads };
  });
  return { scenario, designs: outcomes };
}
