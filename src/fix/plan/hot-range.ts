/**
 * The hot-range plan: contain, balancer off, split the hot region at the traffic median of sampled keys, move the
 * busier daughter to the least loaded RegionServer, balancer back on (or kept off when the what-if says it would undo
 * the move), remove the throttle.
 *
 * @module
 */
import type { RegionLoadShare } from '../../analysis/detect/index.js';
import { toBytesBinary, toStringBinary } from '../../bytes/index.js';
import { balanceSwitchCommand, splitCommand } from '../../hbase/shell/index.js';
import { type TrafficMedian, trafficMedian } from '../../regions/index.js';
import { HotspotError } from '../../util/errors.js';
import { type BalancerCluster, balancerWhatIf } from '../balancer/index.js';
import { type DraftStep, balancerOffStep, quotaSteps } from './common-steps.js';
import { type PlanInputs, type PlanLoads, loadText, planLoads } from './inputs.js';
import { hotRangeWithoutSamples, leastLoadedServer, primaryOf } from './no-samples.js';
import { listRegionsCommand } from './shell-text.js';
import { MIN_SPLIT_SAMPLES, type Refusal, type Runbook } from './types.js';

/** What {@link hotRangeSteps} returns. */
export interface HotRangePlan {
  readonly steps: DraftStep[];
  readonly refused: Refusal[];
  readonly warnings: string[];
  readonly evidence: string[];
  /** With a traffic-median split: the samples it rests on (see {@link Runbook.splitSamples}). */
  readonly splitSamples?: NonNullable<Runbook['splitSamples']>;
}

const pct = (x: number) => `${(x * 100).toFixed(1)}%`;
const SERVER_NAME_RE = /^[^,\s]+,\d+,\d+$/;

/**
 * The traffic median of the hot region, or why there is none: `noSamples` when no key sample falls in the region (then
 * the runbook is the one without samples).
 */
function median(inputs: PlanInputs, hot: RegionLoadShare): TrafficMedian | (Refusal & { readonly noSamples: boolean }) {
  const samples = (inputs.samples ?? []).map((s) => ({ key: s.key, weight: s.weight ?? 1 }));
  if (samples.length === 0) {
    return { action: 'split', noSamples: true, why: 'no key samples: the split point must divide the traffic, not the bytes (HBase\'s own split point is the midpoint of the largest store file); give --samples with request rowkeys' };
  }
  try {
    return trafficMedian(samples, toBytesBinary(hot.startKey), toBytesBinary(hot.endKey));
  } catch (e) {
    if (e instanceof HotspotError && e.code === 'SPLIT_SAMPLES_EMPTY') {
      return {
        action: 'split', noSamples: true,
        why: `none of the ${samples.length} key samples falls in region ${hot.encodedName} ["${hot.startKey}", "${hot.endKey}"): a split at the traffic median needs request rowkeys of that region; give --samples with them`,
      };
    }
    if (e instanceof HotspotError && e.code === 'SPLIT_RANGE_EMPTY') {
      return { action: 'split', noSamples: false, why: `region ${hot.encodedName} ["${hot.startKey}", "${hot.endKey}"): its end key does not sort after its start key, which no HBase region has; the series is malformed: record it again` };
    }
    if (e instanceof HotspotError) return { action: 'split', noSamples: false, why: e.message };
    throw e;
  }
}

/** Whether the default-weight balancer, after the move, would take the moved daughter back. */
function balancerVerdict(placement: BalancerCluster, hot: RegionLoadShare, m: TrafficMedian, moveUpper: boolean, target: string): string | undefined {
  const index = placement.regions.findIndex((r) => r.encodedName === hot.encodedName);
  const region = placement.regions[index];
  if (!region) return undefined;
  const servers = placement.servers.includes(target) ? placement.servers : [...placement.servers, target];
  const [lowShare, highShare] = m.shares;
  // a daughter is a key range of its own (its replicas, if any, are new regions the series does not hold)
  const { replica: _parentRange, ...parent } = region;
  const daughter = (name: string, share: number, server: number) => ({
    ...parent, encodedName: name, server, readsPerReport: region.readsPerReport * share, writesPerReport: region.writesPerReport * share,
    storeFileMB: Math.trunc(parent.storeFileMB / 2),
  });
  const targetIndex = servers.indexOf(target);
  const after: BalancerCluster = {
    servers,
    regions: [
      ...placement.regions.filter((_, i) => i !== index),
      daughter('lower daughter', lowShare, moveUpper ? region.server : targetIndex),
      daughter('upper daughter', highShare, moveUpper ? targetIndex : region.server),
    ],
  };
  const w = balancerWhatIf(after);
  const movedName = moveUpper ? 'upper daughter' : 'lower daughter';
  const back = w.moves.find((mv) => mv.encodedName === movedName);
  if (back) return `the balancer with default weights would move the ${movedName} off ${target} again (to ${back.to}); ${w.current.reason}`;
  return w.current.needsBalance
    ? `the balancer with default weights would act (${w.current.reason}) but not on the moved daughter`
    : `the balancer with default weights would leave the new placement alone (${w.current.reason})`;
}

/**
 * Steps for a hot range in region `hot` of `table`; `loads` are the servers' loads and the region's share its moves are
 * weighed with (default: over the span the hotspot is judged on, without swaps; see `planLoads`).
 */
export function hotRangeSteps(inputs: PlanInputs, hot: RegionLoadShare, loads: PlanLoads = planLoads(inputs, hot)): HotRangePlan {
  const table = inputs.detect.table;
  const refused: Refusal[] = [];
  const warnings: string[] = [];
  const evidence: string[] = [];
  const quota = quotaSteps(inputs, table);
  const m = median(inputs, hot);
  if ('action' in m) {
    if (!m.noSamples) return { steps: [...quota.set, ...quota.remove], refused: [{ action: m.action, why: m.why }], warnings, evidence };
    return { ...hotRangeWithoutSamples(inputs, hot, quota, (inputs.samples ?? []).length > 0 ? m.why : undefined, loads), evidence };
  }
  const splitText = toStringBinary(m.splitKey);
  evidence.push(
    `traffic median of ${m.requests} sampled request(s) in the region: split at "${splitText}" gives daughters ${pct(m.shares[0])} / ${pct(m.shares[1])}; ` +
    `the byte midpoint "${toStringBinary(m.byteMidpoint)}" would give ${pct(m.byteMidpointShares[0])} / ${pct(m.byteMidpointShares[1])}`,
  );
  const uncertain = m.samples < MIN_SPLIT_SAMPLES;
  if (uncertain) {
    warnings.push(`few key samples: only ${m.samples} of them fall in region ${hot.encodedName} (fewer than ${MIN_SPLIT_SAMPLES}), so the traffic median "${splitText}" and its ${pct(m.shares[0])} / ${pct(m.shares[1])} are uncertain: the real split of the requests may be far from even. Collect more request rowkeys of the region (createKeyReservoir in this library's client helpers; Java writers logging 1 in N rowkeys, docs/key-sampler.md) and plan again with --samples before running the split`);
  }
  if (m.hottestRow.share >= 0.5) {
    warnings.push(`one row, "${toStringBinary(m.hottestRow.key)}", takes ${pct(m.hottestRow.share)} of the region's sampled requests: its daughter stays hot whatever the split; treat that row as a single hot row`);
  }
  if (hot.replicaId !== undefined) return replicaRangeSteps(inputs, hot, m, { quota, refused, warnings, evidence, uncertain, loads });
  const steps: DraftStep[] = [...quota.set, balancerOffStep(table, 'daughter')];
  steps.push({
    kind: 'split',
    title: `Split ${hot.encodedName} at the traffic median "${splitText}"`,
    why: `the region takes ${pct(loads.hotShare)} of the table's requests${loads.span === 'now' ? ' over now' : ''} (fair share ${pct(inputs.detect.fairRegionShare)}); this split point divides its sampled requests ${pct(m.shares[0])} / ${pct(m.shares[1])}${uncertain ? ` (from only ${m.samples} key samples: uncertain, see the failure modes)` : ''}`,
    commands: [splitCommand(table, m.splitKey)],
    check: `${listRegionsCommand(table)} (once no region is in transition; the shell refuses while the split runs) shows two daughters online, one ending and one starting at "${splitText}", on ${hot.server}; a daughter holds reference files into the parent until compacted, and cannot be split again before (major_compact it first)`,
    undo: [],
    undoNote: `merge the two daughters back with merge_region 'ENCODED_LOWER', 'ENCODED_UPPER' once they have compacted (another disruption under write load)`,
    wait: { kind: 'daughters-online', table, splitKey: splitText },
  });
  const target = leastLoadedServer(inputs, loads.planned, hot.server);
  const moveUpper = m.shares[1] >= m.shares[0];
  if (!target) {
    refused.push({ action: 'move', why: `no RegionServer other than ${hot.server} is known; both daughters stay on it (give --rest so the live servers are read)` });
  } else if (!SERVER_NAME_RE.test(target[0])) {
    refused.push({ action: 'move', why: `RegionServer "${target[0]}" has no start code; move needs host,port,startcode (read the series through --rest)` });
  } else {
    const startKey = moveUpper ? splitText : hot.startKey;
    const name = `<encoded name of the ${moveUpper ? 'upper' : 'lower'} daughter, starting at "${startKey}">`;
    steps.push({
      kind: 'move',
      title: `Move the busier daughter (${moveUpper ? 'upper' : 'lower'}, ${pct(Math.max(...m.shares))} of the region's requests) to ${target[0]}`,
      why: `after a split both daughters stay on ${hot.server} (${loadText(loads, hot.server)}); ${target[0]} is the least loaded RegionServer (${loadText(loads, target[0])})`,
      commands: [`move '${name}', '${target[0]}'`],
      deferredMove: { table, startKey, server: target[0] },
      check: `${listRegionsCommand(table)} shows the daughter starting at "${startKey}" on ${target[0]}`,
      undo: [],
      undoNote: `move it back: move 'ENCODED', '${hot.server}'`,
      wait: { kind: 'region-on-server', table, startKey, server: target[0] },
    });
  }
  const verdict = target && inputs.placement ? balancerVerdict(inputs.placement, hot, m, moveUpper, target[0]) : undefined;
  if (verdict?.includes('move the')) {
    warnings.push(verdict);
    steps.push({
      kind: 'advice',
      title: 'Keep the balancer off until its request weights are raised',
      why: `${verdict}. Raise hbase.master.balancer.stochastic.readRequestCost and writeRequestCost (one at a time; higher weights also react to short spikes), then switch it on`,
      commands: [],
      check: 'balancer_enabled says false until the weights are changed',
      undo: [],
      undoNote: 'nothing to undo',
    });
  } else {
    steps.push({
      kind: 'balancer-on',
      title: 'Switch the balancer back on',
      why: `leaving it off lets region counts drift as tables grow${verdict ? `; what-if: ${verdict}` : ''}`,
      commands: [balanceSwitchCommand(true)],
      check: `after the next balancer run (hbase.balancer.period), ${listRegionsCommand(table)} still shows the daughters on different servers`,
      undo: [balanceSwitchCommand(false)],
      undoNote: 'switch it off again',
    });
  }
  warnings.push('balancer: a manually placed region goes back on the next balancer run unless the balancer is off or weighs request load enough to agree');
  warnings.push('reference files: a daughter cannot be split again until a compaction rewrote its reference files');
  if (inputs.quotaLimit !== undefined) warnings.push('throttle: see the quota step for the retry figures');
  steps.push(...quota.remove);
  return { steps, refused, warnings, evidence, splitSamples: { inRegion: m.samples, minimum: MIN_SPLIT_SAMPLES, uncertain } };
}

/**
 * The hot-range plan when the hot region is a secondary read replica (its range read with `Consistency.TIMELINE`):
 * split the range at the traffic median by its key (`split 'table', 'key'` finds the primary; HBase refuses a
 * replica's own name, and the range's replicas split with their primary), then see where the master placed the
 * daughters' replicas. No daughter is moved by hand (the master assigns a daughter's replicas apart from its
 * primary, on servers no runbook can name before the split), so the balancer stays as it is.
 */
function replicaRangeSteps(
  inputs: PlanInputs,
  hot: RegionLoadShare,
  m: TrafficMedian,
  draft: { quota: ReturnType<typeof quotaSteps>; refused: Refusal[]; warnings: string[]; evidence: string[]; uncertain: boolean; loads: PlanLoads },
): HotRangePlan {
  const table = inputs.detect.table;
  const splitText = toStringBinary(m.splitKey);
  const primary = primaryOf(inputs, hot);
  const primaryText = primary ? `its primary ${primary.encodedName} on ${primary.server}` : 'its primary';
  const steps: DraftStep[] = [...draft.quota.set];
  steps.push({
    kind: 'split',
    title: `Split the range of read replica ${hot.encodedName} (${primaryText}) at the traffic median "${splitText}"`,
    why: `the replica takes ${pct(draft.loads.hotShare)} of the table's requests${draft.loads.span === 'now' ? ' over now' : ''} (fair share ${pct(inputs.detect.fairRegionShare)}), reads sent with Consistency.TIMELINE; this split point divides its sampled requests ${pct(m.shares[0])} / ${pct(m.shares[1])}${draft.uncertain ? ` (from only ${m.samples} key samples: uncertain, see the failure modes)` : ''}. HBase splits a range through its primary (the split by key finds it) and refuses a replica's own name; every replica of the range splits with it`,
    commands: [splitCommand(table, m.splitKey)],
    check: `${listRegionsCommand(table)} (once no region is in transition) shows two daughters online, one ending and one starting at "${splitText}"; status 'detailed' lists each daughter's replicas (names ending _0001 and up)`,
    undo: [],
    undoNote: `merge the two daughters back with merge_region 'ENCODED_LOWER', 'ENCODED_UPPER' once they have compacted (another disruption under load)`,
    wait: { kind: 'daughters-online', table, splitKey: splitText },
  });
  steps.push({
    kind: 'advice',
    title: 'See where the daughters\' replicas landed, then detect again',
    why: `the master assigns each daughter's replicas itself, apart from the daughter's primary: the reads the replica took now divide between two replicas, on servers known only after the split. If both sit on one server, move one (move 'ENCODED', 'host,port,startcode' with the replica's encoded name from status 'detailed') to a server holding no copy of its range`,
    commands: [],
    check: `the next detect shows no replica of the range above k × the primaries' average, and ${hot.server} no longer hot`,
    undo: [],
    undoNote: 'nothing to undo',
  });
  draft.warnings.push('reference files: a daughter cannot be split again until a compaction rewrote its reference files');
  draft.warnings.push(`read replicas: a TIMELINE read goes to the replicas only when the primary has not answered within hbase.client.primaryCallTimeout.get (10 ms by default), unless the client names a replica (setReplicaId): a replica this busy says the primary's server (${primary?.server ?? 'unknown'}) is slow for the range too`);
  if (inputs.quotaLimit !== undefined) draft.warnings.push('throttle: see the quota step for the retry figures');
  steps.push(...draft.quota.remove);
  return { steps, refused: draft.refused, warnings: draft.warnings, evidence: draft.evidence, splitSamples: { inRegion: m.samples, minimum: MIN_SPLIT_SAMPLES, uncertain: draft.uncertain } };
}
