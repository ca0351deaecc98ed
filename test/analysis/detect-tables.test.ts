/**
 * Several tables at once: each table against its own fair share, a RegionServer by the sum of the tables. The figures
 * are worked by hand from the counters the builder writes.
 */
import { describe, expect, it } from 'vitest';
import { detectTables, isTablesResult } from '../../src/analysis/detect/index.js';
import { toBytesBinary } from '../../src/bytes/index.js';
import type { LoadSeries, RegionLoad } from '../../src/model/index.js';

const rs = (n: number) => `rs${n}.example.com,16020,1`;

/** A region of `table` with `writes` cumulative writes. */
function region(table: string, id: string, startKey: string, endKey: string, server: string, writes: number): RegionLoad {
  return { table, name: `${table},${startKey},1.${id}.`, encodedName: id, startKey: toBytesBinary(startKey), endKey: toBytesBinary(endKey), server, readRequests: 0, writeRequests: writes, requests: writes, storeSizeBytes: 0 };
}

/**
 * Table `events`: 8 regions two per server on rs1..rs4, 100 writes/s each. Table `side`: one region on rs1 taking
 * `sidePerSec` writes/s. Five snapshots 60 s apart.
 */
function twoTables(sidePerSec: number, sideTable = 'side'): LoadSeries {
  const cuts = ['', '1', '2', '3', '4', '5', '6', '7', ''];
  const snapshots = [0, 1, 2, 3, 4].map((i) => ({
    timeMs: i * 60_000,
    table: 'events',
    regions: [
      ...cuts.slice(0, -1).map((c, j) => region('events', `e${j}`, c, cuts[j + 1] as string, rs((j % 4) + 1), i * 6000)),
      region(sideTable, 's0', '', '', rs(1), i * 60 * sidePerSec),
    ],
  }));
  return { table: 'events', tables: ['events', sideTable], source: { kind: 'recorded', intervalMs: 60_000 }, snapshots };
}

describe('detect over several tables', () => {
  it('a busy one-region side table beside an even big table: the server is hot by the sum, caused by the side table', () => {
    const result = detectTables(twoTables(2000));
    expect(isTablesResult(result)).toBe(true);
    if (!isTablesResult(result)) return;
    // per interval rs1 takes 2 × 6000 + 120 000 = 132 000, the others 12 000 each: 11 × their average
    const top = result.cluster.servers[0]!;
    expect(top.server).toBe(rs(1));
    expect(top.share).toBeCloseTo(132_000 / 168_000, 12);
    expect(top.peerRatio).toBeCloseTo(11, 12);
    expect(top.hot).toBe(true);
    expect(top.regionCount).toBe(3);
    expect(top.tables.map((t) => [t.table, t.regionCount])).toEqual([['side', 1], ['events', 2]]);
    expect(top.tables[0]!.share).toBeCloseTo(120_000 / 132_000, 12);
    expect(result.cluster.servers.slice(1).every((s) => !s.hot)).toBe(true);
    expect(result.cluster.fairServerShare).toBe(0.25);
    expect(result.cluster.pointsAt).toBe('side');
    const f = result.cluster.findings;
    expect(f.map((x) => [x.kind, x.level, x.table, x.servers, x.regions])).toEqual([['co-location', 'server', 'side', [rs(1)], ['s0']]]);
    // moving s0 (120 000 of 168 000 requests) to rs2 takes rs1 to 12 000 / 168 000 = 7.1%
    expect(f[0]!.evidence.at(-1)).toContain('from 79% to 7.1%');
    // the big table, judged alone, is even: no region or server hotspot
    const events = result.tables.find((t) => t.table === 'events')!;
    expect(events.shape).toBe('none');
    expect(events.regions.some((r) => r.hot)).toBe(false);
    expect(events.servers.some((s) => s.hot)).toBe(false);
    expect(events.fairRegionShare).toBe(1 / 8);
    // the headline is the table the cluster finding points at; every finding names its table
    expect(result.table).toBe('side');
    expect(result.findings.every((x) => x.table !== undefined)).toBe(true);
    expect(result.findings[0]).toBe(f[0]);
  });

  it('hbase:meta hot beside user tables: co-location, and never an unsplit-table finding for a system table', () => {
    const result = detectTables(twoTables(2000, 'hbase:meta'));
    if (!isTablesResult(result)) throw new Error('several tables');
    expect(result.cluster.findings.map((x) => [x.kind, x.table])).toEqual([['co-location', 'hbase:meta']]);
    expect(result.findings.some((x) => x.kind === 'unsplit-table')).toBe(false);
  });

  it('a quiet side table changes nothing: no server is hot by the sum', () => {
    // rs1: 12 000 + 6000 = 18 000 against 12 000: 1.5 ×
    const result = detectTables(twoTables(100));
    if (!isTablesResult(result)) throw new Error('several tables');
    expect(result.cluster.servers[0]!.peerRatio).toBeCloseTo(1.5, 12);
    expect(result.cluster.findings).toEqual([]);
    expect(result.cluster.pointsAt).toBeNull();
    expect(result.table).toBe('events');
    expect(result.findings.map((x) => [x.kind, x.table])).toEqual([['unsplit-table', 'side']]);
  });

  it('refuses key samples, which carry no table', () => {
    expect(() => detectTables(twoTables(100), { samples: [] })).toThrow(expect.objectContaining({ code: 'DETECT_SAMPLES_TABLE' }));
  });
});
