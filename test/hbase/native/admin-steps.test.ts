// Runbook steps through the native Admin API: the shell commands the runbook carries, as the project's own command
// builders write them, become the JVM side's requests; failures and unsupported commands are reported as the shell
// runner reports them.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { adminRequestOf, parseRubyBytes, runAdminCommands } from '../../../src/hbase/native/admin-steps.js';
import type { RegionLoadReaderProcess } from '../../../src/hbase/native/reader-process.js';
import { balanceSwitchCommand, moveRegionCommand, rubyBytes, splitCommand } from '../../../src/hbase/shell/index.js';
import { regionReplicationCommand, tableThrottleCommand, tableUnthrottleCommand } from '../../../src/fix/plan/shell-text.js';
import { HotspotError } from '../../../src/util/errors.js';

describe('parseRubyBytes', () => {
  it('reads back every literal rubyBytes writes', () => {
    fc.assert(fc.property(fc.uint8Array({ maxLength: 64 }), (bytes) => {
      expect(parseRubyBytes(rubyBytes(bytes))).toEqual(bytes);
    }), { numRuns: 500 });
  });

  it('refuses escapes the tool never writes', () => {
    expect(() => parseRubyBytes('"a\\nb"')).toThrow('the escape \\n at 2 is not one the tool writes');
    expect(() => parseRubyBytes("'a'")).toThrow('is not a double-quoted Ruby string');
  });
});

describe('adminRequestOf', () => {
  it('turns move, split and balance_switch into Admin requests', () => {
    expect(adminRequestOf(moveRegionCommand('0123456789abcdef0123456789abcdef', 'rs1.example.com,16020,1717200000000')))
      .toBe('move 0123456789abcdef0123456789abcdef rs1.example.com,16020,1717200000000');
    // Bytes 00 22 5c 23 41 ff (a quote, a backslash and a hash among them) are ACJcI0H/ in base64.
    expect(adminRequestOf(splitCommand('ns:metrics', Uint8Array.of(0x00, 0x22, 0x5c, 0x23, 0x41, 0xff)))).toBe('split ns:metrics ACJcI0H/');
    expect(adminRequestOf(splitCommand('metrics'))).toBe('split metrics');
    expect(adminRequestOf(balanceSwitchCommand(false))).toBe('balance_switch false');
  });

  it("turns a table's throttle, its removal and region replication, as the runbook writes them, into Admin requests", () => {
    expect(adminRequestOf(tableThrottleCommand('ns:metrics', '5000req/sec'))).toBe('table_throttle ns:metrics 5000req/sec');
    expect(adminRequestOf(tableThrottleCommand('metrics', '20M/min'))).toBe('table_throttle metrics 20M/min');
    expect(adminRequestOf(tableUnthrottleCommand('metrics'))).toBe('table_throttle metrics NONE');
    // a runbook written before the throttle said its scope: the shell's default, MACHINE, as the Admin request sets
    expect(adminRequestOf('set_quota TYPE => THROTTLE, TABLE => "metrics", LIMIT => "5000req/sec"')).toBe('table_throttle metrics 5000req/sec');
    expect(adminRequestOf(regionReplicationCommand('metrics', 2))).toBe('region_replication metrics 2');
    expect(adminRequestOf('list_quotas')).toBe('list_quotas');
  });

  it('has none for the commands that need the shell', () => {
    expect(adminRequestOf('set_quota TYPE => THROTTLE, USER => "bob", LIMIT => "5000req/sec"')).toBeUndefined();
    // the Admin request's throttle is MACHINE scope: a CLUSTER one (the limit divided among the servers) is not it
    expect(adminRequestOf('set_quota TYPE => THROTTLE, TABLE => "metrics", LIMIT => "5000req/sec", SCOPE => CLUSTER')).toBeUndefined();
    // the shell refuses a scope on a removal ("Unexpected arguments"), and so does this
    expect(adminRequestOf('set_quota TYPE => THROTTLE, TABLE => "metrics", LIMIT => NONE, SCOPE => MACHINE')).toBeUndefined();
    expect(adminRequestOf('alter "metrics", {NAME => "d", TTL => 86400}')).toBeUndefined();
    expect(adminRequestOf('create "t", "d"')).toBeUndefined();
  });
});

describe('runAdminCommands', () => {
  /** A reader whose admin answers from `answers` by request, failing the requests it does not list. */
  function reader(answers: Record<string, { value?: string }>): { reader: RegionLoadReaderProcess; asked: string[] } {
    const asked: string[] = [];
    const admin = async (request: string) => {
      asked.push(request);
      const answer = answers[request];
      if (!answer) throw new HotspotError('NATIVE_READ', `"${request}" failed: UnknownRegionException`);
      return answer;
    };
    return { asked, reader: { admin } as unknown as RegionLoadReaderProcess };
  }

  it('reports each command as the shell runner does, stopping at the first failure', async () => {
    const { reader: r, asked } = reader({ 'balance_switch false': { value: 'true' } });
    const batch = await runAdminCommands(r, ['balance_switch false', 'split "t", "k5"', 'balance_switch true']);
    expect(asked).toEqual(['balance_switch false', 'split t azU=']);
    expect(batch.ok).toBe(false);
    expect(batch.results.map((x) => [x.status, x.value, x.error?.type])).toEqual([['ok', 'true', undefined], ['error', undefined, 'NATIVE_READ'], ['skipped', undefined, undefined]]);
  });

  it('names a command without an Admin form and the way to run it', async () => {
    const { reader: r } = reader({});
    const batch = await runAdminCommands(r, ["set_quota TYPE => THROTTLE, TABLE => 't', LIMIT => '5req/sec'"]);
    expect(batch.results[0]?.error).toEqual({ type: 'NATIVE_COMMAND_UNSUPPORTED', message: expect.stringContaining('run this runbook with --shell-cmd') });
  });
});
