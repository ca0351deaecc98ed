/**
 * Runbooks for a RegionServer hot by the sum of several tables: a move when a server can take the region without
 * becoming hot, a refused move and the region's own load spread when none can. Figures worked by hand.
 */
import { describe, expect, it } from 'vitest';
import { detectHotspots, detectTables, isTablesResult } from '../../src/analysis/detect/index.js';
import { toBytesBinary } from '../../src/bytes/index.js';
import { type Runbook, planFix, renderRunbookShell, renderRunbookText } from '../../src/fix/plan/index.js';
import { type LoadSeries, type RegionLoad, focusTable } from '../../src/model/index.js';
import { fullName } from '../analysis/replica-series.js';

const rs = (n: number) => `rs${n}.example.com,16020,1717200000000`;
const hex = (c: string) => c.repeat(32);

function region(table: string, id: string, startKey: string, endKey: string, server: string, writes: number, reads = 0): RegionLoad {
  return { table, name: `${table},${startKey},1.${hex(id)}.`, encodedName: hex(id), startKey: toBytesBinary(startKey), endKey: toBytesBinary(endKey), server, readRequests: reads, writeRequests: writes, requests: writes + reads, storeSizeBytes: 0 };
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
    // no split here: what the balancer would move back is the region moved, not a daughter
    expect(book.steps[0]!.why).toBe('a balancer run in the middle would move a hand-placed region back (it weighs region counts, 500, far above request load, 5 + 5)');
    // the table has no hotspot of its own: the text says so, and does not call the region it moves hot
    const [title, region] = renderRunbookText(book).split('\n');
    expect(title).toBe('Runbook for table side: no hotspot in the table by itself');
    // the side table's one region: all of that table's requests
    expect(region).toBe(`region the steps act on: ${hex('b')} ["", "") on ${rs(1)}: 100.0% of requests over the window, fair share 100.0%`);
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
    // of 2610/s: rs4 from 10 (0.4%) to 2010 (77.0%), above 3 × the others' (200 + 200 + 200) / 3 = 600 (23.0%);
    // rs1 from 2200 (84.3%) to 200 (7.7%)
    expect(book.refused[0]!.why).toContain(`to ${rs(4)} would take that server from 0.4% to 77.0% and ${rs(1)} from 84.3% to 7.7%`);
    expect(book.refused[0]!.why).toContain('the region alone is above k × the other servers (23.0% there after the move)');
    expect(book.steps.map((s) => s.kind)).toEqual(['advice']);
    expect(book.steps[0]!.title).toContain('split it so its halves sit on different servers');
  });
});

describe('fix plan for servers hot by the sum of the tables, a small table\'s two regions one on each', () => {
  /**
   * events: 6 regions of 100 writes/s, one on each of rs1..rs6; lookup: region l1 on rs1 (500 reads/s) and l2 on rs2
   * (450 reads/s). Four snapshots 60 s apart; 1,550 requests/s in all.
   */
  function lookups(): LoadSeries {
    const cuts = ['', '1', '2', '3', '4', '5', ''];
    const snapshots = [0, 1, 2, 3].map((i) => ({
      timeMs: i * 60_000,
      table: 'events',
      regions: [
        ...cuts.slice(0, -1).map((c, j) => region('events', String(j), c, cuts[j + 1] as string, rs(j + 1), i * 6000)),
        region('lookup', 'a', '', 'm', rs(1), 0, i * 30_000),
        region('lookup', 'b', 'm', '', rs(2), 0, i * 27_000),
      ],
    }));
    return { table: 'events', tables: ['events', 'lookup'], source: { kind: 'recorded', intervalMs: 60_000 }, snapshots };
  }

  it('says why each region\'s own load is spread: alone above k × the others, or making its target one of a hot group', () => {
    const series = lookups();
    const all = detectTables(series);
    if (!isTablesResult(all)) throw new Error('several tables');
    // rs1 600 against (550 + 4 × 100) / 5 = 190, 3.2 ×: hot alone; rs2 550 against 200, 2.75 ×, but with rs1 the
    // busiest two: 550 above 3 × (1,550 − 2 × 550) / 4 = 337.5: hot as a group
    expect(all.cluster.servers.filter((s) => s.hot).map((s) => s.server)).toEqual([rs(1), rs(2)]);
    const book = planFix({ detect: detectHotspots(focusTable(series, 'lookup')), cluster: all.cluster });
    expect([book.steps.map((s) => s.kind), book.refused.map((r) => r.action)]).toEqual([['advice', 'advice'], ['move', 'move']]);
    // l1 (500 / 1,550 = 32.3%) to rs3: rs3 600 against (100 + 550 + 3 × 100) / 5 = 190, above 3 × there
    expect(book.steps[0]!.why).toMatch(new RegExp(`^region ${hex('a')} of lookup takes 32\\.3% of all the tables' requests by itself, above k × the other servers wherever it goes;`));
    // l2 (450 / 1,550 = 29.0%) to rs3: rs3 550 against (600 + 100 + 3 × 100) / 5 = 200, 2.75 ×, not above 3 × alone,
    // but with rs1 (600) the busiest two: 550 above 3 × (1,550 − 2 × 550) / 4 = 337.5
    expect(book.refused[1]!.why).toContain(`${rs(3)} would then be one of a group of the busiest servers, hot together`);
    expect(book.steps[1]!.why).toMatch(new RegExp(`^region ${hex('b')} of lookup takes 29\\.0% of all the tables' requests by itself: moved to the least loaded server, ${rs(3).replace(/\./g, '\\.')}, it would make that server one of a group of the busiest, hot together;`));
  });
});

describe('fix plan for a server hot by the sum of the tables, its busiest region a read replica', () => {
  /**
   * events: 6 regions of 50 writes + 50 reads/s, two on each of rs1, rs2, rs3; side (REGION_REPLICATION 2): range
   * ['', 'm') with its primary on rs4 (40 reads + 40 writes/s) and its replica on rs1 (160 reads/s, TIMELINE), range
   * ['m', '') with its primary on rs1 (70 + 70/s) and its idle replica on rs4. Four snapshots 60 s apart.
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
        ...cuts.slice(0, -1).map((c, j) => region('events', String(j), c, cuts[j + 1] as string, rs((j % 3) + 1), i * 60 * 50, i * 60 * 50)),
        copy('', 'm', 0, rs(4), 40, 40, i), copy('', 'm', 1, rs(1), 160, 0, i), copy('m', '', 0, rs(1), 70, 70, i), copy('m', '', 1, rs(4), 0, 0, i),
      ],
    }));
    return { table: 'events', tables: ['events', 'side'], source: { kind: 'recorded', intervalMs: 60_000 }, snapshots };
  }

  it('never moves the replica onto the server of its own primary, though that server is the least loaded', () => {
    // per second: rs1 200 + 160 + 140 = 500 of 980 (51.0%; 3 × the others' (200 + 200 + 80) / 3 = 480), rs2 and rs3
    // 200 each (20.4%), rs4 80 (8.2%), holding the primary of the replica's range: the move goes to rs2 (first by name
    // of the two at 20.4%), 160 / 980 = 16.3% moved: rs1 to 340 / 980 = 34.7%, rs2 to 360 / 980 = 36.7%, under 3 ×
    // the others' 206.7. In every measure no server is then hot: writes are unmoved (rs1 170 against 3 × 80), reads
    // rs2 260 of 570 against 3 × (170 + 100 + 40) / 3 = 310; the two busiest together neither (requests: 340 against
    // 3 × (980 − 680) / 2 = 450)
    const series = replicated();
    const all = detectTables(series);
    if (!isTablesResult(all)) throw new Error('several tables');
    const replica = fullName('side', '', 1, 1).encodedName;
    expect(all.cluster.findings.map((f) => [f.table, f.servers])).toEqual([['side', [rs(1)]]]);
    expect(all.cluster.findings[0]?.evidence.at(-1)).toContain(`moving region ${replica} of side (16% of all the tables' requests) to the least loaded server ${rs(2)} would take ${rs(1)} from 51% to 35% and ${rs(2)} from 20% to 37%, with neither then hot`);
    const book = planFix({ detect: detectHotspots(focusTable(series, 'side')), cluster: all.cluster });
    expect(book.steps.map((s) => s.commands)).toEqual([['balance_switch false'], [`move "${replica}", "${rs(2)}"`]]);
    // waited for on rs2, which holds no other copy of the range (its primary is on rs4)
    expect(book.steps[1]?.wait).toEqual({ kind: 'region-on-server', table: 'side', startKey: '', server: rs(2) });
  });
});

describe('fix plan for a table whose many regions, none hot, are stacked on one server', () => {
  /**
   * big: 8 regions of 100 writes/s (encoded names a… to h…), all on rs1; idx: 4 regions of 100 writes/s, one on each
   * of rs1 to rs4. Four snapshots 60 s apart.
   */
  function stacked(): LoadSeries {
    const big = ['', '1', '2', '3', '4', '5', '6', '7', ''];
    const idx = ['', 'g', 'n', 't', ''];
    const snapshots = [0, 1, 2, 3].map((i) => ({
      timeMs: i * 60_000,
      table: 'big',
      regions: [
        ...'abcdefgh'.split('').map((id, j) => region('big', id, big[j] as string, big[j + 1] as string, rs(1), i * 6000)),
        ...'1234'.split('').map((id, j) => region('idx', id, idx[j] as string, idx[j + 1] as string, rs(j + 1), i * 6000)),
      ],
    }));
    return { table: 'big', tables: ['big', 'idx'], source: { kind: 'recorded', intervalMs: 60_000 }, snapshots };
  }

  it('spreads the regions over the least loaded servers, the balancer off first, refusing nothing', () => {
    // per second rs1 800 + 100 = 900 of 1200 (75.0%), rs2, rs3, rs4 100 each: 900 > 3 × 100. Moving one region of
    // big (100/s, 8.3%) leaves rs1 at 800 (66.7%), above 3 × the others' (200 + 100 + 100) / 3 = 400 (33.3%): one
    // region is too little, and none is too busy for any server (rs2 at 200 against 3 × 333). Spread, each to the
    // least loaded (ties: first by name), equal regions in name order: a → rs2, b → rs3, c → rs4 (rs1 600), d → rs2,
    // e → rs3, f → rs4 (rs1 300, all at 300); then rs1 − rs2 = 0 is not above a region's 100: no seventh move
    const series = stacked();
    const all = detectTables(series);
    if (!isTablesResult(all)) throw new Error('several tables');
    expect(all.cluster.findings.map((f) => [f.kind, f.table, f.servers])).toEqual([['co-location', 'big', [rs(1)]]]);
    const said = all.cluster.findings[0]!.evidence.at(-1)!;
    expect(said).toContain(`would take ${rs(1)} from 75% to 67%`);
    expect(said).toContain('stays above k × the other servers (33%)');
    expect(said).not.toContain('alone is above k');
    const book = planFix({ detect: detectHotspots(focusTable(series, 'big')), cluster: all.cluster });
    expect(book.refused).toEqual([]);
    expect(book.steps.map((s) => s.kind)).toEqual(['advice', 'balancer-off', 'move', 'move', 'move', 'advice', 'balancer-on']);
    // rs1 holds 9 regions of all the tables against an average of 12 / 4 = 3, above ⌈3 × 1.2⌉ = 4: the default balancer
    // would have moved some by itself, so first whether it has been running (read-only commands, before it goes off)
    expect(book.steps[0]!.title).toBe('Find out why the balancer left the regions stacked');
    expect(book.steps[0]!.commands).toEqual(['balancer_enabled', 'rit']);
    expect(book.steps[0]!.why).toContain(`${rs(1)} holds 9 regions of all the tables against an average of 3.0, beyond the balancer's region-count slop`);
    const steps = book.steps.slice(1);
    expect(steps[0]!.commands).toEqual(['balance_switch false']);
    expect(steps.slice(1, 4).map((s) => s.commands)).toEqual([
      [`move "${hex('a')}", "${rs(2)}"`, `move "${hex('d')}", "${rs(2)}"`],
      [`move "${hex('b')}", "${rs(3)}"`, `move "${hex('e')}", "${rs(3)}"`],
      [`move "${hex('c')}", "${rs(4)}"`, `move "${hex('f')}", "${rs(4)}"`],
    ]);
    expect(steps[1]!.undo).toEqual([`move "${hex('a')}", "${rs(1)}"`, `move "${hex('d')}", "${rs(1)}"`]);
    // the last region moved there (d, starting at "3") waited for on rs2
    expect(steps[1]!.wait).toEqual({ kind: 'region-on-server', table: 'big', startKey: '3', server: rs(2) });
    expect(steps[1]!.why).toContain(`${rs(1)} holds 8 regions of big, none hot in the table (the busiest moved 8.3% of all the tables' requests)`);
    expect(steps[1]!.why).toContain(`would leave ${rs(1)} at 66.7%, above k × the other servers (33.3%)`);
    expect(steps[1]!.why).toContain(`6 moves, each region (busiest first) to the least loaded server as the moves before leave it, take ${rs(1)} from 75.0% to 25.0%`);
    expect(steps[1]!.why).toContain(`take ${rs(2)} from 8.3% to 25.0%`);
    expect(steps[4]!.title).toContain('hbase.master.loadbalance.bytable true');
    expect(steps[5]!.commands).toEqual(['balance_switch true']);
    const text = renderRunbookText(book);
    expect(text).not.toContain('alone is above k');
    expect(text).not.toContain('REFUSED');
  });
});

describe('the text runbook of a step with many commands', () => {
  it('shows the first three commands and the count of the others; the shell script has them all', () => {
    const commands = Array.from({ length: 15 }, (_, i) => `move "${hex(i.toString(16))}", "${rs(2)}"`);
    const undo = Array.from({ length: 15 }, (_, i) => `move "${hex(i.toString(16))}", "${rs(1)}"`);
    const book: Runbook = {
      format: 'hbase-hotspot-runbook/1', table: 'big', shape: 'none', hotRegion: null, refused: [], warnings: [], evidence: [],
      steps: [{ number: 1, kind: 'move', title: 'Move 15 regions', why: 'spread', commands, check: 'list_regions', undo, undoNote: 'move them back' }],
    };
    const text = renderRunbookText(book);
    expect(text.split('\n').filter((l) => l.startsWith('   hbase> '))).toEqual(commands.slice(0, 3).map((c) => `   hbase> ${c}`));
    expect(text).toContain('… and 12 more commands like these');
    expect(text).toContain(`undo: ${undo.slice(0, 3).join('; ')}; … and 12 more (move them back)`);
    expect(renderRunbookShell(book).split('\n').filter((l) => l.startsWith('move '))).toEqual(commands);
  });
});
