import { describe, expect, it } from 'vitest';
import { detectHotspots } from '../../src/analysis/detect/index.js';
import { toBytesBinary } from '../../src/bytes/index.js';
import { type Layout, region, repeat, series, snap, steadySeries } from '../model/builders.js';

const layout: Layout[] = [['a', '', 'g', 'rs1'], ['b', 'g', 'n', 'rs2'], ['c', 'n', 't', 'rs3'], ['d', 't', '', 'rs4']];

describe('detect over recorded histories', () => {
  it('weights the fair share by time as servers join', () => {
    const load = series([
      snap(0, [region('a', '', 'm', 'rs1', 0, 0), region('b', 'm', '', 'rs2', 0, 0)]),
      snap(60_000, [region('a', '', 'm', 'rs1', 0, 100), region('b', 'm', '', 'rs2', 0, 100)]),
      snap(240_000, [region('a1', '', 'f', 'rs3', 0, 30), region('a2', 'f', 'm', 'rs4', 0, 30), region('b', 'm', '', 'rs2', 0, 160)]),
    ], 60_000);
    const result = detectHotspots(load);
    // 60 s with 2 servers, then 180 s with 3: (60 · 1/2 + 180 · 1/3) / 240
    expect(result.fairServerShare).toBeCloseTo((30 + 60) / 240, 12);
    expect(result.fairRegionShare).toBeCloseTo((30 + 60) / 240, 12);
    expect(result.timeline.map((t) => [t.fairServerShare, t.gap])).toEqual([[0.5, false], [1 / 3, true]]);
    expect(result.events.map((e) => e.kind)).toEqual(['region-split', 'gap']);
  });

  it('sees a falling tail when the hot spot moves down the key space', () => {
    const writes = [[0, 0, 0, 5000], [0, 0, 5000, 0], [0, 5000, 0, 0]].map((row) => row.map((w) => w + 10));
    const result = detectHotspots(steadySeries(layout, writes));
    expect(result.shape).toBe('monotonic-tail');
    expect(result.evidence.at(-1)).toBe('the hot spot moved down the key space to the next region 2 time(s)');
    expect(result.alternatives.map((a) => a.shape)).toEqual(['hot-range']);
  });

  it('keeps the region history of a moving hot spot over key samples that see a range', () => {
    const writes = [[0, 0, 0, 5000], [0, 0, 5000, 0], [0, 5000, 0, 0]].map((row) => row.map((w) => w + 10));
    // 60 writes spread in shuffled order over the three hot regions' keys: no edge moves in the samples
    const keys = ['h', 'i', 'j', 'k', 'o', 'p', 'q', 'r', 'u', 'v', 'w', 'x'];
    const samples = Array.from({ length: 60 }, (_, i) => ({ timeMs: 3000 * i, key: toBytesBinary(`${keys[(i * 5) % 12]}${i}`), op: 'write' as const }));
    const result = detectHotspots(steadySeries(layout, writes), { samples });
    expect(result.shape).toBe('monotonic-tail');
    expect(result.decidedBy).toBe('region-history');
    expect(result.evidence.at(-1)).toMatch(/^the key samples alone say hot-range \(.*\), but the region history saw the hot spot follow the newest keys 2 times, which a range does not do: region history decides$/);
  });

  it('sees a falling tail in key samples (reverse timestamps)', () => {
    const max = 9_999_999_999;
    const samples = Array.from({ length: 120 }, (_, i) => ({ timeMs: 1000 * i, key: toBytesBinary(`g${String(max - i * 1000).padStart(10, '0')}`), op: 'write' as const }));
    const result = detectHotspots(steadySeries(layout, repeat(3, [10, 5000, 10, 10])), { samples });
    expect([result.shape, result.decidedBy]).toEqual(['monotonic-tail', 'samples']);
    expect(result.evidence[1]).toContain('were below every key written before: the written key range keeps moving down');
  });

  it('falls back to region history when too few samples fall in the hot regions, and says so', () => {
    const samples = Array.from({ length: 50 }, (_, i) => ({ timeMs: 1000 * i, key: toBytesBinary(`u${i}`), op: 'write' as const }));
    const result = detectHotspots(steadySeries(layout, repeat(3, [10, 5000, 10, 10])), { samples });
    expect(result.decidedBy).toBe('region-history');
    expect(result.evidence.at(-1)).toBe("too few key samples (under 20) fell in the hot regions during the series' window to decide; region history decided");
  });

  it('calls a read-mostly hot region a hot range but names the single row as the alternative', () => {
    const result = detectHotspots(steadySeries(layout, repeat(2, [0, 0, 0, 0]), { reads: repeat(2, [50, 9000, 50, 50]) }));
    expect(result.shape).toBe('hot-range');
    expect(result.alternatives.map((a) => a.shape)).toEqual(['single-row']);
    expect(result.servers[0]).toMatchObject({ server: 'rs2', readShare: 9000 / 9150, writeShare: 0 });
  });

  it('without a read/write split still finds the hot server, with write shares unknown', () => {
    const base = steadySeries(layout, repeat(2, [10, 900, 10, 10]));
    const load = { ...base, snapshots: base.snapshots.map((s) => ({ ...s, regions: s.regions.map((r) => ({ ...r, readRequests: null, writeRequests: null })) })) };
    const result = detectHotspots(load);
    expect(result.hottestServerShare).toBeCloseTo(900 / 930, 12);
    expect(result.hottestServerWriteShare).toBeNull();
    expect(result.servers[0]).toMatchObject({ server: 'rs2', hot: true, writeShare: null });
    expect(result.evidence.at(-1)).toBe('the source gives no read/write split');
  });
});

describe('hot in one measure, or only against region peers', () => {
  it('finds a write hotspot under a read-heavy load', () => {
    // reads spread evenly and dwarf the writes; every write lands on rs3
    const result = detectHotspots(steadySeries(layout, repeat(3, [0, 0, 900, 0]), { reads: repeat(3, [10_000, 10_000, 10_000, 10_000]) }));
    const rs3 = result.servers.find((s) => s.server === 'rs3');
    expect(rs3).toMatchObject({ hot: true, hotBy: ['writes'], hotIntervals: 3 });
    expect(rs3!.peerRatio).toBeCloseTo(10_900 / 10_000, 12);
    expect(result.regions.find((r) => r.encodedName === 'c')).toMatchObject({ hotBy: ['writes'], hotIntervals: 3 });
    expect(result.shape).not.toBe('none');
  });

  it('ignores a measure under 1% of the requests', () => {
    // 30 reads on one server against 12,000 writes spread evenly: 0.25% of the requests
    const result = detectHotspots(steadySeries(layout, repeat(3, [1000, 1000, 1000, 1000]), { reads: repeat(3, [0, 10, 0, 0]) }));
    expect(result.servers.every((s) => !s.hot)).toBe(true);
    expect(result.shape).toBe('none');
  });

  it('is a region hotspot when a hot region sits on a server that is not hot: placement does not cool a region', () => {
    // region a: 700 against its peers' (0 + 4 × 200) / 5 = 160, 4.4 ×; rs1: 700 against (400 + 400) / 2, 1.75 ×
    const six: Layout[] = [['a', '', 'b', 'rs1'], ['b', 'b', 'c', 'rs1'], ['c', 'c', 'd', 'rs2'], ['d', 'd', 'e', 'rs2'], ['e', 'e', 'f', 'rs3'], ['f', 'f', '', 'rs3']];
    const result = detectHotspots(steadySeries(six, repeat(2, [700, 0, 200, 200, 200, 200])));
    expect(result.regions[0]).toMatchObject({ encodedName: 'a', hot: true, hotIntervals: 2, hotNow: true });
    expect(result.regions[0]!.nowPeerRatio).toBeCloseTo(700 / 160, 9);
    expect(result.servers.every((s) => !s.hot)).toBe(true);
    // a steady write-heavy region whose peers still take 800 of the 1500 writes: most likely a hot range
    expect(result.shape).toBe('hot-range');
    expect(result.now).toMatchObject({ region: 'a', server: 'rs1' });
    expect(result.now.regionShare).toBeCloseTo(700 / 1500, 9);
    const finding = result.findings.find((f) => f.kind === 'region-hotspot');
    expect(finding).toMatchObject({ level: 'region', regions: ['a'], servers: ['rs1'] });
    // rs1 took 700 of 1500 = 46.7%, against (400 + 400) / 2 = 400: 1.75 ×
    expect(finding!.evidence[0]).toMatch(/^region a \["", "b"\): 47% of the requests over now, 4\.4 × its peers' average, fair share 17%; its server rs1 is not \(47% of the requests, 1\.[78] × its peers' average\): the servers look even, the region does not$/);
    expect(result.servers.find((s) => s.server === 'rs1')!.nowPeerRatio).toBeCloseTo(1.75, 9);
    expect(result.findings.some((f) => f.kind === 'server-hotspot')).toBe(false);
  });

  it('does not call the servers even for a hot region on a server that is not hot while another server is', () => {
    // 16 regions on 8 servers, two each: a and b on rs1 take 2000 writes a minute each, c on rs2 1600 (d beside it
    // none), the twelve others 300: 9200 in all. Region c: 1600 against its peers' (4000 + 0 + 12 × 300) / 15 = 506.7,
    // 3.2 ×, hot. rs1: 4000 against (1600 + 6 × 600) / 7 = 742.9, 5.4 ×, hot. rs2: 1600 of 9200 = 17%, against
    // (4000 + 3600) / 7 = 1085.7, 1.5 ×, not hot alone; nor with rs1 as a group of the busiest two: 1600 is under
    // 3 × 600, the average of the six servers outside the group (and a larger group would hold a server at 600, under
    // the fair share of 9200 / 8 = 1150). Before, c's line read "the servers look even", beside rs1's server hotspot.
    const names = 'abcdefghijklmnop'.split('');
    const sixteen: Layout[] = names.map((n, i) => [n, i === 0 ? '' : n, names[i + 1] ?? '', `rs${Math.floor(i / 2) + 1}`]);
    const result = detectHotspots(steadySeries(sixteen, repeat(3, [2000, 2000, 1600, 0, ...Array<number>(12).fill(300)])));
    expect(result.servers.filter((s) => s.hotNow).map((s) => s.server)).toEqual(['rs1']);
    expect(result.servers.find((s) => s.server === 'rs2')!.nowPeerRatio).toBeCloseTo(1600 / (7600 / 7), 9);
    const line = result.findings.find((f) => f.kind === 'region-hotspot')!.evidence.find((e) => e.startsWith('region c '));
    expect(line).toMatch(/; its server rs2 is not hot \(17% of the requests, 1\.5 × its peers' average\); the hot server is rs1$/);
  });

  it('names two busy servers hot that hide each other from the test of a server alone', () => {
    // a on rs1 and e on rs2 take 5000 writes a minute each, the six others 100: rs1 takes 5100 against its peers'
    // (5100 + 200 + 200) / 3 = 1833, 2.8 × (not hot alone at 3), though rs1 and rs2 take 10,200 of the 10,600
    // requests. As a group of the busiest two of four, each takes 5100 against the average of rs3 and rs4,
    // (200 + 200) / 2 = 200: 25.5 ×, above 3 ×, and above the fair share of 10,600 / 4 = 2650.
    const eight: Layout[] = [['a', '', 'b', 'rs1'], ['b', 'b', 'c', 'rs1'], ['c', 'c', 'd', 'rs3'], ['d', 'd', 'e', 'rs3'], ['e', 'e', 'f', 'rs2'], ['f', 'f', 'g', 'rs2'], ['g', 'g', 'h', 'rs4'], ['h', 'h', '', 'rs4']];
    const result = detectHotspots(steadySeries(eight, repeat(3, [5000, 100, 100, 100, 5000, 100, 100, 100])));
    expect(result.servers.filter((s) => s.hot).map((s) => s.server).sort()).toEqual(['rs1', 'rs2']);
    expect(result.servers.find((s) => s.server === 'rs1')!.nowPeerRatio).toBeCloseTo(5100 / (5500 / 3), 9);
    const finding = result.findings.find((f) => f.kind === 'region-hotspot');
    // a: 5000 against (5000 + 6 × 100) / 7 = 800, 6.25 ×
    expect(finding!.evidence.find((e) => e.startsWith('region a '))).toBe('region a ["", "b"): 47% of the requests over now, 6.3 × its peers\' average, fair share 13%; its server rs1 is hot too (48% of the requests)');
    const servers = result.findings.find((f) => f.kind === 'server-hotspot');
    expect(servers!.servers.slice().sort()).toEqual(['rs1', 'rs2']);
  });
  it('does not read "no store growth" as a rewritten row when sizes come in whole MB', () => {
    // 3 intervals, one region takes every write; sizes stay at 5 MB as REST's storefileSizeMB would report them.
    const base = steadySeries(layout, repeat(3, [0, 0, 0, 3000]));
    const mb = 5 * 1_048_576;
    const load = { ...base, snapshots: base.snapshots.map((s) => ({ ...s, regions: s.regions.map((r) => ({ ...r, storeSizeBytes: mb })) })) };
    const result = detectHotspots(load);
    expect(result.shape).toBe('monotonic-tail');
    expect(result.alternatives.map((a) => a.shape)).toEqual(['single-row']);
    expect(result.evidence.at(-1)).toBe('9000 writes added no store bytes, but the source reports sizes in whole MB, too coarse to tell new rows from rewritten ones');
  });

  it('reads "no store growth" at byte resolution as rows rewritten in place', () => {
    const base = steadySeries(layout, repeat(3, [0, 0, 0, 3000]));
    const load = { ...base, snapshots: base.snapshots.map((s) => ({ ...s, regions: s.regions.map((r) => ({ ...r, storeSizeBytes: 1234 })) })) };
    const result = detectHotspots(load);
    expect(result.shape).toBe('single-row');
    expect(result.evidence.at(-1)).toBe('9000 writes added no store bytes: the same row(s) rewritten in place, as a counter is');
  });
});

describe('detect over recorded histories: a hot region that grows', () => {
  it('gives the growth of a tail that never split in readable units beside the bytes', () => {
    // d ["t", "") takes 6,000 writes a minute for 5 minutes, each adding 100 bytes: 3,000,000 bytes, 2.86 MB
    // (3,000,000 / 1,048,576 = 2.861); the others take none
    const result = detectHotspots(steadySeries(layout, repeat(5, [0, 0, 0, 6000])));
    expect([result.shape, result.decidedBy]).toEqual(['monotonic-tail', 'region-history']);
    expect(result.evidence.join('\n')).toContain("it took 100% of the table's writes and grew by 2.86 MB (3000000 bytes): all new data lands in one key range");
  });
});
