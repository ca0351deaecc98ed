/**
 * The `simulate --json` document (documented in `docs/scenarios.md`): per design the shares, the shape and the
 * findings from the analysis, the per-server shares, the timeline, splits and moves, and the read costs. Shares are
 * fractions 0–1, times epoch ms.
 *
 * @module
 */
import { toStringBinary } from '../bytes/index.js';
import type { ReadCost } from './read-cost.js';
import type { DesignOutcome, ScenarioOutcome } from './simulate.js';

/** One design in the JSON document. */
export interface DesignJson {
  readonly name: string;
  readonly template: string;
  readonly fairServerShare: number;
  /** Largest server share of reads + writes over the run. */
  readonly hottestServerShare: number;
  /** Largest server share of writes over the run. */
  readonly hottestServerWriteShare: number | null;
  readonly hottestRegionShare: number;
  readonly shape: string;
  readonly alternatives: readonly { shape: string; separatedBy: string }[];
  readonly evidence: readonly string[];
  readonly findings: readonly { kind: string; summary: string }[];
  readonly servers: readonly { server: string; share: number; writeShare: number | null; readShare: number | null }[];
  readonly timeline: readonly { time: number; hottestServerShare: number; hottestServerWriteShare: number | null; hottestServer: string | null; regions: number; servers: number }[];
  /** Regions at the start and at the end of the run. */
  readonly regions: { readonly initial: number; readonly final: number };
  readonly splits: readonly { time: number; parent: string; splitKey: string; server: string }[];
  readonly moves: number;
  readonly reads: readonly ReadCost[];
}

function designJson(d: DesignOutcome): DesignJson {
  const det = d.detection;
  const snaps = d.run.series.snapshots;
  return {
    name: d.name,
    template: d.template,
    fairServerShare: det.fairServerShare,
    hottestServerShare: det.hottestServerShare,
    hottestServerWriteShare: det.hottestServerWriteShare,
    hottestRegionShare: det.hottestRegionShare,
    shape: det.shape,
    alternatives: det.alternatives.map((a) => ({ shape: a.shape, separatedBy: a.separatedBy })),
    evidence: det.evidence,
    findings: det.findings.map((f) => ({ kind: f.kind, summary: f.summary })),
    servers: det.servers.map((s) => ({ server: s.server, share: s.share, writeShare: s.writeShare, readShare: s.readShare })),
    timeline: det.timeline.map((t) => ({
      time: t.time, hottestServerShare: t.hottestServerShare, hottestServerWriteShare: t.hottestServerWriteShare, hottestServer: t.hottestServer, regions: t.regions, servers: t.servers,
    })),
    regions: { initial: snaps[0]?.regions.length ?? 0, final: snaps.at(-1)?.regions.length ?? 0 },
    splits: d.run.splits.map((s) => ({ time: s.timeMs, parent: s.parent, splitKey: toStringBinary(s.splitKey), server: s.server })),
    moves: d.run.moves.length,
    reads: d.reads,
  };
}

/** The whole `--json` document. */
export function scenarioJson(outcome: ScenarioOutcome): { scenario: string; designs: DesignJson[] } {
  return { scenario: outcome.scenario.name, designs: outcome.designs.map(designJson) };
}
