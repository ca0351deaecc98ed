import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/program.js';
import type { CliIo } from '../../src/cli/io.js';
import { TEST_NOW_MS, testClock } from '../support/clock.js';

function capture(): { io: CliIo; out: () => string; err: () => string } {
  let out = '', err = '';
  return { io: { stdout: (t) => { out += t; }, stderr: (t) => { err += t; }, isTTY: false, readStdin: async () => '', now: testClock }, out: () => out, err: () => err };
}

/** A verification record as migrate verify --record writes it. */
function verified(fields: { from?: string; ok?: boolean; verifiedAtMs?: number } = {}): string {
  const file = join(mkdtempSync(join(tmpdir(), 'retire-')), 'verify.json');
  const report = { ok: fields.ok ?? true };
  const at = fields.verifiedAtMs ?? TEST_NOW_MS - 86_400_000;
  writeFileSync(file, JSON.stringify({ format: 'hbase-hotspot-verify/1', from: fields.from ?? 'metrics', to: 'metrics_v2', verifiedAtMs: at, verifiedAt: new Date(at).toISOString(), ok: report.ok, report }));
  return file;
}

describe('migrate CLI', () => {
  it('retire prints snapshot, disable and drop as a dry run once the keep period is over and a passing verification is given', async () => {
    const c = capture();
    expect(await runCli(['migrate', 'retire', '--from', 'metrics', '--switched-at', '2020-01-01T00:00:00Z', '--keep-days', '14', '--verified', verified()], c.io)).toBe(0);
    expect(c.out()).toBe(`snapshot "metrics", "metrics_retired_${TEST_NOW_MS}"\ndisable "metrics"\ndrop "metrics"\n`);
    expect(c.err()).toContain('dry run');
  });
  it('retire refuses (exit 2) without a verification, with differences, of another table, or taken before the switch; --force overrides', async () => {
    const run = async (...extra: string[]) => {
      const c = capture();
      return [await runCli(['migrate', 'retire', '--from', 'metrics', '--switched-at', '2026-06-01T00:00:00Z', '--keep-days', '0', ...extra], c.io), c.err(), c.out()] as const;
    };
    const none = await run();
    expect([none[0], none[1]]).toEqual([2, expect.stringContaining('no verification given: run migrate verify ... --record verify.json')]);
    expect(none[2]).toBe('');
    expect((await run('--verified', verified({ ok: false })))[1]).toContain('it found differences');
    expect((await run('--verified', verified({ from: 'other' })))[1]).toContain('it verified "other", not "metrics"');
    const early = await run('--verified', verified({ verifiedAtMs: Date.parse('2026-05-31T00:00:00Z') }));
    expect([early[0], early[1]]).toEqual([2, expect.stringContaining('it was taken at 2026-05-31T00:00:00.000Z, before the read switch at 2026-06-01T00:00:00.000Z')]);
    const bad = join(mkdtempSync(join(tmpdir(), 'retire-')), 'bad.json');
    writeFileSync(bad, '{"ok": true}');
    expect(await run('--verified', bad)).toEqual([2, expect.stringContaining('not a verification record'), '']);
    const forced = await run('--force');
    expect([forced[0], forced[1]]).toEqual([0, expect.stringContaining('--force: retiring without a passing verification')]);
    expect(forced[2]).toMatch(/^snapshot "metrics", /);
    expect((await run('--verified', verified()))[0]).toBe(0);
  });
  it('retire refuses before the keep period ends, naming the date', async () => {
    const c = capture();
    const soon = new Date(TEST_NOW_MS - 86_400_000).toISOString(); // a day before the CLI's clock
    expect(await runCli(['migrate', 'retire', '--from', 'metrics', '--switched-at', soon, '--keep-days', '14', '--force'], c.io)).toBe(2);
    // 14 days after the switch, a day before the CLI's clock: 2026-06-28T12:00:00Z.
    expect(c.err()).toContain('is kept until 2026-06-28T12:00:00.000Z');
  });
  it('retire refuses a switch time that is not a date or lies in the future', async () => {
    const run = async (at: string) => {
      const c = capture();
      return [await runCli(['migrate', 'retire', '--from', 'metrics', '--switched-at', at, '--force'], c.io), c.err()];
    };
    expect(await run('1')).toEqual([2, 'hbase-hotspot: --switched-at: give the read switch time as an ISO date, e.g. 2026-11-01T12:00:00Z\n']);
    expect((await run('2999-01-01'))[1]).toContain('is in the future');
    // A day after the CLI's clock (whatever the calendar says) is in the future; exactly the keep period before it is due.
    expect((await run('2026-06-16'))[1]).toContain('is in the future');
    expect((await run(new Date(TEST_NOW_MS - 14 * 86_400_000).toISOString()))[0]).toBe(0);
    expect((await run('2020-01-01'))[0]).toBe(0);
  });
  it('plan refuses --to equal to --from', async () => {
    const c = capture();
    const args = ['migrate', 'plan', '--rest', 'http://127.0.0.1:1', '--from', 'a', '--to', 'a', '--old-template', '{pad(ts,13)}_{id}', '--new-template', '{salt(id,8)}_{id}'];
    expect(await runCli(args, c.io)).toBe(2);
    expect(c.err()).toContain('--from and --to are both "a"');
  });
  it('plan refuses an old template that does not decode naming --old-template, as the user typed it', async () => {
    const c = capture();
    const args = ['migrate', 'plan', '--rest', 'http://127.0.0.1:1', '--from', 'a', '--to', 'b', '--old-template', '{md5(id,8)}', '--new-template', '{salt(id,8)}_{id}'];
    expect(await runCli(args, c.io)).toBe(2);
    expect(c.err()).toMatch(/^hbase-hotspot: --old-template "\{md5\(id,8\)\}" cannot be decoded back into fields \(/);
    expect(c.err()).not.toContain('oldTemplate');
  });
  it('plan needs --rest or --zk, and only one of them', async () => {
    const tpl = ['--from', 'a', '--to', 'b', '--old-template', '{pad(ts,13)}_{id}', '--new-template', '{salt(id,8)}_{id}'];
    const none = capture();
    expect(await runCli(['migrate', 'plan', ...tpl], none.io)).toBe(2);
    expect(none.err()).toContain('--rest: give the cluster to read the old table\'s schema from: --rest http://host:8080, or --zk host[:port]');
    const both = capture();
    expect(await runCli(['migrate', 'plan', ...tpl, '--rest', 'http://127.0.0.1:1', '--zk', '127.0.0.1:1'], both.io)).toBe(2);
    expect(both.err()).toContain('--zk and --rest both given');
  });
  it('backfill refuses templates that cannot map keys before contacting HBase', async () => {
    const c = capture();
    const args = ['migrate', 'backfill', '--rest', 'http://127.0.0.1:1', '--from', 'a', '--to', 'b', '--old-template', '{pad(ts,13)}_{id}', '--new-template', '{salt(host,8)}_{id}'];
    expect(await runCli(args, c.io)).toBe(2);
    expect(c.err()).toContain('"host"');
  });
  it('backfill refuses a bad --batch', async () => {
    const c = capture();
    const args = ['migrate', 'backfill', '--rest', 'http://127.0.0.1:1', '--from', 'a', '--to', 'b', '--old-template', '{pad(ts,13)}_{id}', '--new-template', '{salt(id,8)}_{id}', '--batch', '0'];
    expect(await runCli(args, c.io)).toBe(2);
    expect(c.err()).toContain('--batch: "0": give a whole number ≥ 1');
  });
});
