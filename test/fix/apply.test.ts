import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { detectHotspots } from '../../src/analysis/detect/index.js';
import { toBytesBinary } from '../../src/bytes/index.js';
import { runCli } from '../../src/cli/program.js';
import { applyRunbook, hostPort, parseRunbook, type LiveRegion } from '../../src/fix/apply/index.js';
import { planFix } from '../../src/fix/plan/index.js';
import { runShellCommands } from '../../src/hbase/shell/index.js';
import { type Layout, repeat, steadySeries } from '../model/builders.js';
import { testClock } from '../support/clock.js';

const fakeShell = [process.execPath, fileURLToPath(new URL('../fixtures/fix/fake-shell.mjs', import.meta.url))];
const rs = (n: number) => `rs${n}.example.com,16020,${n}`;
const layout: Layout[] = [['a', '', 'tenant0025', rs(1)], ['b', 'tenant0025', 'tenant0050', rs(2)], ['c', 'tenant0050', 'tenant0075', rs(3)], ['d', 'tenant0075', '', rs(4)]];
const load = steadySeries(layout, repeat(4, [100, 4000, 100, 100]));
const samples = Array.from({ length: 100 }, (_, i) => ({ timeMs: 600 * i, key: toBytesBinary(`tenant0042|user-${String((i * 37) % 100).padStart(3, '0')}`), op: 'write' as const }));
const book = planFix({ detect: detectHotspots(load, { samples }), samples, quotaLimit: '5000req/sec', servers: [rs(5)] });
const dir = mkdtempSync(join(tmpdir(), 'fix-apply-'));
const bookFile = join(dir, 'runbook.json');
writeFileSync(bookFile, JSON.stringify(book));

function io() {
  const out: string[] = [];
  const err: string[] = [];
  return { out, err, io: { stdout: (t: string) => void out.push(t), stderr: (t: string) => void err.push(t), isTTY: false, readStdin: async () => '', now: testClock } };
}

afterEach(() => {
  delete process.env.FAKE_SHELL_LOG;
  delete process.env.FAKE_SHELL_FAIL;
});

describe('fix apply, dry run', () => {
  it('shows every step with its exact shell text and runs nothing', async () => {
    const c = io();
    process.env.FAKE_SHELL_LOG = join(dir, 'dry.log');
    expect(await runCli(['fix', 'apply', bookFile, '--shell-cmd', fakeShell.join(' ')], c.io)).toBe(0);
    const text = c.out.join('');
    expect(text).toContain('Dry run (nothing changed; --yes runs it)');
    for (const line of [
      '1. [dry-run] Contain: throttle table t to 5000req/sec',
      'set_quota TYPE => THROTTLE, TABLE => "t", LIMIT => "5000req/sec"',
      '2. [dry-run] Switch the balancer off', 'balance_switch false',
      'split "t", "tenant0042|user-05"',
      `move '<encoded name of the upper daughter, starting at "tenant0042|user-05">', '${rs(5)}'`,
      'balance_switch true', 'set_quota TYPE => THROTTLE, TABLE => "t", LIMIT => NONE',
    ]) expect(text).toContain(line);
    expect(() => readFileSync(join(dir, 'dry.log'))).toThrow();
  });
});

describe('fix apply --yes through a real shell process', () => {
  it('stops at the failed split and accounts for what ran and what did not', async () => {
    const c = io();
    process.env.FAKE_SHELL_LOG = join(dir, 'fail.log');
    process.env.FAKE_SHELL_FAIL = '^split';
    const noQuota = planFix({ detect: detectHotspots(load, { samples }), samples, servers: [rs(5)] });
    const file = join(dir, 'noquota.json');
    writeFileSync(file, JSON.stringify(noQuota));
    expect(await runCli(['fix', 'apply', file, '--yes', '--shell-cmd', fakeShell.join(' ')], c.io)).toBe(1);
    const text = c.out.join('');
    expect(text).toContain('1. [done] Switch the balancer off');
    expect(text).toContain('2. [failed] Split b at the traffic median "tenant0042|user-05"');
    expect(text).toContain('error: command "split "t", "tenant0042|user-05"" failed: org.apache.hadoop.hbase.DoNotRetryIOException: split refused by the fake shell');
    expect(text).toContain('3. [not-run]');
    expect(text).toContain('4. [not-run] Switch the balancer back on');
    expect(text).toContain('stopped: done 1; not done 2, 3, 4');
    expect(text).toContain('undo 1: balance_switch true');
    // The shell saw exactly the commands up to the failure.
    expect(readFileSync(join(dir, 'fail.log'), 'utf8')).toBe('balance_switch false\nsplit "t", "tenant0042|user-05"\n');
  }, 60_000);

  it('runs every step, resolving the daughter\'s encoded name and waiting for its effects', async () => {
    process.env.FAKE_SHELL_LOG = join(dir, 'ok.log');
    const noQuota = planFix({ detect: detectHotspots(load, { samples }), samples, servers: [rs(5)] });
    let polls = 0;
    const regions = async (): Promise<LiveRegion[]> => {
      polls++;
      const split = readFileSync(join(dir, 'ok.log'), 'utf8').includes('split');
      const moved = readFileSync(join(dir, 'ok.log'), 'utf8').includes('move');
      return split ? [
        { encodedName: 'f'.repeat(32), startKey: 'tenant0025', location: 'rs2.example.com:16020' },
        { encodedName: 'e'.repeat(32), startKey: 'tenant0042|user-05', location: moved ? 'rs5.example.com:16020' : 'rs2.example.com:16020' },
      ] : [];
    };
    const report = await applyRunbook(noQuota, { execute: true, runShell: (cmds) => runShellCommands(cmds, { shellCommand: fakeShell, onError: 'stop' }), regions, pollMs: 10 });
    expect(report.steps.map((s) => s.outcome)).toEqual(['done', 'done', 'done', 'done']);
    expect(report.steps[2]!.commands).toEqual([`move "${'e'.repeat(32)}", "${rs(5)}"`]);
    expect(readFileSync(join(dir, 'ok.log'), 'utf8').split('\n').filter(Boolean)).toEqual([
      'balance_switch false', 'split "t", "tenant0042|user-05"', `move "${'e'.repeat(32)}", "${rs(5)}"`, 'balance_switch true',
    ]);
    expect(polls).toBeGreaterThanOrEqual(3);
  }, 60_000);

  it('a wait that is never met fails the step after the timeout', async () => {
    const report = await applyRunbook(book, {
      execute: true, runShell: (cmds) => runShellCommands(cmds, { shellCommand: fakeShell }), regions: async () => [], pollMs: 5, waitTimeoutMs: 30,
    });
    expect(report.steps.map((s) => s.outcome)).toEqual(['done', 'done', 'failed', 'not-run', 'not-run', 'not-run']);
    expect(report.steps[2]!.error).toContain('timed out after 0.03 s waiting for a region of "t" starting at "tenant0042|user-05" online');
  }, 60_000);
});

describe('runbook file and helpers', () => {
  it('rejects what fix plan did not write', () => {
    expect(() => parseRunbook('{', 'r.json')).toThrow(expect.objectContaining({ code: 'FIX_RUNBOOK_INVALID' }));
    expect(() => parseRunbook('{"format":"x"}', 'r.json')).toThrow(/format/);
    const broken = { ...book, steps: [{ ...book.steps[0], number: 2 }] };
    expect(() => parseRunbook(JSON.stringify(broken), 'r.json')).toThrow(/steps\[0\]\.number/);
    expect(parseRunbook(JSON.stringify(book), 'r.json').steps).toHaveLength(6);
  });
  it('--yes and --confirm exclude each other', async () => {
    const c = io();
    expect(await runCli(['fix', 'apply', bookFile, '--yes', '--confirm'], c.io)).toBe(2);
    expect(c.err.join('')).toContain('exclude each other');
  });
  it('host:port of a server name', () => {
    expect(hostPort('h,16020,5')).toBe('h:16020');
    expect(hostPort('h:16020')).toBe('h:16020');
  });
});

describe('fix apply dry run of the other step kinds', () => {
  const rowLayout: Layout[] = [['a', '', 'd', rs(1)], ['b', 'd', 'm', rs(2)], ['c', 'm', 't', rs(3)], ['e', 't', '', rs(4)]];
  const rowLoad = steadySeries(rowLayout, repeat(3, [5000, 100, 100, 100]));
  const reads = [
    ...Array.from({ length: 150 }, (_, i) => ({ timeMs: 1000 * i, key: toBytesBinary('catalog:item-7'), op: 'read' as const })),
    ...Array.from({ length: 50 }, (_, i) => ({ timeMs: 1000 * i, key: toBytesBinary(`account:${i}`), op: 'read' as const })),
  ];

  it('replicas: the exact alter; advice steps are manual', async () => {
    const replicas = planFix({ detect: detectHotspots(rowLoad, { samples: reads }), samples: reads, staleReadsOk: true, replicas: 2 });
    const cache = planFix({ detect: detectHotspots(rowLoad, { samples: reads }), samples: reads });
    const runShell = () => Promise.reject(new Error('a dry run never starts the shell'));
    const a = await applyRunbook(replicas, { execute: false, runShell });
    expect(a.steps.map((s) => [s.outcome, s.commands])).toEqual([['dry-run', ['alter "t", {REGION_REPLICATION => 2}']]]);
    const b = await applyRunbook(cache, { execute: true, runShell });
    expect(b.steps.map((s) => s.outcome)).toEqual(['manual']);
    expect(b.ok).toBe(true);
  });

  it('create-salted: the exact pre-split create', async () => {
    const points = ['', '1fffffff', '3fffffff', '5fffffff', '7fffffff', '9fffffff', 'bfffffff', 'dfffffff', ''];
    const tailLayout: Layout[] = points.slice(0, 8).map((p, i) => [`r${i}`, p, points[i + 1]!, rs((i % 4) + 1)]);
    const tailLoad = steadySeries(tailLayout, repeat(5, [0, 6000, 0, 0, 0, 0, 0, 0]));
    const key = (i: number) => `2024060112${String(Math.floor(i / 60)).padStart(2, '0')}${String(i % 60).padStart(2, '0')}-sensor-${String((i * 37) % 1000).padStart(6, '0')}`;
    const tailSamples = Array.from({ length: 300 }, (_, i) => ({ timeMs: 1000 * i, key: toBytesBinary(key(i)), op: 'write' as const }));
    const tail = planFix({ detect: detectHotspots(tailLoad, { samples: tailSamples }), samples: tailSamples, newTable: { name: 't_salted', families: ['d', 'e'], buckets: 3 } });
    const r = await applyRunbook(tail, { execute: false, runShell: () => Promise.reject(new Error('dry run')) });
    expect(r.steps.map((s) => [s.outcome, s.commands])).toEqual([
      ['dry-run', ['create "t_salted", {NAME => "d"}, {NAME => "e"}, {SPLITS => ["01|", "02|"]}']],
      ['manual', []],
    ]);
  });
});
