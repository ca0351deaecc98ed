/**
 * `design suggest --simulate`: runs every suggestion through the load simulator (`src/simulate/`) as one scenario —
 * the stated servers and write rate, the stated reads, one entity field with uniform popularity — and reports the
 * hotspot analysis's verdict per design. Entity-first keys are pre-split at quantiles of keys sampled from the
 * simulated entities, as their proposal says.
 *
 * @module
 */
import { stringify } from 'yaml';
import { toBytesBinary, toStringBinary } from '../../bytes/index.js';
import { splitPointBytes } from '../rules/reach.js';
import { rubyQuote } from './presplit.js';
import { compileTemplate } from '../../keys/template/index.js';
import { quantileSplitPoints } from '../../regions/index.js';
import { parseScenario } from '../../simulate/scenario/parse.js';
import { simulateScenario } from '../../simulate/simulate.js';
import type { SuggestInput, Suggestion } from './index.js';

/** Simulation settings. */
export interface SuggestSimulation {
  /** Entities writing (default 20,000). */
  readonly entities?: number;
  /** Simulated time (default `6h`). */
  readonly duration?: string;
}

/** One design's simulated verdict. */
export interface SimulatedVerdict {
  readonly template: string;
  /** Hotspot shape named by the analysis (`even`, `monotonic-tail`, ...). */
  readonly shape: string;
  /** Largest RegionServer share of requests over the run, 0..1, against the fair share 1/servers. */
  readonly hottestServerShare: number;
  readonly fairServerShare: number;
  /**
   * The split points the simulated table started with, ascending, in `toStringBinary` form (all of them): the
   * proposal's own points for salt-bucket and HexStringSplit pre-splits, quantiles of keys sampled from the simulated
   * entities for entity-first keys (whose proposal needs the user's own key samples).
   */
  readonly splits: readonly string[];
}

const START_MS = Date.UTC(2024, 5, 1);
/** `SPLITALGO` class names as a scenario's `preSplit.algorithm` names them. */
const SCENARIO_ALGORITHMS: Readonly<Record<string, string>> = { HexStringSplit: 'hex', DecimalStringSplit: 'decimal', UniformSplit: 'uniform' };
const SAMPLE_ENTITIES = 2000;

/**
 * The `create` options of the pre-split a simulation ran, every point written out: the proposal's own options when
 * the simulation used exactly its points, `SPLITS => [...]` with the simulated points otherwise.
 */
export function simulatedPresplit(s: Suggestion, sim: SimulatedVerdict): { readonly shell: string; readonly asProposed: boolean } {
  const proposed = splitPointBytes(s.presplit.splits)?.map((k) => toStringBinary(k));
  const same = proposed !== undefined && proposed.length === sim.splits.length && proposed.every((p, i) => p === sim.splits[i]);
  if (same) return { shell: s.presplit.shell, asProposed: true };
  return { shell: `SPLITS => [${sim.splits.map((p) => rubyQuote(toBytesBinary(p))).join(', ')}]`, asProposed: false };
}

/** The simulation's verdict for each suggestion, in the suggestions' order. */
export function simulateSuggestions(list: readonly Suggestion[], input: SuggestInput, options: SuggestSimulation = {}): SimulatedVerdict[] | string {
  const time = Object.keys(input.fields).find((f) => input.fields[f] === 'epochMs');
  const others = Object.keys(input.fields).filter((f) => f !== time);
  if (time === undefined || others.length !== 1) return 'the simulator models one entity field and one epochMs time field; --simulate needs exactly those';
  const entity = others[0] as string;
  const numeric = input.fields[entity] === 'int' || input.fields[entity] === 'long' || input.fields[entity] === 'sequence';
  const idFormat = numeric ? '%d' : 'e%07d';
  const count = options.entities ?? 20_000;
  const reads = input.access.flatMap((a) => {
    if (a.kind === 'latest-n') return [{ name: `latest 10 of one ${entity}`, kind: 'latest', limit: 10, ratePerSec: 100 }];
    if (a.kind === 'time-range') return [{ name: `last hour of one ${entity}`, kind: 'time-range', range: '1h', ratePerSec: 100 }];
    if (a.kind === 'point-get') return [{ name: `get one ${entity}`, kind: 'get', ratePerSec: 100 }];
    return [];
  });
  const designs = list.map((s) => ({ name: `${s.rank}. ${s.strategy}`, template: s.template, preSplit: preSplitFor(s, entity, time, idFormat, count) }));
  const doc = {
    name: 'design suggest',
    start: new Date(START_MS).toISOString(),
    duration: options.duration ?? '6h',
    step: '5m',
    cluster: { regionServers: input.servers },
    table: { name: input.table ?? 't', rowSizeBytes: 200, preSplit: 'none', splitPolicy: { kind: 'stepping' } },
    workload: {
      entities: { field: entity, count, idFormat, popularity: 'uniform' },
      timeField: time,
      writeRatePerSec: input.writesPerSec ?? 1000,
      ...(reads.length === 0 ? {} : { reads }),
    },
    designs,
  };
  const outcome = simulateScenario(parseScenario(stringify(doc), '<design suggest>'));
  return outcome.designs.map((d) => ({
    template: d.template,
    shape: d.detection.shape,
    hottestServerShare: d.detection.hottestServerShare,
    fairServerShare: d.detection.fairServerShare,
    splits: d.run.design.splits.map((k) => toStringBinary(k)),
  }));
}

/**
 * The scenario pre-split of suggestion `s`: one region per salt bucket as proposed, salt buckets cut into several
 * regions at keys sampled from the simulated entities (what `splits --template --samples` makes from real keys), the
 * proposed algorithm as it is, or quantiles of sampled keys.
 */
function preSplitFor(s: Suggestion, entity: string, time: string, idFormat: string, count: number): unknown {
  const split = s.presplit.splits;
  // one region per bucket: the proposal's own points (bucket bytes and the separator after them), nothing to sample
  if (s.presplit.regionsPerBucket === 1 && split.kind === 'points') return { splits: split.points };
  if (s.presplit.regionsPerBucket !== undefined) return { perSaltBucket: s.presplit.regionsPerBucket };
  if (split.kind === 'algorithm') return { algorithm: SCENARIO_ALGORITHMS[split.algorithm] ?? split.algorithm, regions: split.numRegions };
  const template = compileTemplate(s.template);
  const step = Math.max(1, Math.floor(count / SAMPLE_ENTITIES));
  const samples = [];
  for (let i = 0; i < count; i += step) {
    const id = idFormat === '%d' ? i : `e${String(i).padStart(7, '0')}`;
    samples.push({ key: template.encode({ [entity]: id, [time]: START_MS }), weight: 1 });
  }
  const wanted = Math.min(s.presplit.targetRegions, samples.length);
  return { splits: quantileSplitPoints(samples, wanted).splits.map((k) => toStringBinary(k)) };
}
