// Token bucket pacing and nearest-rank latency percentiles, against hand-computed values.
import { describe, expect, it } from 'vitest';
import { TokenBucket, percentileMs, summarizeLatency } from '../../src/load/index.js';

describe('TokenBucket', () => {
  it('starts empty, queues reservations in order and refills up to its capacity', () => {
    let t = 0;
    const b = new TokenBucket(100, 10, () => t);
    expect(b.take(10)).toBe(100); // 10 tokens at 100/s: 100 ms
    expect(b.take(10)).toBe(200); // queued behind the first reservation
    t = 1000; // -20 + 100 refilled, capped at 10
    expect(b.take(5)).toBe(0);
    expect(b.take(5)).toBe(0);
    expect(b.take(1)).toBe(10);
  });

  it('rejects a rate or capacity that cannot pace', () => {
    expect(() => new TokenBucket(0, 1)).toThrow(RangeError);
    expect(() => new TokenBucket(Number.POSITIVE_INFINITY, 1)).toThrow(/finite number above 0/);
    expect(() => new TokenBucket(10, 0.5)).toThrow(/capacity must be at least 1/);
  });
});

describe('percentileMs (nearest rank)', () => {
  it('matches the textbook example 15, 20, 35, 40, 50', () => {
    const v = [50, 15, 40, 20, 35];
    expect([5, 30, 40, 50, 100].map((p) => percentileMs(v, p))).toEqual([15, 20, 20, 35, 50]);
  });

  it('p50 and p99 of 1..200 are 100 and 198', () => {
    const v = Array.from({ length: 200 }, (_, i) => 200 - i);
    expect(summarizeLatency(v)).toEqual({ count: 200, p50Ms: 100, p99Ms: 198, maxMs: 200 });
  });

  it('has no figures without values and refuses a percentile outside (0, 100]', () => {
    expect(summarizeLatency([])).toEqual({ count: 0, p50Ms: null, p99Ms: null, maxMs: null });
    expect(() => percentileMs([1], 0)).toThrow(RangeError);
    expect(() => percentileMs([1], 101)).toThrow(RangeError);
  });
});
