/**
 * Shard rowkeys of a sharded counter and the plan for its schema: how many shards a target increment rate needs, and
 * where to pre-split so the shards land in different regions.
 *
 * @module
 */
import { utf8Bytes } from '../bytes/index.js';
import { HotspotError } from '../util/errors.js';

/** Most shards a counter can have: the shard number is written as two decimal digits, `00`..`99`. */
export const MAX_COUNTER_SHARDS = 100;

/**
 * Where the two-digit shard number goes in a shard rowkey.
 * - `suffix`: `<counterKey>_NN`. The shard rows sort next to each other, so they share a region (one RegionServer):
 *   this removes the wait on one row lock, not the load on one region. Reads of one counter touch one region.
 * - `prefix`: `NN_<counterKey>`. Shard k of every counter sorts under `NN_`, so a table pre-split at `01_`, `02_`, ...
 *   (see {@link ShardPlan.splitPoints}) puts each shard in its own region; the load spreads over RegionServers like a
 *   salt bucket, and a read of one counter touches every region.
 */
export type ShardLayout = 'suffix' | 'prefix';

function shardLabel(shard: number): string {
  return shard.toString().padStart(2, '0');
}

/**
 * The N shard rowkeys of `counterKey` (UTF-8), shard 0 first, e.g. `views_00`..`views_03` for 4 shards (`suffix`).
 * @throws HotspotError `SHARDED_COUNTER_INVALID` when `shards` is not an integer 1..100 or `counterKey` is empty.
 */
export function shardRowKeys(counterKey: string, shards: number, layout: ShardLayout): Uint8Array[] {
  if (!Number.isInteger(shards) || shards < 1 || shards > MAX_COUNTER_SHARDS) {
    throw new HotspotError('SHARDED_COUNTER_INVALID', `shards is ${shards}: give an integer from 1 to ${MAX_COUNTER_SHARDS} (the shard number is two digits)`, { field: 'shards' });
  }
  if (counterKey === '') {
    throw new HotspotError('SHARDED_COUNTER_INVALID', 'counterKey is empty: give the logical counter a key', { field: 'counterKey' });
  }
  const keys: Uint8Array[] = [];
  for (let s = 0; s < shards; s++) {
    keys.push(utf8Bytes(layout === 'suffix' ? `${counterKey}_${shardLabel(s)}` : `${shardLabel(s)}_${counterKey}`));
  }
  return keys;
}

/** Inputs of {@link planShardedCounter}. */
export interface ShardPlanInput {
  /** Peak increments per second of the logical counter. */
  readonly writesPerSec: number;
  /**
   * Increments per second one row sustains on your cluster (row lock, WAL sync), measured: e.g. run the load
   * generator against a single-row counter. No default, as it depends on disks, WAL settings and batching.
   */
  readonly rowWritesPerSec: number;
  /** Target share of `rowWritesPerSec` each shard may use, in (0, 1]; default 0.5 (headroom for bursts). */
  readonly headroom?: number;
}

/** Output of {@link planShardedCounter}. */
export interface ShardPlan {
  /** Shards needed: ceil(writesPerSec / (rowWritesPerSec * headroom)), at least 1. */
  readonly shards: number;
  /** Expected increments per second per shard at the peak (writesPerSec / shards). */
  readonly writesPerShardPerSec: number;
  /** Split points for the `prefix` layout: `01_`, ..., `NN_` (shards - 1 of them, N-1 = last shard). */
  readonly splitPoints: readonly string[];
}

/**
 * How many shards a counter needs for a target increment rate.
 * @throws HotspotError `SHARDED_COUNTER_PLAN` naming the field when a rate is not a positive finite number, headroom
 *   is outside (0, 1], or more than 100 shards would be needed (then batch increments client-side instead).
 */
export function planShardedCounter(input: ShardPlanInput): ShardPlan {
  const headroom = input.headroom ?? 0.5;
  for (const [field, v] of [['writesPerSec', input.writesPerSec], ['rowWritesPerSec', input.rowWritesPerSec]] as const) {
    if (!(Number.isFinite(v) && v > 0)) {
      throw new HotspotError('SHARDED_COUNTER_PLAN', `${field} is ${v}: give a positive number of increments per second`, { field });
    }
  }
  if (!(headroom > 0 && headroom <= 1)) {
    throw new HotspotError('SHARDED_COUNTER_PLAN', `headroom is ${headroom}: give a share in (0, 1], e.g. 0.5`, { field: 'headroom' });
  }
  const shards = Math.max(1, Math.ceil(input.writesPerSec / (input.rowWritesPerSec * headroom)));
  if (shards > MAX_COUNTER_SHARDS) {
    throw new HotspotError('SHARDED_COUNTER_PLAN', `${input.writesPerSec} increments/s at ${input.rowWritesPerSec}/s per row (headroom ${headroom}) needs ${shards} shards, more than ${MAX_COUNTER_SHARDS}: sum increments in the client and send one per interval`, { field: 'writesPerSec' });
  }
  const splitPoints: string[] = [];
  for (let s = 1; s < shards; s++) splitPoints.push(`${shardLabel(s)}_`);
  return { shards, writesPerShardPerSec: input.writesPerSec / shards, splitPoints };
}
