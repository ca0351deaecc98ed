import { describe, expect, it } from 'vitest';
import { compareWithoutSalt, mergeBucketScans } from '../../../src/keys/scan/index.js';

type Row = { key: Uint8Array; tag: string };
const row = (k: string, tag = k): Row => ({ key: new TextEncoder().encode(k), tag });
async function* from<T>(items: T[]): AsyncGenerator<T> {
  for (const item of items) {
    await Promise.resolve();
    yield item;
  }
}
const collect = async <T>(it: AsyncIterable<T>): Promise<T[]> => {
  const out: T[] = [];
  for await (const x of it) out.push(x);
  return out;
};
const opts = { key: (r: Row) => r.key, salt: { offsetBytes: 0, widthBytes: 2 } };

describe('mergeBucketScans', () => {
  it('orders rows by the key without its salt', async () => {
    const merged = await collect(
      mergeBucketScans([from([row('00_b'), row('00_e')]), from([row('01_a'), row('01_d')]), from([row('02_c')])], opts),
    );
    expect(merged.map((r) => r.tag)).toEqual(['01_a', '00_b', '02_c', '01_d', '00_e']);
  });

  it('keeps ties in bucket order and skips empty buckets', async () => {
    const merged = await collect(
      mergeBucketScans([from<Row>([]), from([row('01_x', 'b1'), row('01_y', 'b1y')]), from<Row>([]), from([row('03_x', 'b3')])], opts),
    );
    expect(merged.map((r) => r.tag)).toEqual(['b1', 'b3', 'b1y']);
    expect(await collect(mergeBucketScans<Row>([from([]), from([])], opts))).toEqual([]);
    expect(await collect(mergeBucketScans<Row>([], opts))).toEqual([]);
  });

  it('a shorter unsalted key sorts first, as in HBase order', async () => {
    const merged = await collect(mergeBucketScans([from([row('00_ab')]), from([row('01_a')])], opts));
    expect(merged.map((r) => r.tag)).toEqual(['01_a', '00_ab']);
  });

  it('handles a salt in the middle of the key', async () => {
    const mid = { key: (r: Row) => r.key, salt: { offsetBytes: 2, widthBytes: 1 } };
    const merged = await collect(mergeBucketScans([from([row('t_0z'), row('t_0zz')]), from([row('t_1y')])], mid));
    expect(merged.map((r) => r.tag)).toEqual(['t_1y', 't_0z', 't_0zz']);
  });

  it('merges many buckets lazily and stops its sources when the reader stops', async () => {
    let closed = 0;
    async function* bucket(b: number): AsyncGenerator<Row> {
      try {
        for (let i = 0; i < 1000; i++) yield row(`${b.toString(16).padStart(2, '0')}_${String(i * 16 + b).padStart(6, '0')}`);
      } finally {
        closed++;
      }
    }
    const seen: string[] = [];
    for await (const r of mergeBucketScans(Array.from({ length: 16 }, (_, b) => bucket(b)), opts)) {
      seen.push(r.tag.slice(3));
      if (seen.length === 100) break;
    }
    expect(seen).toEqual(Array.from({ length: 100 }, (_, i) => String(i).padStart(6, '0')));
    expect(closed).toBe(16);
  });
});

describe('compareWithoutSalt', () => {
  const enc = (s: string) => new TextEncoder().encode(s);
  it('ignores the salt bytes only', () => {
    expect(compareWithoutSalt(enc('09a'), enc('00a'), 0, 2)).toBe(0);
    expect(Math.sign(compareWithoutSalt(enc('09a'), enc('00b'), 0, 2))).toBe(-1);
    expect(Math.sign(compareWithoutSalt(enc('x9a'), enc('y0a'), 1, 1))).toBe(-1);
  });
});
