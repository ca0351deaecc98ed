/**
 * Runbooks for a RegionServer hot by the sum of several tables: a move when a server can take the region without
 * becoming hot, a refused move and the region's own load spread when none can. Figures worked by hand.
 */
import { describe, expect, it } from 'vitest';
import { detectHotspots, detectTables, isTablesResult } from '../../src/analysis/detect/index.js';
import { toBytesBinary } from '../../src/bytes/index.js';
import { planFix } from '../../src/fix/plan/index.js';
import { type LoadSeries, type RegionLoad, focusTable } from '../../src/model/index.js';
import { fullName } from '../analysis/replica-series.js';

const rs = (n: number) => `rs${n}.example.com,16020,1717200000000`;
const hex = (c: string) => c.repeat(32);

function region(table: string, id: string, startKey: string, endKey: string, server: string, writes: number): RegionLoad {
  return { table, name: `${table},${startKey},1.${hex(id)}.`, encodedName: hex(id), startKey: toBytesBinary(startKey), endKey: toBytesBinary(endKey), server, readRequests: 0, writeRequests: writes, requests: writes, storeSizeBytes: 0 };
}

/**
 * events: 6 regions of 100 writes/s, two on each of rs1, rs2, rs3; audit: one region of 10 writes/s on rs4; side:
 * one region of `side` writes/s on rs1. Four snapshots 60 s apart.
 */
function cluster(side: number): LoadSeries {
  const cuts = ['', '1', '2', '3', '4', '5', ''];
  const snapshots = [0, 1, 2, 3].map((i) => ({
    timeMs: i * 60_000,
    table: 'events',
    regions: [
      ...cuts.slice(0, -1).map((c, j) => region('events', String(j), c, cuts[j + 1] as string, rs((j % 3) + 1), i * 6000)),
      region('audit', 'a', '', '', rs(4), i * 600),
      region('side', 'b', '', '', rs(1), i * 60 * side),
    ],
  }));
  return { table: 'events', tables: ['events', 'audit', 'side'], source: { kind: 'recorded', intervalMs: 60_000 }, snapshots };
}

function plan(side: number) {
  const series = cluster(side);
  const all = detectTables(series);
  if (!isTablesResult(all)) throw new Error('several tables');
  return { all, book: planFix({ detect: detectHotspots(focusTable(series, 'side')), cluster: all.cluster }) };
}

describe('fix plan for a server hot by the sum of the tables', () => {
  it('moves the side table\'s region to the quiet server when that leaves no server hot', () => {
    // rs1 200 + 500 = 700/s against rs2 200, rs3 200, rs4 10: 700 > 3 × 136.7. Moved to rs4: rs4 510 against the
    // others' 200 (2.55 ×), rs1 200: neither hot
    const { all, book } = plan(500);
    expect(all.cluster.findings.map((f) => [f.kind, f.table, f.servers])).toEqual([['co-location', 'side', [rs(1)]]]);
    expect(book.steps.map((s) => s.kind)).toEqual(['balancer-off', 'move']);
    expect(book.steps[1]!.commands).toEqual([`move "${hex('b')}", "${rs(4)}"`]);
    expect(book.steps[1]!.undo).toEqual([`move "${hex('b')}", "${rs(1)}"`]);
    expect(book.refused).toEqual([]);
    // total 1110/s: rs1 from 700 / 1110 = 63.1% to 200 / 1110 = 18.0%, rs4 from 0.9% to 45.9%
    expect(book.steps[1]!.why).toContain('from 63.1% to 18.0%');
    expect(book.steps[1]!.why).toContain('from 0.9% to 45.9%');
  });

  it('never aims the move at a server that left: one holding no region of any table at the window\'s end', () => {
    // as above with side at 500/s, and audit's second region x on rs5 for the first minute (60 writes), then on rs4
    // (opened there: its counter starts again). rs5 ends holding nothing and has the smallest share of the window;
    // rs4 (10/s and x) is the least loaded server still there
    const series = cluster(500);
    const x = (i: number) => i <= 1 ? region('audit', 'c', '1', '', rs(5), i * 60) : { ...region('audit', 'c', '1', '', rs(4), (i - 1) * 60) };
    const moved: LoadSeries = {
      ...series,
      snapshots: series.snapshots.map((snap, i) => ({
        ...snap,
        regions: [...snap.regions.map((r) => (r.encodedName === hex('a') ? { ...r, endKey: toBytesBinary('1') } : r)), x(i)],
      })),
    };
    const all = detectTables(moved);
    if (!isTablesResult(all)) throw new Error('several tables');
    expect(all.cluster.servers.find((s) => s.server === rs(5))).toMatchObject({ regionCount: 0 });
    const book = planFix({ detect: detectHotspots(focusTable(moved, 'side')), cluster: all.cluster });
    expect(book.steps.find((s) => s.kind === 'move')!.commands).toEqual([`move "${hex('b')}", "${rs(4)}"`]);
  });

  it('refuses the move of a region no server can take whole, and spreads its own load', () => {
    // side 2000/s: moved to rs4 it makes rs4 2010 against the others' 200, 10 ×
    const { book } = plan(2000);
    expect(book.refused.map((r) => r.action)).toEqual(['move']);
    expect(book.steps.map((s) => s.kind)).toEqual(['advice']);
    expect(book.steps[0]!.title).toContain('split it so its halves sit on different servers');
  });
});

describe('fix plan for a server hot by the sum of the tables, its busiest region a read replica', () => {
  /**
   * events: 6 regions, 100 writes/s on each of rs1's two, 50 on each of rs2's and rs3's; side (REGION_REPLICATION 2):
   * range ['', 'm') with its primary on rs4 (40 reads + 40 writes/s) and its replica on rs1 (160 reads/s, TIMELINE),
   * range ['m', '') with its primary on rs1 (70 + 70/s) and its idle replica on rs4. Four snapshots 60 s apart.
   */
  function replicated(): LoadSeries {
    const cuts = ['', '1', '2', '3', '4', '5', ''];
    const copy = (start: string, end: string, replica: number, server: string, reads: number, writes: number, i: number): RegionLoad => ({
      table: 'side', ...fullName('side', start, 1, replica), startKey: toBytesBinary(start), endKey: toBytesBinary(end), server,
      readRequests: i * 60 * reads, writeRequests: i * 60 * writes, requests: i * 60 * (reads + writes), storeSizeBytes: 0,
    });
    const snapshots = [0, 1, 2, 3].map((i) => ({
      timeMs: i * 60_000,
      table: 'events',
      regions: [
        ...cuts.slice(0, -1).map((c, j) => region('events', String(j), c, cuts[j + 1] as string, rs((j % 3) + 1), i * 60 * (j % 3 === 0 ? 100 : 50))),
        copy('', 'm', 0, rs(4), 40, 40, i), copy('', 'm', 1, rs(1), 160, 0, i), copy('m', '', 0, rs(1), 70, 70, i), copy('m', '', 1, rs(4), 0, 0, i),
      ],
    }));
    return { table: 'events', tables: ['events', 'side'], source: { kind: 'recorded', intervalMs: 60_000 }, snapshots };
  }

  it('never moves the replica onto the server of its own primary, though that server is the least loaded', () => {
    // per second: rs1 200 + 160 + 140 = 500 of 780 (64.1%), rs2 and rs3 100 each (12.8%), rs4 80 (10.3%), holding the
    // primary of the replica's range: the move goes to rs2 (first by name of the two at 12.8%), 160 / 780 = 20.5%
    // moved: rs1 to 340 / 780 = 43.6%, rs2 to 260 / 780 = 33.3%
    const series = replicated();
    const all = detectTables(series);
    if (!isTablesResult(all)) throw new Error('several tables');
    const replica = fullName('side', '', 1, 1).encodedName;
    expect(all.cluster.findings.map((f) => [f.table, f.servers])).toEqual([['side', [rs(1)]]]);
    expect(all.cluster.findings[0]?.evidence.at(-1)).toContain(`moving region ${replica} of side (21% of all the tables' requests) to the least loaded server ${rs(2)} would take ${rs(1)} from 64% to 44% and ${rs(2)} from 13% to 33%`);
    const book = planFix({ detect: detectHotspots(focusTable(series, 'side')), cluster: all.cluster });
    expect(book.steps.map((s) => s.commands)).toEqual([['balance_switch false'], [`move "${replica}", "${rs(2)}"`]]);
    // waited for on rs2, which holds no other copy of the range (its primary is on rs4)
    expect(book.steps[1]?.wait).toEqual({ kind: 'region-on-server', table: 'side', startKey: '', server: rs(2) });
  });
});
