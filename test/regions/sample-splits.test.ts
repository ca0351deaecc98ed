/** Quantile split points, the traffic median and sample files; expected values computed by hand in the comments. */
import { describe, expect, it } from 'vitest';
import { toBytesBinary, toStringBinary } from '../../src/bytes/index.js';
import { quantileSplitPoints } from '../../src/regions/quantile-splits.js';
import { parseSampleKeys } from '../../src/regions/sample-keys.js';
import { trafficMedian } from '../../src/regions/traffic-median.js';
import { shortestSeparator, type WeightedKey } from '../../src/regions/weighted-keys.js';

const k = (t: string) => toBytesBinary(t);
const show = (keys: readonly Uint8Array[]) => keys.map((x) => toStringBinary(x));
const two = (n: number) => String(n).padStart(2, '0');

/** Keys k00..k99; the first tenth (k00..k09) takes 90% of the requests: weight 81 each (810) vs 1 each (90). */
const skewed: WeightedKey[] = Array.from({ length: 100 }, (_, i) => ({ key: k(`k${two(i)}`), weight: i < 10 ? 81 : 1 }));

describe('shortestSeparator', () => {
  it('cuts the upper key after its first differing byte', () => {
    expect(show([shortestSeparator(k('k249'), k('k250'))])).toEqual(['k25']);
    expect(show([shortestSeparator(k('ab'), k('abc'))])).toEqual(['abc']);
    expect(show([shortestSeparator(k('a\\xFF'), k('b'))])).toEqual(['b']);
  });
});

describe('quantileSplitPoints', () => {
  it('cuts uniform samples at exact quantiles with short keys', () => {
    const uniform = Array.from({ length: 1000 }, (_, i) => ({ key: k(`k${String(i).padStart(3, '0')}`), weight: 1 }));
    const got = quantileSplitPoints(uniform, 4);
    expect(show(got.splits)).toEqual(['k25', 'k5', 'k75']);
    expect(got.shares).toEqual([0.25, 0.25, 0.25, 0.25]);
    expect(got.notes).toEqual([]);
  });

  it('follows the requests on a skewed sample (targets 225/450/675 of 900 -> cuts before k03, k06, k08)', () => {
    const got = quantileSplitPoints(skewed, 4);
    expect(show(got.splits)).toEqual(['k03', 'k06', 'k08']);
    expect(got.shares.map((s) => s * 900)).toEqual([243, 243, 162, 252].map((x) => expect.closeTo(x, 9)));
  });

  it('merges boundaries that fall on one heavy key, and says so', () => {
    const heavy = [
      { key: k('a'), weight: 1 },
      { key: k('b'), weight: 100 },
      { key: k('b'), weight: 0.5 },
      { key: k('c'), weight: 1 },
      { key: k('d'), weight: 1 },
      { key: k('e'), weight: 1 },
    ];
    // total 104.5, targets 26.1, 52.3, 78.4; below = 0, 1, 101.5, 102.5, 103.5: cuts before b, c, c -> merged
    const got = quantileSplitPoints(heavy, 4);
    expect(show(got.splits)).toEqual(['b', 'c']);
    expect(got.shares.map((s) => s * 104.5)).toEqual([1, 100.5, 3].map((x) => expect.closeTo(x, 9)));
    expect(got.notes[0]).toMatch(/1 boundaries fell on the same heavy key and were merged: 3 regions produced/);
    expect(quantileSplitPoints(heavy.slice(0, 2), 3).notes[0]).toMatch(/only 2 distinct sample keys for 3 regions/);
  });

  it('refuses bad region counts and samples with nothing to divide', () => {
    expect(() => quantileSplitPoints(skewed, 1)).toThrow(expect.objectContaining({ code: 'SPLIT_REGIONS_INVALID' }));
    expect(() => quantileSplitPoints([], 2)).toThrow(expect.objectContaining({ code: 'SPLIT_SAMPLES_EMPTY' }));
    expect(() => quantileSplitPoints([{ key: k('a'), weight: 3 }], 2)).toThrow(/1 distinct key;/);
  });
});

describe('trafficMedian', () => {
  it('splits the requests, not the bytes: 90% of requests in the first tenth of the region', () => {
    // Region [k00, k99): k99 (weight 1) is outside; total 899, half 449.5.
    // Boundary before k05: 405 below (|810 - 899| = 89); before k06: 486 below (|972 - 899| = 73) -> k06.
    const got = trafficMedian(skewed, k('k00'), k('k99'));
    expect(toStringBinary(got.splitKey)).toBe('k06');
    expect(got.shares[0]).toBeCloseTo(486 / 899, 12);
    expect(got.shares[1]).toBeCloseTo(413 / 899, 12);
    expect([got.requests, got.outside]).toEqual([899, 1]);
    // Byte midpoint: "k00".."k99" = 0x6B3030..0x6B3939, (sum)/2 = 0x6B34B4 = "k4\xB4": k00..k49 below, 850 of 899.
    expect(toStringBinary(got.byteMidpoint)).toBe('k4\\xB4');
    expect(got.byteMidpointShares[0]).toBeCloseTo(850 / 899, 12);
    expect(toStringBinary(got.hottestRow.key)).toBe('k00');
    expect(got.hottestRow.share).toBeCloseTo(81 / 899, 12);
  });

  it('works on the first and last regions (empty start / end keys)', () => {
    const got = trafficMedian(skewed, new Uint8Array(0), new Uint8Array(0));
    // total 900, half 450: before k05 405 (|810-900| = 90), before k06 486 (|972-900| = 72) -> k06
    expect(toStringBinary(got.splitKey)).toBe('k06');
    expect(got.outside).toBe(0);
  });

  it('refuses a single hot row, an empty region and a reversed range', () => {
    const hot = [{ key: k('counter'), weight: 5000 }, { key: k('counter'), weight: 1 }];
    expect(() => trafficMedian(hot, new Uint8Array(0), new Uint8Array(0))).toThrow(expect.objectContaining({ code: 'SPLIT_SINGLE_HOT_ROW' }));
    expect(() => trafficMedian(hot, new Uint8Array(0), new Uint8Array(0))).toThrow(/one row, "counter"; HBase never splits inside a row/);
    expect(() => trafficMedian(skewed, k('x'), k('y'))).toThrow(expect.objectContaining({ code: 'SPLIT_SAMPLES_EMPTY' }));
    expect(() => trafficMedian(skewed, k('y'), k('x'))).toThrow(expect.objectContaining({ code: 'SPLIT_RANGE_EMPTY' }));
  });
});

describe('parseSampleKeys', () => {
  it('reads plain toStringBinary lines, TAB weights, NDJSON and CRLF, skipping blank lines', () => {
    const text = 'row\\x001\r\n\nrow2\t3\n{"key": "row3", "weight": 2.5, "timeMs": 1, "op": "write"}\n  {"key":"\\\\x5C"}\n';
    const got = parseSampleKeys(text, 'keys.txt');
    expect(got.map((s) => [toStringBinary(s.key), s.weight])).toEqual([
      ['row\\x001', 1],
      ['row2', 3],
      ['row3', 2.5],
      ['\\x5C', 1],
    ]);
  });

  it('names the file and line of every bad line', () => {
    expect(() => parseSampleKeys('a\nbad\\q\n', 'keys.txt')).toThrow(/^keys\.txt:2 \(key\): .*bad escape/);
    expect(() => parseSampleKeys('a\tzero\n', 'keys.txt')).toThrow(expect.objectContaining({ code: 'SAMPLE_WEIGHT_INVALID', where: { file: 'keys.txt', line: 1, field: 'weight' } }));
    expect(() => parseSampleKeys('a\t-1\n', 'f')).toThrow(expect.objectContaining({ code: 'SAMPLE_WEIGHT_INVALID' }));
    expect(() => parseSampleKeys('a\n{"key": 1}\n', 'f')).toThrow(expect.objectContaining({ code: 'SAMPLE_LINE_INVALID', where: { file: 'f', line: 2, field: 'key' } }));
    expect(() => parseSampleKeys('{"key": "a", "weight": "2"}', 'f')).toThrow(expect.objectContaining({ code: 'SAMPLE_WEIGHT_INVALID' }));
    expect(() => parseSampleKeys('{"key": "a"', 'f')).toThrow(/^f:1: not valid JSON/);
    expect(() => parseSampleKeys('{"weight": 2}', 'f')).toThrow(/^f:1 \(key\): needs a non-empty string "key"/);
    expect(() => parseSampleKeys('\t2', 'f')).toThrow(/empty key before the TAB/);
  });

  it('quotes a bad weight cut short on one printable line, and refuses one past 2^53 - 1', () => {
    const refusal = (message: string) => expect.objectContaining({ code: 'SAMPLE_WEIGHT_INVALID', where: { file: 'f', line: 1, field: 'weight' }, message });
    // Before: the weight went into the message whole, its TAB and escape sequence included.
    expect(() => parseSampleKeys('a\t1\t\u001b[2J\n', 'f')).toThrow(refusal('f:1 (weight): weight "1\\x09\\x1B[2J" is not a positive number; write the number of requests the key stands for'));
    expect(() => parseSampleKeys(`a\t${'9'.repeat(1_000_000)}x\n`, 'f')).toThrow(refusal(`f:1 (weight): weight "${'9'.repeat(40)}…" is not a positive number; write the number of requests the key stands for`));
    // 2^53 + 1 has no double (it reads as 2^53); a sum of such weights no longer counts requests one by one.
    expect(() => parseSampleKeys('a\t9007199254740993\n', 'f')).toThrow(refusal('f:1 (weight): weight "9007199254740993" is past 2^53 - 1; write the number of requests the key stands for'));
    expect(() => parseSampleKeys('{"key": "a", "weight": 1e300}\n', 'f')).toThrow(refusal('f:1 (weight): weight "1e+300" is past 2^53 - 1; write the number of requests the key stands for'));
    expect(parseSampleKeys('a\t9007199254740991\n', 'f')[0]?.weight).toBe(Number.MAX_SAFE_INTEGER);
  });
});
