import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { toBytesBinary } from '../../src/bytes/index.js';
import { runCli } from '../../src/cli/program.js';
import { formatKeySampleLine, formatLoadSeries } from '../../src/model/index.js';
import { type Layout, repeat, steadySeries } from '../model/builders.js';
import { testClock } from '../support/clock.js';

const rs = (n: number) => `rs${n}.example.com,16020,${n}`;
const layout: Layout[] = [['a', '', 'tenant0025', rs(1)], ['b', 'tenant0025', 'tenant0050', rs(2)], ['c', 'tenant0050', 'tenant0075', rs(3)], ['d', 'tenant0075', '', rs(4)]];
const dir = mkdtempSync(join(tmpdir(), 'fix-plan-cli-'));
const seriesFile = join(dir, 'series.ndjson');
writeFileSync(seriesFile, formatLoadSeries(steadySeries(layout, repeat(4, [100, 4000, 100, 100]))));
const samplesFile = join(dir, 'samples.ndjson');
writeFileSync(samplesFile, Array.from({ length: 100 }, (_, i) => formatKeySampleLine({ timeMs: 600 * i, key: toBytesBinary(`tenant0042|user-${String((i * 37) % 100).padStart(3, '0')}`), op: 'write' })).join('\n'));

async function run(args: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runCli(args, { stdout: (t) => void out.push(t), stderr: (t) => void err.push(t), isTTY: false, readStdin: async () => '', now: testClock });
  return { code, out: out.join(''), err: err.join('') };
}

describe('fix plan CLI', () => {
  it('--json prints the runbook fix apply reads', async () => {
    const r = await run(['fix', 'plan', seriesFile, '--samples', samplesFile, '--json', '--client-retries', '3', '--client-pause', '1000', '--quota', '900req/sec']);
    expect(r.code).toBe(0);
    const book = JSON.parse(r.out);
    expect(book.format).toBe('hbase-hotspot-runbook/1');
    expect(book.steps.map((s: { kind: string }) => s.kind)).toEqual(['quota', 'balancer-off', 'split', 'move', 'balancer-on', 'quota-remove']);
    expect(book.steps[0].why).toContain('hbase.client.retries.number=3 and hbase.client.pause=1000 ms,');
    expect(book.steps[2].commands[0]).toBe('split "t", "tenant0042|user-05"');
  });
  it('--samples with a plain key list: a row named from it takes the region\'s read/write mix', async () => {
    // b takes 4,000 writes a minute and no reads; the list names one key of b 30 times and two others once
    const keys = join(dir, 'keys.txt');
    writeFileSync(keys, `${[...repeat(30, 'tenant0042|hot'), 'tenant0030|x', 'tenant0031|y'].join('\n')}\n`);
    const r = await run(['fix', 'plan', seriesFile, '--samples', keys, '--json']);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.out).evidence).toContain('row "tenant0042|hot": 100% writes, from 30 listed key(s) of the row; mix from the region\'s own reads and writes over the window (the key list\'s samples carry no operation)');
  });
  it('--format shell prints an hbase shell script', async () => {
    const r = await run(['fix', 'plan', seriesFile, '--samples', samplesFile, '--format', 'shell']);
    expect(r.out.split('\n')).toEqual(expect.arrayContaining(['balance_switch false', 'split "t", "tenant0042|user-05"', 'balance_switch true']));
  });
  it('rejects bad options with the flag named', async () => {
    expect((await run(['fix', 'plan', seriesFile, '--format', 'yaml'])).err).toContain('--format yaml');
    expect((await run(['fix', 'plan', seriesFile, '--client-retries', '3'])).err).toContain('--client-retries and --client-pause go together');
    expect((await run(['fix', 'plan', seriesFile, '--replicas', 'two'])).err).toContain('--replicas two');
    expect((await run(['fix', 'plan', seriesFile, '--new-table', 'n'])).err).toContain('--family');
    // before: "--buckets : give a whole number ≥ 2", for an option never given
    const noBuckets = await run(['fix', 'plan', seriesFile, '--new-table', 'n', '--family', 'd']);
    for (const stray of [['--buckets', '16'], ['--family', 'd']]) {
      expect(await run(['fix', 'plan', seriesFile, ...stray])).toMatchObject({ code: 2, err: `hbase-hotspot: ${stray[0]} describes the salted table to create: add --new-table NAME\n` });
    }
    expect([noBuckets.code, noBuckets.err]).toEqual([2, 'hbase-hotspot: --buckets: --new-table n needs its salt bucket count: --buckets N (2 to 256, one or more per RegionServer)\n']);
    expect((await run(['fix', 'plan', seriesFile, '--quota', 'lots'])).code).toBe(2);
    // replicas serve only readers that accept stale data: without --stale-reads-ok the option would be dropped unread
    expect(await run(['fix', 'plan', seriesFile, '--replicas', '3'])).toMatchObject({ code: 2, err: 'hbase-hotspot: --replicas 3: region replicas serve a hot read row only to readers that accept stale data (TIMELINE reads); add --stale-reads-ok, or drop --replicas\n' });
    expect((await run(['fix', 'plan', seriesFile, '--replicas', '3', '--stale-reads-ok'])).code).toBe(0);
  });
});

describe('fix balancer CLI', () => {
  it('default weights leave the hot region; raised weights would act yet find no helpful move', async () => {
    const r = await run(['fix', 'balancer', seriesFile, '--json', '--read-cost', '500', '--write-cost', '500']);
    expect(r.code).toBe(0);
    const w = JSON.parse(r.out);
    // Writes per 3 s load report: 200 on b's server (4000 per 60 s), 5 on each other; one region per server, so the
    // region count costs 0. Write skew: mean 53.75, sqrt(146.25² + 3 × 48.75²) = 168.87 between min 0.866 and max
    // sqrt(161.25² + 3 × 53.75²) = 186.20 → 0.9065; × 5 ÷ 602 = 0.0075 < 0.025 (store files under 1 MB cost 0).
    expect(w.defaults.current.needsBalance).toBe(false);
    expect(w.defaults.current.averageCost).toBeCloseTo((0.9065420560747663 * 5) / 602, 12);
    expect(w.raised.current.needsBalance).toBe(true);
    expect(w.raised.moves).toEqual([]);
    const text = (await run(['fix', 'balancer', seriesFile])).out;
    expect(text).toContain('minCostNeedBalance');
    expect(text).toContain('no single region move lowers the cost');
    expect((await run(['fix', 'balancer', seriesFile, '--read-cost', '-1'])).err).toContain('--read-cost -1');
  });

  it('two hot regions stacked on one server: no single move, one swap, and the multipliers that make HBase take it', async () => {
    // Four servers with two regions each; a and b take 20000 writes a minute each on rs1, the six others 200. Per 3 s
    // load report: 1000 and 10 writes, servers 2000 / 20 / 20 / 20 of 2060. Skews over max sqrt(1545² + 3 × 515²)
    // (min 0): now sqrt(1485² + 3 × 495²) = 0.961, after a hot-for-cold swap 1010 / 1010 / 20 / 20: sqrt(4 × 495²) = 0.555.
    const enc = (c: string) => c.repeat(32);
    const stacked: Layout[] = [[enc('a'), '', 'b', rs(1)], [enc('b'), 'b', 'c', rs(1)], [enc('c'), 'c', 'd', rs(2)], [enc('d'), 'd', 'e', rs(2)], [enc('e'), 'e', 'f', rs(3)], [enc('f'), 'f', 'g', rs(3)], [enc('1'), 'g', 'h', rs(4)], [enc('2'), 'h', '', rs(4)]];
    const file = join(dir, 'stacked.ndjson');
    writeFileSync(file, formatLoadSeries(steadySeries(stacked, repeat(4, [20000, 20000, 200, 200, 200, 200, 200, 200]), { bytesPerWrite: 0 })));
    const max = Math.sqrt(1545 ** 2 + 3 * 515 ** 2);
    const before = Math.sqrt(1485 ** 2 + 3 * 495 ** 2) / max;
    const after = Math.sqrt(4 * 495 ** 2) / max;
    const r = await run(['fix', 'balancer', file, '--json']);
    expect(r.code).toBe(0);
    const w = JSON.parse(r.out);
    // the fields of before stay as they were: no move at either weight
    expect(Object.keys(w)).toEqual(['defaults', 'raised', 'swaps']);
    expect([w.defaults.moves, w.raised.moves]).toEqual([[], []]);
    expect(w.raised.current.weightedCost).toBeCloseTo(50 * before, 8);
    expect(w.swaps.defaults.swaps).toEqual([]);
    expect(w.swaps.raised.swaps).toEqual([{ region: enc('a'), back: enc('c'), from: rs(1), to: rs(2), weightedCostAfter: expect.closeTo(50 * after + (7 * 2) / 8, 8) }]);
    expect(w.swaps.raised.after.functions.find((f: { function: string }) => f.function === 'RegionCountSkewCostFunction').cost).toBe(0);
    const share = (server: string) => w.swaps.raised.serverShares.find((x: { server: string }) => x.server === server);
    expect(share(rs(1))).toEqual({ server: rs(1), before: expect.closeTo(2000 / 2060, 9), after: expect.closeTo(1010 / 2060, 9) });
    expect(share(rs(2))).toEqual({ server: rs(2), before: expect.closeTo(20 / 2060, 9), after: expect.closeTo(1010 / 2060, 9) });
    // writeRequestCost: 0.961 m ÷ (597 + m) ≥ 0.025 from m = 16; regionCountCost: 5 × 0.961 ÷ (102 + r) ≥ 0.025 up to r = 90
    expect(w.swaps.needed.map((m: { name: string; value: number | null }) => [m.name, m.value])).toEqual([['readRequestCost', null], ['writeRequestCost', 16], ['regionCountCost', 90], ['moveCost', null]]);
    const text = (await run(['fix', 'balancer', file])).out;
    expect(text).toContain('no single region move lowers the cost; swaps, which keep the region counts even, do:');
    expect(text).toContain(`swap ${enc('a')} on ${rs(1)} ⇄ ${enc('c')} on ${rs(2)}`);
    expect(text).toContain(`${rs(1)} 97.1% → 49.0%`);
    expect(text).toContain('a swap is two `move` steps, after `balance_switch false`');
    expect(text.split('\n')).toEqual(expect.arrayContaining([
      '  hbase> balance_switch false', `  hbase> move "${enc('a')}", "${rs(2)}"`, `  hbase> move "${enc('c')}", "${rs(1)}"`,
      '  hbase.master.balancer.stochastic.writeRequestCost ≥ 16 (default 5)',
      '  hbase.master.balancer.stochastic.regionCountCost ≤ 90 (default 500)',
      '  hbase.master.balancer.stochastic.readRequestCost: no value alone does (default 5)',
      '  hbase.master.balancer.stochastic.moveCost: no value alone does (default 7)',
    ]));
  });

  it('servers without a start code: the swaps are named, no move command is printed, and --servers needs host,port,startcode', async () => {
    // The same stacked table as above, its servers named host:port (as a JMX or pasted source may name them). The
    // shell's move hands its server to ServerName.valueOf, which needs host,port,startcode: "rs2.example.com:16020"
    // has no comma, so HBase cannot parse it and the move fails.
    const hp = (n: number) => `rs${n}.example.com:16020`;
    const enc = (c: string) => c.repeat(32);
    const stacked: Layout[] = [[enc('a'), '', 'b', hp(1)], [enc('b'), 'b', 'c', hp(1)], [enc('c'), 'c', 'd', hp(2)], [enc('d'), 'd', 'e', hp(2)], [enc('e'), 'e', 'f', hp(3)], [enc('f'), 'f', 'g', hp(3)], [enc('1'), 'g', 'h', hp(4)], [enc('2'), 'h', '', hp(4)]];
    const file = join(dir, 'stacked-host-port.ndjson');
    writeFileSync(file, formatLoadSeries(steadySeries(stacked, repeat(4, [20000, 20000, 200, 200, 200, 200, 200, 200]), { bytesPerWrite: 0 })));
    const r = await run(['fix', 'balancer', file]);
    expect(r.code).toBe(0);
    expect(r.out).toContain(`swap ${enc('a')} on ${hp(1)} ⇄ ${enc('c')} on ${hp(2)}`);
    expect(r.out).not.toContain('hbase> move');
    expect(r.out).toContain(`RegionServer "${hp(1)}" has no start code; move needs host,port,startcode`);
    const bad = await run(['fix', 'balancer', seriesFile, '--servers', 'rs9.example.com:16020']);
    expect(bad.code).toBe(2);
    expect(bad.err).toContain('--servers rs9.example.com:16020');
    expect((await run(['fix', 'balancer', seriesFile, '--servers', 'rs9.example.com,16020,9'])).code).toBe(0);
    // rs1's host and port under another start code: a past or future incarnation of rs1, not another live server
    const twice = await run(['fix', 'balancer', seriesFile, '--servers', 'rs1.example.com,16020,7']);
    expect(twice.code).toBe(2);
    expect(twice.err).toContain(`--servers rs1.example.com,16020,7: ${rs(1)} of the series`);
  });
});
