/**
 * The fix planner: from a detection result and what the operator knows, a {@link Runbook} matched to the hotspot's
 * shape (hot range: split at the traffic median and place the busier daughter apart, or without key samples move the
 * region and say how to get them; single row: replicas, cache or sharded rows, never a split; monotonic tail: a new
 * salted key, never a split), with a next step for the table's layout (an unsplit table's pre-split; a lumpy
 * pre-split's re-split, merges or salted key), or, for a table with no hotspot of its own whose region makes a server hot
 * by the sum of several tables, the move of that region to the least loaded server (or, when no server can take it
 * whole, the spreading of its own load; when many of the table's regions, none too busy, are stacked on the server,
 * their spread over the servers).
 *
 * @module
 */
import { type DetectResult, type RegionLoadShare, shapeEntry } from '../../analysis/detect/index.js';
import { HotspotError } from '../../util/errors.js';
import { timesText } from '../../util/ratio.js';
import { clusterSteps } from './cluster-steps.js';
import { hotRangeSteps } from './hot-range.js';
import { lumpySteps, presplitSteps } from './layout-steps.js';
import { swapSteps } from './swap-steps.js';
import { DEFAULT_MIN_REQUESTS_PER_SEC, type PlanInputs, hotRegionOf, planLoads, tableRateNow, tableServerRatesNow } from './inputs.js';
import { primaryOf } from './no-samples.js';
import { quotaRateWarning } from './quota-rate.js';
import { singleRowSteps, tailSteps } from './row-and-tail.js';
import type { Runbook } from './types.js';

/**
 * The runbook's `hotRegion`: where `region` is, which read replica when it is a secondary one, its share and the fair
 * share, and, with `now`, its figures over now when the headline names it.
 */
function hotRegionField(d: DetectResult, region: RegionLoadShare, now = true): Runbook['hotRegion'] {
  return {
    encodedName: region.encodedName, startKey: region.startKey, endKey: region.endKey, server: region.server,
    ...(region.replicaId === undefined ? {} : { replicaId: region.replicaId }),
    share: region.share, fairShare: d.fairRegionShare,
    ...(now && d.now?.region === region.encodedName ? { nowShare: d.now.regionShare, nowRequestsPerSec: d.now.regionRequestsPerSec } : {}),
  };
}

/**
 * The evidence line of a runbook with no hotspot: nothing placement or a split would change; load that is even but too
 * much for the servers is a matter of capacity, which this plan does not size.
 */
export const NO_HOTSPOT_EVIDENCE =
  'no hotspot was detected (no region or server above k × its peers): no move or split would even the load; if every server is strained alike, that is capacity (more RegionServers, handlers, caching), not a hotspot';

/**
 * The evidence lines of a runbook with no hotspot for each server far below its peers: one hosting at least the other
 * servers' average region count (rounded down) that took under 1 / k of their average load over the window. Its
 * regions are cold, or the server answers slowly (network, disks, GC) and its clients complete fewer requests there:
 * either way more capacity is not what it calls for. Empty when no server is so.
 */
export function coldServerEvidence(d: DetectResult): string[] {
  const lines: string[] = [];
  for (const s of d.servers) {
    if (s.peerRatio === null || s.peerRatio >= 1 / d.k) continue;
    const others = d.servers.filter((o) => o !== s);
    const regions = others.reduce((a, o) => a + o.regionCount, 0) / others.length;
    if (s.regionCount < Math.floor(regions)) continue;
    lines.push(`${s.server} took ${timesText(s.peerRatio)} its peers' average load over the window with ${s.regionCount} region(s), against ${regions.toFixed(1)} on each other server: its regions are cold, or it answers slowly (network, disks, GC) and its clients complete fewer requests there; look at that server before adding capacity`);
  }
  return lines;
}

/**
 * Plans the fix. Key samples (`inputs.samples`) are taken from the detection's window alone, as `detect` takes them
 * for the shape: samples recorded at another time (a file of another day) do not set a split point or name a hot row,
 * and the evidence says how many were left out.
 * @throws {@link HotspotError} `FIX_QUOTA_INVALID`, `FIX_REPLICAS_INVALID`, `FIX_BUCKETS_INVALID`, `FIX_OPTION_INVALID` (a negative or
 *   non-finite `minRequestsPerSec`) for bad options.
 */
export function planFix(inputs: PlanInputs): Runbook {
  const samples = inputs.samples;
  if (!samples || samples.length === 0) return planInWindow(inputs);
  const { startMs, endMs } = inputs.detect.window;
  const inside = samples.filter((s) => s.timeMs >= startMs && s.timeMs <= endMs);
  if (inside.length === samples.length) return planInWindow(inputs);
  const book = planInWindow({ ...inputs, samples: inside });
  const span = `${new Date(startMs).toISOString()} to ${new Date(endMs).toISOString()}`;
  const left = `${samples.length - inside.length} of the ${samples.length} key samples lie outside the series' window (${span}) and were left out: they describe another time's traffic${inside.length === 0 ? '; the plan is made as without samples' : ''}`;
  return { ...book, evidence: [left, ...book.evidence] };
}

function planInWindow(inputs: PlanInputs): Runbook {
  const d = inputs.detect;
  const hot = d.shape === 'none' ? undefined : hotRegionOf(d);
  const created = inputs.createdAtMs === undefined ? {} : { createdAtMs: inputs.createdAtMs, createdAt: new Date(inputs.createdAtMs).toISOString() };
  const base = { format: 'hbase-hotspot-runbook/1' as const, ...created, table: d.table, shape: d.shape };
  const moved = (!hot || d.shape === 'none') && inputs.cluster ? clusterSteps(d, inputs.cluster) : undefined;
  if (moved?.region) {
    // no hotspot of its own: the table's region makes a server hot by the sum of the tables; moving it is the step,
    // or, when it is too busy for any server, spreading its own load
    const r = moved.region;
    return {
      ...base,
      hotRegion: hotRegionField(d, r, false),
      steps: moved.steps.map((s, i) => ({ number: i + 1, ...s })),
      refused: moved.refused,
      warnings: [],
      evidence: moved.evidence,
    };
  }
  const unsplit = d.findings.find((f) => f.kind === 'unsplit-table');
  const only = unsplit ? d.regions.find((r) => r.encodedName === unsplit.regions[0]) : undefined;
  const rate = tableRateNow(d);
  const minRate = inputs.minRequestsPerSec ?? DEFAULT_MIN_REQUESTS_PER_SEC;
  if (!Number.isFinite(minRate) || minRate < 0) {
    throw new HotspotError('FIX_OPTION_INVALID', `minRequestsPerSec ${minRate}: give a request rate ≥ 0 in requests per second`, { field: 'minRequestsPerSec' });
  }
  const acted = hot ?? only;
  if (acted && rate < minRate) {
    // too little load for any step to be worth its cost: name what was seen, propose nothing
    return {
      ...base,
      hotRegion: hotRegionField(d, acted),
      steps: [],
      refused: [{ action: 'any step', why: `the table takes ${rate.toFixed(1)} requests/s over now, below the minimum of ${minRate} req/s (--min-rate): no server is strained at that rate, and a move, split or quota costs more than it saves; plan again under real load` }],
      warnings: [],
      evidence: [`${d.shape === 'none' ? 'no hotspot shape' : `shape: ${shapeEntry(d.shape).title} (decided by ${d.decidedBy})`}, at ${rate.toFixed(1)} requests/s over now`, ...d.evidence],
    };
  }
  if ((!hot || d.shape === 'none') && unsplit && only) {
    // no region is hot against peers it does not have: the table's one region is the problem, and its pre-split the step
    return {
      ...base,
      hotRegion: hotRegionField(d, only, false),
      steps: presplitSteps(inputs, only).map((s, i) => ({ number: i + 1, ...s })),
      refused: [],
      warnings: [],
      evidence: [`unsplit table: ${unsplit.summary}`, ...unsplit.evidence],
    };
  }
  if (!hot || d.shape === 'none') {
    return { ...base, hotRegion: null, steps: [], refused: [], warnings: [], evidence: [NO_HOTSPOT_EVIDENCE, ...coldServerEvidence(d), ...d.evidence] };
  }
  // hot regions stacked on one server: swaps spread the others while the shape's plan deals with the named one, whose
  // own moves then see the servers as the swaps leave them
  // (a range read through its replica is split through its primary: neither is swapped away under the split)
  const primary = primaryOf(inputs, hot);
  const swaps = swapSteps(inputs, primary ? [hot.encodedName, primary.encodedName] : [hot.encodedName]);
  const shaped = swaps.moves.length > 0 ? { ...inputs, detect: { ...d, servers: swaps.projectedServers } } : inputs;
  // the hot region's move weighed on the servers' loads over the span its hotspot is judged on, as they are and as
  // the swaps leave them
  const loads = planLoads(inputs, hot, swaps.moved);
  const plan = d.shape === 'hot-range' ? hotRangeSteps(shaped, hot, loads) : d.shape === 'single-row' ? singleRowSteps(shaped, hot) : tailSteps(shaped, hot);
  // a lumpy pre-split whose idle regions include never-written ones: split points where the key never goes
  const lumpy = d.shape === 'hot-range' ? d.findings.find((f) => f.kind === 'lumpy-presplit') : undefined;
  if (lumpy && d.regions.some((r) => lumpy.regions.includes(r.encodedName) && r.share === 0)) plan.steps.push(...lumpySteps(inputs, lumpy));
  if (swaps.moves.length > 0) {
    // inside the plan's own balancer-off … balancer-on when it has one, else with their own
    const on = plan.steps.findIndex((s) => s.kind === 'balancer-on');
    const off = plan.steps.some((s) => s.kind === 'balancer-off');
    if (off && on >= 0) {
      plan.steps.splice(on, 0, ...swaps.moves);
      plan.warnings.push(swaps.warning);
    } else plan.steps.push(...swaps.steps);
    plan.evidence.push(...swaps.evidence);
  }
  // a throttle is compared with the table's rate on each RegionServer (it applies on each by itself): what share of
  // the table's requests it would reject now, and where
  const throttled = inputs.quotaLimit !== undefined && plan.steps.some((s) => s.kind === 'quota') ? quotaRateWarning(inputs.quotaLimit, rate, tableServerRatesNow(d)) : undefined;
  if (throttled) plan.warnings.push(throttled);
  // only the hot-range plan splits at the traffic median of key samples
  const splitSamples = (plan as { readonly splitSamples?: Runbook['splitSamples'] }).splitSamples;
  // a range read through its replica splits through its primary: that is the region fix apply checks
  const split = primary ?? hot;
  return {
    ...base,
    hotRegion: hotRegionField(d, hot),
    // A split acts on the hot region (a replica's range on its primary): fix apply checks it is still that region on
    // that server before splitting.
    steps: plan.steps.map((s, i) => ({ number: i + 1, ...s, ...(s.kind === 'split' ? { region: { encodedName: split.encodedName, startKey: split.startKey, server: split.server } } : {}) })),
    refused: plan.refused,
    warnings: plan.warnings,
    evidence: [`shape: ${shapeEntry(d.shape).title} (decided by ${d.decidedBy})`, ...d.evidence, ...plan.evidence, ...(d.now?.region === hot.encodedName ? [d.now.summary] : [])],
    ...(splitSamples ? { splitSamples } : {}),
  };
}
