/**
 * A hot range whose region splits inside the window into two daughters that both stay on its RegionServer. Each
 * daughter alone is under k × the other regions (its sibling among them), yet the pair is the same hot range as
 * before, on one server. Expected figures are worked by hand from the counters below.
 */
import { describe, expect, it } from 'vitest';
import { detectHotspots } from '../../src/analysis/detect/index.js';
import { region, series, snap } from '../model/builders.js';

/**
 * Eight regions on four servers, two each, over twenty 60 s intervals; every region takes 1000 writes an interval,
 * except region `a` on rs1: 4000 an interval for the first five intervals, then (split at the 5th snapshot) its
 * daughters `a1` ["", "b") and `a2` ["b", "c") take 2900 an interval each for the other fifteen, `a1` on rs1 and `a2`
 * on `a2Server`.
 */
function split(a2Server: string) {
  const others: [string, string, string, string][] = [['b', 'c', 'e', 'rs1'], ['c', 'e', 'g', 'rs2'], ['d', 'g', 'i', 'rs2'], ['e', 'i', 'k', 'rs3'], ['f', 'k', 'm', 'rs3'], ['g', 'm', 'o', 'rs4'], ['h', 'o', '', 'rs4']];
  const snaps = [];
  for (let i = 0; i <= 20; i++) {
    const hot = i <= 5
      ? [region('a', '', 'c', 'rs1', 0, 4000 * i)]
      : [region('a1', '', 'b', 'rs1', 0, 2900 * (i - 5)), region('a2', 'b', 'c', a2Server, 0, 2900 * (i - 5))];
    snaps.push(snap(i * 60_000, [...hot, ...others.map(([e, s, end, srv]) => region(e, s, end, srv, 0, 1000 * i))]));
  }
  return series(snaps, 60_000);
}

describe('a hot range split into two daughters on the same RegionServer', () => {
  // Before the split, each interval: a takes 4000 against its 7 peers' 1000, 4 × (over 3000 + 3 × √3000 = 3164): hot
  // in the first 5 intervals. rs1 then takes 4000 + 1000 = 5000 against the other servers' 2000: 2.5 ×, not hot.
  // After it, each interval: 9 regions, 2 × 2900 + 7 × 1000 = 12 800 writes. A daughter is at 2.9 × the table's
  // other regions, but its peers are its sibling and the 7 others: mean 9900 / 8 = 1237.5, and 2900 < 3 × 1237.5 =
  // 3712.5 (2.3 ×): neither daughter is hot. rs1 holds a1 + a2 + b = 6800 of 12 800, 53.1% against a fair share of
  // 25%, 3.4 × the other servers' 2000 (over 6000 + 3 × √6000 = 6232): hot in all 15 intervals and now.
  // Now is the last max(3, ⌈10% × 20⌉) = 3 intervals: the daughters together 3 × 5800 = 17 400 against 3 × the
  // other regions' mean of 7000 / 7 = 1000, 5.8 × (over 3 ×): the hot range is still hot, on rs1.
  // a over the window, on its rate over its own 5 minutes: 4000 a minute against (7 × 1000 + 2 × 2900) / 9 = 1422
  // (2.8 ×), so it is no hotspot over the window; its intervals (4000 against a threshold of 3000, beyond
  // 4 × √3000 = 219) are not bursts either.
  it('is a hot range with a co-location finding on rs1, not "no hotspot" beside a server-hotspot', () => {
    const result = detectHotspots(split('rs1'));
    expect(result.regions.find((r) => r.encodedName === 'a')?.hotIntervals).toBe(5);
    expect(result.regions.filter((r) => r.hotIntervals > 0).map((r) => r.encodedName)).toEqual(['a']);
    const rs1 = result.servers.find((s) => s.server === 'rs1');
    expect(rs1?.hotNow).toBe(true);
    expect(rs1?.hotIntervals).toBe(15);
    expect(rs1?.nowShare).toBeCloseTo(6800 / 12_800, 12);
    expect(rs1?.nowPeerRatio).toBeCloseTo(3.4, 12);
    expect(result.now.region).toBeNull();
    expect(result.shape).toBe('hot-range');
    expect(result.decidedBy).toBe('region-history');
    expect(result.evidence[0]).toBe('hot region a split and its writes divided: the busiest daughter took 50%');
    expect(result.evidence.at(-1)).toContain('the daughters a1, a2 of hot region a all stayed on rs1 and together took 5.8 × the average of the table\'s other regions over now');
    expect(result.findings.map((f) => f.kind)).toEqual(['server-hotspot', 'co-location']);
    const colocation = result.findings[1];
    expect([colocation?.servers, colocation?.regions]).toEqual([['rs1'], ['a1', 'a2']]);
    expect(colocation?.summary).toBe('rs1 holds every daughter of hot region a (53% of the requests over now, fair share 25%): the split divided the hot range but left it on one server');
    expect(colocation?.evidence[0]).toContain('together took 5.8 × the average of the table\'s other regions over now');
  });

  // The same load with a2 on rs2: rs1 takes 2900 + 1000 = 3900 and rs2 2900 + 2 × 1000 = 4900 of 12 800, against
  // the other servers' (3900 + 2000 + 2000) / 3 = 2633: 1.9 ×, no server is hot, and the split spread the range.
  it('with the daughters on two servers the split spread the range: no hotspot now, no finding', () => {
    const result = detectHotspots(split('rs2'));
    expect(result.servers.some((s) => s.hotNow)).toBe(false);
    expect(result.shape).toBe('none');
    expect(result.findings).toEqual([]);
  });
});
