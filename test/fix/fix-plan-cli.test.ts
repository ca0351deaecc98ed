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
  it('--format shell prints an hbase shell script', async () => {
    const r = await run(['fix', 'plan', seriesFile, '--samples', samplesFile, '--format', 'shell']);
    expect(r.out.split('\n')).toEqual(expect.arrayContaining(['balance_switch false', 'split "t", "tenant0042|user-05"', 'balance_switch true']));
  });
  it('rejects bad options with the flag named', async () => {
    expect((await run(['fix', 'plan', seriesFile, '--format', 'yaml'])).err).toContain('--format yaml');
    expect((await run(['fix', 'plan', seriesFile, '--client-retries', '3'])).err).toContain('--client-retries and --client-pause go together');
    expect((await run(['fix', 'plan', seriesFile, '--replicas', 'two'])).err).toContain('--replicas two');
    expect((await run(['fix', 'plan', seriesFile, '--new-table', 'n'])).err).toContain('--family');
    expect((await run(['fix', 'plan', seriesFile, '--quota', 'lots'])).code).toBe(2);
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
});
