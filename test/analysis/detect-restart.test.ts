/**
 * A RegionServer restarted inside an interval: its start code (the server's start time, epoch ms) bounds when its
 * regions reopened, so their counts since the reset are tested, and used as peers, on their rate since then.
 * Expected figures are worked by hand from the counters below.
 */
import { describe, expect, it } from 'vitest';
import { detectHotspots } from '../../src/analysis/detect/index.js';
import { region, series, snap } from '../model/builders.js';

const rs = (n: number, startcode = 1) => `rs${n}.example.com,16020,${startcode}`;

/**
 * Four regions of 100 writes/s for two 60 s intervals, except region `a`: it runs at 100/s in the first interval;
 * its server rs1 restarts 50 s into the second (start code 110 000), after which `a` takes 1000 writes/s for 10 s.
 */
function restartSeries(aAfter: number, startcode: number) {
  const layout: [string, string, string][] = [['a', '', '4'], ['b', '4', '8'], ['c', '8', 'c'], ['d', 'c', '']];
  const at = (t: number, counts: number[], servers: string[]) => snap(t, layout.map(([e, s, end], i) => region(e, s, end, servers[i] as string, 0, counts[i] as number)));
  const before = [rs(1), rs(2), rs(3), rs(4)];
  return series([
    at(0, [0, 0, 0, 0], before),
    at(60_000, [6000, 6000, 6000, 6000], before),
    at(120_000, [aAfter, 12_000, 12_000, 12_000], [rs(1, startcode), rs(2), rs(3), rs(4)]),
  ], 60_000);
}

describe('a counter reset bounded by the server start code', () => {
  it('tests the restarted region on its rate since the restart: 10 000 in 10 s is 10 × its peers', () => {
    // since the reset: 10 000 writes in the 10 s since the start code, 1000/s against the peers' 6000 / 60 s = 100/s
    const result = detectHotspots(restartSeries(10_000, 110_000));
    const a = result.regions.find((r) => r.encodedName === 'a');
    expect(a?.hotIntervals).toBe(1);
    expect(result.story.summary).toContain('1 region(s) reopened on a RegionServer that started inside the interval');
    expect(result.timeline[1]?.hotServers).toEqual([rs(1, 110_000)]);
  });

  it('without a start code inside the interval the count since the reset is only tested, never scaled', () => {
    // the same counters with a start code from before the window: 10 000 against the peers' 6000 is 1.7 ×, not hot
    const result = detectHotspots(restartSeries(10_000, 5));
    expect(result.regions.find((r) => r.encodedName === 'a')?.hotIntervals).toBe(0);
    expect(result.story.summary).toContain('not used as peers');
  });

  it('a restarted region at the peers\' rate is a peer like any other: nothing is hot', () => {
    // 1000 writes in the 10 s since the restart is 100/s, the peers' rate
    const result = detectHotspots(restartSeries(1000, 110_000));
    expect(result.regions.some((r) => r.hotIntervals > 0)).toBe(false);
    expect(result.servers.some((s) => s.hotIntervals > 0)).toBe(false);
  });
});

describe('split daughters opened inside the interval, bounded by their region id', () => {
  /**
   * Regions a (200 writes/s), b and c (100/s) over two 60 s intervals; d (100/s) splits 50 s into the second, its
   * daughters (region id 110 000, the split's time) taking 50/s each for the last 10 s: 500 writes each.
   */
  function splitSeries(daughterId: number) {
    const reg = (id: string, start: string, end: string, writes: number, regionId = 1) => ({ ...region(id, start, end, rs(1), 0, writes), name: `t,${start},${regionId}.${id}.` });
    return series([
      snap(0, [reg('a', '', '4', 0), reg('b', '4', '8', 0), reg('c', '8', 'c', 0), reg('d', 'c', '', 0)]),
      snap(60_000, [reg('a', '', '4', 12_000), reg('b', '4', '8', 6000), reg('c', '8', 'c', 6000), reg('d', 'c', '', 6000)]),
      snap(120_000, [reg('a', '', '4', 24_000), reg('b', '4', '8', 12_000), reg('c', '8', 'c', 12_000), reg('d1', 'c', 'e', 500, daughterId), reg('d2', 'e', '', 500, daughterId)]),
    ], 60_000);
  }

  it('judges the daughters on their rate since the split: a region at 2 × its peers is not hot', () => {
    // scaled: daughters 500 × 60 / 10 = 3000 each; a's peers average (6000 + 6000 + 3000 + 3000) / 4 = 4500, and
    // 12 000 < 3 × 4500
    const result = detectHotspots(splitSeries(110_000));
    expect(result.regions.find((r) => r.encodedName === 'a')?.hotIntervals).toBe(0);
    expect(result.story.summary).toContain('2 region(s) reopened on a RegionServer that started inside the interval');
  });

  it('without a region id inside the interval the daughters\' counts are taken as they are', () => {
    // unscaled: a's peers average (6000 + 6000 + 500 + 500) / 4 = 3250, and 12 000 > 3 × 3250: hot in that interval
    const result = detectHotspots(splitSeries(1));
    expect(result.regions.find((r) => r.encodedName === 'a')?.hotIntervals).toBe(1);
  });
});
