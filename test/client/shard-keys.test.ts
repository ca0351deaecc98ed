// Shard rowkeys and the shard plan, with figures worked by hand.
import { describe, expect, it } from 'vitest';
import { planShardedCounter, shardRowKeys } from '../../src/client/shard-keys.js';
import { HotspotError } from '../../src/util/errors.js';

const text = (keys: Uint8Array[]): string[] => keys.map((k) => Buffer.from(k).toString('latin1'));

function codeOf(f: () => unknown): string {
  try {
    f();
  } catch (e) {
    expect(e).toBeInstanceOf(HotspotError);
    return `${(e as HotspotError).code} ${(e as HotspotError).where.field ?? ''}`;
  }
  return 'no error';
}

describe('shardRowKeys', () => {
  it('writes the shard as two digits after or before the counter key', () => {
    expect(text(shardRowKeys('views', 3, 'suffix'))).toEqual(['views_00', 'views_01', 'views_02']);
    expect(text(shardRowKeys('views', 100, 'prefix')).slice(-2)).toEqual(['98_views', '99_views']);
  });

  it('encodes the counter key as UTF-8', () => {
    expect(Buffer.from(shardRowKeys('é', 1, 'suffix')[0]!).toString('hex')).toBe('c3a9' + '5f' + '3030');
  });

  it('rejects a shard count outside 1..100 and an empty key', () => {
    for (const n of [0, 101, 2.5, Number.NaN]) expect(codeOf(() => shardRowKeys('k', n, 'suffix'))).toBe('SHARDED_COUNTER_INVALID shards');
    expect(codeOf(() => shardRowKeys('', 4, 'suffix'))).toBe('SHARDED_COUNTER_INVALID counterKey');
  });
});

describe('planShardedCounter', () => {
  it('needs ceil(rate / (row rate x headroom)) shards', () => {
    // 5000/s against 800/s per row at half load: 5000 / 400 = 12.5 -> 13 shards, 384.6/s each.
    const p = planShardedCounter({ writesPerSec: 5000, rowWritesPerSec: 800 });
    expect(p.shards).toBe(13);
    expect(p.writesPerShardPerSec).toBeCloseTo(384.615, 3);
    expect(p.splitPoints).toHaveLength(12);
    expect([p.splitPoints[0], p.splitPoints[11]]).toEqual(['01_', '12_']);
    // 300/s against 1000/s per row at full load: one shard, no split point.
    expect(planShardedCounter({ writesPerSec: 300, rowWritesPerSec: 1000, headroom: 1 })).toEqual({ shards: 1, writesPerShardPerSec: 300, splitPoints: [] });
  });

  it('rejects bad rates, bad headroom and more than 100 shards', () => {
    expect(codeOf(() => planShardedCounter({ writesPerSec: 0, rowWritesPerSec: 1 }))).toBe('SHARDED_COUNTER_PLAN writesPerSec');
    expect(codeOf(() => planShardedCounter({ writesPerSec: 1, rowWritesPerSec: Number.POSITIVE_INFINITY }))).toBe('SHARDED_COUNTER_PLAN rowWritesPerSec');
    expect(codeOf(() => planShardedCounter({ writesPerSec: 1, rowWritesPerSec: 1, headroom: 1.5 }))).toBe('SHARDED_COUNTER_PLAN headroom');
    // 101 000/s at 1000/s per row, full load: 101 shards.
    expect(codeOf(() => planShardedCounter({ writesPerSec: 101_000, rowWritesPerSec: 1000, headroom: 1 }))).toBe('SHARDED_COUNTER_PLAN writesPerSec');
  });
});
