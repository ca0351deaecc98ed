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

describe('several tables across a RegionServer restart', () => {
  it('a server restarted inside an interval is a peer at its rate since the restart, in the sum of the tables too', () => {
    // events: one region of 100 writes/s on each of rs1..rs4; side: one region of 150/s on rs2. rs1 restarts 50 s into
    // the second interval (start code 110 000): its region counts 1000 in the 10 s since. At that rate (6000 for the
    // interval) rs2's 6000 + 9000 = 15 000 is 2.5 × the others' 6000, not hot; taken as it is, 1000 would have made
    // the others' average 4333 and rs2 3.5 × it.
    const server = (n: number, restarted: boolean) => (n === 1 && restarted ? 'rs1.example.com,16020,110000' : rs(n));
    const snapshots = [0, 1, 2].map((i) => ({
      timeMs: i * 60_000,
      table: 'events',
      regions: [
        ...['', '4', '8', 'c'].map((c, j) => region('events', `e${j}`, c, ['4', '8', 'c', ''][j] as string, server(j + 1, i === 2), j === 0 && i === 2 ? 1000 : i * 6000)),
        region('side', 's0', '', '', rs(2), i * 9000),
      ],
    }));
    const result = detectTables({ table: 'events', tables: ['events', 'side'], source: { kind: 'recorded', intervalMs: 60_000 }, snapshots });
    if (!isTablesResult(result)) throw new Error('several tables');
    expect(result.cluster.servers.find((s) => s.server === rs(2))?.hotIntervals).toBe(0);
    expect(result.cluster.findings).toEqual([]);
  });
});
