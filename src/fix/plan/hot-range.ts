/**
 * The hot-range plan: contain, balancer off, split the hot region at the traffic median of sampled keys, move the
 * busier daughter to the least loaded RegionServer when that spreads load (weighed as the hot region's own move is
 * without samples, `weighMove`, with the daughter's projected load; else the daughters split again at their own traffic
 * medians), balancer back on (or kept off when the what-if says it would undo the move), remove the throttle.
 *
 * @module
 */
import type { RegionLoadShare } from '../../analysis/detect/index.js';
import { toBytesBinary, toStringBinary } from '../../bytes/index.js';
import { balanceSwitchCommand, rubyName, splitCommand } from '../../hbase/shell/index.js';
import { type TrafficMedian, trafficMedian } from '../../regions/index.js';
import { HotspotError } from '../../util/errors.js';
import { type BalancerCluster, balancerWhatIf } from '../balancer/index.js';
import { type DraftStep, balancerOffStep, quotaSteps } from './common-steps.js';
import { type PlanInputs, type PlanLoads, loadText, perSecondOver, planLoads } from './inputs.js';
import { type MoveWeighing, hotRangeWithoutSamples, leastLoadedServer, ofServerText, primaryOf, weighMove } from './no-samples.js';
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
 * The busier daughter's move to `target` (`[server, its load before]`), weighed as the hot region's own move is without
 * key samples (`weighMove`: the destination must not be made hot, and the busier of the two servers must then carry
 * less than the hot server did), with the daughter's projected load: its share of the region's sampled requests
 * (`m.shares`) × the region's load over `loads.span`. After the split both daughters are still on `hot.server`, so that
 * server's load is the region's server's before the move.
 * @returns `w`, the weighing (`undefined` when no server carries any load: the move is kept, nothing to weigh), and
 *   `refusal` when the move does not spread the load: its `why` with the figures in req/s, and `byItself`, whether the
 *   daughter alone is above k × the average of the servers other than the hot one (whichever server takes it is hot).
 *   Throws nothing.
 */
function weighDaughterMove(
  inputs: PlanInputs,
  loads: PlanLoads,
  hot: RegionLoadShare,
  m: TrafficMedian,
  target: readonly [string, number],
): { readonly w: MoveWeighing | undefined; readonly refusal?: { readonly why: string; readonly byItself: boolean; readonly w: MoveWeighing } } {
  const upper = m.shares[1] >= m.shares[0];
  const share = upper ? m.shares[1] : m.shares[0];
  const w = weighMove(inputs, loads, hot, target, loads.hotShare * share);
  if (!w || w.spreads) return { w };
  const over = perSecondOver(loads.span);
  const f = (x: number) => `${x.toFixed(1)} ${over}`;
  const swapped = loads.planned === loads.current ? '' : ' as the co-location swaps of this runbook leave the servers';
  // share ≥ 0.5: the busier of two shares summing to 1
  const regionLoad = w.region / share;
  const verdict = w.destination > w.k * w.othersAfter
    ? `above ${w.k} × the average of the other servers then (${f(w.othersAfter)}): a hot server`
    : `while ${hot.server} carries ${f(w.from)} now: the busiest server's load would not fall`;
  const alone = w.byItself
    ? `. By itself the daughter is above ${w.k} × the average of the servers other than ${hot.server} (${f(w.othersBefore)}), so whichever server takes it is hot`
    : '';
  return {
    w,
    refusal: {
      w,
      byItself: w.byItself,
      why: `moving the busier daughter (${upper ? 'upper' : 'lower'}, ${pct(share)} of the region's sampled requests) does not spread the load: the region takes ${pct(loads.hotShare)} of the table's requests (${ofServerText(regionLoad, w.from, over, hot.server, swapped)}), so the daughter takes ${f(w.region)}, and ${target[0]}, the least loaded server (${f(target[1])}), would carry ${f(w.destination)}, ${verdict}${alone}. The traffic median splits the region only in two; a range this hot needs more daughters: see the step after the split`,
    },
  };
}

/**
 * The traffic median of the daughter `[start, end)` of a split at the traffic median, from the same samples, or why it
 * has none (no sample in it, or every one on a single row: HBase never splits inside a row).
 */
function daughterMedian(samples: readonly { key: Uint8Array; weight: number }[], start: Uint8Array, end: Uint8Array): TrafficMedian | { readonly why: string } {
  try {
    return trafficMedian(samples, start, end);
  } catch (e) {
    if (e instanceof HotspotError && e.code === 'SPLIT_SINGLE_HOT_ROW') return { why: `its sampled requests all hit one row: no split point divides it (treat that row as a single hot row)` };
    if (e instanceof HotspotError && e.code === 'SPLIT_SAMPLES_EMPTY') return { why: 'no key sample falls in it: give --samples with its request rowkeys to place its split' };
    if (e instanceof HotspotError) return { why: e.message };
    throw e;
  }
}

/**
 * The advice step after a traffic-median split whose busier daughter cannot be moved without making a server hot or
 * leaving the busiest load where it was (`w`, see {@link weighDaughterMove}): split each daughter again at the traffic
 * median of its own sampled keys (the quartiles of the region's sampled requests), once the daughters have compacted,
 * with the exact `split` commands and each of the four ranges' share of the region's requests and load over
 * `loads.span`; a daughter whose samples give no split point says why. The plan has no split into more than two
 * otherwise (the multi-way pre-split at quantiles is for an unsplit table). Throws nothing.
 */
function furtherSplitStep(inputs: PlanInputs, hot: RegionLoadShare, m: TrafficMedian, loads: PlanLoads, w: MoveWeighing): DraftStep {
  const table = inputs.detect.table;
  const samples = (inputs.samples ?? []).map((s) => ({ key: s.key, weight: s.weight ?? 1 }));
  const splitText = toStringBinary(m.splitKey);
  const over = perSecondOver(loads.span);
  // the busier daughter's load ÷ its share: the region's load
  const regionLoad = w.region / Math.max(...m.shares);
  const load = (share: number) => `${(share * regionLoad).toFixed(1)} ${over}`;
  const halves = [
    { name: 'lower', start: toBytesBinary(hot.startKey), end: m.splitKey, startText: hot.startKey, endText: splitText, share: m.shares[0] },
    { name: 'upper', start: m.splitKey, end: toBytesBinary(hot.endKey), startText: splitText, endText: hot.endKey, share: m.shares[1] },
  ];
  const commands: string[] = [];
  const parts: string[] = [];
  const pieces: number[] = [];
  for (const h of halves) {
    const d = daughterMedian(samples, h.start, h.end);
    const range = `the ${h.name} daughter ["${h.startText}", "${h.endText}") (${pct(h.share)} of the region's requests, ${load(h.share)})`;
    if ('why' in d) {
      parts.push(`${range}: ${d.why}`);
      pieces.push(h.share);
      continue;
    }
    const key = toStringBinary(d.splitKey);
    commands.push(splitCommand(table, d.splitKey));
    const [a, b] = [h.share * d.shares[0], h.share * d.shares[1]];
    const few = d.samples < MIN_SPLIT_SAMPLES ? ` (from only ${d.samples} key samples: uncertain)` : '';
    parts.push(`${range} at its own traffic median "${key}", into ${pct(a)} (${load(a)}) and ${pct(b)} (${load(b)}) of the region's requests${few}`);
    pieces.push(a, b);
  }
  const busiest = Math.max(...pieces) * regionLoad;
  const stillHot = busiest > w.k * w.othersBefore;
  const bound = ` The busiest of the ${pieces.length} ranges then takes ${busiest.toFixed(1)} ${over}, ${stillHot ? 'still' : 'no longer'} above ${w.k} × the average of the servers other than ${hot.server} (${w.othersBefore.toFixed(1)} ${over})${stillHot ? ': split that range again at the traffic median of its own samples, the same way, once it has compacted' : ''}.`;
  const run = commands.length > 0
    ? ` Once both daughters have compacted (major_compact ${rubyName(table)}, then compaction_state ${rubyName(table)} says NONE; a daughter holds reference files into the parent until then, and HBase refuses to split it): ${commands.join('; ')}; then detect again and plan with --samples, which moves a range only when that spreads the load`
    : ' Neither daughter can be split again from these samples';
  return {
    kind: 'advice',
    title: commands.length > 0
      ? `Split each daughter again at its own traffic median, once both have compacted (${commands.length} more split${commands.length === 1 ? '' : 's'})`
      : 'The daughters cannot be split again from these samples',
    why: `the traffic median splits the region only in two, and the busier daughter cannot be moved without making a server hot or leaving the busiest load where it was (see the refused move); this plan has no split of a hot range into more than two, so split each daughter again at the traffic median of its own sampled keys: ${parts.join('; ')}.${bound}${run}`,
    commands: [],
    check: commands.length > 0
      ? `${listRegionsCommand(table)} shows ${pieces.length} regions over ["${hot.startKey}", "${hot.endKey}"), and the next detect no server above ${inputs.detect.k} × the others`
      : `the next detect shows whether ${hot.server} is still hot`,
    undo: [],
    undoNote: 'merge_region the two regions around a split point once they have compacted',
  };
}

/**
 * What a traffic median rests on, for the evidence: `N sampled request(s) <where>` when every sample in the range
 * stands for one request, else `N key sample(s) <where>, standing for an estimated M request(s)` (a weighted sample
 * stands for `weight` requests, so the sample weight `m.requests` estimates requests; it is no count of samples).
 */
function sampleBasis(m: Pick<TrafficMedian, 'requests' | 'samples'>, where: string): string {
  return m.requests === m.samples ? `${m.samples} sampled request(s) ${where}` : `${m.samples} key sample(s) ${where}, standing for an estimated ${Math.round(m.requests)} request(s)`;
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
    `traffic median of ${sampleBasis(m, 'in the region')}: split at "${splitText}" gives daughters ${pct(m.shares[0])} / ${pct(m.shares[1])}; ` +
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
  const balancerOff = balancerOffStep(table, 'daughter');
  const steps: DraftStep[] = [...quota.set, balancerOff];
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
  // whether a daughter is moved: not without a target, nor when its move does not spread the load
  let moved = target !== undefined && SERVER_NAME_RE.test(target[0]);
  let daughterRefused = false;
  if (!target) {
    refused.push({ action: 'move', why: `no RegionServer other than ${hot.server} is known; both daughters stay on it (give --rest so the live servers are read)` });
  } else if (!SERVER_NAME_RE.test(target[0])) {
    refused.push({ action: 'move', why: `RegionServer "${target[0]}" has no start code; move needs host,port,startcode (read the series through --rest)` });
  } else {
    const startKey = moveUpper ? splitText : hot.startKey;
    const name = `<encoded name of the ${moveUpper ? 'upper' : 'lower'} daughter, starting at "${startKey}">`;
    const daughter = weighDaughterMove(inputs, loads, hot, m, target);
    if (daughter.refusal) {
      moved = false;
      daughterRefused = true;
      // nothing is placed by hand: the balancer is left as it is
      steps.splice(steps.indexOf(balancerOff), 1);
      refused.push({ action: 'move', why: daughter.refusal.why });
      warnings.push(`${daughter.refusal.byItself ? 'the busier daughter is a hotspot by itself wherever it moves' : 'moving the busier daughter to the least loaded server does not spread the load'}: the traffic median splits the region only in two, and a range this hot needs more daughters; split each daughter again at its own traffic median once they have compacted (the step after the split), then plan again`);
      steps.push(furtherSplitStep(inputs, hot, m, loads, daughter.refusal.w));
    } else {
      const w = daughter.w;
      const over = perSecondOver(loads.span);
      const spread = w ? `; the daughter takes ${w.region.toFixed(1)} ${over}, so after the move ${target[0]} carries ${w.destination.toFixed(1)} and ${hot.server} ${(w.from - w.region).toFixed(1)} ${over}, ${target[0]} within ${w.k} × the average of the other servers then (${w.othersAfter.toFixed(1)} ${over})` : '';
      steps.push({
        kind: 'move',
        title: `Move the busier daughter (${moveUpper ? 'upper' : 'lower'}, ${pct(Math.max(...m.shares))} of the region's requests) to ${target[0]}`,
        why: `after a split both daughters stay on ${hot.server} (${loadText(loads, hot.server)}); ${target[0]} is the least loaded RegionServer (${loadText(loads, target[0])})${spread}`,
        commands: [`move '${name}', '${target[0]}'`],
        deferredMove: { table, startKey, server: target[0] },
        check: `${listRegionsCommand(table)} shows the daughter starting at "${startKey}" on ${target[0]}`,
        undo: [],
        undoNote: `move it back: move 'ENCODED', '${hot.server}'`,
        wait: { kind: 'region-on-server', table, startKey, server: target[0] },
      });
    }
  }
  const verdict = target && moved && inputs.placement ? balancerVerdict(inputs.placement, hot, m, moveUpper, target[0]) : undefined;
  if (daughterRefused) {
    // no balancer step: it was never switched off
  } else if (verdict?.includes('move the')) {
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
      check: moved
        ? `after the next balancer run (hbase.balancer.period), ${listRegionsCommand(table)} still shows the daughters on different servers`
        : `after the next balancer run (hbase.balancer.period), ${listRegionsCommand(table)} shows where the daughters are, and the next detect whether a server is still hot`,
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
