// The sharded counter over an in-memory stand-in for the two Thrift2 calls (HBase semantics: a missing cell counts 0,
// the new value comes back as 8 bytes big-endian).
import { describe, expect, it } from 'vitest';
import { type CounterTransport, createShardedCounter } from '../../src/client/sharded-counter.js';
import type { TGet, TIncrement, TResult } from '../../src/hbase/thrift2/index.js';
import { createRng } from '../../src/simulate/rng.js';
import { HotspotError } from '../../src/util/errors.js';

const be8 = (v: bigint): Uint8Array => {
  const b = Buffer.alloc(8);
  b.writeBigInt64BE(v);
  return Uint8Array.from(b);
};

class MemoryCells implements CounterTransport {
  readonly cells = new Map<string, Uint8Array>();
  readonly calls: string[] = [];
  private key = (row: Uint8Array, f: Uint8Array, q: Uint8Array) => `${Buffer.from(row).toString()}/${Buffer.from(f).toString()}:${Buffer.from(q).toString()}`;
  increment(table: string, inc: TIncrement): Promise<TResult> {
    this.calls.push(`increment ${table}`);
    const c = inc.columns[0]!;
    const k = this.key(inc.row, c.family, c.qualifier);
    const old = this.cells.get(k);
    const next = BigInt.asIntN(64, (old ? Buffer.from(old).readBigInt64BE() : 0n) + c.amount);
    this.cells.set(k, be8(next));
    return Promise.resolve({ row: inc.row, columnValues: [{ family: c.family, qualifier: c.qualifier, value: be8(next) }] });
  }
  getMultiple(table: string, gets: readonly TGet[]): Promise<TResult[]> {
    this.calls.push(`getMultiple ${table} ${gets.length}`);
    return Promise.resolve(
      gets.map((g) => {
        const col = g.columns![0]!;
        const v = this.cells.get(this.key(g.row, col.family, col.qualifier!));
        return v ? { row: g.row, columnValues: [{ family: col.family, qualifier: col.qualifier!, value: v }] } : { columnValues: [] };
      }),
    );
  }
}

const base = { table: 't', family: 'f', qualifier: 'n', counterKey: 'views' };

describe('sharded counter', () => {
  it('picks shard floor(rng x N) for each increment and reads the exact sum in one multi-get', async () => {
    const mem = new MemoryCells();
    const counter = createShardedCounter({ ...base, client: mem, shards: 4, rng: { next: (() => { const xs = [0, 0.26, 0.5, 0.99, 0.25]; let i = 0; return () => xs[i++]!; })() } });
    const done = [];
    for (const amount of [5, 7n, -2, 10, 1]) done.push(await counter.increment(amount));
    expect(done).toEqual([
      { shard: 0, shardValue: 5n },
      { shard: 1, shardValue: 7n },
      { shard: 2, shardValue: -2n },
      { shard: 3, shardValue: 10n },
      { shard: 1, shardValue: 8n },
    ]);
    expect(await counter.readShards()).toEqual([5n, 8n, -2n, 10n]);
    expect(await counter.read()).toBe(21n);
    expect(mem.calls.filter((c) => c.startsWith('getMultiple'))).toEqual(['getMultiple t 4', 'getMultiple t 4']);
    expect([...mem.cells.keys()].sort()).toEqual(['views_00/f:n', 'views_01/f:n', 'views_02/f:n', 'views_03/f:n']);
  });

  it('counts missing shard rows as 0 and sums past the 64-bit range without wrapping', async () => {
    const mem = new MemoryCells();
    const max = 9_223_372_036_854_775_807n;
    mem.cells.set('views_00/f:n', be8(max));
    mem.cells.set('views_02/f:n', be8(max));
    const counter = createShardedCounter({ ...base, client: mem, shards: 3 });
    expect(await counter.read()).toBe(2n * max);
  });

  it('spreads seeded increments over every shard', async () => {
    const mem = new MemoryCells();
    const counter = createShardedCounter({ ...base, client: mem, shards: 8, rng: createRng(42) });
    const shardsHit = new Set<number>();
    for (let i = 0; i < 200; i++) shardsHit.add((await counter.increment(1)).shard);
    expect(shardsHit.size).toBe(8);
    expect(await counter.read()).toBe(200n);
  });

  it('rejects a shard cell that is not 8 bytes, naming the row, the table and the column', async () => {
    const mem = new MemoryCells();
    mem.cells.set('views_01/f:n', Uint8Array.of(0x31));
    const counter = createShardedCounter({ ...base, client: mem, shards: 2 });
    await expect(counter.read()).rejects.toThrow(/shard row 'views_01' of table 't' holds 1 bytes in f:n, not an 8-byte counter/);
    await expect(counter.read()).rejects.toMatchObject({ code: 'SHARDED_COUNTER_VALUE' });
  });

  it('rejects amounts outside a Java long and an rng outside [0, 1) before sending anything', async () => {
    const mem = new MemoryCells();
    const counter = createShardedCounter({ ...base, client: mem, shards: 2, rng: { next: () => 1 } });
    await expect(counter.increment(2n ** 63n)).rejects.toMatchObject({ code: 'LONG_RANGE' });
    await expect(counter.increment(0.5)).rejects.toMatchObject({ code: 'LONG_RANGE' });
    await expect(counter.increment(1)).rejects.toMatchObject({ code: 'SHARDED_COUNTER_RNG' });
    expect(mem.calls).toEqual([]);
  });

  it('rejects an empty table, family or qualifier and a bad shard count', () => {
    const mem = new MemoryCells();
    for (const [field, opts] of [['table', { table: '' }], ['family', { family: '' }], ['qualifier', { qualifier: '' }], ['shards', { shards: 0 }]] as const) {
      let err: unknown;
      try {
        createShardedCounter({ ...base, client: mem, shards: 2, ...opts });
      } catch (e) {
        err = e;
      }
      expect(err).toBeInstanceOf(HotspotError);
      expect([(err as HotspotError).code, (err as HotspotError).where.field]).toEqual(['SHARDED_COUNTER_INVALID', field]);
    }
  });
});
