import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compareBytes, toBytesBinary, toStringBinary } from '../../src/bytes/index.js';
import { RegionMap } from '../../src/regions/region-map.js';
import { regionName } from '../../src/regions/region-name.js';

const k = (text: string) => toBytesBinary(text);

/** Reference: the last region whose start key is <= key, by a linear scan over sorted start keys. */
function naiveLocate(sortedSplits: Uint8Array[], key: Uint8Array): number {
  let region = 0;
  sortedSplits.forEach((s, i) => {
    if (compareBytes(s, key) <= 0) region = i + 1;
  });
  return region;
}

describe('RegionMap', () => {
  const map = RegionMap.fromSplitPoints([k('20'), k('10'), k('30')], { servers: ['rs1', 'rs2'] });

  it('cuts [startKey, endKey) regions with empty keys at the edges, sorting split points', () => {
    expect(map.regionCount).toBe(4);
    expect(map.regions().map((r) => [toStringBinary(r.startKey), toStringBinary(r.endKey), r.server])).toEqual([
      ['', '10', 'rs1'],
      ['10', '20', 'rs2'],
      ['20', '30', 'rs1'],
      ['30', '', 'rs2'],
    ]);
  });

  it('locates keys: a split point starts its region, the empty key is in region 0', () => {
    expect(map.locate(k(''))).toBe(0);
    expect(map.locate(k('0'))).toBe(0);
    expect(map.locate(k('1'))).toBe(0);
    expect(map.locate(k('10'))).toBe(1);
    expect(map.locate(k('10\\x00'))).toBe(1);
    expect(map.locate(k('1\\xFF\\xFF'))).toBe(1); // 0xFF sorts after '0'
    expect(map.locate(k('2'))).toBe(1);
    expect(map.locate(k('30'))).toBe(3);
    expect(map.locate(k('\\xFF\\xFF'))).toBe(3);
  });

  it('compares unsigned, past the 8-byte prefix and by length', () => {
    const long = RegionMap.fromSplitPoints([k('user0000\\x80'), k('user0000\\x80\\x00'), k('user0001'), k('\\x80')]);
    expect(long.locate(k('user0000'))).toBe(0);
    expect(long.locate(k('user0000\\x7F\\xFF'))).toBe(0);
    expect(long.locate(k('user0000\\x80'))).toBe(1);
    expect(long.locate(k('user0000\\x80\\x00'))).toBe(2);
    expect(long.locate(k('user0000\\x81'))).toBe(2);
    expect(long.locate(k('user0001'))).toBe(3);
    expect(long.locate(k('\\x7F'))).toBe(3);
    expect(long.locate(k('\\x80'))).toBe(4);
    const shared = RegionMap.fromSplitPoints([k('user1'), k('user5')]);
    expect(['use', 'usea', 'user', 'user3', 'user5', 'uset', ''].map((x) => shared.locate(k(x)))).toEqual([0, 0, 0, 1, 2, 2, 0]);
    const short = RegionMap.fromSplitPoints([k('a'), k('a\\x00'), k('a\\x00\\x00\\x00\\x00\\x00\\x00\\x00\\x00')]);
    expect(short.locate(k('a'))).toBe(1);
    expect(short.locate(k('a\\x00'))).toBe(2);
    expect(short.locate(k('a\\x00\\x00\\x00\\x00\\x00\\x00\\x00'))).toBe(2);
    expect(short.locate(k('a\\x00\\x00\\x00\\x00\\x00\\x00\\x00\\x00'))).toBe(3);
  });

  it('agrees with a linear scan on random keys (property)', () => {
    const key = fc.uint8Array({ minLength: 0, maxLength: 12, max: 3 }).map((a) => Uint8Array.from(a, (b) => [0, 1, 0x7f, 0xff][b] as number));
    fc.assert(
      fc.property(fc.uniqueArray(key.filter((a) => a.length > 0), { comparator: (a, b) => compareBytes(a, b) === 0, maxLength: 40 }), fc.array(key, { maxLength: 30 }), (splits, probes) => {
        const m = RegionMap.fromSplitPoints(splits);
        const sorted = [...splits].sort(compareBytes);
        for (const p of probes) expect(m.locate(p)).toBe(naiveLocate(sorted, p));
      }),
      { numRuns: 300 },
    );
  });

  it('agrees with a linear scan when every split point shares leading bytes (property)', () => {
    const byte = fc.constantFrom(0, 1, 0x7f, 0xff);
    const tail = fc.array(byte, { maxLength: 12 }).map((a) => Uint8Array.from(a));
    const prefix = Uint8Array.of(0x75, 0x7f, 0x00);
    const withPrefix = (t: Uint8Array, cut: number) => Uint8Array.from([...prefix.subarray(0, cut), ...t]);
    fc.assert(
      fc.property(fc.uniqueArray(tail, { comparator: (a, b) => compareBytes(a, b) === 0, minLength: 2, maxLength: 30 }), fc.array(fc.tuple(tail, fc.integer({ min: 0, max: 3 })), { maxLength: 30 }), (tails, probes) => {
        const splits = tails.map((t) => withPrefix(t, 3));
        const m = RegionMap.fromSplitPoints(splits);
        const sorted = [...splits].sort(compareBytes);
        for (const [t, cut] of probes) {
          const probe = withPrefix(t, cut);
          expect(m.locate(probe)).toBe(naiveLocate(sorted, probe));
        }
      }),
      { numRuns: 300 },
    );
  });

  it('places regions on the given servers, one per region', () => {
    const given = RegionMap.fromSplitPoints([k('m')], { assignment: ['rsB', 'rsA'] });
    expect([given.serverOf(0), given.serverOf(1)]).toEqual(['rsB', 'rsA']);
    expect(RegionMap.fromSplitPoints([k('m')]).serverOf(1)).toBeUndefined();
  });

  it('names regions when the table and region id are known', () => {
    const named = RegionMap.fromSplitPoints([k('user5')], { table: 'usertable', regionId: 1709251200000 });
    expect(named.region(1).name?.nameText).toBe('usertable,user5,1709251200000.454e7605f133d59bf61e05f4e2cac994.');
    expect(map.region(0).name).toBeUndefined();
  });

  it('refuses bad split points and assignments', () => {
    expect(() => RegionMap.fromSplitPoints([k('a'), k('')])).toThrow(expect.objectContaining({ code: 'REGION_SPLIT_EMPTY' }));
    expect(() => RegionMap.fromSplitPoints([k('a'), k('b'), k('a')])).toThrow(/split point "a" is given twice/);
    expect(() => RegionMap.fromSplitPoints([k('a')], { assignment: ['rs1'] })).toThrow(expect.objectContaining({ code: 'REGION_ASSIGNMENT_INVALID' }));
    expect(() => RegionMap.fromSplitPoints([k('a')], { servers: [] })).toThrow(expect.objectContaining({ code: 'REGION_ASSIGNMENT_INVALID' }));
    expect(() => map.region(4)).toThrow(RangeError);
  });
});

describe('regionName (RegionInfo.createRegionName, printed by HBase 2.6.4)', () => {
  const fixture = JSON.parse(readFileSync(new URL('../fixtures/regions/hbase-split-vectors.json', import.meta.url), 'utf8')) as {
    regionNames: { table: string; start: string; regionId: string; name: string; encoded: string }[];
  };
  it.each(fixture.regionNames)('$table,$start,$regionId', (r) => {
    const got = regionName(r.table, k(r.start), BigInt(r.regionId));
    expect(got.nameText).toBe(r.name);
    expect(got.encodedName).toBe(r.encoded);
  });
  it('refuses bad table names and region ids', () => {
    expect(() => regionName('bad table', k(''), 1)).toThrow(expect.objectContaining({ code: 'TABLE_NAME_INVALID' }));
    expect(() => regionName('t', k(''), -1)).toThrow(expect.objectContaining({ code: 'REGION_ID_INVALID' }));
    expect(() => regionName('t', k(''), 1.5)).toThrow(expect.objectContaining({ code: 'REGION_ID_INVALID' }));
    expect(() => regionName('t', k(''), 2n ** 63n)).toThrow(expect.objectContaining({ code: 'REGION_ID_INVALID' }));
  });
});
