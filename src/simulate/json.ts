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
  /** In a scenario of tables, the table this entry is (the entry's name is the table's). */
  readonly table?: string;
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

function designJson(d: DesignOutcome, tables: boolean): DesignJson {
  const det = d.detection;
  const snaps = d.run.series.snapshots;
  return {
    name: d.name,
    ...(tables ? { table: d.run.series.table } : {}),
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

/** A scenario of several tables: the RegionServers judged by the sum of the tables, and the cluster's findings. */
export interface TablesJson {
  /** The tables, in the scenario's order. */
  readonly names: readonly string[];
  /** 1 / the servers hosting any table's regions, time-weighted. */
  readonly fairServerShare: number;
  /** Servers by descending share of all the tables' requests, each with every table's part of its load. */
  readonly servers: readonly { server: string; share: number; hot: boolean; regionCount: number; tables: readonly { table: string; share: number; regionCount: number }[] }[];
  /** Servers hot by the sum of the tables (`co-location` or `server-hotspot`), each naming the table that caused it. */
  readonly findings: readonly { kind: string; table: string | null; servers: readonly string[]; summary: string }[];
}

function tablesJson(outcome: ScenarioOutcome): TablesJson | undefined {
  const cluster = outcome.tables?.detection.cluster;
  if (!cluster) return undefined;
  return {
    names: cluster.tables,
    fairServerShare: cluster.fairServerShare,
    servers: cluster.servers.map((s) => ({ server: s.server, share: s.share, hot: s.hot, regionCount: s.regionCount, tables: s.tables })),
    findings: cluster.findings.map((f) => ({ kind: f.kind, table: f.table ?? null, servers: f.servers ?? [], summary: f.summary })),
  };
}

/** The whole `--json` document; `tables` only for a scenario of two or more tables. */
export function scenarioJson(outcome: ScenarioOutcome): { scenario: string; designs: DesignJson[]; tables?: TablesJson } {
  const tables = tablesJson(outcome);
  return { scenario: outcome.scenario.name, designs: outcome.designs.map((d) => designJson(d, outcome.scenario.tables !== undefined)), ...(tables ? { tables } : {}) };
}
