/**
 * Next steps for table-layout findings: an unsplit table gets its pre-split (split points at the quantiles of the
 * sampled keys, one `split` per point, or the way to compute them without samples); a lumpy pre-split gets a re-split
 * from the sampled keys' own alphabet, merges of never-written regions, or a salted key through `migrate`.
 *
 * @module
 */
import type { Finding, RegionLoadShare } from '../../analysis/detect/index.js';
import { toStringBinary } from '../../bytes/index.js';
import { rubyName, splitCommand } from '../../hbase/shell/index.js';
import { quantileSplitPoints } from '../../regions/index.js';
import type { DraftStep } from './common-steps.js';
import { KEY_SAMPLE_SOURCES } from './no-samples.js';
import type { PlanInputs } from './inputs.js';
import { listRegionsCommand } from './shell-text.js';

/** Regions a pre-split aims for per RegionServer. */
export const PRESPLIT_REGIONS_PER_SERVER = 2;

function serverCount(inputs: PlanInputs): number {
  return Math.max(inputs.servers?.length ?? 0, inputs.detect.servers.length, 2);
}

/** Split points at the quantiles of the samples, or `undefined` when they cannot give two regions. */
function quantiles(inputs: PlanInputs, regions: number): Uint8Array[] | undefined {
  const samples = (inputs.samples ?? []).map((s) => ({ key: s.key, weight: s.weight ?? 1 }));
  if (new Set(samples.map((s) => toStringBinary(s.key))).size < 2) return undefined;
  const q = quantileSplitPoints(samples, regions);
  return q.splits.length > 0 ? q.splits : undefined;
}

/**
 * Split points in bisection rounds: the middle point, then the middle points of the two halves it leaves, and so on;
 * each point of a round lies in a daughter of the round before, a different daughter for each.
 */
function bisectionRounds(points: readonly Uint8Array[]): Uint8Array[][] {
  const rounds: Uint8Array[][] = [];
  let ranges: [number, number][] = [[0, points.length]];
  while (ranges.length > 0) {
    const mids = ranges.map(([lo, hi]) => (lo + hi - 1) >> 1);
    rounds.push(mids.map((m) => points[m] as Uint8Array));
    ranges = ranges.flatMap(([lo, hi], i): [number, number][] => [[lo, mids[i] as number], [(mids[i] as number) + 1, hi]]).filter(([lo, hi]) => lo < hi);
  }
  return rounds;
}

/**
 * Steps that pre-split an unsplit table `region` (its only region): the split at the middle quantile of the sampled
 * keys, then the other quantiles in rounds for a person to run, each round once the daughters of the one before have
 * compacted (a daughter holds reference files into its parent until then, and HBase refuses to split it).
 */
export function presplitSteps(inputs: PlanInputs, region: RegionLoadShare): DraftStep[] {
  const table = inputs.detect.table;
  const regions = PRESPLIT_REGIONS_PER_SERVER * serverCount(inputs);
  const points = quantiles(inputs, regions);
  if (!points) {
    return [{
      kind: 'advice',
      title: `Pre-split table ${table}: compute split points from the key's format or from key samples`,
      why: `the table has one region, on ${region.server}, so one RegionServer takes all of its requests. Split points that match the key (hbase-hotspot splits for salt buckets, hex or decimal prefixes; design suggest for a template) or the quantiles of sampled request keys spread it over ${regions} regions. Key samples: ${KEY_SAMPLE_SOURCES.join('; ')}`,
      commands: [],
      check: `${listRegionsCommand(table)} shows the regions, and the next detect shows the load spread`,
      undo: [],
      undoNote: 'merge_region adjacent regions back',
    }];
  }
  const [[first], ...later] = bisectionRounds(points) as [[Uint8Array], ...Uint8Array[][]];
  const text = toStringBinary(first);
  const steps: DraftStep[] = [{
    kind: 'split',
    title: `Pre-split ${table}: split at "${text}" (the middle of ${points.length} quantiles of the sampled keys)`,
    why: `the table has one region, so ${region.server} takes all of its requests; ${points.length} split points at the quantiles of the sampled request keys give ${points.length + 1} regions of about equal traffic, which the balancer spreads over the servers by count; this one halves the traffic`,
    commands: [splitCommand(table, first)],
    check: `${listRegionsCommand(table)} (once no region is in transition) shows a region starting at "${text}"`,
    undo: [],
    undoNote: 'merge_region the two regions around the point once they have compacted',
    wait: { kind: 'daughters-online', table, splitKey: text },
  }];
  if (later.length > 0) {
    const rounds = later.map((round, i) => `round ${i + 1}: ${round.map((p) => splitCommand(table, p)).join('; ')}`);
    steps.push({
      kind: 'advice',
      title: `Pre-split ${table}: the other ${points.length - 1} split point(s), in ${later.length} round(s) once the daughters have compacted`,
      why: `after a split both daughters hold reference files into the parent's store files until a compaction rewrites them, and HBase refuses to split a region with references; each round splits daughters of the round before, once they have compacted (major_compact ${rubyName(table)}, then compaction_state ${rubyName(table)} says NONE): ${rounds.join('; ')}`,
      commands: [],
      check: `${listRegionsCommand(table)} shows ${points.length + 1} regions, one starting at each split point`,
      undo: [],
      undoNote: 'merge_region the two regions around a point once they have compacted',
    });
  }
  return steps;
}

/**
 * A region that took no write over the window: its write share is 0, or, when the source has no read/write split
 * (`writeShare` null), it took no request at all.
 */
function neverWrittenInWindow(r: RegionLoadShare): boolean {
  return r.writeShare === null ? r.share === 0 : r.writeShare === 0;
}

/**
 * Steps for a lumpy pre-split: re-split from the sampled alphabet, merge never-written regions (neighbouring regions
 * of the finding, which hold no rows, that took no write over the window), or a salted key.
 */
export function lumpySteps(inputs: PlanInputs, lumpy: Finding): DraftStep[] {
  const table = inputs.detect.table;
  // the finding's regions hold no rows; of them, those that took no write in the window (none at all when the source
  // has no read/write split) are never written, and only those are merged
  const idle = inputs.detect.regions.filter((r) => lumpy.regions.includes(r.encodedName) && r.lastSeenMs === inputs.detect.window.endMs && neverWrittenInWindow(r));
  // adjacent never-written regions pair up for merge_region (HBase merges neighbours)
  const pairs: [RegionLoadShare, RegionLoadShare][] = [];
  const ordered = inputs.detect.regions.filter((r) => r.lastSeenMs === inputs.detect.window.endMs);
  for (let i = 0; i + 1 < ordered.length; i++) {
    const [a, b] = [ordered[i] as RegionLoadShare, ordered[i + 1] as RegionLoadShare];
    if (idle.includes(a) && idle.includes(b) && a.endKey === b.startKey && !pairs.some(([x, y]) => x === a || y === a)) pairs.push([a, b]);
  }
  const points = quantiles(inputs, PRESPLIT_REGIONS_PER_SERVER * serverCount(inputs));
  const steps: DraftStep[] = [];
  steps.push({
    kind: 'advice',
    title: `Re-split from the sampled keys' own alphabet${points ? `: ${points.length} split points` : ''}`,
    why: points
      ? `the split points do not match the key: ${points.map((p) => `"${toStringBinary(p)}"`).join(', ')} are the quantiles of the sampled request keys, so each range takes about equal traffic; create the table anew with them (or split the hot regions at them) and move the data with hbase-hotspot migrate`
      : `the split points do not match the key; take split points from the key's real alphabet (hbase-hotspot splits) or from sampled request keys (${KEY_SAMPLE_SOURCES[0]})`,
    commands: [],
    check: 'the next detect shows no lumpy pre-split: no pre-split region holding no rows and under 10% of its fair share of the requests and of the writes beside a hot one',
    undo: [],
    undoNote: 'nothing to undo: the old table stays until the migration retires it',
  });
  if (pairs.length > 0) {
    steps.push({
      kind: 'advice',
      title: `Merge ${pairs.length} pair(s) of never-written neighbouring regions`,
      why: `${idle.length} regions hold no rows and took no writes over the window: they cost the master and the balancer (which counts them as load to spread) without serving the key. ${pairs.slice(0, 4).map(([a, b]) => `merge_region ${rubyName(a.encodedName)}, ${rubyName(b.encodedName)}`).join('; ')}${pairs.length > 4 ? `; … ${pairs.length - 4} more` : ''}`,
      commands: [],
      check: `${listRegionsCommand(table)} shows the merged regions, and the region count per server the balancer evens now follows the written ranges`,
      undo: [],
      undoNote: 'split the merged region at the old boundary',
    });
  }
  steps.push({
    kind: 'advice',
    title: 'Or change the key: a salted key spreads writes over every pre-split region, migrated with hbase-hotspot migrate',
    why: 'a salt bucket in front of the key makes every pre-split range take writes, whatever the rest of the key looks like',
    commands: [],
    check: 'hbase-hotspot lint on the new key design passes its split-alphabet check',
    undo: [],
    undoNote: 'switch readers back to the old table',
  });
  return steps;
}
