// The region columns and the hot test over columns, with values worked out by hand.
import { describe, expect, it } from 'vitest';
import { type CountTrust, MEASURES_OF, hotColumns, hotMembersTrusting, hotVerdictAt } from '../../src/analysis/detect/hot-test.js';
import { RegionColumns } from '../../src/analysis/detect/region-columns.js';
import type { RegionRate } from '../../src/model/rate-types.js';

/** A region's rates with only what the columns read filled in. */
const rate = (encodedName: string, reads: number | null, writes: number | null, requests: number): RegionRate => ({
  encodedName, name: `t,,1.${encodedName}.`, startKey: new Uint8Array(), endKey: new Uint8Array(), server: 'rs1,16020,1',
  reads, writes, requests, readsPerSec: 0, writesPerSec: 0, requestsPerSec: 0, storeSizeBytes: 0, storeGrowthBytes: 0, basis: 'delta',
});

describe('RegionColumns', () => {
  it('keeps every region by first-seen index through growth, and its sums', () => {
    const cols = new RegionColumns(1);
    // 100 regions (the columns start with room for 16), each seen twice at the same position
    for (const startMs of [0, 10_000]) {
      for (let p = 0; p < 100; p++) {
        const r = rate(`r${p}`, p, 2 * p, 3 * p);
        const i = cols.indexOf(p, r, startMs);
        expect(i).toBe(p);
        cols.window.add(i, r, 10, 1);
      }
    }
    expect(cols.length).toBe(100);
    expect(cols.find('r57')).toBe(57);
    expect(cols.find('nope')).toBeUndefined();
    // first seen in the first interval; 2 × (57 reads, 114 writes, 171 requests) over 20 s, 2 rows-read
    expect(cols.first[57]).toBe(0);
    expect([cols.window.readsOf(57), cols.window.writesOf(57), cols.window.requests[57], cols.window.seconds[57], cols.window.rowReads[57]]).toEqual([114, 228, 342, 20, 2]);
    expect(cols.now.has(57)).toBe(false);
  });

  it('takes a first interval whole: each region at its position, found by position and name, new ones after them', () => {
    const cols = new RegionColumns(4);
    const first = Array.from({ length: 40 }, (_, p) => rate(`r${p}`, p, p, 2 * p));
    cols.addFirst(first, 5_000);
    expect(cols.length).toBe(40);
    expect([cols.first[0], cols.first[39], cols.last[39]]).toEqual([5_000, 5_000, first[39]]);
    // the next interval: the same regions at the same places, one gone (r3) and a new one (n) at its place
    const next = first.map((r, p) => (p === 3 ? rate('n', 1, 1, 2) : r));
    expect(next.map((r, p) => cols.indexOf(p, r, 10_000))).toEqual([0, 1, 2, 40, ...Array.from({ length: 36 }, (_, p) => p + 4)]);
    expect([cols.length, cols.first[40]]).toEqual([41, 10_000]);
    expect([cols.find('r3'), cols.find('n'), cols.find('r39'), cols.find('nope')]).toEqual([3, 40, 39, undefined]);
    // r3 back at another position
    expect(cols.indexOf(7, first[3] as RegionRate, 20_000)).toBe(3);
    // a lookup by name first, before any by position
    const other = new RegionColumns(2);
    other.addFirst(first.slice(0, 3), 0);
    expect([other.find('r2'), other.indexOf(0, first[0] as RegionRate, 1), other.indexOf(1, rate('m', 0, 0, 0), 1)]).toEqual([2, 0, 3]);
    expect(() => other.addFirst(first, 0)).toThrow(/added already/);
    // a first interval with no region, then one with some: those are taken whole
    const late = new RegionColumns(2);
    late.addFirst([], 0);
    late.addFirst(first.slice(0, 2), 10_000);
    expect([late.length, late.first[1], late.find('r1'), late.indexOf(1, first[1] as RegionRate, 20_000)]).toEqual([2, 10_000, 1, 1]);
  });

  it('turns reads or writes unknown for good once one interval lacks them', () => {
    const cols = new RegionColumns(4);
    const a = cols.indexOf(0, rate('a', 5, 5, 10), 0);
    cols.window.add(a, rate('a', 5, 5, 10), 10);
    cols.window.add(a, rate('a', null, 7, 9), 10);
    cols.window.add(a, rate('a', 3, 3, 6), 10);
    expect(cols.window.readsOf(a)).toBeNull();
    expect(cols.window.writesOf(a)).toBe(15);
    expect(cols.window.requests[a]).toBe(25);
  });

  it('gives per-second loads in the order asked, 1 s for a region with no time', () => {
    const cols = new RegionColumns(4);
    const x = cols.indexOf(0, rate('x', 10, 30, 40), 0);
    const y = cols.indexOf(1, rate('y', 4, 0, 4), 0);
    cols.window.add(x, rate('x', 10, 30, 40), 20);
    cols.window.add(y, rate('y', 4, 0, 4), 0);
    const c = cols.window.perSecond([y, x]);
    expect(c.length).toBe(2);
    expect([...c.requests]).toEqual([4, 2]);
    expect([...(c.reads ?? [])]).toEqual([4, 0.5]);
    expect([...(c.writes ?? [])]).toEqual([0, 1.5]);
  });
});

describe('hotColumns', () => {
  it('tests each member against the mean of the others, in every material measure', () => {
    // requests 400, 100, 100: the first is 400 / 100 = 4 × its peers (hot at k = 3) and 400 / 200 = 2 × the average.
    // writes 390, 10, 10 make the first 39 × its peers in writes; reads 10, 90, 90 are 10 / 90 of its peers' there.
    const h = hotColumns({
      length: 3,
      requests: Float64Array.of(400, 100, 100),
      writes: Float64Array.of(390, 10, 10),
      reads: Float64Array.of(10, 90, 90),
      rowReads: null,
    }, 3);
    expect(hotVerdictAt(h, 0, 3)).toEqual({ peerRatio: 4, averageRatio: 2, hot: true, hotByAverage: false, hotBy: ['requests', 'writes'] });
    // the second: 100 / 250 = 0.4 × its peers, hot in nothing
    expect(hotVerdictAt(h, 1, 3)).toEqual({ peerRatio: 0.4, averageRatio: 0.5, hot: false, hotByAverage: false, hotBy: [] });
  });

  it('has no peer ratio when the peers took nothing, and leaves out a measure under 1% of the requests', () => {
    // writes 0.5 of 1,000 requests are under 1%: only requests count; the peers took nothing, so the first is hot
    const h = hotColumns({ length: 2, requests: Float64Array.of(1000, 0), writes: Float64Array.of(0.5, 0), reads: null, rowReads: null }, 3);
    expect(hotVerdictAt(h, 0, 3)).toEqual({ peerRatio: null, averageRatio: 2, hot: true, hotByAverage: false, hotBy: ['requests'] });
    expect(MEASURES_OF[h.hotBy[1] as number]).toEqual([]);
  });
});

describe('hotMembersTrusting', () => {
  it('tests an under-count against the trusted members only, and an over-count not at all', () => {
    const load = (requests: number) => ({ requests, reads: null, writes: null });
    const members = [load(100), load(500), load(100), load(9000), load(100), load(250)];
    const trust: CountTrust[] = ['full', 'under', 'full', 'over', 'full', 'under'];
    // peers: the three 100s, none hot among themselves. 500 appended: (800 − 500) / 3 = 100 each, 5 × > 3, hot;
    // 250 appended: (550 − 250) / 3 = 100 each, 2.5 × ≤ 3, not hot; 9,000 (over) is never tested
    expect([...hotMembersTrusting(members, (i) => trust[i] as CountTrust, 3)]).toEqual([[1, ['requests']]]);
  });
});
