import { inflateRawSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { utf8Bytes } from '../../src/bytes/index.js';
import { computeRates } from '../../src/model/index.js';
import { ABSENT, panelData, segmentPositions, shortServerNames } from '../../src/report/html/data.js';
import { encoded, fixtureSeries } from './fixture.js';

function cells(b64: string): number[] {
  const buf = inflateRawSync(Buffer.from(b64, 'base64'));
  return [...new Uint16Array(buf.buffer, buf.byteOffset, buf.length / 2)];
}

describe('segmentPositions', () => {
  it('spaces interior key ranges by their byte span and gives the open edges the interior average', () => {
    // inner bounds a, b, c: spans 1 and 1 of 256ths -> interior halves; edges 1/2 each; total 2
    expect(segmentPositions(['', 'a', 'b', 'c'].map((k) => utf8Bytes(k)))).toEqual([0, 0.25, 0.5, 0.75, 1]);
    // a, b, d: spans 1 and 2 -> 1/3, 2/3; edges 1/2; total 2 -> 0.25, 0.25 + 1/6, 0.75
    const pos = segmentPositions(['', 'a', 'b', 'd'].map((k) => utf8Bytes(k)));
    expect(pos[1]).toBeCloseTo(0.25, 12);
    expect(pos[2]).toBeCloseTo(0.25 + 1 / 6, 12);
    expect(pos[3]).toBeCloseTo(0.75, 12);
  });

  it('reads the bytes after the common prefix', () => {
    // row-a, row-b, row-c differ only after "row-": same as a, b, c
    expect(segmentPositions(['', 'row-a', 'row-b', 'row-c'].map((k) => utf8Bytes(k)))).toEqual([0, 0.25, 0.5, 0.75, 1]);
  });

  it('gives a one-region table the whole height', () => {
    expect(segmentPositions([new Uint8Array(0)])).toEqual([0, 1]);
  });
});

describe('panelData', () => {
  const series = fixtureSeries('t1', [
    { start: '', server: 'rs1,16020,1', writes: [0, 600, 1200] },
    { start: 'm', server: 'rs2,16020,1', writes: [0, 6000, 18000], reads: [0, 60, 120] },
  ], 3);
  const panel = panelData('t1', computeRates(series));

  it('has one row per key range and one column per interval', () => {
    expect(panel.segKey.map((i) => panel.keys[i])).toEqual(['', 'm']);
    expect(panel.ends).toEqual([1_700_000_060_000, 1_700_000_120_000]);
    expect(panel.segA).toEqual([0, 1]);
    expect(panel.segB).toEqual([1, 2]);
  });

  it('stores rates log-quantized: writes/s 10, 10 and 100, 200 decode within 0.05%', () => {
    // region 1: 600 writes per 60 s = 10/s twice; region 2: 6000/60 = 100/s then 12000/60 = 200/s
    const q = cells(panel.writes);
    const decode = (v: number): number => Math.expm1(v / panel.scale);
    expect(q.map(decode).map((v, i) => v / ([10, 10, 100, 200][i] ?? 1))).toEqual(q.map(() => expect.closeTo(1, 3)));
    // region 2 reads 1/s; region 1 has reads 0
    expect(cells(panel.reads).map(decode)).toEqual([0, 0, expect.closeTo(1, 3), expect.closeTo(1, 3)]);
    expect(q).not.toContain(ABSENT);
  });

  it('draws the fair share as table requests/s over the servers', () => {
    expect(panel.totals).toEqual([111, 211]);
    expect(panel.fair).toEqual([55.5, 105.5]);
    expect(panel.servers).toEqual(['rs1,16020,1', 'rs2,16020,1']);
  });
});

describe('shortServerNames', () => {
  it('keeps the host, drops the domain every host shares, and adds the port or the whole name only where needed', () => {
    expect(shortServerNames(['rs1.example.com,16020,1', 'rs2.example.com,16020,1'])).toEqual(['rs1', 'rs2']);
    expect(shortServerNames(['a.lan,16020,1', 'a.lan,16021,1', 'b.lan,16020,1'])).toEqual(['a:16020', 'a:16021', 'b']);
    // one host and port restarted: only the start code tells the two apart
    expect(shortServerNames(['a.lan,16020,1', 'a.lan,16020,2'])).toEqual(['a.lan,16020,1', 'a.lan,16020,2']);
    // hosts in different domains keep them; a lone server keeps its host whole
    expect(shortServerNames(['a.x.com,1,1', 'b.y.com,1,1'])).toEqual(['a.x', 'b.y']);
    expect(shortServerNames(['rs1.example.com,16020,1'])).toEqual(['rs1.example.com']);
  });
});

describe('key samples in a panel', () => {
  // regions ['', 'm') and ['m', ''), 3 snapshots a minute apart from 1,700,000,000,000 ms = 2 intervals
  const series = fixtureSeries('t', [{ start: '', server: 'a,1,1', writes: [0, 0, 0] }, { start: 'm', server: 'b,1,1', writes: [0, 60, 120] }], 3);
  const T0 = 1_700_000_000_000;
  const key = (k: string) => utf8Bytes(k);

  it('places each sample in its interval (start, end], region and row, at its rank among the row\'s distinct keys', () => {
    const samples = [
      { timeMs: T0 + 90_000, key: key('mz'), op: 'write' as const },
      { timeMs: T0 + 30_000, key: key('mb'), op: 'write' as const, weight: 4 },
      { timeMs: T0 + 60_000, key: key('ma'), op: 'read' as const },
      { timeMs: T0 + 100_000, key: key('a'), op: 'write' as const },
      // outside the window: before the first snapshot (an interval is (start, end]) and after the last
      { timeMs: T0, key: key('mc'), op: 'write' as const },
      { timeMs: T0 + 120_001, key: key('mc'), op: 'write' as const },
    ];
    const placed = panelData('t', computeRates(series), { samples }).samples;
    // sorted by interval: 'mb' (t 0), 'ma' (t 0, at the interval's end), then 'mz' and 'a' in interval 1
    expect(placed?.t).toEqual([0, 0, 1, 1]);
    expect(placed?.region).toEqual([1, 1, 1, 0]);
    expect(placed?.seg).toEqual([1, 1, 1, 0]);
    // row 1 holds ma < mb < mz: ranks 0.5/3, 1.5/3, 2.5/3; row 0 holds 'a' alone: 0.5
    expect(placed?.pos).toEqual([0.5, 0.1667, 0.8333, 0.5]);
    expect(placed?.weight).toEqual([4, 1, 1, 1]);
    expect(placed?.read).toEqual([0, 1, 0, 0]);
    expect([placed?.given, placed?.dropped]).toEqual([6, 2]);
  });

  it('has no samples when none are given, and notes per region by encoded name', () => {
    const panel = panelData('t', computeRates(series), { notes: new Map([[encoded(1), ['hot region']]]) });
    expect(panel.samples).toBeNull();
    expect(panel.notes).toEqual([[], ['hot region']]);
    expect(panel.regionCounts).toEqual([2, 2]);
  });
});
