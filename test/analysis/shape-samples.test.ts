import { describe, expect, it } from 'vitest';
import { unionOf } from '../../src/analysis/detect/shape-samples.js';
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
