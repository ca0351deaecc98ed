import { describe, expect, it } from 'vitest';
import { detectHotspots } from '../../src/analysis/detect/index.js';
import { toBytesBinary } from '../../src/bytes/index.js';
import type { KeyOp, KeySample, RegionLoad } from '../../src/model/index.js';
import { type Layout, region, repeat, series, snap, steadySeries } from '../model/builders.js';

const sample = (timeMs: number, key: string, op: KeyOp = 'write'): KeySample => ({ timeMs, key: toBytesBinary(key), op });
/** Deterministic pseudo-random integers (Park–Miller), so the samples are the same on every run. */
function lcg(seed: number): () => number {
  let s = seed;
  return () => (s = (s * 48271) % 2147483647);
}

describe('hot servers and fair share', () => {
  const three: Layout[] = [['a', '', 'h', 'rs1'], ['b', 'h', 'p', 'rs2'], ['c', 'p', '', 'rs3']];
  const load = steadySeries(three, repeat(4, [1000, 100, 100]));

  it('catches one hot server among three with k = 3 where k × the overall average cannot', () => {
    const result = detectHotspots(load);
    const rs1 = result.servers[0]!;
    expect(rs1.server).toBe('rs1');
    expect(rs1.share).toBeCloseTo(1000 / 1200, 12);
    expect(rs1.peerRatio).toBeCloseTo(10, 12); // 1000 against the others' 100
    expect(rs1.averageRatio).toBeCloseTo(2.5, 12); // 1000 against 1200 / 3
    expect([rs1.hot, rs1.hotByAverage]).toEqual([true, false]);
    expect(result.servers.slice(1).every((s) => !s.hot)).toBe(true);
    expect(result.fairServerShare).toBeCloseTo(1 / 3, 12);
    expect(result.hottestServerShare).toBeCloseTo(5 / 6, 12);
    expect(result.hottestServerWriteShare).toBeCloseTo(5 / 6, 12);
    expect(rs1.requestsPerSec).toBeCloseTo(1000 / 60, 9);
    // sqrt(600² + 300² + 300²) / sqrt(800² + 2 × 400²) = sqrt(540000 / 960000) = 0.75
    expect(result.spread.servers.skew).toBeCloseTo(0.75, 12);
    expect(result.spread.servers.maxToAverage).toBeCloseTo(2.5, 12);
    expect(result.timeline).toHaveLength(4);
    expect(result.timeline[0]).toMatchObject({ time: 60_000, startMs: 0, hottestServer: 'rs1', regions: 3, servers: 3 });
    expect(result.timeline[0]!.hottestServerShare).toBeCloseTo(5 / 6, 12);
  });

  it('takes k as set', () => {
    expect(detectHotspots(load, { k: 12 }).servers[0]!.hot).toBe(false);
    expect(() => detectHotspots(load, { k: 1 })).toThrow(expect.objectContaining({ code: 'DETECT_K_INVALID' }));
    expect(() => detectHotspots(load, { k: Number.NaN })).toThrow(/above 1/);
  });

  it('needs two snapshots', () => {
    expect(() => detectHotspots(series([snap(0, [])]))).toThrow(expect.objectContaining({ code: 'SERIES_TOO_SHORT' }));
  });

  it('finds nothing in a uniform hash spread', () => {
    const layout: Layout[] = [['a', '', '4', 'rs1'], ['b', '4', '8', 'rs2'], ['c', '8', 'c', 'rs3'], ['d', 'c', '', 'rs4']];
    const result = detectHotspots(steadySeries(layout, [[1000, 1050, 980, 1010], [990, 1020, 1000, 1005]]));
    expect(result.shape).toBe('none');
    expect(result.decidedBy).toBe('none');
    expect(result.findings).toEqual([]);
    expect(result.fairServerShare).toBe(0.25);
    expect(result.fairRegionShare).toBe(0.25);
    expect(result.hottestServerShare).toBeCloseTo(2070 / 8055, 12);
    expect(result.servers.some((s) => s.hot)).toBe(false);
  });
});

describe('shape: single row', () => {
  const layout: Layout[] = [['a', '', 'd', 'rs1'], ['b', 'd', 'm', 'rs2'], ['c', 'm', 't', 'rs3'], ['e', 't', '', 'rs4']];

  it('is decided by key samples when one key dominates the hot region', () => {
    const load = steadySeries(layout, repeat(3, [5000, 100, 100, 100]));
    const samples = [
      ...Array.from({ length: 150 }, (_, i) => sample(1000 * i, 'counter:global', 'increment')),
      ...Array.from({ length: 50 }, (_, i) => sample(1000 * i, `account:${i}`)),
    ];
    const result = detectHotspots(load, { samples });
    expect(result.shape).toBe('single-row');
    expect(result.decidedBy).toBe('samples');
    expect(result.evidence[1]).toContain('"counter:global" took 75%');
    expect(result.regions.find((r) => r.encodedName === 'a')).toMatchObject({ hot: true, hotIntervals: 3 });
  });

  it('is the likelier shape from history when writes add no bytes, with the range named as the alternative', () => {
    const base = steadySeries(layout, repeat(3, [5000, 100, 100, 100]));
    const load = { ...base, snapshots: base.snapshots.map((s) => ({ ...s, regions: s.regions.map((r) => (r.encodedName === 'a' ? { ...r, storeSizeBytes: 4096 } : r)) })) };
    const result = detectHotspots(load);
    expect(result.shape).toBe('single-row');
    expect(result.decidedBy).toBe('region-history');
    expect(result.alternatives.map((a) => a.shape)).toEqual(['hot-range']);
    expect(result.alternatives[0]!.separatedBy).toContain('key samples');
  });
});

describe('shape: hot range', () => {
  const layout: Layout[] = [['a', '', 'tenant0025', 'rs1'], ['b', 'tenant0025', 'tenant0050', 'rs2'], ['c', 'tenant0050', 'tenant0075', 'rs3'], ['d', 'tenant0075', '', 'rs4']];

  it('is decided by samples spread over many keys of one prefix with no moving edge', () => {
    const load = steadySeries(layout, repeat(4, [100, 4000, 100, 100]));
    const next = lcg(7);
    const samples = Array.from({ length: 400 }, (_, i) => sample(600 * i, `tenant0042|user-${String(next() % 500).padStart(4, '0')}`));
    const result = detectHotspots(load, { samples });
    expect(result.shape).toBe('hot-range');
    expect(result.decidedBy).toBe('samples');
    expect(result.evidence.join(' ')).toContain('prefix "tenant0042|user-');
    expect(result.alternatives).toEqual([]);
  });

  it('is decided by history when a split divides the load', () => {
    const load = series([
      snap(0, [region('a', '', 'm', 'rs1', 0, 0), region('b', 'm', '', 'rs2', 0, 0)]),
      snap(60_000, [region('a', '', 'm', 'rs1', 0, 6000), region('b', 'm', '', 'rs2', 0, 200)]),
      snap(120_000, [region('a1', '', 'g', 'rs1', 0, 2500), region('a2', 'g', 'm', 'rs3', 0, 3500), region('b', 'm', '', 'rs2', 0, 400)]),
    ]);
    const result = detectHotspots(load);
    expect(result.shape).toBe('hot-range');
    expect(result.evidence[0]).toBe('hot region a split and its writes divided: the busiest daughter took 58%');
    expect(result.events.map((e) => e.kind)).toEqual(['region-split']);
  });

  it('takes no shape from a split whose daughters the load left: the front moved on to the next region', () => {
    // b takes 6,000 writes a minute while its peers take 100; then it splits and its daughters take 5 and 4 writes while
    // c, the next region up, takes 6,000: the writes crossed b's end key, as a tail does, and 5 against 4 is no division
    const load = series([
      snap(0, [region('a', '', 'g', 'rs1', 0, 0), region('b', 'g', 'm', 'rs2', 0, 0), region('c', 'm', 's', 'rs3', 0, 0), region('d', 's', '', 'rs4', 0, 0)]),
      snap(60_000, [region('a', '', 'g', 'rs1', 0, 100), region('b', 'g', 'm', 'rs2', 0, 6000), region('c', 'm', 's', 'rs3', 0, 100), region('d', 's', '', 'rs4', 0, 100)]),
      snap(120_000, [
        region('a', '', 'g', 'rs1', 0, 200), region('b1', 'g', 'j', 'rs2', 0, 5), region('b2', 'j', 'm', 'rs5', 0, 4),
        region('c', 'm', 's', 'rs3', 0, 6100), region('d', 's', '', 'rs4', 0, 200),
      ]),
    ]);
    const result = detectHotspots(load);
    expect(result.shape).toBe('monotonic-tail');
    expect(result.decidedBy).toBe('region-history');
    // (5 + 4) / 60 s against 6,000 / 60 s: 0.15%, shown as 0%
    expect(result.evidence).toEqual([
      "hot region b split, but its daughters together took 0% of its writes rate before the split: the writes left them, so the split says nothing of the hotspot's shape",
      'the hot spot moved up the key space to the next region 1 time(s)',
    ]);
  });
});

describe('shape: monotonic tail', () => {
  // HexStringSplit-style points for 8 regions: date keys ("2024…") fall in the SECOND region, not the last.
  const points = ['', '1fffffff', '3fffffff', '5fffffff', '7fffffff', '9fffffff', 'bfffffff', 'dfffffff', ''];
  const layout: Layout[] = points.slice(0, 8).map((p, i) => [`r${i}`, p, points[i + 1]!, `rs${(i % 4) + 1}`]);
  const tailWrites = repeat(5, [0, 6000, 0, 0, 0, 0, 0, 0]);
  /** `yyyyMMddHHmmss-sensor-NNNNNN` for 2024-06-01 12:00:00 plus `second` (under an hour). */
  const dateKey = (second: number, device: number) =>
    `2024060112${String(Math.floor(second / 60)).padStart(2, '0')}${String(second % 60).padStart(2, '0')}-sensor-${String(device).padStart(6, '0')}`;

  it('is decided by samples: written keys keep rising past every earlier key, in a middle region', () => {
    const samples = Array.from({ length: 300 }, (_, i) => sample(1000 * i, dateKey(i, (i * 37) % 1000)));
    const result = detectHotspots(steadySeries(layout, tailWrites), { samples });
    expect(result.shape).toBe('monotonic-tail');
    expect(result.decidedBy).toBe('samples');
    expect(result.evidence[1]).toContain('keeps moving up');
    const hot = result.regions.filter((r) => r.hot);
    expect(hot.map((r) => [r.encodedName, r.startKey, r.endKey])).toEqual([['r1', '1fffffff', '3fffffff']]);
  });

  it('is still a tail when reads pile onto one key of the hot region', () => {
    const writes = Array.from({ length: 100 }, (_, i) => sample(3000 * i, dateKey(3 * i, i)));
    const reads = Array.from({ length: 300 }, (_, i) => sample(1000 * i, dateKey(0, 7), 'read'));
    const result = detectHotspots(steadySeries(layout, tailWrites), { samples: [...reads, ...writes] });
    expect([result.shape, result.decidedBy]).toEqual(['monotonic-tail', 'samples']);
  });

  it('is likelier than a hot range from history when one middle region takes all new data', () => {
    const result = detectHotspots(steadySeries(layout, tailWrites));
    expect(result.shape).toBe('monotonic-tail');
    expect(result.decidedBy).toBe('region-history');
    expect(result.alternatives.map((a) => a.shape)).toEqual(['hot-range']);
    expect(result.evidence.join(' ')).toContain('a middle region of the table');
  });

  it('follows the upper daughter after each split, without alternatives after two', () => {
    const k1 = '20240601120000';
    const k2 = '20240601130000';
    const load = series([
      snap(0, [region('a', '', '1fffffff', 'rs1', 0, 0), region('p', '1fffffff', '3fffffff', 'rs2', 0, 0), region('z', '3fffffff', '', 'rs3', 0, 0)]),
      snap(60_000, [region('a', '', '1fffffff', 'rs1', 0, 10), region('p', '1fffffff', '3fffffff', 'rs2', 0, 6000), region('z', '3fffffff', '', 'rs3', 0, 10)]),
      snap(120_000, [region('a', '', '1fffffff', 'rs1', 0, 20), region('p1', '1fffffff', k1, 'rs2', 0, 50), region('p2', k1, '3fffffff', 'rs3', 0, 5900), region('z', '3fffffff', '', 'rs3', 0, 20)]),
      snap(180_000, [region('a', '', '1fffffff', 'rs1', 0, 30), region('p1', '1fffffff', k1, 'rs2', 0, 50), region('q1', k1, k2, 'rs3', 0, 30), region('q2', k2, '3fffffff', 'rs1', 0, 5950), region('z', '3fffffff', '', 'rs3', 0, 30)]),
    ]);
    const result = detectHotspots(load);
    expect(result.shape).toBe('monotonic-tail');
    expect(result.alternatives).toEqual([]);
    expect(result.evidence.join('\n')).toContain('after each of 2 splits the upper daughter');
    expect(result.timeline.map((t) => t.hottestServer)).toEqual(['rs2', 'rs3', 'rs1']);
    expect(result.timeline.map((t) => t.hottestRegion)).toEqual(['p', 'p2', 'q2']);
    expect(result.timeline.map((t) => t.hottestWriteServer)).toEqual(['rs2', 'rs3', 'rs1']);
    expect(result.timeline[1]!.hottestServerShare).toBeCloseTo((5900 + 10) / (10 + 50 + 5900 + 10), 12);
  });

  it('reports the hex pre-split that leaves regions idle beside the tail, with the key alphabet', () => {
    const samples = Array.from({ length: 300 }, (_, i) => sample(1000 * i, dateKey(i, i % 1000)));
    const result = detectHotspots(steadySeries(layout, tailWrites), { samples });
    const lumpy = result.findings.find((f) => f.kind === 'lumpy-presplit');
    expect(lumpy?.regions).toEqual(['r0', 'r2', 'r3', 'r4', 'r5', 'r6', 'r7']);
    expect(lumpy?.evidence[0]).toContain('7 of 8 pre-split regions');
    expect(lumpy?.evidence[2]).toBe('sampled keys start with only "2"; 7 of 7 split points start with other bytes: ranges the key never uses');
  });

  /**
   * A time-keyed table five regions long: four older regions and the tail, each holding `held[i]` bytes when the window
   * begins. Every interval the tail takes 6000 writes (200 bytes each) and each older region 10 point reads.
   */
  const grownByTail = (held: number[]) => {
    const keys = ['', '1717200000', '1717203600', '1717207200', '1717210800', ''];
    const at = (t: number) => snap(t * 60_000, keys.slice(0, 5).map((k, i) => (i < 4
      ? region(`o${i}`, k, keys[i + 1]!, `rs${(i % 3) + 1}`, 10 * t, 0, held[i]!)
      : region('tail', k, '', 'rs2', 0, 6000 * t, held[i]! + 6000 * t * 200))));
    return series([0, 1, 2, 3, 4, 5].map(at), 60_000);
  };

  it('does not call the older regions of a tail that held rows when the window began a lumpy pre-split', () => {
    // each older region: 50 of the 30,200 requests = 0.17%, under 10% of the fair share (20% of 5 regions = 2%); the
    // key reached them (1 GB each at the start): they went idle because the key is time-ordered, not because of a split
    const result = detectHotspots(grownByTail([1e9, 1e9, 1e9, 1e9, 1e9]));
    expect(result.shape).toBe('monotonic-tail');
    expect(result.regions.find((r) => r.encodedName === 'o0')?.share).toBeCloseTo(50 / 30_200, 12);
    expect(result.findings.map((f) => f.kind)).not.toContain('lumpy-presplit');
  });

  it('still calls a tail\'s ranges that held no rows when the window began a lumpy pre-split', () => {
    // o1 and o3 never written (0 bytes): 2 of the 5 regions present from the start idle, at least a quarter (1.25)
    const result = detectHotspots(grownByTail([1e9, 0, 1e9, 0, 1e9]));
    expect(result.shape).toBe('monotonic-tail');
    const lumpy = result.findings.find((f) => f.kind === 'lumpy-presplit');
    expect(lumpy?.regions).toEqual(['o1', 'o3']);
    expect(lumpy?.evidence[0]).toContain('2 of 5 pre-split regions');
  });
});

describe('findings', () => {
  it('names co-location: a hot server none of whose regions is hot', () => {
    const layout: Layout[] = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'].map((e, i, all) => [e, i === 0 ? '' : e, all[i + 1] ?? '', i < 6 ? 'rs1' : `rs${i - 4}`]);
    const result = detectHotspots(steadySeries(layout, repeat(2, repeat(8, 100))));
    expect(result.shape).toBe('none');
    // rs1 is a server hotspot (600 against 100 per other server), and co-location explains it: no region of it is hot
    expect(result.findings.map((f) => [f.kind, f.level, f.servers])).toEqual([['server-hotspot', 'server', ['rs1']], ['co-location', 'server', ['rs1']]]);
    expect(result.findings[0]!.evidence[0]).toBe("rs1: 75% of the requests over now, 6.0 × its peers' average, fair share 33%; none of its regions is hot now");
    expect(result.findings[1]!.evidence[1]).toBe("it hosts 6 of the table's regions against 2.7 per server on average; its busiest region took 13%");
  });

  it('says where the hot region went when a server is hot in now only while it held it', () => {
    // b takes 5000 writes a minute against 100 on each other region; it moves from rs2 to rs3 before the last of five
    // intervals (its counter restarting there). Now is the last 3: rs2 was hot in the first two while it held b
    const servers = ['rs1', 'rs2', 'rs3', 'rs4'];
    const keys = ['', 'b', 'c', 'd', 'e', 'f', 'g', 'h', ''];
    const at = (n: number, movedB: boolean) => snap(60_000 * n, ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'].map((name, i) => {
      const hot = name === 'b';
      const server = hot && movedB ? 'rs3' : servers[i % 4]!;
      return region(name, keys[i]!, keys[i + 1]!, server, 0, hot ? (movedB ? 5000 : 5000 * n) : 100 * n);
    }));
    const result = detectHotspots(series([0, 1, 2, 3, 4].map((n) => at(n, false)).concat([at(5, true)]), 60_000));
    const hot = result.findings.find((f) => f.kind === 'server-hotspot');
    expect(hot?.servers).toEqual(['rs2', 'rs3']);
    // over now: rs2 took 5100 + 5100 + 100 of 3 × 5700 requests
    expect(result.servers.find((s) => s.server === 'rs2')?.nowShare).toBeCloseTo(10_300 / 17_100, 12);
    expect(hot?.evidence[0]).toMatch(/^rs2: 60% of the requests over now, .*; none of the regions it holds is hot now: it was hot in now while it held hot region b, on rs3 since$/);
    expect(hot?.evidence[1]).toMatch(/^rs3: .*; hot region\(s\) b$/);
    // rs2 is hot over the window (5100 a minute for four of five intervals) but its load was b's: no placement to blame
    expect(result.servers.find((s) => s.server === 'rs2')?.hot).toBe(true);
    expect(result.findings.map((f) => f.kind)).toEqual(['region-hotspot', 'server-hotspot']);
  });

  it('names an unsplit table', () => {
    const result = detectHotspots(steadySeries([['only', '', '', 'rs1']], [[500], [700]]));
    expect(result.findings.map((f) => f.kind)).toEqual(['unsplit-table']);
    expect(result.hottestServerShare).toBe(1);
    expect(result.fairServerShare).toBe(1);
  });

  it('keeps a moved hot region hot across its counter reset, with no negative share', () => {
    const load = series([
      snap(0, [region('a', '', 'm', 'rs1', 0, 10_000), region('b', 'm', '', 'rs2', 0, 500)]),
      snap(60_000, [region('a', '', 'm', 'rs1', 0, 16_000), region('b', 'm', '', 'rs2', 0, 600)]),
      snap(120_000, [region('a', '', 'm', 'rs3', 0, 5000), region('b', 'm', '', 'rs2', 0, 700)]),
    ]);
    const result = detectHotspots(load);
    expect(result.timeline.map((t) => [t.hottestServer, t.hottestServerShare])).toEqual([['rs1', 6000 / 6100], ['rs3', 5000 / 5100]]);
    expect(result.events.map((e) => e.kind)).toEqual(['region-moved', 'counter-reset']);
    expect(result.servers.every((s) => s.share >= 0)).toBe(true);
    expect(result.regions[0]).toMatchObject({ encodedName: 'a', hotIntervals: 2, server: 'rs3' });
  });
});

describe('lumpy pre-split: pre-split ranges the key never writes', () => {
  // eight pre-split regions a..h on four servers; d takes a read hotspot (1,000 reads/s) and 100 writes/s
  const layout: Layout[] = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'].map((e, i, all) => [e, i === 0 ? '' : e, all[i + 1] ?? '', `rs${(i % 4) + 1}`]);
  const readsPerMinute = [0, 0, 0, 60_000, 0, 0, 0, 0];

  it('is not reported for regions written steadily beside a read hotspot, though it soaks the requests', () => {
    // a, b, c, e, f, g take 60 writes a minute (1/s), h none; no bytes flushed yet (written to the memstore only), so
    // the writes alone say who is written. Requests a minute: 6 × 60 + 6,000 + 60,000 = 66,360; the fair region share
    // is 1/8 = 12.5%, 10% of it 1.25%, and each written region takes 60 / 66,360 = 0.09% of the requests: under it.
    // Writes: the regions not hot write at (6 × 1 + 0) / 7 = 0.857/s on average, 10% of it 0.086/s, and each written
    // region writes 1/s: written (d's 100/s is left out of the average: with it, (6 + 100) / 8 = 13.25/s, 10% of it
    // 1.3/s, and the written regions would look idle). Only h is never written: 1 of 8, under a quarter (2).
    const writes = repeat(5, [60, 60, 60, 6000, 60, 60, 60, 0]);
    const result = detectHotspots(steadySeries(layout, writes, { reads: repeat(5, readsPerMinute), bytesPerWrite: 0 }));
    expect(result.regions.filter((r) => r.hot).map((r) => r.encodedName)).toEqual(['d']);
    expect(result.regions.find((r) => r.encodedName === 'a')?.share).toBeCloseTo(60 / 66_360, 12);
    expect(result.findings.map((f) => f.kind)).not.toContain('lumpy-presplit');
  });

  it('is not reported for regions holding rows in a window without writes, beside a read hotspot', () => {
    // a bulk-loaded table read only: every region holds 1 GB; d takes 60,000 reads a minute, each other 60. Each
    // other region takes 60 / 60,420 = 0.1% of the requests (under 1.25%) and no writes, but holds rows: not idle
    const at = (t: number) => snap(t * 60_000, layout.map(([e, start, end, server]) => region(e, start, end, server, t * (e === 'd' ? 60_000 : 60), 0, 1e9)));
    const result = detectHotspots(series([0, 1, 2, 3, 4, 5].map(at), 60_000));
    expect(result.regions.filter((r) => r.hot).map((r) => r.encodedName)).toEqual(['d']);
    expect(result.findings.map((f) => f.kind)).not.toContain('lumpy-presplit');
  });

  it('is told by the rows held when the source has no read/write split', () => {
    // requests alone (list_regions REQ): d takes 60,000 a minute, a, b, c 60 each and hold 1 GB, e..h none and hold
    // nothing. a..c take 60 / 60,180 = 0.1% of the requests (under 1.25%) but hold rows; e..h are idle: 4 of 8
    const requestsOnly = (e: string, start: string, end: string, server: string, t: number): RegionLoad => {
      const i = 'abcdefgh'.indexOf(e);
      const perMinute = e === 'd' ? 60_000 : i < 3 ? 60 : 0;
      return { ...region(e, start, end, server, 0, 0, i < 3 ? 1e9 : 0), readRequests: null, writeRequests: null, requests: t * perMinute };
    };
    const at = (t: number) => snap(t * 60_000, layout.map(([e, start, end, server]) => requestsOnly(e, start, end, server, t)));
    const result = detectHotspots(series([0, 1, 2, 3, 4, 5].map(at), 60_000));
    const lumpy = result.findings.find((f) => f.kind === 'lumpy-presplit');
    expect(lumpy?.regions).toEqual(['e', 'f', 'g', 'h']);
    expect(lumpy?.evidence[0]).toBe('4 of 8 pre-split regions hold no rows and took under 10% of their fair share of the requests, e.g. ["e", "f"), ["f", "g"), ["g", "h"), ["h", "")');
  });

  it('says "under 1 MB", not "no rows", when the source gives sizes in whole MB', () => {
    // as above, but a..c hold exactly 1,024 MB (list_regions SIZE, status 'detailed' storefileSizeMB): every size a
    // whole number of MB, so the 0 MB of e..h is under 1 MB, which a few rows can be
    const requestsOnly = (e: string, start: string, end: string, server: string, t: number): RegionLoad => {
      const i = 'abcdefgh'.indexOf(e);
      const perMinute = e === 'd' ? 60_000 : i < 3 ? 60 : 0;
      return { ...region(e, start, end, server, 0, 0, i < 3 ? 1024 * 1_048_576 : 0), readRequests: null, writeRequests: null, requests: t * perMinute };
    };
    const at = (t: number) => snap(t * 60_000, layout.map(([e, start, end, server]) => requestsOnly(e, start, end, server, t)));
    const lumpy = detectHotspots(series([0, 1, 2, 3, 4, 5].map(at), 60_000)).findings.find((f) => f.kind === 'lumpy-presplit');
    expect(lumpy?.regions).toEqual(['e', 'f', 'g', 'h']);
    expect(lumpy?.evidence[0]).toBe('4 of 8 pre-split regions hold under 1 MB each (the source gives store sizes in whole MB, so 0 MB may still be a few rows) and took under 10% of their fair share of the requests, e.g. ["e", "f"), ["f", "g"), ["g", "h"), ["h", "")');
  });

  it('is still reported for pre-split ranges never written beside the same read hotspot', () => {
    // a, b, c take 60 writes a minute, e..h neither requests nor writes, and hold no rows. Writes of the regions not
    // hot: (3 × 1 + 4 × 0) / 7 = 0.43/s on average, 10% of it 0.043/s: e..h (0/s, 0% of the requests) are idle,
    // a..c (1/s) are not. 4 of 8 idle, at least a quarter (2)
    const writes = repeat(5, [60, 60, 60, 6000, 0, 0, 0, 0]);
    const result = detectHotspots(steadySeries(layout, writes, { reads: repeat(5, readsPerMinute), bytesPerWrite: 0 }));
    const lumpy = result.findings.find((f) => f.kind === 'lumpy-presplit');
    expect(lumpy?.regions).toEqual(['e', 'f', 'g', 'h']);
    expect(lumpy?.evidence[0]).toBe('4 of 8 pre-split regions hold no rows and took under 10% of their fair share of the requests and of the writes, e.g. ["e", "f"), ["f", "g"), ["g", "h"), ["h", "")');
  });
});

describe('a burst of one interval is not a hotspot', () => {
  // Six salted regions, two per server, 5-second intervals, as collected from the local HBase during a salted load:
  // reads come from gets and 5-row scans, so one region's reads in one interval can be four scans' worth.
  const layout: Layout[] = [['a', '', '01_', 'rs1'], ['b', '01_', '02_', 'rs2'], ['c', '02_', '03_', 'rs3'], ['d', '03_', '04_', 'rs1'], ['e', '04_', '05_', 'rs2'], ['f', '05_', '', 'rs3']];
  const writes = [[69, 81, 90, 89, 67, 95], [92, 99, 112, 96, 108, 94], [104, 102, 98, 117, 80, 98], [102, 104, 94, 105, 101, 98], [114, 107, 108, 114, 126, 96]];
  const reads = [[7, 7, 5, 3, 2, 1], [8, 3, 10, 3, 5, 8], [7, 7, 7, 8, 5, 6], [6, 10, 6, 3, 4, 21], [5, 17, 12, 14, 23, 7]];

  it('21 reads against the peers\' 5.8 in one interval, 1.15 × its peers over the window and 1.3 × over now: no hotspot', () => {
    const result = detectHotspots(steadySeries(layout, writes, { reads, intervalMs: 5000 }));
    // the burst: interval 4, f's reads 21 against (6 + 10 + 6 + 3 + 4) / 5 = 5.8, 3.6 ×
    expect(result.story.hotIntervals).toBe(1);
    expect(result.regions.find((r) => r.encodedName === 'f')?.hotIntervals).toBe(1);
    // over the window f read 43 against the others' (33 + 44 + 40 + 31 + 39) / 5 = 37.4; over now (intervals 3 to 5)
    // 6 + 21 + 7 = 34 against (18 + 34 + 25 + 25 + 32) / 5 = 26.8; and 21 is 3.6 over 3 × 5.8 = 17.4, not 4 × √17.4 = 16.7
    expect(result.regions.find((r) => r.encodedName === 'f')?.hot).toBe(false);
    expect(result.shape).toBe('none');
    expect(result.evidence.join(' ')).toContain('bursts of an interval');
    expect(result.now.region).toBeNull();
    expect(result.now.summary).toMatch(/^no region is hot now/);
  });

  it('a region at 100 reads in that interval is hot over now as well: a hotspot', () => {
    const hotter = reads.map((row, i) => (i === 3 ? [6, 10, 6, 3, 4, 100] : row));
    const result = detectHotspots(steadySeries(layout, writes, { reads: hotter, intervalMs: 5000 }));
    // over now f read 6 + 100 + 7 = 113 against 26.8: 4.2 ×
    expect(result.regions.filter((r) => r.hot).map((r) => r.encodedName)).toEqual(['f']);
    expect(result.shape).not.toBe('none');
    expect(result.now.region).toBe('f');
  });

  it('names no burst in the findings either, and a last interval beyond chance is a hotspot with its findings', () => {
    const four: Layout[] = [['a', '', '4', 'rs1'], ['b', '4', '8', 'rs2'], ['c', '8', 'c', 'rs3'], ['d', 'c', '', 'rs4']];
    const lastAt = (n: number) => detectHotspots(steadySeries(four, [...repeat(5, [20, 20, 20, 20]), [20, n, 20, 20]], { intervalMs: 5000 }));
    // 85 against 20: 25 over 3 × 20 = 60, under 4 × √60 = 31.0; over now 125 against 60, 2.1 ×
    const burst = lastAt(85);
    expect([burst.shape, burst.findings.map((f) => f.kind), burst.now.region]).toEqual(['none', [], null]);
    expect(burst.regions.find((r) => r.encodedName === 'b')).toMatchObject({ hotIntervals: 1, hot: false, hotNow: false });
    expect(burst.servers.find((s) => s.server === 'rs2')).toMatchObject({ hotIntervals: 1, hotNow: false });
    // 95 against 20: 35 over 60, beyond 31.0
    const hot = lastAt(95);
    expect(hot.shape).not.toBe('none');
    expect(hot.findings.map((f) => f.kind)).toEqual(['region-hotspot', 'server-hotspot']);
    expect(hot.findings[0]!.summary).toBe('1 region(s) above 3 × the average of the table\'s other regions in an interval of now');
    expect(hot.now.region).toBe('b');
  });

  it('calls no region of an idle table hot: 8 requests in the last of six minutes, every other region idle', () => {
    const four: Layout[] = [['a', '', '4', 'rs1'], ['b', '4', '8', 'rs2'], ['c', '8', 'c', 'rs3'], ['d', 'c', '', 'rs4']];
    // b is above 3 × its idle peers in the last interval, over now and over the window, at 8 / 180 s = 0.044 requests/s
    const idle = detectHotspots(steadySeries(four, [...repeat(5, [0, 0, 0, 0]), [0, 8, 0, 0]]));
    expect(idle.regions.find((r) => r.encodedName === 'b')).toMatchObject({ hot: true, hotIntervals: 1, hotNow: false });
    expect([idle.shape, idle.findings, idle.now.region]).toEqual(['none', [], null]);
    expect(idle.evidence[0]).toContain('the table took under 1 request/s in every interval');
    // the same 8 requests in a window of one 5-second interval: 1.6 requests/s, a hotspot
    const busy = detectHotspots(steadySeries(four, [[0, 8, 0, 0]], { intervalMs: 5000 }));
    expect(busy.shape).not.toBe('none');
  });

  it('judges a table by its own rate, not each region\'s: two regions at 0.67 requests/s against six at 0.067 are hot', () => {
    const eight: Layout[] = ['0', '1', '2', '3', '4', '5', '6', '7'].map((p, i, all) => [`r${p}`, i === 0 ? '' : p, all[i + 1] ?? '', `rs${(i % 4) + 1}`]);
    // per minute: r0 and r4 (both on rs1) 40 each, the others 4: the table at 104 / 60 = 1.7 requests/s; each hot
    // region against (40 + 6 × 4) / 7 = 9.1, 4.4 ×, in every interval
    const result = detectHotspots(steadySeries(eight, repeat(4, [40, 4, 4, 4, 40, 4, 4, 4])));
    expect(result.regions.filter((r) => r.hot).map((r) => r.encodedName).sort()).toEqual(['r0', 'r4']);
    expect(result.shape).not.toBe('none');
    expect(result.findings.map((f) => f.kind)).toContain('region-hotspot');
  });
});

describe('the window\'s story', () => {
  it('spans the hot intervals from the start of the first to the end of the last', () => {
    // a, b, c at 600 writes a minute; b at 12,000 in minutes 6 to 10 (12:05 to 12:10 from a start at 12:00): five hot
    // intervals, 12:05 to 12:10. firstHotMs stays the end of the first (12:06), as the JSON documents it.
    const layout: Layout[] = [['a', '', '4', 'rs1'], ['b', '4', '8', 'rs2'], ['c', '8', '', 'rs3']];
    const t0 = Date.UTC(2024, 5, 1, 12, 0, 0);
    const base = steadySeries(layout, [...repeat(5, [600, 600, 600]), ...repeat(5, [600, 12_000, 600])]);
    const load = { ...base, snapshots: base.snapshots.map((s) => ({ ...s, timeMs: t0 + s.timeMs })) };
    const result = detectHotspots(load);
    expect(result.story.hotIntervals).toBe(5);
    expect(result.story.firstHotMs).toBe(Date.UTC(2024, 5, 1, 12, 6, 0));
    expect(result.story.lastHotMs).toBe(Date.UTC(2024, 5, 1, 12, 10, 0));
    expect(result.story.summary).toContain('1 region(s) were hot in 5 of 10 interval(s), from 2024-06-01T12:05:00Z to 2024-06-01T12:10:00Z');
  });

  it('says how many key samples lie in the window when too few fell in the hot regions to decide', () => {
    // 300 samples of b's keys: 290 from a day before the window (12:00 to 12:10), 10 inside it at 12:05
    const layout: Layout[] = [['a', '', '4', 'rs1'], ['b', '4', '8', 'rs2'], ['c', '8', '', 'rs3']];
    const t0 = Date.UTC(2024, 5, 1, 12, 0, 0);
    const base = steadySeries(layout, [...repeat(5, [600, 600, 600]), ...repeat(5, [600, 12_000, 600])]);
    const load = { ...base, snapshots: base.snapshots.map((s) => ({ ...s, timeMs: t0 + s.timeMs })) };
    const samples = Array.from({ length: 300 }, (_, i) => sample(i < 290 ? t0 - 86_400_000 + i : t0 + 300_000 + i, `5${i % 7}`));
    expect(detectHotspots(load, { samples }).evidence).toContain('too few key samples (under 20) fell in the hot regions during the series\' window to decide (10 of the 300 key samples are from the window, 2024-06-01T12:00:00Z to 2024-06-01T12:10:00Z); region history decided');
    // all inside: nothing added
    const inside = samples.map((x, i) => ({ ...x, timeMs: t0 + 300_000 + i }));
    expect(detectHotspots(load, { samples: inside.slice(0, 10) }).evidence).toContain('too few key samples (under 20) fell in the hot regions during the series\' window to decide; region history decided');
  });
});
