/**
 * A sharded counter: one logical counter spread over N shard rows so that concurrent increments do not all wait on
 * one row lock. Each increment is an atomic HBase `Increment` (through the Thrift2 gateway's
 * `THBaseService.increment`; the REST gateway has none) of one randomly chosen shard; a read sums every shard in one
 * `getMultiple`.
 *
 * **The read is not atomic across shards.** The multi-get reads each shard row at its own moment, so an increment
 * that runs during `read()` may or may not be included, and two increments may be seen in an order other than the
 * one they were made in. Once writers stop, a read returns the exact total.
 *
 * @module
 */
import { bytesToLong, toJavaLong, toStringBinary, utf8Bytes } from '../bytes/index.js';
import type { TGet, TIncrement, TResult } from '../hbase/thrift2/index.js';
import { HotspotError } from '../util/errors.js';
import { shardRowKeys, type ShardLayout } from './shard-keys.js';

/** The two Thrift2 calls the counter needs (a `Thrift2Client` satisfies it). */
export interface CounterTransport {
  increment(table: string, inc: TIncrement): Promise<TResult>;
  getMultiple(table: string, gets: readonly TGet[]): Promise<TResult[]>;
}

/** Options of {@link createShardedCounter}. */
export interface ShardedCounterOptions {
  /** The Thrift2 client (or anything with its `increment` and `getMultiple`). */
  readonly client: CounterTransport;
  readonly table: string;
  /** Column family of the counter cells. */
  readonly family: string;
  /** Qualifier of the counter cells. */
  readonly qualifier: string;
  /** The logical counter's key, e.g. `page:home`. UTF-8. */
  readonly counterKey: string;
  /** Number of shard rows, 1..100 (the shard number is written as two digits). */
  readonly shards: number;
  /** Where the shard number goes in the rowkey; default `suffix` (see {@link ShardLayout}). */
  readonly layout?: ShardLayout;
  /** Source of uniform floats in [0, 1) picking the shard of each increment; default `Math.random`. */
  readonly rng?: { next(): number };
}

/** What one {@link ShardedCounter.increment} did. */
export interface ShardIncrement {
  /** Shard number, 0..shards-1. */
  readonly shard: number;
  /** The shard row's value after the increment (a Java long); absent when the gateway returned no 8-byte cell. */
  readonly shardValue?: bigint;
}

/** A logical counter over N shard rows. */
export interface ShardedCounter {
  /** The shard rowkeys, shard 0 first. */
  readonly rowKeys: readonly Uint8Array[];
  /**
   * Atomically adds `amount` (a Java long; may be negative) to one random shard.
   * @throws HotspotError `LONG_RANGE` for an amount that is not a 64-bit integer, `SHARDED_COUNTER_RNG` when the
   *   rng returns a value outside [0, 1), ThriftError from the call (e.g. `THRIFT_IO_ERROR` for a missing table).
   */
  increment(amount: number | bigint): Promise<ShardIncrement>;
  /**
   * Each shard's value in one `getMultiple` (a missing row or cell counts 0). Not atomic across shards.
   * @throws HotspotError `SHARDED_COUNTER_VALUE` when a shard cell is not an 8-byte long.
   */
  readShards(): Promise<bigint[]>;
  /** The sum of {@link readShards}, exact (a bigint, not wrapped to 64 bits). Not atomic across shards. */
  read(): Promise<bigint>;
}

/**
 * Creates a {@link ShardedCounter}. Nothing is sent until the first call; the table and family must exist.
 * @throws HotspotError `SHARDED_COUNTER_INVALID` naming the field (shards, counterKey, family, qualifier, table).
 */
export function createShardedCounter(options: ShardedCounterOptions): ShardedCounter {
  const { client, table, shards } = options;
  for (const field of ['table', 'family', 'qualifier'] as const) {
    if (options[field] === '') {
      throw new HotspotError('SHARDED_COUNTER_INVALID', `the counter's ${field} is empty: give the HBase ${field} name`, { field });
    }
  }
  const rowKeys = shardRowKeys(options.counterKey, shards, options.layout ?? 'suffix');
  const family = utf8Bytes(options.family);
  const qualifier = utf8Bytes(options.qualifier);
  const rng = options.rng ?? { next: Math.random };
  const cellName = `${options.family}:${options.qualifier}`;

  const readShards = async (): Promise<bigint[]> => {
    const results = await client.getMultiple(table, rowKeys.map((row) => ({ row, columns: [{ family, qualifier }] })));
    return rowKeys.map((row, i) => {
      const cell = results[i]?.columnValues[0];
      if (cell === undefined) return 0n;
      if (cell.value.length !== 8) {
        const key = toStringBinary(row);
        throw new HotspotError('SHARDED_COUNTER_VALUE', `shard row '${key}' of table '${table}' holds ${cell.value.length} bytes in ${cellName}, not an 8-byte counter: the cell was written by something other than an increment; delete it or use another qualifier`, { field: cellName });
      }
      return bytesToLong(cell.value);
    });
  };

  return {
    rowKeys,
    async increment(amount) {
      const by = toJavaLong(amount, 'amount');
      const r = rng.next();
      if (!(r >= 0 && r < 1)) {
        throw new HotspotError('SHARDED_COUNTER_RNG', `the counter's rng returned ${r}, not a float in [0, 1): give a uniform generator such as Math.random`, { field: 'rng' });
      }
      const shard = Math.floor(r * shards);
      const row = rowKeys[shard]!;
      const res = await client.increment(table, { row, columns: [{ family, qualifier, amount: by }] });
      const cell = res.columnValues[0];
      return cell !== undefined && cell.value.length === 8 ? { shard, shardValue: bytesToLong(cell.value) } : { shard };
    },
    readShards,
    async read() {
      return (await readShards()).reduce((a, v) => a + v, 0n);
    },
  };
}
