/**
 * The fix planner: from a detection result and what the operator knows, a {@link Runbook} matched to the hotspot's
 * shape (hot range: split at the traffic median and place the busier daughter apart; single row: replicas, cache or
 * sharded rows, never a split; monotonic tail: a new salted key, never a split).
 *
 * @module
 */
import { shapeEntry } from '../../analysis/detect/index.js';
import { hotRangeSteps } from './hot-range.js';
import { type PlanInputs, hotRegionOf } from './inputs.js';
import { singleRowSteps, tailSteps } from './row-and-tail.js';
import type { Runbook } from './types.js';

/**
 * Plans the fix.
 * @throws {@link HotspotError} `FIX_QUOTA_INVALID`, `FIX_REPLICAS_INVALID`, `FIX_BUCKETS_INVALID` for bad options.
 */
export function planFix(inputs: PlanInputs): Runbook {
  const d = inputs.detect;
  const hot = d.shape === 'none' ? undefined : hotRegionOf(d);
  const base = { format: 'hbase-hotspot-runbook/1' as const, table: d.table, shape: d.shape };
  if (!hot || d.shape === 'none') {
    return { ...base, hotRegion: null, steps: [], refused: [], warnings: [], evidence: ['no hotspot was detected: nothing to fix', ...d.evidence] };
  }
  const plan = d.shape === 'hot-range' ? hotRangeSteps(inputs, hot) : d.shape === 'single-row' ? singleRowSteps(inputs, hot) : tailSteps(inputs, hot);
  return {
    ...base,
    hotRegion: {
      encodedName: hot.encodedName, startKey: hot.startKey, endKey: hot.endKey, server: hot.server, share: hot.share, fairShare: d.fairRegionShare,
      ...(d.now?.region === hot.encodedName ? { nowShare: d.now.regionShare, nowRequestsPerSec: d.now.regionRequestsPerSec } : {}),
    },
    steps: plan.steps.map((s, i) => ({ number: i + 1, ...s })),
    refused: plan.refused,
    warnings: plan.warnings,
    evidence: [`shape: ${shapeEntry(d.shape).title} (decided by ${d.decidedBy})`, ...d.evidence, ...plan.evidence, ...(d.now?.region === hot.encodedName ? [d.now.summary] : [])],
  };
}
