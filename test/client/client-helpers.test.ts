import { describe, expect, it } from 'vitest';
import { createCoalescer, createKeyReservoir } from '../../src/client/index.js';
import { utf8Bytes } from '../../src/bytes/index.js';

describe('request coalescing', () => {
  it('concurrent reads of one key share one load; the value is served for the TTL, then loaded again', async () => {
    let clock = 1000;
    const calls: string[] = [];
    let release: () => void = () => {};
    const gate = new Promise<void>((r) => (release = r));
    const c = createCoalescer<string, string>({ load: async (k) => (calls.push(k), await gate, `v:${k}`), ttlMs: 200, now: () => clock });
    const reads = Array.from({ length: 1000 }, () => c.get('product#1'));
    const other = c.get('product#2');
    release();
    expect(new Set(await Promise.all(reads))).toEqual(new Set(['v:product#1']));
    expect(await other).toBe('v:product#2');
    expect(calls).toEqual(['product#1', 'product#2']);
    expect(c.stats()).toEqual({ requests: 1001, loads: 2, cacheHits: 0, joined: 999 });
    clock += 199;
    expect(await c.get('product#1')).toBe('v:product#1');
    expect(c.stats().cacheHits).toBe(1);
    clock += 1;
    await c.get('product#1');
    expect(calls).toEqual(['product#1', 'product#2', 'product#1']);
  });

  it('a failure reaches every waiting read and is not cached', async () => {
    let n = 0;
    const c = createCoalescer<string, number>({ load: async () => { n++; if (n === 1) throw new Error('RegionTooBusyException'); return n; }, ttlMs: 1000 });
    const both = await Promise.allSettled([c.get('k'), c.get('k')]);
    expect(both.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    expect(await c.get('k')).toBe(2);
  });

  it('rejects a bad TTL or size', () => {
    expect(() => createCoalescer({ load: async () => 1, ttlMs: -1 })).toThrow(expect.objectContaining({ code: 'COALESCE_TTL_INVALID' }));
    expect(() => createCoalescer({ load: async () => 1, ttlMs: 1, maxEntries: 0 })).toThrow(expect.objectContaining({ code: 'COALESCE_SIZE_INVALID' }));
  });
});

describe('request-key reservoir', () => {
  it('keeps everything up to capacity, with weight 1', () => {
    const r = createKeyReservoir(3, () => 0, () => 5);
    r.offer(utf8Bytes('a'), 'read');
    r.offer(utf8Bytes('b'), 'write', 7);
    expect(r.samples().map((s) => [Buffer.from(s.key).toString(), s.op, s.timeMs, s.weight])).toEqual([['a', 'read', 5, 1], ['b', 'write', 7, 1]]);
  });

  it('Algorithm R: the n-th offer replaces slot floor(random × n) when that is below capacity', () => {
    // random() = 0.5: offer 3 → slot floor(1.5) = 1 (kept), offer 4 → slot 2 (dropped), offer 5 → slot 2 (dropped).
    const r = createKeyReservoir(2, () => 0.5, () => 0);
    for (const k of ['a', 'b', 'c', 'd', 'e']) r.offer(utf8Bytes(k), 'write');
    expect(r.samples().map((s) => Buffer.from(s.key).toString())).toEqual(['a', 'c']);
    expect(r.samples().map((s) => s.weight)).toEqual([2.5, 2.5]);
    expect(r.seen()).toBe(5);
  });

  it('is uniform: each of 10 keys kept about capacity ÷ n of the time', () => {
    let s = 42;
    const random = () => ((s = (s * 48271) % 2147483647) / 2147483647);
    const kept = new Array(10).fill(0);
    for (let run = 0; run < 4000; run++) {
      const r = createKeyReservoir(3, random, () => 0);
      for (let k = 0; k < 10; k++) r.offer(Uint8Array.of(k), 'read');
      for (const x of r.samples()) kept[x.key[0]!]++;
    }
    // Expected 4000 × 3/10 = 1200 per key; binomial sd ≈ 29, so ±150 is over 5 sd.
    for (const n of kept) expect(Math.abs(n - 1200)).toBeLessThan(150);
  });

  it('rejects a capacity below 1', () => {
    expect(() => createKeyReservoir(0)).toThrow(expect.objectContaining({ code: 'RESERVOIR_CAPACITY_INVALID' }));
  });
});
