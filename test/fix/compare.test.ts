import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/program.js';
import { formatLoadSeries } from '../../src/model/index.js';
import { LATENCY_OPERATIONS, parseServerLatencies } from '../../src/sources/index.js';
import { type Layout, repeat, steadySeries } from '../model/builders.js';
import { testClock } from '../support/clock.js';

const rs = (n: number) => `rs${n}.example.com,16020,${n}`;
const before: Layout[] = [['a', '', 'tenant0025', rs(1)], ['b', 'tenant0025', 'tenant0050', rs(2)], ['c', 'tenant0050', 'tenant0075', rs(3)], ['d', 'tenant0075', '', rs(4)]];
const split: Layout[] = [before[0]!, ['b1', 'tenant0025', 'tenant0042|user-05', rs(2)], ['b2', 'tenant0042|user-05', 'tenant0050', rs(5)], before[2]!, before[3]!];
const dir = mkdtempSync(join(tmpdir(), 'fix-compare-'));
function file(name: string, layout: Layout[], writes: number[], intervals = 4): string {
  const path = join(dir, name);
  writeFileSync(path, formatLoadSeries(steadySeries(layout, repeat(intervals, writes))));
  return path;
}
async function run(args: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runCli(args, { stdout: (t) => void out.push(t), stderr: (t) => void err.push(t), isTTY: false, readStdin: async () => '', now: testClock });
  return { code, out: out.join(''), err: err.join('') };
}

const beforeFile = file('before.ndjson', before, [100, 4000, 100, 100]);

describe('compare', () => {
  it('split and moved daughter: the hottest share falls toward fair share, still hot → improved', async () => {
    const record = join(dir, 'change.json');
    const r = await run(['compare', beforeFile, file('after.ndjson', split, [100, 2000, 2000, 100, 100]), '--record', record]);
    expect(r.code).toBe(0);
    // Before: 4000 of 4300 = 93.0%, fair 1/4: 3.72×. After: 2000 of 4300 = 46.5%, fair 1/5: 2.33×.
    expect(r.out).toContain('verdict: improved');
    expect(r.out).toContain('hottest region share 93.0% (3.72× fair share 25.0%) → 46.5% (2.33× fair share 20.0%)');
    const saved = JSON.parse(readFileSync(record, 'utf8'));
    expect(saved.format).toBe('hbase-hotspot-change/1');
    expect(saved.after.hottestRegion.share).toBeCloseTo(2000 / 4300, 12);
  });

  it('an even spread afterwards → fixed', async () => {
    const r = await run(['compare', beforeFile, file('even.ndjson', split, [1000, 1000, 1000, 1000, 1000]), '--json']);
    const rec = JSON.parse(r.out);
    expect(rec.verdict).toBe('fixed');
    expect(rec.after.hotToFair).toBeCloseTo(1, 12);
  });

  it('a hot region elsewhere → moved', async () => {
    const r = await run(['compare', beforeFile, file('moved.ndjson', before, [100, 100, 4000, 100])]);
    expect(r.out).toContain('verdict: moved');
    expect(r.out).toContain('region c ["tenant0050", "tenant0075") on rs3.example.com,16020,3 is hot now, outside the range that was hot');
  });

  it('a change record is the baseline of a later comparison', async () => {
    const record = join(dir, 'baseline.json');
    await run(['compare', beforeFile, file('after2.ndjson', split, [100, 2000, 2000, 100, 100]), '--record', record]);
    const r = await run(['compare', record, file('later.ndjson', split, [1000, 1000, 1000, 1000, 1000]), '--json']);
    const rec = JSON.parse(r.out);
    expect(rec.before.hotToFair).toBeCloseTo((2000 / 4300) / 0.2, 12);
    expect(rec.verdict).toBe('fixed');
  });

  it('refuses different interval lengths, at the after side\'s file and naming the before side\'s (before: at the field "after")', async () => {
    const short = file('short.ndjson', split, [100, 2000, 2000, 100, 100], 2);
    const r = await run(['compare', beforeFile, short]);
    expect(r.code).toBe(2);
    // 4 intervals of a minute before, 2 after
    expect(r.err).toBe(`hbase-hotspot: ${short}: the after side covers 120 s and the before side (${beforeFile}) 240 s; measure both over the same interval (within 10%) so their rates compare\n`);
  });

  it('refuses a broken change record', async () => {
    const bad = join(dir, 'bad.json');
    writeFileSync(bad, '{"format": "hbase-hotspot-change/1"}');
    const r = await run(['compare', bad, beforeFile]);
    expect([r.code, r.err]).toEqual([2, expect.stringContaining('not a change record')]);
  });

  it('checks the whole after side of a change record before using it as the baseline', async () => {
    // Before, only after.windowMs was checked: a record whose other figures were missing or of the wrong type ended
    // in a TypeError and a stack trace (exit 1), and a window of 1e400 ms (Infinity) passed the same-interval check.
    const record = join(dir, 'good-change.json');
    expect((await run(['compare', beforeFile, beforeFile, '--record', record])).code).toBe(0);
    const good = JSON.parse(readFileSync(record, 'utf8')) as { after: Record<string, unknown> };
    const bad = (after: Record<string, unknown>, raw?: string) => {
      const path = join(dir, `bad-change-${Math.random().toString(36).slice(2)}.json`);
      writeFileSync(path, raw ?? JSON.stringify({ ...good, after }));
      return path;
    };
    const refusal = async (path: string) => {
      const r = await run(['compare', path, beforeFile]);
      expect(r.code).toBe(2);
      expect(r.err.trimEnd().split('\n')).toHaveLength(1);
      return r.err.trimEnd();
    };
    const { hottestRegion: _h, ...noHottest } = good.after;
    expect(await refusal(bad(noHottest))).toMatch(/bad-change-\w+\.json \(after\.hottestRegion\): not a change record written by compare --record: is missing$/);
    expect(await refusal(bad({ ...good.after, hottestRegion: { ...(good.after['hottestRegion'] as object), share: 'x' } }))).toMatch(/\(after\.hottestRegion\.share\): .*: must be a share between 0 and 1$/);
    expect(await refusal(bad({ ...good.after, worstServer: {} }))).toMatch(/\(after\.worstServer\.server\): .*: is missing$/);
    expect(await refusal(bad({ ...good.after, shape: 'odd' }))).toMatch(/\(after\.shape\): .*: must be one of none, single-row, hot-range, monotonic-tail$/);
    expect(await refusal(bad({}, JSON.stringify({ ...good, after: { ...good.after, windowMs: 0 } }).replace('"windowMs":0', '"windowMs":1e400')))).toMatch(/\(after\.windowMs\): .*: must be a length in ms, more than 0$/);
    expect(await refusal(bad({ ...good.after, latency: [{ operation: 'Get', busiest: null, peersMedianP99Ms: null, worst: {} }] }))).toMatch(/\(after\.latency\[0\]\.worst\.server\): .*: is missing$/);
    // The record just written passes, and compares equal to the series it summarises.
    expect((await run(['compare', record, beforeFile])).code).toBe(0);
  });
});

// RegionServer latencies: test/fixtures/jmx/server-2.6.4.json is the sub=Server bean of a real HBase 2.6.4
// RegionServer (idle at the time: every percentile 0); the readings below are copies of it with the server name and
// some 99th percentiles changed.
const realBean = (JSON.parse(readFileSync(new URL('../fixtures/jmx/server-2.6.4.json', import.meta.url), 'utf8')) as { beans: Record<string, unknown>[] }).beans[0] as Record<string, unknown>;
function jmx(name: string, server: string, p99: Record<string, number>): string {
  const bean: Record<string, unknown> = { ...realBean, 'tag.serverName': server };
  for (const [op, v] of Object.entries(p99)) bean[`${op}_99th_percentile`] = v;
  const path = join(dir, name);
  writeFileSync(path, JSON.stringify({ beans: [bean] }));
  return path;
}

describe('parseServerLatencies', () => {
  it('reads the real 2.6.4 bean: server name, counts and percentiles of every operation', () => {
    const [server, ...rest] = parseServerLatencies(JSON.stringify({ beans: [realBean] }), 'server-2.6.4.json');
    expect(rest).toEqual([]);
    expect(server?.server).toBe('localhost,41799,1796036389990');
    expect(Object.keys(server?.operations ?? {})).toEqual([...LATENCY_OPERATIONS]);
    expect(server?.operations.PutBatch).toEqual({ ops: 4965, p99Ms: 0, maxMs: 0 });
    expect(server?.operations.Get).toEqual({ ops: 2031, p99Ms: 0, maxMs: 0 });
  });

  it('names the file and what is wrong', () => {
    expect(() => parseServerLatencies('{', 'a.json')).toThrow(expect.objectContaining({ code: 'JMX_LATENCY_INVALID', where: { file: 'a.json' } }));
    expect(() => parseServerLatencies('{"beans":[{"name":"x"}]}', 'a.json')).toThrow(/a\.json: no bean named Hadoop:service=HBase,name=RegionServer,sub=Server/);
    expect(() => parseServerLatencies(JSON.stringify({ beans: [{ ...realBean, 'tag.serverName': undefined }] }), 'a.json')).toThrow(/no "tag\.serverName"/);
    expect(() => parseServerLatencies(JSON.stringify({ beans: [{ ...realBean, Get_99th_percentile: 'slow' }] }), 'a.json')).toThrow(/localhost,41799,1796036389990: Get_99th_percentile is "slow"/);
  });
});

describe('compare with p99 latencies', () => {
  // Before: region b on rs2 takes 4000 of 4300 writes; rs2's PutBatch p99 48 ms against 4, 5, 6 ms elsewhere
  // (median 5), and rs1, not the busiest, has the worst Get p99. After: b split, the daughters on rs2 and rs5;
  // rs2 still the busiest at 9 ms against 4, 5, 5, 7 (median 5); no gets in that period.
  const latencyBefore = [
    jmx('b1.json', rs(1), { PutBatch: 4, Get: 30 }), jmx('b2.json', rs(2), { PutBatch: 48, Get: 3 }),
    jmx('b3.json', rs(3), { PutBatch: 5, Get: 2 }), jmx('b4.json', rs(4), { PutBatch: 6, Get: 2 }),
  ];
  const latencyAfter = [[1, 4], [2, 9], [3, 5], [4, 5], [5, 7]].map(([n, p]) => jmx(`a${n}.json`, rs(n as number), { PutBatch: p as number }));
  const afterFile = file('after-lat.ndjson', split, [100, 2000, 1500, 100, 100]);

  it('sets the busiest server\'s p99 beside its peers\' median, and names a worse server', async () => {
    const r = await run(['compare', beforeFile, afterFile, '--latency-before', ...latencyBefore, '--latency-after', ...latencyAfter]);
    expect(r.code).toBe(0);
    expect(r.out).toContain(`p99 PutBatch: busiest RegionServer ${rs(2)} 48.0 ms, peers' median 5.0 ms → busiest RegionServer ${rs(2)} 9.0 ms, peers' median 5.0 ms\n`);
    expect(r.out).toContain(`p99 Get: busiest RegionServer ${rs(2)} 3.0 ms, peers' median 2.0 ms, worst ${rs(1)} 30.0 ms → no activity read\n`);
  });

  it('keeps the figures in the change record, and says when only one side was read', async () => {
    const rec = JSON.parse((await run(['compare', beforeFile, afterFile, '--latency-before', ...latencyBefore, '--latency-after', ...latencyAfter, '--json'])).out);
    expect(rec.before.latency[0]).toEqual({ operation: 'PutBatch', busiest: { server: rs(2), p99Ms: 48 }, peersMedianP99Ms: 5, worst: { server: rs(2), p99Ms: 48 } });
    const one = await run(['compare', beforeFile, afterFile, '--latency-before', ...latencyBefore]);
    expect(one.out).toContain('p99 latency read on the before side only; give JMX readings for both to compare');
  });
});

describe('compare verdicts against the headline', () => {
  it('never says fixed while the after side still has a hotspot shape, even when no region is flagged hot over the window', async () => {
    const { compareSides } = await import('../../src/fix/compare.js');
    type Side = Parameters<typeof compareSides>[0];
    const side = (hotToFair: number): Side => ({
      table: 't', windowMs: 600_000, fairRegionShare: 0.014, hotToFair, shape: 'monotonic-tail',
      hottestRegion: { encodedName: 'a'.repeat(32), startKey: '20240601', endKey: '', server: 'rs1,16020,1', share: hotToFair * 0.014, hot: false },
      worstServer: { server: 'rs1,16020,1', requestsPerSec: 100, peerRatio: 1.2, hot: false },
    });
    // A tail read over one more snapshot: the window shares barely move, the shape stays.
    const record = compareSides(side(2.79), side(2.78));
    expect(record.verdict).not.toBe('fixed');
    expect(record.verdict).toBe('unchanged');
  });
});

describe('compare on two stacked hot regions moved apart', () => {
  it('is improved at server level, never moved: the hot region after was one of the two hot before', async () => {
    const { compareSides } = await import('../../src/fix/compare.js');
    type Side = Parameters<typeof compareSides>[0];
    const cg = { encodedName: 'c'.repeat(32), startKey: 'c', endKey: 'g' };
    const kn = { encodedName: 'k'.repeat(32), startKey: 'k', endKey: 'n' };
    // Six regions on three servers; per second 150 writes in [c, g) and in [k, n), 10 in each other region (340).
    // Before: both hot regions on rs1 with one more, 310 of 340 = 91.2%; after: 160 of 340 = 47.1%.
    const side = (hottest: typeof cg, busiest: number, share: number): Side => ({
      table: 't', windowMs: 18_000, fairRegionShare: 1 / 6, hotToFair: (150 / 340) * 6, shape: 'hot-range',
      hottestRegion: { ...hottest, server: 'rs1,16020,1', share: 150 / 340, hot: true },
      worstServer: { server: 'rs1,16020,1', requestsPerSec: busiest, peerRatio: 1, hot: false },
      busiestServerShare: share, fairServerShare: 1 / 3, hotRegions: [cg, kn],
    });
    const record = compareSides(side(cg, 310, 310 / 340), side(kn, 160, 160 / 340));
    expect(record.verdict).toBe('improved');
    expect(record.findings).toContain("busiest RegionServer's share 91.2% (2.74× fair share 33.3%) → 47.1% (1.41× fair share 33.3%)");
    // Without the list of hot regions (a change record written before it existed), [k, n) is another range: moved.
    const { hotRegions: _, ...old } = side(cg, 310, 310 / 340);
    expect(compareSides(old, side(kn, 160, 160 / 340)).verdict).toBe('moved');
  });
});

describe('compare on a regression elsewhere', () => {
  it('is worse, not moved, when a new hot region puts one server at 2.4x its fair share', async () => {
    const { compareSides } = await import('../../src/fix/compare.js');
    type Side = Parameters<typeof compareSides>[0];
    const side = (startKey: string, regionShare: number, serverShare: number, hot: boolean): Side => ({
      table: 't', windowMs: 60_000, fairRegionShare: 0.1, hotToFair: regionShare / 0.1, shape: hot ? 'hot-range' : 'none',
      hottestRegion: { encodedName: startKey.padEnd(32, '0'), startKey, endKey: `${startKey}z`, server: 'rs1,16020,1', share: regionShare, hot },
      worstServer: { server: 'rs1,16020,1', requestsPerSec: 100, peerRatio: 1, hot },
      busiestServerShare: serverShare, fairServerShare: 1 / 3, hotRegions: hot ? [{ encodedName: startKey.padEnd(32, '0'), startKey, endKey: `${startKey}z` }] : [],
    });
    // Before: even (hottest region 12%, busiest server 33.7% = 1.01x); after: one range takes 80% on one server (2.4x).
    const record = compareSides(side('a', 0.12, 0.337, false), side('m', 0.8, 0.8, true));
    expect(record.verdict).toBe('worse');
  });
});

describe('compare between a monotonic tail and an even salted key', () => {
  // The figures of the case study (examples/case-study.yaml recorded by simulate): the timestamp-first key's region
  // hot now is the youngest daughter of the tail, 0.011% of the day's requests (0.008x its fair share 1.41%); the
  // salted key's hottest region took 0.178% (0.125x its fair share 1.43%) and nothing is hot.
  const tail = {
    table: 'readings', windowMs: 86_400_000, fairRegionShare: 0.01408, hotToFair: 0.000113828 / 0.01408, shape: 'monotonic-tail' as const,
    hottestRegion: { encodedName: '42efeae8357412766c13ed8bf241da91', startKey: '20240601233957-sensor-312895', endKey: '22222220', server: 'rs12,16020,2', share: 0.000113828, hot: true },
    worstServer: { server: 'rs04,16020,1', requestsPerSec: 346309.9, peerRatio: 2.57, hot: false },
    busiestServerShare: 0.2097, fairServerShare: 0.09167,
    hotRegions: [{ encodedName: '42efeae8357412766c13ed8bf241da91', startKey: '20240601233957-sensor-312895', endKey: '22222220' }],
  };
  const even = {
    table: 'readings', windowMs: 86_400_000, fairRegionShare: 0.01428, hotToFair: 0.001784 / 0.01428, shape: 'none' as const,
    hottestRegion: { encodedName: 'b6a06127a959a3988ac1647f21fbcbb8', startKey: '05_sensor-310895_9223370319606638521', endKey: '05_sensor-374882_', server: 'rs11,16020,2', share: 0.001784, hot: false },
    worstServer: { server: 'rs01,16020,1', requestsPerSec: 157297.1, peerRatio: 1.06, hot: false },
    busiestServerShare: 0.09526, fairServerShare: 0.09167, hotRegions: [],
  };

  it('is fixed when the tail is gone and nothing is hot (it said improved, "each hot region remains as hot as before")', async () => {
    const { compareSides } = await import('../../src/fix/compare.js');
    const record = compareSides(tail, even);
    expect(record.verdict).toBe('fixed');
    expect(record.findings).toContain('no hot region or RegionServer remains');
    expect(record.findings.some((f) => f.includes('remains as hot as before'))).toBe(false);
  });

  it('is worse when a tail appears where nothing was hot (it said moved)', async () => {
    const { compareSides } = await import('../../src/fix/compare.js');
    const record = compareSides(even, tail);
    expect(record.verdict).toBe('worse');
    expect(record.findings).toContain('nothing was hot before; now a monotonic-tail hotspot is');
  });

  it('sets the interval-by-interval share beside the window share, which alone reads as the hot share rising', async () => {
    const { compareSides } = await import('../../src/fix/compare.js');
    // the tail's hottest region took a median 6.24% of an interval's requests: 0.0624 / 0.01408 = 4.43x fair; the
    // salted key's 0.18%: 0.0018 / 0.01428 = 0.13x. The window shares alone go 0.01% -> 0.18% (0.01x -> 0.12x).
    const record = compareSides({ ...tail, medianIntervalHottestRegionShare: 0.0624 }, { ...even, medianIntervalHottestRegionShare: 0.0018 });
    expect(record.findings[1]).toBe("interval by interval the hottest region took 6.2% of an interval's requests (median, 4.43× fair share) → 0.2% (0.13× fair share): the window share above is of the region hottest at the window's end, which a hotspot moving from region to region leaves small");
    // a steady hotspot's interval share is its window share: nothing to add
    expect(compareSides({ ...even, medianIntervalHottestRegionShare: 0.001784 }, { ...even, medianIntervalHottestRegionShare: 0.0018 }).findings.some((f) => f.startsWith('interval by interval'))).toBe(false);
  });

  it('stays unchanged when neither side has anything hot', async () => {
    const { compareSides } = await import('../../src/fix/compare.js');
    expect(compareSides(even, { ...even, hotToFair: even.hotToFair * 1.05 }).verdict).toBe('unchanged');
  });
});

describe('compare with one side on standard input', () => {
  it('reads - as the series it names (it said "-: cannot read the load series (no such file)")', async () => {
    const { runCapture } = await import('../cli/run-cli.js');
    const afterFile = file('stdin-after.ndjson', split, [100, 2000, 2000, 100, 100]);
    const fromStdin = await runCapture(['compare', '-', afterFile, '--json'], readFileSync(beforeFile, 'utf8'));
    expect([fromStdin.code, fromStdin.err]).toEqual([0, '']);
    const rec = JSON.parse(fromStdin.out);
    // The same figures as from the file: 4000 of 4300 = 93.0% before (3.72x fair 1/4), 2000 of 4300 after (2.33x fair 1/5).
    expect(rec.verdict).toBe('improved');
    expect(rec.before.hotToFair).toBeCloseTo((4000 / 4300) * 4, 12);
    expect(rec.after.hotToFair).toBeCloseTo((2000 / 4300) * 5, 12);
    const afterStdin = await runCapture(['compare', beforeFile, '-', '--json'], readFileSync(afterFile, 'utf8'));
    expect(JSON.parse(afterStdin.out).after.hotToFair).toBeCloseTo((2000 / 4300) * 5, 12);
  });

  it('refuses both sides on standard input, and names <stdin> in errors', async () => {
    const { runCapture } = await import('../cli/run-cli.js');
    const both = await runCapture(['compare', '-', '-'], '');
    expect([both.code, both.err]).toEqual([2, 'hbase-hotspot: before and after cannot both be read from stdin (-); give one of them as a file\n']);
    const empty = await runCapture(['compare', '-', beforeFile], '');
    expect(empty.code).toBe(2);
    expect(empty.err).toContain('<stdin>');
    expect(empty.err).not.toContain('no such file');
  });
});
