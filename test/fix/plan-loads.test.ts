/**
 * The server loads a runbook weighs a move with are over the span its hotspot is judged on: over now (the last
 * intervals of the window) for the region the headline names hot now, like that region's share beside them.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { detectHotspots } from '../../src/analysis/detect/index.js';
import { toBytesBinary } from '../../src/bytes/index.js';
import { clusterFromSeries } from '../../src/fix/balancer/index.js';
import { planFix } from '../../src/fix/plan/index.js';
import { type KeySample, parseKeySamples, parseLoadSeries } from '../../src/model/index.js';
import { type Layout, region, repeat, series, snap, steadySeries } from '../model/builders.js';

const rs = (n: number) => `rs${n}.example.com,16020,${n}`;
/** A 32-hex encoded region name made of one repeated character. */
const enc = (c: string) => c.repeat(32);
const write = (timeMs: number, key: string): KeySample => ({ timeMs, key: toBytesBinary(key), op: 'write' });

// b hot on rs2 beside f; c on rs3 busy for 7 minutes then quiet, d on rs4 quiet then busy: over the window rs4 looks
// the least loaded, over now (the last 3 of the 10 intervals) it is the busiest server after rs2, and rs3 the quietest
const layout: Layout[] = [[enc('a'), '', 'g', rs(1)], [enc('b'), 'g', 'k', rs(2)], [enc('f'), 'k', 'n', rs(2)], [enc('c'), 'n', 't', rs(3)], [enc('d'), 't', '', rs(4)]];
const load = steadySeries(layout, [...repeat(7, [1500, 4000, 3000, 2000, 100]), ...repeat(3, [1500, 6000, 3000, 100, 2000])]);
// writes a minute over the window ÷ 10 and over now ÷ 3, then ÷ 60 for req/s:
// rs1 1500 / 1500 (25.0 req/s); rs2 (7 × 7000 + 3 × 9000) ÷ 10 = 7600 (126.7) / 9000 (150.0);
// rs3 (7 × 2000 + 3 × 100) ÷ 10 = 1430 (23.8) / 100 (1.7); rs4 (7 × 100 + 3 × 2000) ÷ 10 = 670 (11.2) / 2000 (33.3).
// b: 46,000 of 112,000 writes over the window (41.1%), 18,000 of 37,800 over now (47.6%)

describe('fix plan weighs moves on loads over now', () => {
  it('a hot range with key samples: the daughter goes to the least loaded server over now, with the figures over now', () => {
    const detect = detectHotspots(load);
    expect([detect.shape, detect.now.region, detect.now.intervals]).toEqual(['hot-range', enc('b'), 3]);
    const samples = Array.from({ length: 40 }, (_, i) => write(1000 * i, `h${String(i).padStart(2, '0')}`));
    const book = planFix({ detect, samples });
    expect(book.steps.map((s) => s.kind)).toEqual(['balancer-off', 'split', 'move', 'balancer-on']);
    expect(book.steps[1]!.why).toContain('the region takes 47.6% of the table\'s requests over now (fair share 20.0%)');
    const move = book.steps[2]!;
    // over the window rs4 (11.2 req/s) would have been chosen, though it takes 33.3 req/s now
    expect(move.deferredMove!.server).toBe(rs(3));
    // the 40 sampled keys divide b 50% / 50%: the daughter takes half of b's 6000 writes a minute over now, 50.0 req/s;
    // rs3 then 1.7 + 50.0 = 51.7, rs2 150.0 - 50.0 = 100.0, the others then (25.0 + 100.0 + 33.3) ÷ 3 = 52.8: within 3 ×
    expect(move.why).toBe(`after a split both daughters stay on ${rs(2)} (150.0 req/s over now); ${rs(3)} is the least loaded RegionServer (1.7 req/s over now); the daughter takes 50.0 req/s over now, so after the move ${rs(3)} carries 51.7 and ${rs(2)} 100.0 req/s over now, ${rs(3)} within 3 × the average of the other servers then (52.8 req/s over now)`);
  });

  it('a hot range without key samples: the region itself goes to the least loaded server over now, its share over now beside', () => {
    const book = planFix({ detect: detectHotspots(load) });
    const move = book.steps.find((s) => s.kind === 'move')!;
    // moving b (100.0 req/s over now) leaves rs2 50.0 and rs3 101.7: the busier of the two falls from 150.0
    expect(move.commands).toEqual([`move "${enc('b')}", "${rs(3)}"`]);
    expect(move.why).toContain(`it takes 47.6% of the table's requests over now on ${rs(2)} (150.0 req/s over now); ${rs(3)} is the least loaded (1.7 req/s over now)`);
  });
});

describe('incident balancer-region-count-two-hot', () => {
  const dir = fileURLToPath(new URL('../fixtures/incidents/', import.meta.url));
  const id = 'balancer-region-count-two-hot';
  const series = parseLoadSeries(readFileSync(`${dir}${id}.series.ndjson`, 'utf8'), `${id}.series.ndjson`);
  const samples = parseKeySamples(readFileSync(`${dir}${id}.samples.ndjson`, 'utf8'), `${id}.samples.ndjson`);
  const server = (n: number) => `rs${n}.example.com,16020,1717200000000`;

  it('quotes rs3 at its rate over now, and sends the busier daughter to the least loaded server as the swaps leave them', () => {
    const detect = detectHotspots(series, { samples });
    const book = planFix({ detect, samples, placement: clusterFromSeries(series) });
    const moves = book.steps.filter((s) => s.kind === 'move');
    // the daughter's move, then the swap of the other hot region with rs1's quietest region
    expect(moves[0]!.deferredMove!.server).toBe(server(2));
    expect(moves.slice(1).map((s) => s.title.replace(/^Move \w+ /, ''))).toEqual([`from ${server(3)} to ${server(1)}`, `from ${server(1)} to ${server(3)}`]);
    // rs3 holds 6 of the 24 regions of the 6,000 writes/s spread evenly (1,500) and both busy ranges (9,000 and
    // 7,500): 18,000 writes/s, over now as over the window (the load is steady). The figure quoted before, 10476.5,
    // was rs3 once the swap (a later step) is done, given as its load at the move. rs1, rs2 and rs4 take 1,500
    // each; the swap sends the 7,500 writes/s range to rs1, so the least loaded as the swaps leave the servers is rs2
    expect(moves[0]!.why).toMatch(new RegExp(`^after a split both daughters stay on ${server(3).replace(/\./g, '\\.')} \\(18000\\.0 req/s over now, \\d+\\.\\d once the co-location swaps of this runbook are done\\); ${server(2).replace(/\./g, '\\.')} is the least loaded RegionServer \\(1500\\.0 req/s over now\\); `));
    // the daughter's move is weighed as the swaps leave the servers: the table takes 18,000 ÷ 80.0% = 22,500 req/s over
    // now, the hot range 41.15% of it (9,257.8), split 50% / 50% by its samples: the daughter 4,628.9. rs2 then 1,500 +
    // 4,628.9 = 6,128.9; rs3 once swapped 10,476.55, less the daughter 5,847.6; rs1 once swapped 22,500 - 10,476.55 -
    // 1,500 - 1,500 = 9,023.45; the others than rs2 then (9,023.45 + 5,847.6 + 1,500) ÷ 3 = 5,457.0, × 3 = 16,371: kept
    expect(moves[0]!.why).toContain(`; the daughter takes 4628.9 req/s over now, so after the move ${server(2)} carries 6128.9 and ${server(3)} 5847.6 req/s over now, ${server(2)} within 3 × the average of the other servers then (5457.0 req/s over now)`);
  });
});

// b takes 6,000 writes a minute, a, c, d and e 1,000 each; b moves from rs2 to rs3 right after the snapshot closing
// interval 8 of 10 (now is the last 3 intervals), reopening with counters from 0, so its 6,000 writes of interval 9
// count on rs3 (the value after the reset is the count since it). Over now rs3 served c's 3,000 and b's 12,000 writes
// (15,000 in 180 s, 83.3 req/s), though with b where it is now it carries c's 16.7 and b's 100.0 req/s: 116.7; rs2
// served b's 6,000 and e's 3,000 (50.0 req/s) but carries e's 16.7 now.
describe('a hot region that moved in during now', () => {
  const at = (i: number) => (i <= 8 ? rs(2) : rs(3));
  const snapshots = Array.from({ length: 11 }, (_, i) => snap(i * 60_000, [
    region(enc('a'), '', 'g', rs(1), 0, 1000 * i),
    region(enc('b'), 'g', 'k', at(i), 0, i <= 8 ? 6000 * i : 6000 * (i - 8)),
    region(enc('c'), 'k', 'n', rs(3), 0, 1000 * i),
    region(enc('d'), 'n', 't', rs(4), 0, 1000 * i),
    region(enc('e'), 't', '', rs(2), 0, 1000 * i),
  ]));
  const moved = series(snapshots, 60_000);

  it('weighs its server with the region where it is: the region is never more than its server', () => {
    const detect = detectHotspots(moved);
    expect([detect.now.region, detect.regions.find((r) => r.encodedName === enc('b'))?.server]).toEqual([enc('b'), rs(3)]);
    const book = planFix({ detect });
    // b: 60.0% of the 10,000 writes a minute, 100.0 req/s; the other servers 16.7 each, and b alone is above 3 × 16.7
    // = 50.0: the hotspot by itself, wherever it goes (rs1, the least loaded by name among three at 16.7, would carry
    // 116.7)
    expect(book.refused.map((r) => r.why).join('\n')).toContain(`it takes 60.0% of the table's requests by itself (100.0 req/s over now, 85.7% of ${rs(3)}'s 116.7), so ${rs(1)}, the least loaded server (16.7 req/s over now), would carry 116.7 req/s over now`);
  });
});

describe('key samples from another time', () => {
  it('are left out of the plan as detect leaves them out of the shape, and the evidence says how many', () => {
    const inside = Array.from({ length: 40 }, (_, i) => write(1000 * i, `h${String(i).padStart(2, '0')}`));
    // a day before the series: 40 more samples of one key, which would pull the traffic median down to it
    const dayBefore = Array.from({ length: 40 }, (_, i) => write(-86_400_000 + i, 'h00'));
    const detect = detectHotspots(load);
    const alone = planFix({ detect, samples: inside });
    const mixed = planFix({ detect, samples: [...dayBefore, ...inside] });
    // the same steps as with the window's samples alone: the split between h19 and h20 (20 of 40 below), "h2"
    expect(mixed.steps).toEqual(alone.steps);
    expect(mixed.steps.find((s) => s.kind === 'split')?.commands).toEqual(['split "t", "h2"']);
    expect(mixed.evidence[0]).toBe(`40 of the 80 key samples lie outside the series' window (${new Date(detect.window.startMs).toISOString()} to ${new Date(detect.window.endMs).toISOString()}) and were left out: they describe another time's traffic`);
    expect(mixed.evidence.slice(1)).toEqual(alone.evidence);
  });
});
