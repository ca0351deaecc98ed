import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { detectHotspots } from '../../src/analysis/detect/index.js';
import { toBytesBinary } from '../../src/bytes/index.js';
import { askBeforeEachStep } from '../../src/cli/commands/fix-apply.js';
import { runCli } from '../../src/cli/program.js';
import { applyRunbook, parseRunbook, renderApplyReport, type LiveRegion } from '../../src/fix/apply/index.js';
import { hostPortOf as hostPort } from '../../src/util/server-name.js';
import { planFix } from '../../src/fix/plan/index.js';
import { runShellCommands } from '../../src/hbase/shell/index.js';
import { type Layout, repeat, steadySeries } from '../model/builders.js';
import { TEST_NOW_MS, testClock } from '../support/clock.js';

const fakeShell = [process.execPath, fileURLToPath(new URL('../fixtures/fix/fake-shell.mjs', import.meta.url))];
const rs = (n: number) => `rs${n}.example.com,16020,${n}`;
const layout: Layout[] = [['a', '', 'tenant0025', rs(1)], ['b', 'tenant0025', 'tenant0050', rs(2)], ['c', 'tenant0050', 'tenant0075', rs(3)], ['d', 'tenant0075', '', rs(4)]];
// b 3000 writes a minute, 300 on each other region, rs5 empty: the upper daughter (1500) moved to rs5 keeps it within
// 3 × the others' average then ((300 + 1500 + 300 + 300) ÷ 4 = 600), so the runbook splits and moves
const load = steadySeries(layout, repeat(4, [300, 3000, 300, 300]));
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
      '1. [dry-run] Contain: throttle table t to 5000req/sec on each RegionServer',
      'set_quota TYPE => THROTTLE, TABLE => "t", LIMIT => "5000req/sec", SCOPE => MACHINE',
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
    const noQuota = planFix({ detect: detectHotspots(load, { samples }), samples, servers: [rs(5)], createdAtMs: TEST_NOW_MS - 60_000 });
    const file = join(dir, 'noquota.json');
    writeFileSync(file, JSON.stringify(noQuota));
    // --force: no REST gateway here to check that the split's region is still where the plan saw it
    expect(await runCli(['fix', 'apply', file, '--yes', '--force', '--shell-cmd', fakeShell.join(' ')], c.io)).toBe(1);
    const text = c.out.join('');
    expect(text.split('\n')[0]).toBe('Applied 1 of 4 steps: table t');
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
      ] : [{ encodedName: 'b', startKey: 'tenant0025', location: 'rs2.example.com:16020' }];
    };
    const report = await applyRunbook(noQuota, { execute: true, runShell: (cmds) => runShellCommands(cmds, { shellCommand: fakeShell, onError: 'stop' }), regions, pollMs: 10 });
    expect(report.steps.map((s) => s.outcome)).toEqual(['done', 'done', 'done', 'done']);
    expect(report.steps[2]!.commands).toEqual([`move "${'e'.repeat(32)}", "${rs(5)}"`]);
    expect(readFileSync(join(dir, 'ok.log'), 'utf8').split('\n').filter(Boolean)).toEqual([
      'balance_switch false', 'split "t", "tenant0042|user-05"', `move "${'e'.repeat(32)}", "${rs(5)}"`, 'balance_switch true',
    ]);
    expect(polls).toBeGreaterThanOrEqual(3);
  }, 60_000);

  it('a replicated table: the daughter moved and waited for is the primary, not its replica at the same start key', async () => {
    process.env.FAKE_SHELL_LOG = join(dir, 'replicas.log');
    const noQuota = planFix({ detect: detectHotspots(load, { samples }), samples, servers: [rs(5)] });
    // each region's secondary replica listed first, on another server (the native reader lists them with the primaries)
    const regions = async (): Promise<LiveRegion[]> => {
      const log = readFileSync(join(dir, 'replicas.log'), 'utf8');
      const moved = log.includes('move');
      return log.includes('split') ? [
        { encodedName: 'c'.repeat(32), startKey: 'tenant0025', location: 'rs4.example.com:16020', replicaId: 1 },
        { encodedName: 'f'.repeat(32), startKey: 'tenant0025', location: 'rs2.example.com:16020' },
        { encodedName: 'd'.repeat(32), startKey: 'tenant0042|user-05', location: 'rs3.example.com:16020', replicaId: 1 },
        { encodedName: 'e'.repeat(32), startKey: 'tenant0042|user-05', location: moved ? 'rs5.example.com:16020' : 'rs2.example.com:16020' },
      ] : [
        { encodedName: 'a'.repeat(32), startKey: 'tenant0025', location: 'rs4.example.com:16020', replicaId: 1 },
        { encodedName: 'b', startKey: 'tenant0025', location: 'rs2.example.com:16020' },
      ];
    };
    const report = await applyRunbook(noQuota, { execute: true, runShell: (cmds) => runShellCommands(cmds, { shellCommand: fakeShell, onError: 'stop' }), regions, pollMs: 10 });
    expect(report.steps.map((s) => s.outcome)).toEqual(['done', 'done', 'done', 'done']);
    expect(report.steps[2]!.commands).toEqual([`move "${'e'.repeat(32)}", "${rs(5)}"`]);
  }, 60_000);

  it('a wait that is never met fails the step after the timeout', async () => {
    const report = await applyRunbook(book, {
      execute: true, runShell: (cmds) => runShellCommands(cmds, { shellCommand: fakeShell }), pollMs: 5, waitTimeoutMs: 30,
      regions: async () => [{ encodedName: 'b', startKey: 'tenant0025', location: 'rs2.example.com:16020' }], // never split
    });
    expect(report.steps.map((s) => s.outcome)).toEqual(['done', 'done', 'failed', 'not-run', 'not-run', 'not-run']);
    expect(report.steps[2]!.error).toContain('timed out after 0.03 s waiting for a region of "t" starting at "tenant0042|user-05" online');
  }, 60_000);
});

describe('fix apply: the first line says what was applied', () => {
  const never = async (): Promise<never> => { throw new Error('the shell must not run'); };

  it('the first step declined: nothing applied, every step accounted for', async () => {
    // the quota runbook: set quota, balancer off, split, move, balancer on, quota removed: 6 steps, all with commands
    const report = await applyRunbook(book, { execute: true, runShell: never, confirm: async () => false });
    expect(report.steps.map((s) => s.outcome)).toEqual(['declined', 'not-run', 'not-run', 'not-run', 'not-run', 'not-run']);
    expect([report.stepsDone, report.stepsToRun, report.ok]).toEqual([0, 6, false]);
    const text = renderApplyReport(report);
    expect(text.split('\n')[0]).toBe('Nothing applied: table t');
    expect(text).toContain('stopped: done nothing; not done 1, 2, 3, 4, 5, 6');
  });

  it('stopped part way: how many of the steps ran; all of them; none to run', () => {
    const step = (number: number, outcome: 'done' | 'failed' | 'not-run' | 'manual') => ({ number, title: `step ${number}`, outcome, commands: outcome === 'manual' ? [] : ['balance_switch false'], undo: [] });
    const partial = { table: 'ns1:t', executed: true, ok: false, stepsDone: 2, stepsToRun: 4, steps: [step(1, 'done'), step(2, 'done'), step(3, 'failed'), step(4, 'not-run'), step(5, 'manual')] };
    expect(renderApplyReport(partial).split('\n')[0]).toBe('Applied 2 of 4 steps: table ns1:t');
    const all = { ...partial, ok: true, stepsDone: 1, stepsToRun: 1, steps: [step(1, 'done'), step(2, 'manual')] };
    expect(renderApplyReport(all).split('\n')[0]).toBe('Applied 1 of 1 step: table ns1:t');
    const advice = { ...partial, ok: true, stepsDone: 0, stepsToRun: 0, steps: [step(1, 'manual')] };
    expect(renderApplyReport(advice).split('\n')[0]).toBe('Nothing to run (every step is advice, done by hand): table ns1:t');
  });

  it('counts the steps run in the account of a real run', async () => {
    // 'stops at the failed split' above: balancer off done, the split failed, 2 steps not run, 4 with commands
    const c = io();
    process.env.FAKE_SHELL_FAIL = '^split';
    const noQuota = planFix({ detect: detectHotspots(load, { samples }), samples, servers: [rs(5)], createdAtMs: TEST_NOW_MS - 60_000 });
    const file = join(dir, 'counted.json');
    writeFileSync(file, JSON.stringify(noQuota));
    expect(await runCli(['fix', 'apply', file, '--yes', '--force', '--json', '--shell-cmd', fakeShell.join(' ')], c.io)).toBe(1);
    expect(JSON.parse(c.out.join(''))).toMatchObject({ table: 't', executed: true, ok: false, stepsDone: 1, stepsToRun: 4 });
  }, 60_000);
});

describe('fix apply guards: the region of a split and the runbook\'s age', () => {
  const fresh = planFix({ detect: detectHotspots(load, { samples }), samples, servers: [rs(5)], createdAtMs: TEST_NOW_MS - 10 * 60_000 });

  it('records when it was planned and, on the split, the hot region and its server', () => {
    expect([fresh.createdAtMs, fresh.createdAt]).toEqual([TEST_NOW_MS - 600_000, '2026-06-15T11:50:00.000Z']);
    const split = fresh.steps.find((s) => s.kind === 'split');
    expect(split?.region).toEqual({ encodedName: 'b', startKey: 'tenant0025', server: rs(2) });
    expect(fresh.steps.filter((s) => s.region !== undefined)).toHaveLength(1);
    expect(parseRunbook(JSON.stringify(fresh), 'r.json').steps[1]?.region).toEqual(split?.region);
    expect(() => parseRunbook(JSON.stringify({ ...fresh, steps: [{ ...fresh.steps[0], region: { encodedName: 'b' } }] }), 'r.json')).toThrow(/steps\[0\]\.region/);
  });

  it('refuses the split when its region moved, split or merged, or cannot be checked, and runs nothing after it', async () => {
    const balancer = ['balance_switch false'];
    const runShell = async (cmds: readonly string[]) => {
      if (cmds.join() !== balancer.join()) throw new Error(`ran ${cmds.join()}`);
      return { results: [{ command: cmds[0] as string, status: 'ok' as const, output: '' }], ok: true, exitCode: 0, durationMs: 1, stderr: '' };
    };
    const run = (regions?: LiveRegion[]) => applyRunbook(fresh, { execute: true, runShell: runShell as never, ...(regions ? { regions: async () => regions } : {}) });
    const moved = await run([{ encodedName: 'b', startKey: 'tenant0025', location: 'rs3.example.com:16020' }]);
    expect(moved.steps.map((s) => s.outcome)).toEqual(['done', 'refused', 'not-run', 'not-run']);
    expect(moved.steps[1]?.error).toBe(`region b moved from ${rs(2)} to rs3.example.com:16020 since the plan; plan again`);
    const gone = await run([{ encodedName: 'f'.repeat(32), startKey: 'tenant0025', location: 'rs2.example.com:16020' }]);
    expect(gone.steps[1]?.error).toBe('region b (starting at "tenant0025") is no longer online: it was split or merged since the plan; plan again');
    expect((await run()).steps[1]?.error).toContain('needs the REST gateway (--rest URL); --force skips the check');
    expect(renderApplyReport(moved)).toContain('2. [refused] Split b');
    // checkRegions false (--force) skips the check: the split is attempted (and fails in this stub shell)
    const forced = await applyRunbook(fresh, { execute: true, runShell: runShell as never, checkRegions: false });
    expect([forced.steps[1]?.outcome, forced.steps[1]?.error]).toEqual(['failed', 'ran split "t", "tenant0042|user-05"']);
    // still on its server (REST names it host:port) the split runs: see 'runs every step' above
  });

  it('the CLI: exit 2 for a refused step; a runbook older than --max-age (1 h) or without its time is refused unless --force', async () => {
    const write = (name: string, value: unknown) => {
      const file = join(dir, name);
      writeFileSync(file, JSON.stringify(value));
      return file;
    };
    const freshFile = write('fresh.json', fresh);
    const c = io();
    process.env.FAKE_SHELL_LOG = join(dir, 'guard.log');
    expect(await runCli(['fix', 'apply', freshFile, '--yes', '--shell-cmd', fakeShell.join(' ')], c.io)).toBe(2);
    expect(c.out.join('')).toContain('2. [refused] Split b at the traffic median');
    const stale = write('stale.json', { ...fresh, createdAtMs: TEST_NOW_MS - 2 * 3_600_000, createdAt: '2026-06-15T10:00:00.000Z' });
    const old = io();
    expect(await runCli(['fix', 'apply', stale, '--yes', '--shell-cmd', fakeShell.join(' ')], old.io)).toBe(2);
    expect(old.err.join('')).toBe(`hbase-hotspot: ${stale} (--max-age): was planned at 2026-06-15T10:00:00.000Z, 2h ago, more than --max-age 1h: the cluster may have changed since; plan again (fix plan --json), or --force to run it anyway\n`);
    const { createdAtMs: _ms, createdAt: _at, ...undated } = fresh;
    const none = io();
    expect(await runCli(['fix', 'apply', write('undated.json', undated), '--yes', '--shell-cmd', fakeShell.join(' ')], none.io)).toBe(2);
    expect(none.err.join('')).toContain('carries no creation time');
    // a dry run of an old runbook only shows it; --max-age 3h accepts it (and the split, unchecked without REST, is refused)
    expect(await runCli(['fix', 'apply', stale], io().io)).toBe(0);
    expect(await runCli(['fix', 'apply', stale, '--yes', '--max-age', '3h', '--shell-cmd', fakeShell.join(' ')], io().io)).toBe(2);
    const forced = io();
    process.env.FAKE_SHELL_FAIL = '^split';
    expect(await runCli(['fix', 'apply', stale, '--yes', '--force', '--shell-cmd', fakeShell.join(' ')], forced.io)).toBe(1);
    expect(forced.err.join('')).toContain('--force: running a runbook that was planned at 2026-06-15T10:00:00.000Z');
    expect(forced.out.join('')).toContain('2. [failed] Split b');
  }, 60_000);
});

describe('fix apply: the runbook\'s creation time', () => {
  it('a runbook planned further ahead of this clock than --max-age is refused: its age cannot be told', async () => {
    const file = join(dir, 'ahead.json');
    // planned 2 h after this machine's now (the planning machine's clock ahead, or the time edited)
    writeFileSync(file, JSON.stringify({ ...book, createdAtMs: TEST_NOW_MS + 2 * 3_600_000, createdAt: new Date(TEST_NOW_MS + 2 * 3_600_000).toISOString() }));
    const c = io();
    expect(await runCli(['fix', 'apply', file, '--yes', '--shell-cmd', 'false'], c.io)).toBe(2);
    expect(c.err.join('')).toContain(`was planned at ${new Date(TEST_NOW_MS + 2 * 3_600_000).toISOString()}, 2h after this machine's clock, more than --max-age 1h`);
    expect(c.out.join('')).toBe('');
  });
});

describe('fix apply: createdAt and createdAtMs disagree', () => {
  it('is refused naming the file and createdAt, before any age is judged (it printed one time and measured another)', async () => {
    const file = join(dir, 'edited.json');
    // createdAtMs 2 h before now, createdAt edited to 10 min before now: before, the refusal said "planned at 11:50, 2h ago"
    writeFileSync(file, JSON.stringify({ ...book, createdAtMs: TEST_NOW_MS - 2 * 3_600_000, createdAt: '2026-06-15T11:50:00.000Z' }));
    const c = io();
    expect(await runCli(['fix', 'apply', file, '--yes', '--shell-cmd', 'false'], c.io)).toBe(2);
    expect(c.err.join('')).toBe(`hbase-hotspot: ${file} (createdAt): "2026-06-15T11:50:00.000Z" disagrees with createdAtMs ${TEST_NOW_MS - 2 * 3_600_000} (2026-06-15T10:00:00.000Z); the age is measured from createdAtMs: make the two agree; give the JSON that \`hbase-hotspot fix plan --json\` printed\n`);
    expect(c.out.join('')).toBe('');
    const { createdAtMs: _ms, ...noMs } = { ...book, createdAt: '2026-06-15T11:50:00.000Z' };
    expect(() => parseRunbook(JSON.stringify(noMs), 'r.json')).toThrow(expect.objectContaining({ code: 'FIX_RUNBOOK_INVALID', where: { file: 'r.json', field: 'createdAtMs' } }));
    // a time Date cannot hold (it threw a RangeError from toISOString) is refused as not a time
    expect(() => parseRunbook(JSON.stringify({ ...book, createdAtMs: 1e20 }), 'r.json')).toThrow(expect.objectContaining({ code: 'FIX_RUNBOOK_INVALID', where: { file: 'r.json', field: 'createdAtMs' } }));
  });
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
  it('--confirm with no answer to read (input at its end): the step is declined, not left waiting', async () => {
    const out = new PassThrough();
    const asked = askBeforeEachStep(Readable.from([]), out);
    expect(await asked.confirm(book.steps[1]!, ['balance_switch false'])).toBe(false);
    asked.close();
    const yes = askBeforeEachStep(Readable.from(['y\n']), new PassThrough());
    expect(await yes.confirm(book.steps[1]!, ['balance_switch false'])).toBe(true);
    yes.close();
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
      ['dry-run', ['create "t_salted", {NAME => "d"}, {NAME => "e"}, {SPLITS => ["01_", "02_"]}']],
      ['manual', []],
    ]);
  });
});
