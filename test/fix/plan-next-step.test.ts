import { describe, expect, it } from 'vitest';
import { detectHotspots } from '../../src/analysis/detect/index.js';
import { toBytesBinary } from '../../src/bytes/index.js';
import { clusterFromSeries } from '../../src/fix/balancer/index.js';
import { type Runbook, planFix } from '../../src/fix/plan/index.js';
import type { KeySample } from '../../src/model/index.js';
import { type Layout, repeat, steadySeries } from '../model/builders.js';

const rs = (n: number) => `rs${n}.example.com,16020,${n}`;
/** A 32-hex encoded region name made of one repeated character. */
const enc = (c: string) => c.repeat(32);
const write = (timeMs: number, key: string): KeySample => ({ timeMs, key: toBytesBinary(key), op: 'write' });

/**
 * The runbook of a steady hot range without key samples (writes a minute per region of `layout`) whose move is
 * refused: the containment advice, the labelled size-midpoint fallback and how to get samples, the split and the move
 * refused.
 */
function moveRefused(layout: Layout[], perMinute: number[]): Runbook {
  const detect = detectHotspots(steadySeries(layout, repeat(4, perMinute)));
  expect(detect.shape).toBe('hot-range');
  const book = planFix({ detect });
  expect(book.steps.map((s) => s.kind)).toEqual(['advice', 'advice', 'advice']);
  expect(book.steps[1]!.title).toMatch(/^Fallback, with its risk/);
  expect(book.steps[2]!.title).toMatch(/^Get key samples/);
  expect(book.refused.map((r) => r.action)).toEqual(['split', 'move']);
  return book;
}

describe('runbooks with a next step', () => {
  it('a hot range without key samples: contain, move the region to the least loaded server, a labelled midpoint fallback, how to get samples', () => {
    // two regions a server (writes a minute): b 2600 and f 2000 on rs2 (4600), 600 each elsewhere but rs4's 600 + 500.
    // b is hot (2600 > 3 × 5500 ÷ 7 = 2357 for the other seven), f not (2000 < 3 × 6100 ÷ 7 = 2614). Moving b to rs4,
    // the least loaded (1100), leaves rs2 2000 (less than half its 4600) and rs4 3700, within 3 × the average of the
    // others then ((1200 + 2000 + 1200) ÷ 3 = 1466.7, × 3 = 4400): the move spreads load
    const layout: Layout[] = [
      [enc('a'), '', 'c', rs(1)], [enc('1'), 'c', 'g', rs(1)], [enc('b'), 'g', 'k', rs(2)], [enc('f'), 'k', 'n', rs(2)],
      [enc('c'), 'n', 'q', rs(3)], [enc('2'), 'q', 't', rs(3)], [enc('d'), 't', 'w', rs(4)], [enc('3'), 'w', '', rs(4)],
    ];
    const detect = detectHotspots(steadySeries(layout, repeat(4, [600, 600, 2600, 2000, 600, 600, 600, 500])));
    expect(detect.shape).toBe('hot-range');
    expect(detect.regions.filter((r) => r.hot).map((r) => r.encodedName)).toEqual([enc('b')]);
    const book = planFix({ detect });
    expect(book.steps.map((s) => s.kind)).toEqual(['advice', 'balancer-off', 'move', 'balancer-on', 'advice', 'advice']);
    const [contain, , move, , fallback, samples] = book.steps;
    expect(contain!.title).toContain('request quota');
    expect(contain!.why).toContain('throttles the whole table');
    expect(contain!.why).toContain('LIMIT => "Nreq/sec", SCOPE => MACHINE');
    expect(contain!.why).toContain('on each RegionServer by itself');
    expect(contain!.check).toContain('hbase.quota.enabled');
    expect(contain!.check).toContain('restart');
    expect(move!.commands).toEqual([`move "${enc('b')}", "${rs(4)}"`]);
    expect(move!.undo).toEqual([`move "${enc('b')}", "${rs(2)}"`]);
    expect(move!.wait).toEqual({ kind: 'region-on-server', table: 't', startKey: 'g', server: rs(4) });
    expect(book.refused.map((r) => r.action)).toEqual(['split']);
    expect(fallback!.title).toContain(`split "${enc('b')}"`);
    expect(fallback!.title).toMatch(/^Fallback, with its risk/);
    expect(fallback!.why).toContain('divides the region\'s bytes, not its requests');
    expect(samples!.why).toContain('Java writers');
    expect(samples!.why).toContain('application log');
    expect(samples!.why).toContain('region\'s own rows');
    expect(book.refused.map((r) => r.action)).toEqual(['split']);
    // per second: b 2600 ÷ 60 = 43.3 of rs2's 4600 ÷ 60 = 76.7, 2600 ÷ 8100 = 32.1% of the table; rs4 1100 ÷ 60 = 18.3 before, 3700 ÷ 60 = 61.7 after;
    // rs2 2000 ÷ 60 = 33.3 after; the others then 4400 ÷ 3 ÷ 60 = 24.4
    expect(move!.why).toContain(`it takes 32.1% of the table's requests over now on ${rs(2)} (76.7 req/s over now); ${rs(4)} is the least loaded (18.3 req/s over now)`);
    expect(move!.why).toContain(`after the move ${rs(4)} carries 61.7 and ${rs(2)} 33.3 req/s over now, ${rs(4)} within 3 × the average of the other servers then (24.4 req/s over now)`);
  });

  it('a hot range without key samples whose region is most of its server\'s load: the move is refused though the busiest server\'s load would fall', () => {
    const layout: Layout[] = [[enc('a'), '', 'g', rs(1)], [enc('b'), 'g', 'k', rs(2)], [enc('f'), 'k', 'n', rs(2)], [enc('c'), 'n', 't', rs(3)], [enc('d'), 't', '', rs(4)]];
    // b: 4000 writes a minute beside f's 1500 on rs2 (5500, b 73% of it); rs4 the least loaded (50). Moving b there
    // leaves rs2 1500 and rs4 4050: the busiest of the two falls from 5500 to 4050, but rs4 is then above 3 × the
    // others' average ((100 + 1500 + 100) ÷ 3 = 566.7, × 3 = 1700), and b alone is above 3 × the average of the servers
    // other than rs2 ((100 + 100 + 50) ÷ 3 = 83.3): wherever it goes, its server is hot
    const book = moveRefused(layout, [100, 4000, 1500, 100, 50]);
    // per second: b 4000 ÷ 60 = 66.7 of rs2's 5500 ÷ 60 = 91.7, 4000 ÷ 5750 = 69.6% of the table; rs4 0.8 before and
    // 4050 ÷ 60 = 67.5 after; the others then 1700 ÷ 3 ÷ 60 = 9.4; the others before 250 ÷ 3 ÷ 60 = 1.4; b is
    // 4000 ÷ 5500 = 72.7% of rs2's load
    const move = book.refused[1]!.why;
    expect(move).toContain(`moving ${enc('b')} only relocates the hotspot: it takes 69.6% of the table's requests by itself (66.7 req/s over now, 72.7% of ${rs(2)}'s 91.7)`);
    expect(move).toContain(`${rs(4)}, the least loaded server (0.8 req/s over now), would carry 67.5 req/s over now, above 3 × the average of the other servers then (9.4 req/s over now): a hot server`);
    expect(move).toContain('By itself the region is above 3 × the other servers\' average (1.4 req/s over now), so whichever server takes it is hot');
    expect(book.warnings).toContain('the region is the hotspot by itself: moving it only relocates the hotspot; split it at the traffic median of its keys (key samples), or, if one row takes its load, treat that row');
  });

  it('a hot range without key samples whose move would leave the busiest server busier: refused as not spreading the load, not as the hotspot by itself', () => {
    // three regions of 500 writes a minute on each of rs1, rs3, rs4 (1500 each); b 2000 beside f 1000 on rs2 (3000).
    // b is hot (2000 > 3 × 5500 ÷ 10 = 1650) but not by itself above 3 × the other servers' average (1500, × 3 =
    // 4500); moving it to rs1 (first by name of the three at 1500) makes rs1 3500, more than rs2's 3000 now
    const layout: Layout[] = [
      [enc('1'), '', 'b', rs(1)], [enc('2'), 'b', 'c', rs(1)], [enc('3'), 'c', 'd', rs(1)], [enc('b'), 'd', 'g', rs(2)], [enc('f'), 'g', 'j', rs(2)],
      [enc('4'), 'j', 'k', rs(3)], [enc('5'), 'k', 'm', rs(3)], [enc('6'), 'm', 'p', rs(3)], [enc('7'), 'p', 's', rs(4)], [enc('8'), 's', 'v', rs(4)], [enc('9'), 'v', '', rs(4)],
    ];
    const book = moveRefused(layout, [500, 500, 500, 2000, 1000, 500, 500, 500, 500, 500, 500]);
    // per second: b 2000 ÷ 60 = 33.3 of rs2's 3000 ÷ 60 = 50.0, 2000 ÷ 7500 = 26.7% of the table; rs1 25.0 before,
    // 3500 ÷ 60 = 58.3 after; b is 2000 ÷ 3000 = 66.7% of rs2's load
    expect(book.refused[1]!.why).toBe(`moving ${enc('b')} does not spread the load: it takes 26.7% of the table's requests (33.3 req/s over now, 66.7% of ${rs(2)}'s 50.0), so ${rs(1)}, the least loaded server (25.0 req/s over now), would carry 58.3 req/s over now, while ${rs(2)} carries 50.0 req/s over now: the busiest server's load would not fall; the range runbook below divides the region (a split at the traffic median of sampled keys)`);
    expect(book.warnings).toContain('moving the region does not spread the load: split it at the traffic median of its keys (key samples), or, if one row takes its load, treat that row');
  });

  it('a hot range without key samples whose region is the hotspot by itself: no move (it only relocates the hotspot), the range runbook', () => {
    const layout: Layout[] = [[enc('a'), '', 'g', rs(1)], [enc('b'), 'g', 'n', rs(2)], [enc('c'), 'n', 't', rs(3)], [enc('d'), 't', '', rs(4)]];
    // b: 4000 writes a minute against 100 for each other region, rs4 the least loaded (50): moving b there makes rs4
    // 4050 against rs2's 4000 before, the busiest server no less busy
    const book = moveRefused(layout, [100, 4000, 100, 50]);
    const move = book.refused[1]!.why;
    // b's share 4000 ÷ 4250 = 94.1%; 4000 ÷ 60 = 66.7 req/s on rs2; rs4 50 ÷ 60 = 0.8 req/s, 67.5 after (over now, as b
    // is judged hot now; the load is steady, so the window's figures are the same)
    expect(move).toContain(`moving ${enc('b')} only relocates the hotspot: it takes 94.1% of the table's requests by itself (66.7 req/s over now, 100.0% of ${rs(2)}'s 66.7)`);
    expect(move).toContain(`${rs(4)}, the least loaded server (0.8 req/s over now), would carry 67.5 req/s over now`);
    expect(book.warnings.join('\n')).toContain('moving it only relocates the hotspot');
    expect(book.warnings).toContain('without key samples the split point is a guess: the runbook splits only as a labelled fallback');
  });

  it('co-location swaps: the advice names the multiplier values that make HBase\'s balancer keep them, from the placement', () => {
    // a and b, 20000 writes a minute each, on rs1; six cold regions of 200, two per server. Per 3 s load report 1000
    // and 10 writes; the swap of b with rs2's c leaves 1010 / 1010 / 20 / 20. Write skew over max sqrt(1545² + 3 × 515²):
    // before sqrt(1485² + 3 × 495²) = 0.961, after sqrt(4 × 495²) = 0.555. writeRequestCost m acts once
    // 0.961 m ÷ (597 + m) ≥ 0.025 (m ≥ 15.9) and keeps the swap once m × 0.406 > 7 × 2 ÷ 8: 16; regionCountCost r acts
    // while 5 × 0.961 ÷ (102 + r) ≥ 0.025: r ≤ 90
    const layout: Layout[] = [[enc('a'), '', 'b', rs(1)], [enc('b'), 'b', 'c', rs(1)], [enc('c'), 'c', 'd', rs(2)], [enc('d'), 'd', 'e', rs(2)], [enc('e'), 'e', 'f', rs(3)], [enc('f'), 'f', 'g', rs(3)], [enc('1'), 'g', 'h', rs(4)], [enc('2'), 'h', '', rs(4)]];
    const series = steadySeries(layout, repeat(4, [20000, 20000, 200, 200, 200, 200, 200, 200]), { bytesPerWrite: 0 });
    const book = planFix({ detect: detectHotspots(series), placement: clusterFromSeries(series) });
    const moves = book.steps.filter((s) => s.kind === 'move');
    expect(moves.map((s) => s.commands[0])).toEqual([`move "${enc('b')}", "${rs(2)}"`, `move "${enc('c')}", "${rs(1)}"`]);
    const advice = book.steps.at(-1)!;
    expect(advice.title).toContain('Keep the balancer off');
    expect(advice.why).toContain('hbase.master.balancer.stochastic.writeRequestCost ≥ 16 (default 5)');
    expect(advice.why).toContain('hbase.master.balancer.stochastic.regionCountCost ≤ 90 (default 500)');
    expect(advice.why).toContain('hbase.master.balancer.stochastic.moveCost: no value alone does (default 7)');
  });

  it('an unsplit table with key samples: its pre-split at the quantiles of the sampled keys, the middle point first', () => {
    const detect = detectHotspots(steadySeries([[enc('e'), '', '', rs(1)]], repeat(3, [6000])));
    expect(detect.findings.map((f) => f.kind)).toEqual(['unsplit-table']);
    // 40 keys k00..k39 written once each; two servers known → 4 regions → boundaries at 10, 20, 30 keys
    const samples = Array.from({ length: 40 }, (_, i) => write(1000 * i, `k${String(i).padStart(2, '0')}`));
    const book = planFix({ detect, samples, servers: [rs(1), rs(2)] });
    // the shortest key between k09 and k10 is "k1"; between k19 and k20 "k2"; between k29 and k30 "k3". After the
    // split at "k2" both daughters hold reference files into the parent, and HBase refuses to split a region with
    // references: "k1" and "k3" wait for the daughters' compaction, a step for a person
    expect(book.steps.map((s) => s.kind)).toEqual(['split', 'advice']);
    expect(book.steps[0]!.commands).toEqual(['split "t", "k2"']);
    expect(book.steps[0]!.wait).toEqual({ kind: 'daughters-online', table: 't', splitKey: 'k2' });
    const rest = book.steps[1]!;
    expect(rest.commands).toEqual([]);
    expect(rest.why).toContain('reference files');
    expect(rest.why).toContain('major_compact "t"');
    expect(rest.why).toContain('round 1: split "t", "k1"; split "t", "k3"');
    expect(book.hotRegion).toMatchObject({ encodedName: enc('e'), server: rs(1) });
  });

  it('an unsplit table pre-split over four servers: the later points in rounds, each round on daughters of the one before', () => {
    const detect = detectHotspots(steadySeries([[enc('e'), '', '', rs(1)]], repeat(3, [6000])));
    const samples = Array.from({ length: 40 }, (_, i) => write(1000 * i, `k${String(i).padStart(2, '0')}`));
    // four servers → 8 regions → boundaries every 5 keys: "k05", "k1", "k15", "k2", "k25", "k3", "k35"; "k2" halves the
    // table, "k1" and "k3" halve its daughters, the other four theirs
    const book = planFix({ detect, samples, servers: [rs(1), rs(2), rs(3), rs(4)] });
    expect(book.steps[0]!.commands).toEqual(['split "t", "k2"']);
    expect(book.steps[1]!.why).toContain('round 1: split "t", "k1"; split "t", "k3"; round 2: split "t", "k05"; split "t", "k15"; split "t", "k25"; split "t", "k35"');
  });

  it('an unsplit table without key samples: the step that computes its split points', () => {
    const detect = detectHotspots(steadySeries([[enc('e'), '', '', rs(1)]], repeat(3, [6000])));
    const book = planFix({ detect });
    expect(book.steps).toHaveLength(1);
    expect(book.steps[0]).toMatchObject({ kind: 'advice' });
    expect(book.steps[0]!.title).toContain('Pre-split table t');
  });

  it('a lumpy pre-split: re-split from the sampled alphabet, merges of never-written neighbours, or a salted key', () => {
    // hex split points, decimal keys: regions from "a" up never see a key
    const layout: Layout[] = [[enc('1'), '', '4', rs(1)], [enc('2'), '4', '8', rs(2)], [enc('3'), '8', 'a', rs(3)], [enc('4'), 'a', 'c', rs(1)], [enc('5'), 'c', 'e', rs(2)], [enc('6'), 'e', '', rs(3)]];
    const detect = detectHotspots(steadySeries(layout, repeat(3, [300, 5000, 300, 0, 0, 0])));
    const samples = Array.from({ length: 60 }, (_, i) => write(1000 * i, `${4 + (i % 4)}${String(i).padStart(3, '0')}`));
    expect(detect.findings.map((f) => f.kind)).toContain('lumpy-presplit');
    const book = planFix({ detect, samples });
    const titles = book.steps.map((s) => s.title);
    expect(titles.some((t) => t.startsWith('Re-split from the sampled keys\' own alphabet'))).toBe(true);
    const merge = book.steps.find((s) => s.title.startsWith('Merge'));
    // the never-written neighbours "a".."c" and "c".."e" pair up; "e".."" is left alone
    expect(merge!.title).toBe('Merge 1 pair(s) of never-written neighbouring regions');
    expect(merge!.why).toContain(`merge_region "${enc('4')}", "${enc('5')}"`);
    expect(titles.some((t) => t.includes('salted key'))).toBe(true);
  });

  it('a lumpy pre-split: the merges name only regions that took no write, not an idle one written a little', () => {
    // as above with "e".."g" and "g".."" for "e".."": "c".."e" takes 10 writes a minute (memstore only, no rows flushed).
    // The regions not hot write (300 + 300 + 0 + 10 + 0 + 0) / 6 = 101.7 a minute on average, 10% of it 10.2: "c".."e"
    // is idle beside the three never written, but written, so the one pair is "e".."g" with "g"..""
    const layout: Layout[] = [[enc('1'), '', '4', rs(1)], [enc('2'), '4', '8', rs(2)], [enc('3'), '8', 'a', rs(3)], [enc('4'), 'a', 'c', rs(1)], [enc('5'), 'c', 'e', rs(2)], [enc('6'), 'e', 'g', rs(3)], [enc('7'), 'g', '', rs(1)]];
    const detect = detectHotspots(steadySeries(layout, repeat(3, [300, 5000, 300, 0, 10, 0, 0]), { bytesPerWrite: 0 }));
    expect(detect.findings.find((f) => f.kind === 'lumpy-presplit')?.regions).toEqual([enc('4'), enc('5'), enc('6'), enc('7')]);
    const samples = Array.from({ length: 60 }, (_, i) => write(1000 * i, `${4 + (i % 4)}${String(i).padStart(3, '0')}`));
    const merge = planFix({ detect, samples }).steps.find((s) => s.title.startsWith('Merge'));
    expect(merge!.title).toBe('Merge 1 pair(s) of never-written neighbouring regions');
    expect(merge!.why).toContain(`3 regions hold no rows and took no writes over the window`);
    expect(merge!.why).toContain(`merge_region "${enc('6')}", "${enc('7')}"`);
    expect(merge!.why).not.toContain(enc('5'));
  });
});
