/**
 * When a region splits, as HBase's `RegionSplitPolicy.shouldSplit` decides after a flush:
 * - `none`: never (`DisabledRegionSplitPolicy`);
 * - `max-size`: when the region's store size exceeds `maxFileSizeBytes` (`ConstantSizeRegionSplitPolicy`,
 *   `hbase.hregion.max.filesize`, 10 GiB by default);
 * - `stepping`: HBase 2.x's default `SteppingSplitPolicy`, whose `getSizeToCheck(tableRegionsCount)` is
 *   `2 × flushSize` (256 MiB by default) when the region's RegionServer hosts exactly one region of the table, and
 *   `maxFileSizeBytes` otherwise (apache/hbase `SteppingSplitPolicy.java`, extending
 *   `IncreasingToUpperBoundRegionSplitPolicy`, whose `initialSize` is `2 × hbase.hregion.memstore.flush.size`).
 * HBase adds a random jitter to the maximum size (`hbase.hregion.max.filesize.jitter`); the simulator leaves it out
 * so runs are repeatable.
 *
 * @module
 */
import type { SplitPolicySpec } from './scenario/types.js';

/**
 * The store size in bytes above which a region splits, or `Infinity` when it never does.
 * @param tableRegionsOnServer - regions of this table on the region's RegionServer (the region included).
 */
export function sizeToCheckBytes(policy: SplitPolicySpec, tableRegionsOnServer: number): number {
  if (policy.kind === 'none') return Number.POSITIVE_INFINITY;
  if (policy.kind === 'max-size') return policy.maxFileSizeBytes;
  return tableRegionsOnServer === 1 ? 2 * policy.flushSizeBytes : policy.maxFileSizeBytes;
}
