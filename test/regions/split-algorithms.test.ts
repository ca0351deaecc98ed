/**
 * Golden values for HBase's RegionSplitter algorithms, from three independent sources:
 * 1. the expectations of HBase's own test, hbase-server/src/test/java/org/apache/hadoop/hbase/util/TestRegionSplitter.java
 *    (unitTestHexStringSplit, unitTestUniformSplit, testUserInput, testCreatePresplitTableHex/Uniform);
 * 2. test/fixtures/regions/hbase-split-vectors.json, printed by the real HBase 2.6.4 classes
 *    (test/fixtures/regions/SplitVectors.java calls RegionSplitter.*Split.split(n) and Bytes.split);
 * 3. hand/BigInt arithmetic from the definitions in RegionSplitter.NumberStringSplit and Bytes.iterateOnSplits.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { toBytesBinary, toStringBinary } from '../../src/bytes/index.js';
import { byteMidpoint, splitByteRange } from '../../src/regions/bytes-split.js';
import { computeSplits, SPLIT_ALGORITHMS, splitAlgorithm } from '../../src/regions/split-algorithms.js';

interface Vector {
  algorithm: string;
  regions: number;
  first?: string;
  last?: string;
  splits?: string[];
  error?: string;
}
const fixture = JSON.parse(readFileSync(new URL('../fixtures/regions/hbase-split-vectors.json', import.meta.url), 'utf8')) as {
  splits: Vector[];
  midpoints: { start: string; end: string; mid: string }[];
};
const show = (keys: Uint8Array[]) => keys.map((k) => toStringBinary(k));
const opts = (v: Vector) => ({ regions: v.regions, ...(v.first === undefined ? {} : { first: v.first }), ...(v.last === undefined ? {} : { last: v.last }) });

describe('HexStringSplit', () => {
  it("matches TestRegionSplitter's expectations", () => {
    expect(show(computeSplits('hex', { regions: 2 }))).toEqual(['80000000']);
    expect(show(computeSplits('HexStringSplit', { regions: 3 }))).toEqual(['55555555', 'aaaaaaaa']);
    expect(show(computeSplits('hex', { regions: 16 }))).toEqual(
      ['1', '2', '3', '4', '5', '6', '7', '8', '9', 'a', 'b', 'c', 'd', 'e', 'f'].map((d) => `${d}0000000`),
    );
    expect(computeSplits('hex', { regions: 100, first: '00', last: 'AA' })).toHaveLength(99);
    expect(computeSplits('hex', { regions: 3, first: '0', last: '2' })).toHaveLength(2);
    expect(computeSplits('hex', { regions: 11, first: '0', last: 'A' })).toHaveLength(10);
  });

  it('computes step = floor((last - first + 1) / n) from the definition, for 30, 64 and 100 regions', () => {
    for (const n of [30, 64, 100]) {
      const step = 0x100000000n / BigInt(n);
      const expected = Array.from({ length: n - 1 }, (_, i) => (step * BigInt(i + 1)).toString(16).padStart(8, '0'));
      expect(show(computeSplits('hex', { regions: n }))).toEqual(expected);
    }
    // by hand: 2^32 / 30 = 143165576 = 0x08888888; 29 * that = 0xf7777768
    const thirty = show(computeSplits('hex', { regions: 30 }));
    expect([thirty[0], thirty[28]]).toEqual(['08888888', 'f7777768']);
  });

  it('pads to the length of a custom last row and parses either case', () => {
    expect(show(computeSplits('hex', { regions: 4, first: '10', last: '50' }))).toEqual(['20', '30', '40']);
    // (0xAA - 0x00 + 1) / 3 = 57 = 0x39
    expect(show(computeSplits('hex', { regions: 3, first: '00', last: 'AA' }))).toEqual(['39', '72']);
  });
});

describe('DecimalStringSplit', () => {
  it('uses HBase 2.x defaults 00000000..99999999', () => {
    expect(show(computeSplits('decimal', { regions: 2 }))).toEqual(['50000000']);
    expect(show(computeSplits('DecimalStringSplit', { regions: 3 }))).toEqual(['33333333', '66666666']);
    // 10^8 / 16 = 6250000
    expect(show(computeSplits('decimal', { regions: 16 })).slice(0, 2)).toEqual(['06250000', '12500000']);
    expect(show(computeSplits('decimal', { regions: 100 }))[0]).toBe('01000000');
    // 10^8 / 30 = 3333333; 29 * 3333333 = 96666657
    expect(show(computeSplits('decimal', { regions: 30 })).at(-1)).toBe('96666657');
  });
  it('splits custom rows: (999 - 100 + 1) / 7 = 128', () => {
    expect(show(computeSplits('decimal', { regions: 7, first: '100', last: '999' }))).toEqual(['228', '356', '484', '612', '740', '868']);
  });
});

describe('UniformSplit', () => {
  it("matches TestRegionSplitter's expectations", () => {
    expect(show(computeSplits('uniform', { regions: 2 }))).toEqual(['\\x80\\x00\\x00\\x00\\x00\\x00\\x00\\x00']);
    const three = computeSplits('UniformSplit', { regions: 3 });
    expect(three).toEqual([new Uint8Array(8).fill(0x55), new Uint8Array(8).fill(0xaa)]);
    const sixteen = computeSplits('uniform', { regions: 16 });
    expect(sixteen.map((k) => [k[0], k.length])).toEqual(Array.from({ length: 15 }, (_, i) => [(i + 1) * 16, 8]));
    expect(computeSplits('uniform', { regions: 3, first: '\\x00', last: '\\x02' })).toHaveLength(2);
    expect(computeSplits('uniform', { regions: 12, first: '\\x00', last: '\\x0A' })).toHaveLength(11);
  });

  it('grows keys by a zero byte when the range is too narrow (Bytes.iterateOnSplits)', () => {
    // "a".."b": D = 1 + 1 < 4, so both become 2 bytes: D = 0x6200 - 0x6100 + 1 = 257, step 64
    expect(show(computeSplits('uniform', { regions: 4, first: 'a', last: 'b' }))).toEqual(['a@', 'a\\x80', 'a\\xC0']);
    // "\x00".."\x01" for 300 regions needs 3 bytes: D = 0x010000 + 1 = 65537, step = 218 = 0xDA
    const many = computeSplits('uniform', { regions: 300, first: '\\x00', last: '\\x01' });
    expect(show(many.slice(0, 2))).toEqual(['\\x00\\x00\\xDA', '\\x00\\x01\\xB4']);
  });

  it('uses step = floor(2^64 / n) for 30, 64 and 100 regions', () => {
    for (const n of [30, 64, 100]) {
      const step = 2n ** 64n / BigInt(n);
      const got = computeSplits('uniform', { regions: n });
      got.forEach((k, i) => expect(BigInt(`0x${Buffer.from(k).toString('hex')}`)).toBe(step * BigInt(i + 1)));
    }
  });
});

describe('every algorithm against the real HBase 2.6.4 output', () => {
  for (const v of fixture.splits) {
    const name = `${v.algorithm} n=${v.regions} first=${v.first ?? '-'} last=${v.last ?? '-'}`;
    it(name, () => {
      if (v.splits) expect(show(computeSplits(v.algorithm, opts(v)))).toEqual(v.splits);
      else expect(() => computeSplits(v.algorithm, opts(v))).toThrow();
    });
  }
});

describe('Bytes.split midpoints (UniformSplit.split(start, end))', () => {
  it('match the real HBase output', () => {
    for (const m of fixture.midpoints) {
      expect(toStringBinary(byteMidpoint(toBytesBinary(m.start), toBytesBinary(m.end)))).toBe(m.mid);
    }
  });
  it("match TestRegionSplitter's unitTestUniformSplit", () => {
    expect(byteMidpoint(Uint8Array.of(0x10), Uint8Array.of(0x30))).toEqual(Uint8Array.of(0x20));
    expect(byteMidpoint(toBytesBinary('aaa'), toBytesBinary('aab'))).toEqual(toBytesBinary('aaa\\x80'));
  });
  it('reads an empty end key as eight 0xFF bytes', () => {
    expect(toStringBinary(byteMidpoint(new Uint8Array(0), new Uint8Array(0)))).toBe('\\x7F\\xFF\\xFF\\xFF\\xFF\\xFF\\xFF\\xFF');
  });
});

describe('errors', () => {
  const code = (f: () => unknown) => {
    try {
      f();
    } catch (err) {
      return (err as { code?: string }).code;
    }
    return 'no error';
  };
  it('rejects fewer than 2 regions and fractional counts', () => {
    for (const regions of [1, 0, -3, 2.5]) expect(code(() => computeSplits('hex', { regions }))).toBe('SPLIT_REGIONS_INVALID');
    expect(code(() => computeSplits('uniform', { regions: 1 }))).toBe('SPLIT_REGIONS_INVALID');
  });
  it('rejects more than 100,000 regions at once (10^8 ran out of memory: 4 GB and over 20 s before)', () => {
    let err: unknown;
    try {
      computeSplits('hex', { regions: 100_000_000 });
    } catch (e) {
      err = e;
    }
    expect(err).toMatchObject({ code: 'SPLIT_REGIONS_INVALID', message: '--regions 100000000: a pre-split of more than 100000 regions is refused (each region costs the cluster memory and the master work); pre-split into fewer and let regions split as they grow' });
    expect(code(() => computeSplits('uniform', { regions: 100_001 }))).toBe('SPLIT_REGIONS_INVALID');
    expect(computeSplits('decimal', { regions: 100_000 })).toHaveLength(99_999);
  });
  it('rejects more regions than the key space holds', () => {
    expect(code(() => computeSplits('hex', { regions: 12, first: '0', last: 'A' }))).toBe('SPLIT_TOO_MANY_REGIONS');
    expect(code(() => computeSplits('decimal', { regions: 11, first: '0', last: '9' }))).toBe('SPLIT_TOO_MANY_REGIONS');
  });
  it('rejects a first row not below the last', () => {
    expect(code(() => computeSplits('hex', { regions: 2, first: 'AA', last: '00' }))).toBe('SPLIT_RANGE_EMPTY');
    expect(code(() => computeSplits('hex', { regions: 2, first: 'aa', last: 'AA' }))).toBe('SPLIT_RANGE_EMPTY');
    expect(code(() => computeSplits('uniform', { regions: 2, first: '\\xAA', last: '\\x00' }))).toBe('SPLIT_RANGE_EMPTY');
    expect(code(() => computeSplits('uniform', { regions: 2, first: 'a', last: 'a\\x00' }))).toBe('SPLIT_RANGE_EMPTY');
    expect(code(() => byteMidpoint(toBytesBinary('b'), toBytesBinary('a')))).toBe('SPLIT_RANGE_EMPTY');
  });
  it('rejects malformed rows, naming the option', () => {
    expect(() => computeSplits('hex', { regions: 2, last: 'FFFFFFFG' })).toThrow(/--last "FFFFFFFG" is not hex digits/);
    expect(code(() => computeSplits('hex', { regions: 2, first: '-1' }))).toBe('SPLIT_KEY_INVALID');
    expect(code(() => computeSplits('decimal', { regions: 2, first: 'ab' }))).toBe('SPLIT_KEY_INVALID');
    expect(code(() => computeSplits('uniform', { regions: 2, first: '\\xZZ' }))).toBe('KEY_ESCAPE_INVALID');
  });
  it('rejects an unknown algorithm, listing the known ones', () => {
    expect(() => splitAlgorithm('md5')).toThrow(/hex \(HexStringSplit\), decimal \(DecimalStringSplit\), uniform/);
    expect(SPLIT_ALGORITHMS.map((a) => a.hbaseClass)).toEqual(['HexStringSplit', 'DecimalStringSplit', 'UniformSplit']);
  });
  it('rejects a non-positive split count for a raw byte range', () => {
    expect(code(() => splitByteRange(new Uint8Array(0), Uint8Array.of(1), 0, true))).toBe('SPLIT_REGIONS_INVALID');
  });
});
