import { describe, expect, it } from 'vitest';
import { detectHotspots } from '../../src/analysis/detect/index.js';
import { planFix } from '../../src/fix/plan/index.js';
import { regionWriteFraction } from '../../src/fix/plan/row-and-tail.js';
import { type Layout, region, repeat, series, snap, steadySeries } from '../model/builders.js';

const enc = new TextEncoder();
const rs = (n: number) => `rs${n}.example.com,16020,${n}`;

describe('the hot row\'s read/write mix without a sample in its region', () => {
  it('is the region\'s own writes over its own requests, not a ratio of its shares of two totals', () => {
    // a, b, c on three servers, 60 reads and 600 writes a minute each; from minute 6 b takes 12,000 writes a minute,
    // rewriting its rows (no store growth): over the 10 minutes b has 600 reads and 5 × 600 + 5 × 12,000 = 63,000
    // writes, 63,000 ÷ 63,600 = 99% writes. Its shares (reads 600 ÷ 1,800 = 33%, writes 63,000 ÷ 75,000 = 84%) would
    // give 84 ÷ (33 + 84) = 72%, which is no fraction of b's requests.
    // (every store 1,000 bytes throughout: not a whole number of MB, so the unchanged size is seen as no new rows)
    const layout: Layout[] = [['a', '', '4', rs(1)], ['b', '4', '8', rs(2)], ['c', '8', '', rs(3)]];
    const writesAt = (i: number, j: number) => (i > 5 && j === 1 ? 12_000 : 600);
    const snaps = Array.from({ length: 11 }, (_, i) => snap(i * 60_000, layout.map(([e, s, end, srv], j) => {
      const writes = Array.from({ length: i }, (_, k) => writesAt(k + 1, j)).reduce((x, y) => x + y, 0);
      return region(e, s, end, srv, 60 * i, writes, 1000);
    })));
    const load = series(snaps, 60_000);
    const detect = detectHotspots(load);
    expect(detect.shape).toBe('single-row');
    const book = planFix({ detect });
    expect(book.evidence).toContain('the hot row: 99% writes, from the region\'s own reads and writes over the window (no sample fell in it)');
    expect(book.steps.at(-1)?.title).toBe('Shard the written row into 4 rows');

    // three keys of b sampled once each (too few for detect to judge by samples): none stands out, so no row is named,
    // and the mix is b's own; a fourth sample of "6001" makes it the row, 2 writes of 2
    const once = ['5aaa', '5abc', '6001'].map((k, i) => ({ timeMs: 400_000 + i, key: enc.encode(k), op: 'write' as const }));
    const tie = planFix({ detect: detectHotspots(load, { samples: once }), samples: once });
    expect(tie.refused[0]?.why).toContain('leaves the hot row whole in one daughter');
    expect(tie.evidence).toContain('the hot row: 99% writes, from the region\'s own reads and writes over the window (no sampled row stands out: 3 keys tie at 1 request(s) each)');
    const twice = [...once, { timeMs: 400_010, key: enc.encode('6001'), op: 'write' as const }];
    const named = planFix({ detect: detectHotspots(load, { samples: twice }), samples: twice });
    expect(named.evidence).toContain('row "6001": 100% writes, from 2 sampled request(s) of the row');
  });

  it('a read-mostly region in a table whose other regions barely write is read-mostly', () => {
    // b: 6,000 reads and 1,500 writes a minute; a, c, d: 2,000 reads and 5 writes each. Table: 12,000 reads, 1,515
    // writes. b is 1,500 ÷ 7,500 = 20% writes, though it holds 1,500 ÷ 1,515 = 99% of the table's writes and only
    // 50% of its reads (99 ÷ (50 + 99) = 66% by the shares' ratio, a written row)
    const layout: Layout[] = [['a', '', 'b', rs(1)], ['b', 'b', 'c', rs(2)], ['c', 'c', 'd', rs(3)], ['d', 'd', '', rs(4)]];
    const load = steadySeries(layout, repeat(6, [5, 1500, 5, 5]), { reads: repeat(6, [2000, 6000, 2000, 2000]) });
    const detect = detectHotspots(load);
    const b = detect.regions.find((r) => r.encodedName === 'b')!;
    expect(b.readShare).toBeCloseTo(0.5, 12);
    expect(b.writeShare).toBeCloseTo(1500 / 1515, 12);
    expect(regionWriteFraction(detect.regions, b)).toBeCloseTo(0.2, 12);
    const a = detect.regions.find((r) => r.encodedName === 'a')!;
    // a: 5 writes of 2,005 requests
    expect(regionWriteFraction(detect.regions, a)).toBeCloseTo(5 / 2005, 12);
  });

  it('a row named from a plain key list takes the region\'s mix, not the writes the list\'s keys are assumed to be', () => {
    // b: 6,000 reads and 1,500 writes a minute (20% writes, as above); a key list naming "bcelebrity" 50 times and
    // three other keys of b once: the row stands out, and is read-mostly
    const layout: Layout[] = [['a', '', 'b', rs(1)], ['b', 'b', 'c', rs(2)], ['c', 'c', 'd', rs(3)], ['d', 'd', '', rs(4)]];
    const load = steadySeries(layout, repeat(6, [5, 1500, 5, 5]), { reads: repeat(6, [2000, 6000, 2000, 2000]) });
    const keys = [...repeat(50, 'bcelebrity'), 'b1', 'b2', 'b3'];
    const listed = keys.map((k, i) => ({ timeMs: i * 6000, key: enc.encode(k), op: 'write' as const }));
    const detect = detectHotspots(load, { samples: listed });
    expect(detect.shape).toBe('single-row');
    const book = planFix({ detect, samples: listed, samplesOpsUnknown: true });
    expect(book.evidence).toContain('row "bcelebrity": 20% writes, from 50 listed key(s) of the row; mix from the region\'s own reads and writes over the window (the key list\'s samples carry no operation)');
    expect(book.steps.map((s) => s.title)).toEqual(['Cache or coalesce reads of row "bcelebrity" in the application']);
    // taken as the writes they are assumed to be, the same keys would shard a read-mostly row
    expect(planFix({ detect, samples: listed }).steps.map((s) => s.title)).toEqual(['Shard the written row into 4 rows']);
  });

  it('says when the shares cannot tell: every region with the table\'s mix, or no read/write split', () => {
    const layout: Layout[] = [['a', '', 'm', rs(1)], ['b', 'm', '', rs(2)]];
    const even = detectHotspots(steadySeries(layout, repeat(3, [100, 900]), { reads: repeat(3, [100, 900]) }));
    expect(regionWriteFraction(even.regions, even.regions[1]!)).toBe('table-mix');
    const b = { ...even.regions[1]!, readShare: null, writeShare: null };
    expect(regionWriteFraction([b], b)).toBe('no-split');
  });
});
