import { describe, expect, it } from 'vitest';
import { detectHotspots } from '../../src/analysis/detect/index.js';
import { toBytesBinary } from '../../src/bytes/index.js';
import { clusterFromSeries } from '../../src/fix/balancer/index.js';
import { NO_HOTSPOT_EVIDENCE, planFix, renderRunbookShell, renderRunbookText, retryExposure, tableThrottleCommand } from '../../src/fix/plan/index.js';
import type { KeyOp, KeySample } from '../../src/model/index.js';
import { type Layout, region, repeat, series, snap, steadySeries } from '../model/builders.js';

const sample = (timeMs: number, key: string, op: KeyOp = 'write'): KeySample => ({ timeMs, key: toBytesBinary(key), op });
const rs = (n: number) => `rs${n}.example.com,16020,${n}`;

describe('hot range', () => {
  const layout: Layout[] = [['a', '', 'tenant0025', rs(1)], ['b', 'tenant0025', 'tenant0050', rs(2)], ['c', 'tenant0050', 'tenant0075', rs(3)], ['d', 'tenant0075', '', rs(4)]];
  const load = steadySeries(layout, repeat(4, [100, 4000, 100, 100]));
  // 100 distinct keys, each requested once, in a shuffled order (no rising edge).
  const samples = Array.from({ length: 100 }, (_, i) => sample(600 * i, `tenant0042|user-${String((i * 37) % 100).padStart(3, '0')}`));
  const detect = detectHotspots(load, { samples });
  // b 3000 writes a minute beside 300 on each other region, rs5 empty: the upper daughter (1500) moved to rs5 leaves rs2
  // 1500 and rs5 1500, within 3 × the average of the others then ((300 + 1500 + 300 + 300) ÷ 4 = 600, × 3 = 1800), and
  // the busier of the two at 1500 under rs2's 3000: the move is kept. (In `load`, b's daughter of 2000 would take rs5
  // above 3 × 575 = 1725: refused.)
  const movable = steadySeries(layout, repeat(4, [300, 3000, 300, 300]));
  const movableDetect = detectHotspots(movable, { samples });

  it('contains, splits at the traffic median, moves the busier daughter to the least loaded server', () => {
    expect(movableDetect.shape).toBe('hot-range');
    const book = planFix({ detect: movableDetect, samples, quotaLimit: '5000req/sec', servers: [rs(5)], placement: clusterFromSeries(movable, [rs(5)]) });
    expect(book.steps.map((s) => s.kind)).toEqual(['quota', 'balancer-off', 'split', 'move', 'balancer-on', 'quota-remove']);
    const [quota, off, split, move, on, unquota] = book.steps;
    // MACHINE scope said outright: the limit applies on each RegionServer by itself (the shell's default)
    expect(quota!.commands).toEqual(['set_quota TYPE => THROTTLE, TABLE => "t", LIMIT => "5000req/sec", SCOPE => MACHINE', 'list_quotas']);
    expect(quota!.title).toBe('Contain: throttle table t to 5000req/sec on each RegionServer');
    expect(quota!.why).toContain('the limit applies on each RegionServer by itself (SCOPE => MACHINE)');
    expect(quota!.undo).toEqual(['set_quota TYPE => THROTTLE, TABLE => "t", LIMIT => NONE']);
    // Defaults 15 retries, 100 ms: pauses 100, 200, 300, 500 ms... → 4 attempts within the first second, 16 in all,
    // 100 ms × (1+2+3+5+10+20+40+100×4+200×4) = 128.1 s.
    expect(quota!.why).toContain('sent 4 time(s) in its first second and up to 16 times over 128.1 s');
    expect(quota!.why).toContain('HBase defaults assumed');
    expect(off!.commands).toEqual(['balance_switch false']);
    expect(off!.undo).toEqual(['balance_switch true']);
    // 50 keys below "tenant0042|user-050": the shortest key between user-049 and user-050 is "…user-05".
    expect(split!.commands).toEqual(['split "t", "tenant0042|user-05"']);
    expect(split!.check).toContain('list_regions "t"');
    expect(split!.wait).toEqual({ kind: 'daughters-online', table: 't', splitKey: 'tenant0042|user-05' });
    expect(split!.why).toContain('50.0% / 50.0%');
    expect(move!.commands).toEqual([`move '<encoded name of the upper daughter, starting at "tenant0042|user-05">', '${rs(5)}'`]);
    expect(move!.deferredMove).toEqual({ table: 't', startKey: 'tenant0042|user-05', server: rs(5) });
    expect(move!.wait).toEqual({ kind: 'region-on-server', table: 't', startKey: 'tenant0042|user-05', server: rs(5) });
    expect(on!.commands).toEqual(['balance_switch true']);
    expect(unquota!.commands[0]).toBe('set_quota TYPE => THROTTLE, TABLE => "t", LIMIT => NONE');
    expect(book.hotRegion).toMatchObject({ encodedName: 'b', server: rs(2) });
    expect(book.hotRegion!.share).toBeCloseTo(3000 / 3900, 12);
    // per second: the daughter 1500 ÷ 60 = 25.0; rs2 3000 ÷ 60 = 50.0 before, 25.0 after; rs5 25.0 after; the others
    // then 600 ÷ 60 = 10.0
    expect(move!.why).toContain(`the daughter takes 25.0 req/s over now, so after the move ${rs(5)} carries 25.0 and ${rs(2)} 25.0 req/s over now, ${rs(5)} within 3 × the average of the other servers then (10.0 req/s over now)`);
    expect(book.warnings.join(' ')).toContain('reference files');
    expect(book.steps.map((s) => s.number)).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it('without a quota and with the client settings given: no quota steps', () => {
    const book = planFix({ detect: movableDetect, samples, servers: [rs(5)] });
    expect(book.steps.map((s) => s.kind)).toEqual(['balancer-off', 'split', 'move', 'balancer-on']);
    expect(book.steps[0]!.why).toContain('would move a hand-placed daughter back');
    expect(book.steps[2]!.deferredMove!.server).toBe(rs(5));
  });

  it('the traffic median evidence counts key samples, and gives the requests weighted samples stand for apart', () => {
    // 100 unweighted samples in b: each is one request
    const book = planFix({ detect: movableDetect, samples, servers: [rs(5)] });
    const median = (b: { evidence: readonly string[] }) => b.evidence.find((e) => e.startsWith('traffic median'));
    expect(median(book)).toMatch(/^traffic median of 100 sampled request\(s\) in the region: split at "tenant0042\|user-05"/);
    // the same 100 keys kept 1 in 250: 100 samples standing for 100 × 250 = 25000 requests
    const weighted = samples.map((s) => ({ ...s, weight: 250 }));
    const estimated = planFix({ detect: detectHotspots(movable, { samples: weighted }), samples: weighted, servers: [rs(5)] });
    expect(median(estimated)).toMatch(/^traffic median of 100 key sample\(s\) in the region, standing for an estimated 25000 request\(s\): split at "tenant0042\|user-05"/);
  });
  it('compares a request quota with the table\'s rate on each RegionServer over now, and says a size quota cannot be', () => {
    // 300 + 3000 + 300 + 300 = 3900 requests a minute: 65.0 req/s, of which rs2 (region b) takes 3000 ÷ 60 = 50.0 and
    // rs1, rs3, rs4 5.0 each. The limit holds on each server by itself (SCOPE => MACHINE).
    const warning = (quotaLimit: string) => planFix({ detect: movableDetect, samples, quotaLimit, servers: [rs(5)] }).warnings.find((w) => w.includes('over now'));
    // 30 a second: rs2 50 − 30 = 20 above, the others under: 20 ÷ 65 = 30.8% rejected, all on rs2 (the table-wide
    // figure, 1 − 30 ÷ 65 = 54%, would overstate it)
    expect(warning('30req/sec')).toBe(`the limit 30 req/s applies on each RegionServer by itself (SCOPE => MACHINE): of the table's 65.0 req/s over now, ${rs(2)} takes 50.0 (20.0 above it), so about 31% of the table's requests would be throttled (RpcThrottlingException, retried by clients), all of them on ${rs(2)}; the other 3 server(s) take at most 5.0 each, below it, and reject none`);
    // 1000 a minute is 16.7 a second: rs2 50 − 16.67 = 33.33 above, 33.33 ÷ 65 = 51.3% (table-wide: 74%)
    expect(warning('1000req/min')).toBe(`the limit 1000req/min (16.7 req/s) applies on each RegionServer by itself (SCOPE => MACHINE): of the table's 65.0 req/s over now, ${rs(2)} takes 50.0 (33.3 above it), so about 51% of the table's requests would be throttled (RpcThrottlingException, retried by clients), all of them on ${rs(2)}; the other 3 server(s) take at most 5.0 each, below it, and reject none`);
    // 1 a minute (1 ÷ 60 = 0.0167 a second): every server above it, rs2 by 49.98 and the others by 4.98 each, 64.93 in
    // all: 64.93 ÷ 65 = 99.90% to a tenth; rs2 49.98 ÷ 64.93 = 77% of it. Ties (5.0 each) by name: rs1, rs3, then rs4.
    expect(warning('1req/min')).toBe(`the limit 1req/min (0.017 req/s) applies on each RegionServer by itself (SCOPE => MACHINE): of the table's 65.0 req/s over now, ${rs(2)} takes 50.0 (50.0 above it), ${rs(1)} takes 5.0 (5.0 above it), ${rs(3)} takes 5.0 (5.0 above it) and 1 more server(s) are above it, so about 99.9% of the table's requests would be throttled (RpcThrottlingException, retried by clients), 77% of them on ${rs(2)}`);
    // 60 a second: below the table's 65 (table-wide, 1 − 60 ÷ 65 = 8% would be throttled) but above rs2's 50: none
    expect(warning('60req/sec')).toBe(`the limit 60 req/s applies on each RegionServer by itself (SCOPE => MACHINE): of the table's 65.0 req/s over now, the busiest server, ${rs(2)}, takes 50.0, below it, so it throttles none of the current requests, only a rise above the limit on one server`);
    expect(warning('5000req/sec')).toBe(`the limit 5000 req/s applies on each RegionServer by itself (SCOPE => MACHINE): of the table's 65.0 req/s over now, the busiest server, ${rs(2)}, takes 50.0, below it, so it throttles none of the current requests, only a rise above the limit on one server`);
    expect(warning('10M/sec')).toMatch(/^the quota 10M\/sec is a size limit that applies on each RegionServer by itself \(SCOPE => MACHINE\): the series counts requests, not bytes, so the share of the table's 65\.0 req\/s over now it would throttle cannot be worked out/);
    // no quota, no warning about one
    expect(planFix({ detect: movableDetect, samples, servers: [rs(5)] }).warnings.some((w) => w.includes('throttled') || w.includes('size limit'))).toBe(false);
  });
  it('among equally loaded servers, the first by name', () => {
    expect(planFix({ detect, samples }).steps[2]!.deferredMove!.server).toBe(rs(1));
  });

  it('never moves to a server that left the table: its window average is low because it holds nothing now', () => {
    // d sits on rs4 for two intervals (100 writes each), then is on rs1 (opened there: its counter starts again). rs4
    // hosts none of the table's regions at the window's end and its average over the window is the lowest (200 writes
    // in 4 min); rs3 holds c, 1000 writes a minute (16.7 req/s), and rs1 holds a at the same rate plus d: rs3 is the
    // least loaded server that is still there.
    const at = (i: number, srv4: string, d: number) => snap(60_000 * i, [
      region('a', '', 'tenant0025', rs(1), 0, 1000 * i), region('b', 'tenant0025', 'tenant0050', rs(2), 0, 8000 * i),
      region('c', 'tenant0050', 'tenant0075', rs(3), 0, 1000 * i), region('d', 'tenant0075', '', srv4, 0, d),
    ]);
    const left = series([at(0, rs(4), 0), at(1, rs(4), 100), at(2, rs(4), 200), at(3, rs(1), 100), at(4, rs(1), 200)], 60_000);
    const d = detectHotspots(left, { samples });
    expect(d.servers.find((x) => x.server === rs(4))).toMatchObject({ regionCount: 0 });
    const book = planFix({ detect: d, samples });
    expect(book.steps.find((st) => st.kind === 'move')!.deferredMove!.server).toBe(rs(3));
  });

  it('a split point resting on fewer than 20 key samples in the hot region: planned, with a caution and the count', () => {
    // 6 keys in b ["tenant0025", "tenant0050"), once each, and 50 in a (left out): 3 below and 3 from "tenant0033" on,
    // so the split is at "tenant0033" (the shortest key above "tenant0032" up to "tenant0033"), 50.0% / 50.0%
    const inB = ['tenant0030', 'tenant0031', 'tenant0032', 'tenant0033', 'tenant0034', 'tenant0035'].map((k, i) => sample(1000 * i, k));
    const inA = Array.from({ length: 50 }, (_, i) => sample(500 * i, `tenant0010|${String(i).padStart(2, '0')}`));
    const few = [...inB, ...inA];
    const book = planFix({ detect: detectHotspots(load, { samples: few }), samples: few, servers: [rs(5)] });
    const split = book.steps.find((s) => s.kind === 'split');
    expect(split?.commands).toEqual(['split "t", "tenant0033"']);
    expect(split?.why).toContain('50.0% / 50.0% (from only 6 key samples: uncertain, see the failure modes)');
    expect(book.splitSamples).toEqual({ inRegion: 6, minimum: 20, uncertain: true });
    const caution = book.warnings.find((w) => w.startsWith('few key samples'));
    expect(caution).toContain('only 6 of them fall in region b (fewer than 20)');
    expect(caution).toContain('plan again with --samples');
    expect(renderRunbookText(book)).toContain('  - few key samples: only 6 of them fall in region b');
    // 20 in the region: no caution; 19: the caution
    // (shuffled in time, as above: keys rising with time would make a monotonic tail)
    const keys = (n: number) => Array.from({ length: n }, (_, i) => sample(1000 * i, `tenant0030|${String((i * 7) % n).padStart(2, '0')}`));
    const twenty = planFix({ detect: detectHotspots(load, { samples: keys(20) }), samples: keys(20), servers: [rs(5)] });
    expect([twenty.splitSamples, twenty.warnings.some((w) => w.startsWith('few key samples'))]).toEqual([{ inRegion: 20, minimum: 20, uncertain: false }, false]);
    const nineteen = planFix({ detect: detectHotspots(load, { samples: keys(19) }), samples: keys(19), servers: [rs(5)] });
    expect(nineteen.splitSamples).toEqual({ inRegion: 19, minimum: 20, uncertain: true });
    // the 100 samples of the other tests: no caution
    expect(planFix({ detect, samples }).splitSamples).toEqual({ inRegion: 100, minimum: 20, uncertain: false });
  });

  it('refuses to split without key samples, and says why', () => {
    const book = planFix({ detect: detectHotspots(load), servers: [rs(5)] });
    expect(book.steps.some((s) => s.kind === 'split')).toBe(false);
    expect(book.refused[0]!.action).toBe('split');
    expect(book.refused[0]!.why).toContain('--samples');
  });

  it('key samples none of which falls in the hot region: the runbook without samples, and the refusal says why', () => {
    // 100 samples, all in region a ["", "tenant0025"); b takes 4000 of 4300 writes a minute, 93% of the table: by
    // itself the hotspot, so no move either (rs5, empty, would carry all of it): containment advice, the labelled
    // size-midpoint fallback and how to get samples
    const elsewhere = Array.from({ length: 100 }, (_, i) => sample(600 * i, `tenant0010|user-${String((i * 37) % 100).padStart(3, '0')}`));
    const book = planFix({ detect: detectHotspots(load, { samples: elsewhere }), samples: elsewhere, servers: [rs(5)] });
    expect(book.steps.map((s) => s.kind)).toEqual(['advice', 'advice', 'advice']);
    expect(book.steps[1]!.title).toMatch(/^Fallback, with its risk/);
    expect(book.refused.map((r) => r.action)).toEqual(['split', 'move']);
    expect(book.refused[0]!.why).toContain('none of the 100 key samples falls in region b ["tenant0025", "tenant0050")');
    expect(book.refused[0]!.why).not.toContain('--start');
  });

  it('a hot region whose end key sorts before its start key (a malformed series): the refusal names the region, not options', () => {
    const reversed: Layout[] = [['a', '', 'b', rs(1)], ['b', 'c', 'b', rs(2)], ['c', 'c', 'd', rs(3)], ['d', 'd', '', rs(4)]];
    const bad = steadySeries(reversed, repeat(4, [100, 4000, 100, 100]));
    const keys = Array.from({ length: 100 }, (_, i) => sample(600 * i, `c${String((i * 37) % 100).padStart(3, '0')}`));
    const book = planFix({ detect: detectHotspots(bad, { samples: keys }), samples: keys });
    expect(book.refused[0]!.action).toBe('split');
    expect(book.refused[0]!.why).toContain('region b ["c", "b"): its end key does not sort after its start key');
    expect(book.refused[0]!.why).not.toContain('--start');
  });

  it('slow client backoff is not called a storm', () => {
    const book = planFix({ detect, samples, quotaLimit: '100req/sec', clientRetry: { retries: 3, pauseMs: 1000 } });
    expect(book.steps[0]!.why).toContain('sent 1 time(s) in its first second and up to 4 times over 6.0 s');
    expect(book.steps[0]!.why).toContain('not to multiply');
  });

  it('renders text and a shell script with the exact commands', () => {
    const book = planFix({ detect: movableDetect, samples, servers: [rs(5)] });
    const text = renderRunbookText(book);
    expect(text).toContain('hbase> split "t", "tenant0042|user-05"');
    const script = renderRunbookShell(book);
    expect(script.split('\n')).toContain('split "t", "tenant0042|user-05"');
    expect(script.split('\n')).toContain('balance_switch false');
    expect(script).toContain(`# move '<encoded name`);
  });

  it('rejects a bad quota limit', () => {
    expect(() => planFix({ detect, samples, quotaLimit: '5000 per second' })).toThrow(expect.objectContaining({ code: 'FIX_QUOTA_INVALID' }));
    expect(() => tableThrottleCommand('t', '10x/sec')).toThrow(/5000req\/sec/);
  });
  it('rejects a limit of zero, which the shell refuses ("Invalid throttle limit, must be greater than 0") and which would stop every request', () => {
    for (const limit of ['0req/sec', '000req/min', '0M/sec']) {
      expect(() => planFix({ detect, samples, quotaLimit: limit })).toThrow(expect.objectContaining({ code: 'FIX_QUOTA_INVALID', where: { field: '--quota' } }));
    }
    // the shell reads the count with to_i: leading zeros are a count of 10
    expect(tableThrottleCommand('t', '010req/sec')).toBe('set_quota TYPE => THROTTLE, TABLE => "t", LIMIT => "010req/sec", SCOPE => MACHINE');
  });
});

describe('single hot row', () => {
  const layout: Layout[] = [['a', '', 'd', rs(1)], ['b', 'd', 'm', rs(2)], ['c', 'm', 't', rs(3)], ['e', 't', '', rs(4)]];
  const load = steadySeries(layout, repeat(3, [5000, 100, 100, 100]));

  it('written row: never split, shard it', () => {
    const samples = [
      ...Array.from({ length: 150 }, (_, i) => sample(1000 * i, 'counter:global', 'increment')),
      ...Array.from({ length: 50 }, (_, i) => sample(1000 * i, `account:${i}`)),
    ];
    const detect = detectHotspots(load, { samples });
    expect(detect.shape).toBe('single-row');
    const book = planFix({ detect, samples });
    expect(book.refused[0]).toMatchObject({ action: 'split' });
    expect(book.refused[0]!.why).toContain('row "counter:global"');
    expect(book.steps.map((s) => [s.kind, s.commands])).toEqual([['advice', []]]);
    expect(book.steps[0]!.title).toBe('Shard the written row into 4 rows');
    // 150 increments of the row: a counter, whose shards are summed
    expect(book.steps[0]!.check).toBe('the writers increment a random shard; readers sum all shards in one multi-get (not atomic across shards: fine for counts, wrong for balances)');
    expect(book.steps[0]!.undoNote).toBe('readers keep summing; writers can go back to one row after a final sum is written there');
  });
  it('row written with Puts: its shards are merged, not summed', () => {
    // 100 Puts and 40 increments of the row (weights 1): increments are 40 of 140 writes, under half, so the row is
    // written with Puts; 30 reads beside them leave it 140 ÷ 170 = 82% writes
    const samples = [
      ...Array.from({ length: 100 }, (_, i) => sample(1000 * i, 'celebrity:edges', 'write')),
      ...Array.from({ length: 40 }, (_, i) => sample(1000 * i, 'celebrity:edges', 'increment')),
      ...Array.from({ length: 30 }, (_, i) => sample(1000 * i, 'celebrity:edges', 'read')),
      ...Array.from({ length: 50 }, (_, i) => sample(1000 * i, `account:${i}`)),
    ];
    const detect = detectHotspots(load, { samples });
    expect(detect.shape).toBe('single-row');
    const book = planFix({ detect, samples });
    expect(book.evidence).toContain('row "celebrity:edges": 82% writes, from 170 sampled request(s) of the row');
    expect(book.steps[0]!.title).toBe('Shard the written row into 4 rows');
    expect(book.steps[0]!.check).toBe('the row\'s sampled writes are Puts, not increments: the writers put each write to one shard (at random, or by a hash of the column so a cell always lands in the same shard); readers get all shards in one multi-get and merge their cells (the newest version of a column wins), never summing them; not atomic across shards');
    expect(book.steps[0]!.undoNote).toBe('readers keep merging; writers can go back to one row after the merged cells are written there');
  });

  const reads = [
    ...Array.from({ length: 150 }, (_, i) => sample(1000 * i, 'catalog:item-7', 'read')),
    ...Array.from({ length: 50 }, (_, i) => sample(1000 * i, `account:${i}`, 'read')),
  ];
  it('read row, stale reads acceptable: region replicas', () => {
    const detect = detectHotspots(load, { samples: reads });
    const book = planFix({ detect, samples: reads, staleReadsOk: true, replicas: 3 });
    expect(book.steps.map((s) => s.kind)).toEqual(['replicas']);
    expect(book.steps[0]!.commands).toEqual(['alter "t", {REGION_REPLICATION => 3}']);
    expect(book.steps[0]!.undo).toEqual(['alter "t", {REGION_REPLICATION => 1}']);
    expect(book.warnings.join(' ')).toContain('TIMELINE');
  });
  it('read row, stale reads not acceptable: cache or coalesce', () => {
    const book = planFix({ detect: detectHotspots(load, { samples: reads }), samples: reads });
    expect(book.steps.map((s) => s.kind)).toEqual(['advice']);
    expect(book.steps[0]!.title).toContain('coalesce');
    // the cache is an assumption the series cannot confirm, said as one
    expect(book.steps[0]!.why).toContain('normally served from the block cache');
    expect(book.steps[0]!.why).toContain('the series holds no cache or handler figures to confirm it');
    // 150 samples of the row, unweighted: each is one request
    expect(book.evidence).toContain('row "catalog:item-7": 0% writes, from 150 sampled request(s) of the row');
    // weighted samples (1 in 2,000 requests kept): the count of samples and the requests they stand for
    const weighted = reads.map((r) => ({ ...r, weight: 2000 }));
    const estimated = planFix({ detect: detectHotspots(load, { samples: weighted }), samples: weighted });
    expect(estimated.evidence).toContain('row "catalog:item-7": 0% writes, from 150 key sample(s) of the row, standing for an estimated 300000 request(s)');
    expect(() => planFix({ detect: detectHotspots(load, { samples: reads }), samples: reads, staleReadsOk: true, replicas: 0 }))
      .toThrow(expect.objectContaining({ code: 'FIX_REPLICAS_INVALID' }));
  });
  it('one replica is no replica: REGION_REPLICATION => 1 serves nothing from a secondary (and removes any the table has)', () => {
    expect(() => planFix({ detect: detectHotspots(load, { samples: reads }), samples: reads, staleReadsOk: true, replicas: 1 }))
      .toThrow(expect.objectContaining({ code: 'FIX_REPLICAS_INVALID', where: { field: '--replicas' } }));
  });
});

describe('no hotspot', () => {
  it('proposes nothing, and says even load too much for the servers is capacity, not a hotspot', () => {
    // 8 regions of 1,000 writes a minute, two on each of 4 servers: every server at the fair share
    const points = ['', '2', '4', '6', '8', 'a', 'c', 'e', ''];
    const layout: Layout[] = points.slice(0, 8).map((p, i) => [`r${i}`, p, points[i + 1]!, rs((i % 4) + 1)]);
    const book = planFix({ detect: detectHotspots(steadySeries(layout, repeat(5, Array(8).fill(1000)))) });
    expect([book.shape, book.steps, book.hotRegion]).toEqual(['none', [], null]);
    expect(book.evidence[0]).toBe(NO_HOTSPOT_EVIDENCE);
    expect(NO_HOTSPOT_EVIDENCE).toContain('if every server is strained alike, that is capacity');
    expect(book.evidence.filter((e) => e.includes('its peers\' average load')), 'no server far below its peers').toEqual([]);
  });

  // rs1 and rs2 take 3,500 requests a minute, rs3 100: 100 / ((3,500 + 3,500) / 2) = 0.0286 × its peers' average, under
  // 1 / k = 1 / 3; rs1 takes 3,500 / ((3,500 + 100) / 2) = 1.94 ×, not hot
  const coldLine = 'rs3.example.com,16020,3 took 0.029× its peers\' average load over the window with 1 region(s), against 1.0 on each other server: '
    + 'its regions are cold, or it answers slowly (network, disks, GC) and its clients complete fewer requests there; look at that server before adding capacity';

  it('names a server far below its peers with as many regions as they have: cold regions or a slow server, not capacity', () => {
    const layout: Layout[] = [['a', '', 'h', rs(1)], ['b', 'h', 'p', rs(2)], ['c', 'p', '', rs(3)]];
    const book = planFix({ detect: detectHotspots(steadySeries(layout, repeat(5, [3500, 3500, 100]))) });
    expect([book.shape, book.steps]).toEqual(['none', []]);
    expect(book.evidence.slice(0, 2)).toEqual([NO_HOTSPOT_EVIDENCE, coldLine]);
  });

  it('says nothing of a server that is below its peers because it hosts fewer regions', () => {
    // rs1 and rs2 host two regions of 1,750 a minute each, rs3 one of 100: 1 region against 2.0 on each other server
    const layout: Layout[] = [['a', '', 'd', rs(1)], ['b', 'd', 'h', rs(2)], ['c', 'h', 'l', rs(1)], ['d', 'l', 'p', rs(2)], ['e', 'p', '', rs(3)]];
    const book = planFix({ detect: detectHotspots(steadySeries(layout, repeat(5, [1750, 1750, 1750, 1750, 100]))) });
    expect([book.shape, book.steps]).toEqual(['none', []]);
    expect(book.evidence.filter((e) => e.includes('its peers\' average load'))).toEqual([]);
  });
});

describe('monotonic tail', () => {
  const points = ['', '1fffffff', '3fffffff', '5fffffff', '7fffffff', '9fffffff', 'bfffffff', 'dfffffff', ''];
  const layout: Layout[] = points.slice(0, 8).map((p, i) => [`r${i}`, p, points[i + 1]!, rs((i % 4) + 1)]);
  const load = steadySeries(layout, repeat(5, [0, 6000, 0, 0, 0, 0, 0, 0]));
  const dateKey = (second: number, device: number) =>
    `2024060112${String(Math.floor(second / 60)).padStart(2, '0')}${String(second % 60).padStart(2, '0')}-sensor-${String(device).padStart(6, '0')}`;
  const samples = Array.from({ length: 300 }, (_, i) => sample(1000 * i, dateKey(i, (i * 37) % 1000)));
  const detect = detectHotspots(load, { samples });

  it('refuses to split and creates the salted table', () => {
    expect(detect.shape).toBe('monotonic-tail');
    const book = planFix({ detect, samples, newTable: { name: 't_salted', families: ['d'], buckets: 4 } });
    expect(book.refused[0]!.action).toBe('split');
    expect(book.refused[0]!.why).toContain('upper daughter is the new tail');
    expect(book.steps.map((s) => s.kind)).toEqual(['create-salted', 'advice']);
    // the tool's own salt (two hex digits and "_", as key encode and splits --template write it), and the key it assumes
    expect(book.steps[0]!.commands[0]).toBe('create "t_salted", {NAME => "d"}, {SPLITS => ["01_", "02_", "03_"]}');
    expect(book.steps[0]!.title).toBe('Create t_salted, pre-split on 4 salt buckets of the key {salt(ENTITY,4)}_{KEY}');
    expect(book.steps[0]!.why).toContain('puts a salt bucket "00_".."03_" before the time');
    expect(book.steps[1]!.title).toBe('Migrate to the salted key: dual-write, snapshot backfill with original timestamps, verify, switch reads, retire');
    // without --new-table no step creates the new key: the migration's advice names one and how to plan its create
    const bare = planFix({ detect, samples });
    expect(bare.steps.map((s) => s.kind)).toEqual(['advice']);
    expect(bare.steps[0]!.title).toBe('Migrate to a salted key such as {salt(ENTITY,16)}_{KEY}: dual-write, snapshot backfill with original timestamps, verify, switch reads, retire');
    expect(bare.steps[0]!.why).toContain('plan again with --new-table NAME --buckets N --family F');
    const sixteen = planFix({ detect, samples, newTable: { name: 't_salted', families: ['d'], buckets: 16 } });
    expect(sixteen.steps[0]!.commands[0]).toContain('{SPLITS => ["01_", "02_", "03_", "04_", "05_", "06_", "07_", "08_", "09_", "0a_", "0b_", "0c_", "0d_", "0e_", "0f_"]}');
    expect(book.steps[0]!.undo).toEqual(['disable "t_salted"', 'drop "t_salted"']);
    expect(book.steps[1]!.why).toContain('hbase-hotspot migrate');
    expect(book.steps.some((s) => s.kind === 'split')).toBe(false);
  });
  it('asks for key samples before migrating when one split alone decided the tail, which a hot row matches too', () => {
    // b takes 5000 writes a minute against 100 on each other region; it splits at "k" and the upper daughter keeps
    // 5000 of the 5100 (98%): what a rising tail does, and what a hot row that fell in the upper half does
    const base: Layout[] = [['a', '', 'g', rs(1)], ['b', 'g', 'n', rs(2)], ['c', 'n', 't', rs(3)], ['d', 't', '', rs(4)]];
    const others = (n: number) => [region('a', '', 'g', rs(1), 0, 100 * n, 10_000 * n), region('c', 'n', 't', rs(3), 0, 100 * n, 10_000 * n), region('d', 't', '', rs(4), 0, 100 * n, 10_000 * n)];
    const split = series([
      ...steadySeries(base, repeat(2, [100, 5000, 100, 100])).snapshots,
      snap(180_000, [...others(3), region('b1', 'g', 'k', rs(2), 0, 100, 10_000), region('b2', 'k', 'n', rs(2), 0, 5000, 500_000)]),
      snap(240_000, [...others(4), region('b1', 'g', 'k', rs(2), 0, 200, 20_000), region('b2', 'k', 'n', rs(2), 0, 10_000, 1_000_000)]),
    ], 60_000);
    const history = detectHotspots(split);
    expect([history.shape, history.decidedBy, history.alternatives.map((a) => a.shape)]).toEqual(['monotonic-tail', 'region-history', ['hot-range', 'single-row']]);
    const book = planFix({ detect: history, newTable: { name: 't_salted', families: ['d'], buckets: 4 } });
    expect(book.steps.map((s) => s.kind)).toEqual(['advice', 'create-salted', 'advice']);
    expect(book.steps[0]!.title).toBe('Get key samples and confirm the tail before creating a salted table or migrating');
    expect(book.steps[0]!.why).toContain('the upper daughter region b2 ["k", "n") kept 98% of the writes');
    expect(book.steps[0]!.check).toContain('the request keys of ["k", "n")');
    expect(book.warnings).toContain('the tail was decided from region history alone, which a single hot row matches too: confirm it with key samples before migrating');
    // the split is refused for either reading, without stating the unconfirmed tail as known
    expect(book.refused).toEqual([{ action: 'split', why: 'whether keys rise monotonically (after a split of b2 the upper daughter is the new tail and takes every write; the hotspot only changes its region name) or one row takes the writes (a split leaves a row whole in one daughter), a split does not divide the load' }]);
    expect(planFix({ detect, samples }).refused[0]!.why).toMatch(/^keys rise monotonically, so new writes land at the end of the written range: /);
    // key samples that show the tail (the test above) leave nothing to confirm
    expect(planFix({ detect, samples }).steps.map((s) => s.kind)).toEqual(['advice']);
  });
  it('rejects a bad bucket count', () => {
    expect(() => planFix({ detect, samples, newTable: { name: 't2', families: ['d'], buckets: 1 } })).toThrow(expect.objectContaining({ code: 'FIX_BUCKETS_INVALID' }));
  });
  it('refuses a new table that is the hot table itself: its undo would drop the table being fixed', () => {
    // the series' table is "t"; "default:t" is the same table (the default namespace is left out of a name)
    for (const name of ['t', 'default:t']) {
      expect(() => planFix({ detect, samples, newTable: { name, families: ['d'], buckets: 4 } }))
        .toThrow(expect.objectContaining({ code: 'FIX_OPTION_INVALID', where: { field: '--new-table' } }));
    }
    expect(planFix({ detect, samples, newTable: { name: 'other:t', families: ['d'], buckets: 4 } }).steps[0]!.undo).toEqual(['disable "other:t"', 'drop "other:t"']);
  });
});

describe('no hotspot', () => {
  it('plans nothing', () => {
    const layout: Layout[] = [['a', '', 'm', rs(1)], ['b', 'm', '', rs(2)]];
    const book = planFix({ detect: detectHotspots(steadySeries(layout, repeat(3, [100, 100]))) });
    expect([book.shape, book.steps, book.hotRegion]).toEqual(['none', [], null]);
  });
});

describe('retry exposure', () => {
  it('HConstants.RETRY_BACKOFF past its end repeats 200', () => {
    expect(retryExposure({ retries: 15, pauseMs: 100 })).toEqual({ attemptsInFirstSecond: 4, totalAttempts: 16, giveUpAfterMs: 128_100 });
    expect(retryExposure({ retries: 0, pauseMs: 100 })).toEqual({ attemptsInFirstSecond: 1, totalAttempts: 1, giveUpAfterMs: 0 });
  });
});
