/**
 * The busier daughter's move after a traffic-median split is weighed as the hot region's own move is without key
 * samples: the destination must not be made hot (its load after the move at most k × the average of the other servers
 * then) and the busier of the two servers must carry less than the hot server did. The daughter's load is its share of
 * the region's sampled requests × the region's load over now.
 */
import { describe, expect, it } from 'vitest';
import { detectHotspots } from '../../src/analysis/detect/index.js';
import { toBytesBinary } from '../../src/bytes/index.js';
import { planFix } from '../../src/fix/plan/index.js';
import type { KeySample } from '../../src/model/index.js';
import { type Layout, repeat, steadySeries } from '../model/builders.js';

const rs = (n: number) => `rs${n}.example.com,16020,${n}`;
/** A 32-hex encoded region name made of one repeated character. */
const enc = (c: string) => c.repeat(32);
const write = (timeMs: number, key: string): KeySample => ({ timeMs, key: toBytesBinary(key), op: 'write' });
// 40 distinct keys of b ["g", "k"), each requested once: the traffic median falls between h19 and h20 ("h2"), 50% / 50%;
// the lower daughter's own median between h09 and h10 ("h1"), the upper's between h29 and h30 ("h3"), 25% each
const samples = Array.from({ length: 40 }, (_, i) => write(1000 * i, `h${String(i).padStart(2, '0')}`));

/**
 * Regions named by the characters of `names` (32-hex each), one after another from the start of the table: region i
 * starts at `starts[i]` (the first at "") and ends where the next starts, on RegionServer `servers[i]`.
 */
function layoutOf(names: string, starts: readonly string[], servers: readonly number[]): Layout[] {
  return [...names].map((c, i) => [enc(c), starts[i] ?? '', starts[i + 1] ?? '', rs(servers[i] ?? 1)]);
}

describe('fix plan weighs the busier daughter\'s move', () => {
  it('kept: the daughter alone does not make the least loaded server hot, and the busiest load falls', () => {
    // writes a minute, two regions a server: rs1 600 + 600, rs2 b 3000 + f 600 (3600), rs3 600 + 600, rs4 500 + 500.
    // b is hot (3000 > 3 × 4000 ÷ 7 = 1714 for the other seven regions). The upper daughter takes 50% of b, 1500: rs4
    // (1000, the least loaded) then carries 2500 and rs2 2100, rs4 within 3 × the others' average then ((1200 + 2100 +
    // 1200) ÷ 3 = 1500, × 3 = 4500), the busier of the two (2500) under rs2's 3600: kept.
    // Per second: b 3000 ÷ 60 = 50.0, 3000 ÷ 8000 = 37.5% of the table; the daughter 25.0; rs2 60.0 before, 35.0 after;
    // rs4 16.7 before, 41.7 after; the others then 1500 ÷ 60 = 25.0
    const layout = layoutOf('a1bfc2d3', ['', 'c', 'g', 'k', 'n', 'q', 't', 'w'], [1, 1, 2, 2, 3, 3, 4, 4]);
    const detect = detectHotspots(steadySeries(layout, repeat(4, [600, 600, 3000, 600, 600, 600, 500, 500])));
    expect(detect.shape).toBe('hot-range');
    expect(detect.regions.filter((r) => r.hot).map((r) => r.encodedName)).toEqual([enc('b')]);
    const book = planFix({ detect, samples });
    expect(book.steps.map((s) => s.kind)).toEqual(['balancer-off', 'split', 'move', 'balancer-on']);
    expect(book.refused).toEqual([]);
    expect(book.steps[1]!.commands).toEqual(['split "t", "h2"']);
    const move = book.steps[2]!;
    expect(move.deferredMove).toEqual({ table: 't', startKey: 'h2', server: rs(4) });
    expect(move.why).toBe(`after a split both daughters stay on ${rs(2)} (60.0 req/s over now); ${rs(4)} is the least loaded RegionServer (16.7 req/s over now); the daughter takes 25.0 req/s over now, so after the move ${rs(4)} carries 41.7 and ${rs(2)} 35.0 req/s over now, ${rs(4)} within 3 × the average of the other servers then (25.0 req/s over now)`);
    expect(book.steps[3]!.check).toContain('still shows the daughters on different servers');
  });

  it('refused: the daughter alone would make any server hot; split each daughter again at its own median, with the commands', () => {
    // writes a minute, two regions a server on six servers: rs2 b 9000 + f 300 (9300); 300 + 300 on rs1, rs3, rs5, rs6;
    // rs4 250 + 250 (500, the least loaded). The upper daughter takes 50% of b, 4500: rs4 would carry 5000 against 3 ×
    // the others' average then ((4 × 600 + 9300 - 4500) ÷ 5 = 1440, × 3 = 4320): a hot server, though the busiest load
    // would fall from 9300 to 5000. The daughter alone is above 3 × the average of the servers other than rs2 before
    // ((4 × 600 + 500) ÷ 5 = 580, × 3 = 1740): whichever server takes it is hot.
    // Per second: b 9000 ÷ 60 = 150.0 of rs2's 9300 ÷ 60 = 155.0 (9000 ÷ 9300 = 96.8% of it), 9000 ÷ 12200 = 73.8% of the table; the daughter 75.0;
    // rs4 8.3 before, 83.3 after; the others then 1440 ÷ 60 = 24.0; before 580 ÷ 60 = 9.7. A quarter of b: 37.5, still
    // above 3 × 9.7 = 29.0
    const layout = layoutOf('a1bfc2d3e495', ['', 'c', 'g', 'k', 'l', 'm', 'n', 'p', 'q', 's', 't', 'w'], [1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6]);
    const detect = detectHotspots(steadySeries(layout, repeat(4, [300, 300, 9000, 300, 300, 300, 250, 250, 300, 300, 300, 300])));
    expect(detect.shape).toBe('hot-range');
    const book = planFix({ detect, samples });
    expect(book.steps.map((s) => s.kind)).toEqual(['split', 'advice']);
    expect(book.steps[0]!.commands).toEqual(['split "t", "h2"']);
    expect(book.refused.map((r) => r.action)).toEqual(['move']);
    expect(book.refused[0]!.why).toBe(`moving the busier daughter (upper, 50.0% of the region's sampled requests) does not spread the load: the region takes 73.8% of the table's requests (150.0 req/s over now, 96.8% of ${rs(2)}'s 155.0), so the daughter takes 75.0 req/s over now, and ${rs(4)}, the least loaded server (8.3 req/s over now), would carry 83.3 req/s over now, above 3 × the average of the other servers then (24.0 req/s over now): a hot server. By itself the daughter is above 3 × the average of the servers other than ${rs(2)} (9.7 req/s over now), so whichever server takes it is hot. The traffic median splits the region only in two; a range this hot needs more daughters: see the step after the split`);
    expect(book.warnings).toContain('the busier daughter is a hotspot by itself wherever it moves: the traffic median splits the region only in two, and a range this hot needs more daughters; split each daughter again at its own traffic median once they have compacted (the step after the split), then plan again');
    const again = book.steps[1]!;
    expect(again.title).toBe('Split each daughter again at its own traffic median, once both have compacted (2 more splits)');
    expect(again.why).toContain('the lower daughter ["g", "h2") (50.0% of the region\'s requests, 75.0 req/s over now) at its own traffic median "h1", into 25.0% (37.5 req/s over now) and 25.0% (37.5 req/s over now) of the region\'s requests');
    expect(again.why).toContain('the upper daughter ["h2", "k") (50.0% of the region\'s requests, 75.0 req/s over now) at its own traffic median "h3", into 25.0% (37.5 req/s over now) and 25.0% (37.5 req/s over now) of the region\'s requests');
    expect(again.why).toContain(`The busiest of the 4 ranges then takes 37.5 req/s over now, still above 3 × the average of the servers other than ${rs(2)} (9.7 req/s over now): split that range again`);
    expect(again.why).toContain('major_compact "t", then compaction_state "t" says NONE');
    expect(again.why).toContain('split "t", "h1"; split "t", "h3"');
    expect(again.commands).toEqual([]);
  });
  it('refused, not by itself: a lopsided split whose busier daughter is one row would make the least loaded server hot', () => {
    // the series of the kept case with b at 4200 writes a minute (rs2 4800); 30 sampled requests of row "h00" and one of
    // each of h10..h19: the traffic median falls between h00 and h10 ("h1"), 75% / 25%. The lower daughter (3150)
    // would take rs4 (1000) to 4150 against 3 × the others' average then ((1200 + 4800 - 3150 + 1200) ÷ 3 = 1350, × 3
    // = 4050): a hot server. It is not the hotspot by itself (3150 ≤ 3 × (1200 + 1200 + 1000) ÷ 3 = 3400).
    // Per second: b 4200 ÷ 60 = 70.0 of rs2's 80.0 (4200 ÷ 4800 = 87.5% of it), 4200 ÷ 8200 = 51.2% of the table; the daughter 52.5; rs4 16.7
    // before, 4150 ÷ 60 = 69.2 after; the others then 1350 ÷ 60 = 22.5; before 3400 ÷ 3 ÷ 60 = 18.9
    const layout = layoutOf('a1bfc2d3', ['', 'c', 'g', 'k', 'n', 'q', 't', 'w'], [1, 1, 2, 2, 3, 3, 4, 4]);
    const detect = detectHotspots(steadySeries(layout, repeat(4, [600, 600, 4200, 600, 600, 600, 500, 500])));
    expect(detect.shape).toBe('hot-range');
    const lopsided = [...Array.from({ length: 30 }, (_, i) => write(1000 * i, 'h00')), ...Array.from({ length: 10 }, (_, i) => write(1000 * i, `h1${i}`))];
    const book = planFix({ detect, samples: lopsided });
    expect(book.steps.map((s) => s.kind)).toEqual(['split', 'advice']);
    expect(book.steps[0]!.commands).toEqual(['split "t", "h1"']);
    expect(book.refused).toEqual([{ action: 'move', why: `moving the busier daughter (lower, 75.0% of the region's sampled requests) does not spread the load: the region takes 51.2% of the table's requests (70.0 req/s over now, 87.5% of ${rs(2)}'s 80.0), so the daughter takes 52.5 req/s over now, and ${rs(4)}, the least loaded server (16.7 req/s over now), would carry 69.2 req/s over now, above 3 × the average of the other servers then (22.5 req/s over now): a hot server. The traffic median splits the region only in two; a range this hot needs more daughters: see the step after the split` }]);
    expect(book.warnings.some((w) => w.startsWith('moving the busier daughter to the least loaded server does not spread the load: '))).toBe(true);
    const again = book.steps[1]!;
    // the lower daughter is the one row: no split point; the upper one splits between h14 and h15, from 10 samples
    expect(again.title).toBe('Split each daughter again at its own traffic median, once both have compacted (1 more split)');
    expect(again.why).toContain('the lower daughter ["g", "h1") (75.0% of the region\'s requests, 52.5 req/s over now): its sampled requests all hit one row: no split point divides it');
    expect(again.why).toContain('the upper daughter ["h1", "k") (25.0% of the region\'s requests, 17.5 req/s over now) at its own traffic median "h15", into 12.5%');
    expect(again.why).toContain('(from only 10 key samples: uncertain)');
    expect(again.why).toContain(`The busiest of the 3 ranges then takes 52.5 req/s over now, no longer above 3 × the average of the servers other than ${rs(2)} (18.9 req/s over now).`);
    expect(again.why).toContain('compaction_state "t" says NONE; a daughter holds reference files into the parent until then, and HBase refuses to split it): split "t", "h15"; then detect again');
    expect(again.check).toContain('shows 3 regions over ["g", "k")');
  });
});
