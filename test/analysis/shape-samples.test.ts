import { describe, expect, it } from 'vitest';
import { shapeFromSamples, unionOf } from '../../src/analysis/detect/shape-samples.js';
import { toBytesBinary } from '../../src/bytes/index.js';

const range = (start: string, end: string) => ({ startKey: toBytesBinary(start), endKey: toBytesBinary(end) });

describe('unionOf', () => {
  it('tests membership in overlapping, nested, adjacent and open-ended ranges', () => {
    const inside = unionOf([range('x', ''), range('b', 'e'), range('a', 'c'), range('c', 'd'), range('g', 'h')]);
    const check = (key: string) => inside(toBytesBinary(key));
    expect(['a', 'b', 'c\\xFF', 'd', 'dzz', 'g', 'x', 'zzz', '\\xFF\\xFF'].map(check)).toEqual(Array(9).fill(true));
    expect(['', '\\x00', 'e', 'f', 'h', 'w'].map(check)).toEqual(Array(6).fill(false));
  });

  it('is empty for no ranges and everything for the whole table', () => {
    expect(unionOf([])(toBytesBinary('a'))).toBe(false);
    expect(unionOf([range('', '')])(new Uint8Array())).toBe(true);
  });
});

describe('moving write fronts', () => {
  const whole = [range('', '')];
  const write = (timeMs: number, key: string) => ({ timeMs, key: toBytesBinary(key), op: 'write' as const });

  it('calls unpadded counters crossing a digit a tail: each slice lies above the middle of the slice before', () => {
    // ids 9,600..10,399 written in order, 100 per slice of time: "10000" sorts below "9999", so after the crossing no
    // written key passes every key written before, but every slice but one lies above the previous slice's median
    const samples = Array.from({ length: 800 }, (_, i) => write(1000 * i, `p~${9600 + i}`));
    const verdict = shapeFromSamples(samples, whole, 0, 800_000);
    expect(verdict?.shape).toBe('monotonic-tail');
    expect(verdict?.evidence[1]).toMatch(/^over 8 time slices, on average 86% of each slice's written keys were above the median key written in the slice before/);
  });

  it('calls many writers each appending after their own prefix a range: half of each slice lies above the last median', () => {
    // 50 users, each writing its next event key in turn: 50 fronts, which a split divides
    const samples = Array.from({ length: 800 }, (_, i) => write(1000 * i, `user${String(i % 50).padStart(2, '0')}|${String(Math.floor(i / 50)).padStart(4, '0')}`));
    expect(shapeFromSamples(samples, whole, 0, 800_000)?.shape).toBe('hot-range');
  });
});
