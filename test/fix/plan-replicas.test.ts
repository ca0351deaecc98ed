import { describe, expect, it } from 'vitest';
import { detectHotspots } from '../../src/analysis/detect/index.js';
import { type LiveRegion, applyRunbook, parseRunbook } from '../../src/fix/apply/index.js';
import { type Runbook, planFix, renderRunbookText } from '../../src/fix/plan/index.js';
import { moveStep } from '../../src/fix/plan/swap-steps.js';
import type { KeySample } from '../../src/model/index.js';
import { fullName, placedSeries } from '../analysis/replica-series.js';

const enc = new TextEncoder();

describe('fix plan for a table with read replicas', () => {
  it('moves a hot primary to the least loaded server that holds no replica of its range', () => {
    // ranges '' b c … h: [primary's server, replica's server, writes a minute], 100 reads a minute on each primary;
    // c takes 2,500 writes a minute on rs1 beside d and e (1,200 requests each: rs1 5,000 requests a minute), and its
    // replica is on rs4, the least loaded server (h: 400 a minute); rs2 and rs3 take 1,400 each: rs2, first by name
    // (over now, steady as over the window). After the move rs2 carries 4,000 and rs1 2,400, rs2 within 3 × the others'
    // average then ((2,400 + 1,400 + 400) ÷ 3 = 1,400, × 3 = 4,200): the move spreads load
    const placement: [string, string, number][] = [
      ['rs2', 'rs3', 600], ['rs3', 'rs2', 600], ['rs1', 'rs4', 2500], ['rs1', 'rs2', 1100],
      ['rs1', 'rs3', 1100], ['rs2', 'rs3', 600], ['rs3', 'rs2', 600], ['rs4', 'rs3', 300],
    ];
    const detect = detectHotspots(placedSeries(placement, true));
    const book = planFix({ detect });
    const moves = book.steps.filter((s) => s.kind === 'move');
    expect(moves.map((s) => s.commands)).toEqual([[`move "${fullName('t', 'c', 1700000000002, 0).encodedName}", "rs2,16020,1"`]]);
    expect(moves[0]?.why).toContain(`rs2,16020,1 is the least loaded (${(1400 / 60).toFixed(1)} req/s over now) not holding a replica of its range (rs4,16020,1 hold(s) one)`);
    expect(moves[0]?.why).toContain(`after the move rs2,16020,1 carries ${(4000 / 60).toFixed(1)} and rs1,16020,1 ${(2400 / 60).toFixed(1)} req/s over now, rs2,16020,1 within 3 × the average of the other servers then (${(1400 / 60).toFixed(1)} req/s over now)`);
  });
});

describe('fix plan for a range read through its replica', () => {
  // ranges '' b c … h at 600 writes and 100 reads a minute on each primary; c's replica, on rs4, takes 30,000 reads a
  // minute (reads sent with Consistency.TIMELINE): the hot region is that replica
  const placement: [string, string, number][] = [
    ['rs2', 'rs3', 600], ['rs3', 'rs2', 600], ['rs1', 'rs4', 600], ['rs1', 'rs2', 600],
    ['rs2', 'rs3', 600], ['rs3', 'rs1', 600], ['rs4', 'rs1', 600], ['rs4', 'rs3', 600],
  ];
  const detect = detectHotspots(placedSeries(placement, false, (i) => (i === 2 ? 30_000 : 0)));
  const primary = fullName('t', 'c', 1700000000002, 0).encodedName;
  const replica = fullName('t', 'c', 1700000000002, 1).encodedName;

  it('names the replica hot and splits the range through its primary (HBase refuses a replica\'s name)', () => {
    expect(detect.regions.filter((r) => r.hot).map((r) => [r.encodedName, r.replicaId])).toEqual([[replica, 1]]);
    const book = planFix({ detect });
    const fallback = book.steps.find((s) => s.title.startsWith('Fallback'));
    expect(fallback?.title).toBe(`Fallback, with its risk: let HBase split ${primary} at its size midpoint (split "${primary}")`);
    expect(fallback?.why).toContain(`read replica 1 of the range; HBase splits a range through its primary, ${primary}`);
    // moving the replica alone would only move its reads: refused
    expect(book.refused.map((r) => r.action)).toContain('move');
    expect(book.steps.some((s) => s.commands.some((c) => c.includes(replica)))).toBe(false);
  });
});

describe('fix plan for a range read through its replica, with key samples', () => {
  const placement: [string, string, number][] = [
    ['rs2', 'rs3', 600], ['rs3', 'rs2', 600], ['rs1', 'rs4', 600], ['rs1', 'rs2', 600],
    ['rs2', 'rs3', 600], ['rs3', 'rs1', 600], ['rs4', 'rs1', 600], ['rs4', 'rs3', 600],
  ];
  // 400 reads of c000 … c199, twice each: the traffic median of the range ['c', 'd') is "c1" (200 keys below, 200 from)
  const samples: KeySample[] = Array.from({ length: 400 }, (_, i) => ({ timeMs: 1_717_200_000_000 + i * 500, key: enc.encode(`c${String(i % 200).padStart(3, '0')}`), op: 'read' }));
  const detect = detectHotspots(placedSeries(placement, false, (i) => (i === 2 ? 30_000 : 0)), { samples });
  const book = planFix({ detect, samples, servers: ['rs1', 'rs2', 'rs3', 'rs4'].map((s) => `${s},16020,1`) });

  it('splits the range by key, moves no daughter by hand and leaves the balancer as it is', () => {
    expect(book.steps.map((s) => s.kind)).toEqual(['split', 'advice']);
    expect(book.steps[0]?.commands).toEqual(['split "t", "c1"']);
    expect(book.steps[0]?.title).toBe(`Split the range of read replica ${fullName('t', 'c', 1700000000002, 1).encodedName} (its primary ${fullName('t', 'c', 1700000000002, 0).encodedName} on rs1,16020,1) at the traffic median "c1"`);
    expect(book.steps[0]?.why).toContain('this split point divides its sampled requests 50.0% / 50.0%');
    expect(book.steps.some((s) => s.commands.some((c) => c.startsWith('move') || c.startsWith('balance_switch')))).toBe(false);
  });

  it('the runbook names the hot region as read replica 1 (replicaId in its JSON, which fix apply reads back), and a primary without one', () => {
    expect(book.hotRegion).toMatchObject({ encodedName: fullName('t', 'c', 1700000000002, 1).encodedName, server: 'rs4,16020,1', replicaId: 1 });
    expect(renderRunbookText(book)).toContain(`hot region ${fullName('t', 'c', 1700000000002, 1).encodedName} (read replica 1) ["c", "d") on rs4,16020,1`);
    const json = JSON.stringify(book);
    expect(parseRunbook(json, 'runbook.json').hotRegion?.replicaId).toBe(1);
    for (const bad of [0, 1.5, 65536, '1']) {
      const text = JSON.stringify({ ...book, hotRegion: { ...book.hotRegion, replicaId: bad } });
      expect(() => parseRunbook(text, 'runbook.json')).toThrow(expect.objectContaining({ message: expect.stringContaining('hotRegion.replicaId') as unknown }));
    }
    // a hot primary (the move case above): no replicaId
    const primaryHot = planFix({ detect: detectHotspots(placedSeries([['rs2', 'rs3', 600], ['rs3', 'rs2', 600], ['rs1', 'rs4', 4000], ['rs1', 'rs2', 1500], ['rs1', 'rs3', 1500], ['rs2', 'rs3', 600], ['rs3', 'rs2', 600], ['rs4', 'rs3', 300]], true)) });
    expect(primaryHot.hotRegion?.encodedName).toBe(fullName('t', 'c', 1700000000002, 0).encodedName);
    expect(primaryHot.hotRegion && 'replicaId' in primaryHot.hotRegion).toBe(false);
  });

  it('the split step names the primary of the range (on rs1), the region fix apply checks before splitting', () => {
    const split = book.steps.find((s) => s.kind === 'split');
    // the hot region is the replica of ['c', 'd') on rs4; `split 't', 'c1'` acts on the range's primary, on rs1
    expect(book.hotRegion?.encodedName).toBe(fullName('t', 'c', 1700000000002, 1).encodedName);
    expect(split?.region).toEqual({ encodedName: fullName('t', 'c', 1700000000002, 0).encodedName, startKey: 'c', server: 'rs1,16020,1' });
  });

  it('fix apply: a move of a replica is done once the replica is listed on its target, after its primary', async () => {
    const replica = fullName('t', 'c', 1700000000002, 1).encodedName;
    const primary = fullName('t', 'c', 1700000000002, 0).encodedName;
    const step = moveStep('t', replica, 'c', 'rs4,16020,1', 'rs3,16020,1', 'a replica');
    const runbook: Runbook = { format: 'hbase-hotspot-runbook/1', table: 't', shape: 'hot-range', hotRegion: null, steps: [{ number: 1, ...step }], refused: [], warnings: [], evidence: [] };
    let moved = false;
    const runShell = async (cmds: readonly string[]) => {
      moved = true;
      return { results: [{ command: cmds[0] as string, status: 'ok' as const, output: '' }], ok: true, exitCode: 0, durationMs: 1, stderr: '' };
    };
    // the region locator lists each range's primary first, then its replicas, all with the range's start key
    const regions = async (): Promise<LiveRegion[]> => [
      { encodedName: primary, startKey: 'c', location: 'rs1:16020' },
      { encodedName: replica, startKey: 'c', location: moved ? 'rs3:16020' : 'rs4:16020' },
    ];
    const report = await applyRunbook(runbook, { execute: true, runShell: runShell as never, regions, pollMs: 1, waitTimeoutMs: 200 });
    expect(report.steps.map((s) => [s.outcome, s.error])).toEqual([['done', undefined]]);
  });
});

describe('fix plan for a single hot row of a table with read replicas', () => {
  // the same table (REGION_REPLICATION 2: each range a primary and replica 1); 300 of the 400 sampled reads in the
  // range ['c', 'd') are of row "c5", its replica taking 30,000 reads a minute
  const placement: [string, string, number][] = [
    ['rs2', 'rs3', 600], ['rs3', 'rs2', 600], ['rs1', 'rs4', 600], ['rs1', 'rs2', 600],
    ['rs2', 'rs3', 600], ['rs3', 'rs1', 600], ['rs4', 'rs1', 600], ['rs4', 'rs3', 600],
  ];
  const samples: KeySample[] = Array.from({ length: 400 }, (_, i) => ({ timeMs: 1_717_200_000_000 + i * 500, key: enc.encode(i % 4 === 0 ? `c${i}` : 'c5'), op: 'read' }));
  const detect = detectHotspots(placedSeries(placement, false, (i) => (i === 2 ? 30_000 : 0)), { samples });

  it('adds no replicas the table has (no alter to 2, undone to 1): the cache advice, the alter refused', () => {
    expect(detect.shape).toBe('single-row');
    const book = planFix({ detect, samples, staleReadsOk: true });
    expect(book.steps.map((s) => s.kind)).toEqual(['advice']);
    expect(book.steps.flatMap((s) => [...s.commands, ...s.undo])).toEqual([]);
    expect(book.refused.find((r) => r.action === 'replicas')?.why).toContain('the table already has REGION_REPLICATION 2');
  });

  it('raises them to 3 and undoes back to the table\'s 2, not to 1', () => {
    const book = planFix({ detect, samples, staleReadsOk: true, replicas: 3 });
    const step = book.steps.find((s) => s.kind === 'replicas');
    expect(step?.commands).toEqual(['alter "t", {REGION_REPLICATION => 3}']);
    expect(step?.undo).toEqual(['alter "t", {REGION_REPLICATION => 2}']);
  });
});

describe('fix plan without key samples for a hot read replica stacked with another', () => {
  it('moves the replica, waited for on its target (fix apply reads the replicas too), and checks it by its own name', () => {
    // every primary 1,000 writes + 100 reads a minute; the replicas of c (9,000 reads a minute) and d (6,000) on rs1:
    // the replica of c, 9,000 / 23,800 of the requests (150 of rs1's 250 req/s), goes to rs4 (two primaries, 36.7
    // req/s), the least loaded not holding its primary, which it leaves at 186.7 req/s, under rs1's 250 and within
    // 3 × the other servers' average then (rs1 100, rs2 and rs3 55 each: 70, × 3 = 210)
    const placement: [string, string, number][] = [
      ['rs2', 'rs3', 1000], ['rs3', 'rs4', 1000], ['rs2', 'rs1', 1000], ['rs3', 'rs1', 1000], ['rs4', 'rs2', 1000],
      ['rs2', 'rs3', 1000], ['rs3', 'rs2', 1000], ['rs4', 'rs3', 1000],
    ];
    const detect = detectHotspots(placedSeries(placement, false, (i) => (i === 2 ? 9000 : i === 3 ? 6000 : 0)));
    const replica = fullName('t', 'c', 1700000000002, 1).encodedName;
    const steps = planFix({ detect }).steps;
    const move = steps.find((s) => s.kind === 'move');
    expect(steps.find((s) => s.kind === 'balancer-on')?.check).toBe(`after the next balancer run, list_regions "t" still shows the read replica ${fullName('t', 'c', 1700000000002, 1).encodedName} on rs4,16020,1`);
    expect(move?.commands).toEqual([`move "${replica}", "rs4,16020,1"`]);
    expect(move?.why).toContain('after the move rs4,16020,1 carries 186.7 and rs1,16020,1 100.0 req/s over now, rs4,16020,1 within 3 × the average of the other servers then (70.0 req/s over now)');
    // rs4 holds no other copy of the range ['c', 'd') (its primary is on rs2): a copy listed there is the replica moved
    expect(move?.wait).toEqual({ kind: 'region-on-server', table: 't', startKey: 'c', server: 'rs4,16020,1' });
    expect(move?.check).toBe(`list_regions "t" lists the read replica ${replica} (starting at "c") on rs4,16020,1, and its server's share falls in the next detect`);
  });
});

describe('fix plan for a range read through its replica, its primary hot too and stacked', () => {
  it('splits the range through its primary and swaps no copy of it away (the move would name the split parent)', () => {
    // c's primary (6,000 writes + 100 reads a minute) and d's (9,000 + 100) both on rs1, hot now; c's replica on rs4
    // takes 40,000 reads a minute, the hot region. The swap of rs1's second hot region, c's primary, would run after
    // `split 't', 'c1'`, by the name of the region the split retired
    const placement: [string, string, number][] = [
      ['rs2', 'rs3', 300], ['rs3', 'rs4', 300], ['rs1', 'rs4', 6000], ['rs1', 'rs3', 9000], ['rs4', 'rs2', 300],
      ['rs2', 'rs3', 300], ['rs3', 'rs2', 300], ['rs4', 'rs3', 300],
    ];
    const samples: KeySample[] = Array.from({ length: 400 }, (_, i) => ({ timeMs: 1_717_200_000_000 + i * 500, key: enc.encode(`c${String(i % 200).padStart(3, '0')}`), op: 'read' }));
    const detect = detectHotspots(placedSeries(placement, true, (i) => (i === 2 ? 40_000 : 0)), { samples });
    const primary = fullName('t', 'c', 1700000000002, 0).encodedName;
    expect(detect.regions.filter((r) => r.hotNow).map((r) => [r.replicaId, r.startKey, r.server])).toEqual([[undefined, 'c', 'rs1,16020,1'], [1, 'c', 'rs4,16020,1'], [undefined, 'd', 'rs1,16020,1']]);
    const book = planFix({ detect, samples, servers: ['rs1', 'rs2', 'rs3', 'rs4'].map((s) => `${s},16020,1`) });
    expect(book.steps.find((s) => s.kind === 'split')?.commands).toEqual(['split "t", "c1"']);
    expect(book.steps.filter((s) => s.commands.some((c) => c.includes(primary)))).toEqual([]);
  });
});

describe('fix plan without key samples for a hot replica whose primary is not listed at the window\'s end', () => {
  it('names the primary by its range in the size-midpoint fallback, never by the replica\'s name (HBase refuses it)', () => {
    const placement: [string, string, number][] = [
      ['rs2', 'rs3', 600], ['rs3', 'rs2', 600], ['rs1', 'rs4', 600], ['rs1', 'rs2', 600],
      ['rs2', 'rs3', 600], ['rs3', 'rs1', 600], ['rs4', 'rs1', 600], ['rs4', 'rs3', 600],
    ];
    const series = placedSeries(placement, false, (i) => (i === 2 ? 30_000 : 0));
    const primary = fullName('t', 'c', 1700000000002, 0).encodedName;
    const replica = fullName('t', 'c', 1700000000002, 1).encodedName;
    // the last snapshot misses c's primary (in transition when it was read)
    const last = series.snapshots.at(-1)!;
    const cut = { ...series, snapshots: [...series.snapshots.slice(0, -1), { ...last, regions: last.regions.filter((r) => r.encodedName !== primary) }] };
    const book = planFix({ detect: detectHotspots(cut) });
    const fallback = book.steps.find((s) => s.title.startsWith('Fallback'));
    expect(book.hotRegion?.encodedName).toBe(replica);
    expect(fallback?.title).toBe('Fallback, with its risk: let HBase split the primary of the range ["c", "d") at its size midpoint (split \'ENCODED\' with the primary\'s encoded name)');
    expect(book.steps.some((s) => s.title.includes(`split "${replica}"`) || s.commands.some((c) => c.startsWith('split') && c.includes(replica)))).toBe(false);
  });
});
