import { describe, expect, it } from 'vitest';
import type { CliIo } from '../../src/cli/io.js';
import { runCli } from '../../src/cli/program.js';
import { testClock } from '../support/clock.js';

async function run(...argv: string[]): Promise<{ code: number; out: string; err: string }> {
  let out = '';
  let err = '';
  const io: CliIo = { stdout: (t) => void (out += t), stderr: (t) => void (err += t), isTTY: false, readStdin: async () => '', now: testClock };
  const code = await runCli(argv, io);
  return { code, out, err };
}

const DEVICE = '{salt(deviceId,16)}_{deviceId}_{reverseTs(ts)}';

describe('key scan', () => {
  it('--json prints the scans as toStringBinary', async () => {
    // "d1".hashCode() = 3149, 3149 % 16 = 13 -> "0d"; MAX - 1999 and MAX - 1000 (+1 for the prefix stop).
    const r = await run('key', 'scan', DEVICE, '--where', '{"deviceId": "d1"}', '--from', '1000', '--to', '2000', '--json');
    expect(r.code).toBe(0);
    expect(JSON.parse(r.out)).toEqual({
      scans: [{ startRow: '0d_d1_9223372036854773808', stopRow: '0d_d1_9223372036854774808' }],
      exact: true,
      // a device "d1_x" writes the prefix "0d_d1_" too when its salt is 0d
      notes: ['exact only while no deviceId value holds "_": rows whose deviceId starts with the given value followed by "_" share the prefix and are read too'],
      shell: ['scan "T", {STARTROW => "0d_d1_9223372036854773808", STOPROW => "0d_d1_9223372036854774808"}'],
    });
  });

  it('takes ISO 8601 times with their zone as well as epoch ms, and names the table of the shell statements', async () => {
    // 2024-06-01T00:00:00Z is Date.UTC(2024, 5, 1) = 1717200000000; +02:00 two hours later is the same instant
    const epoch = await run('key', 'scan', DEVICE, '--where', '{"deviceId": "d1"}', '--from', '1717200000000', '--to', '1717286400000', '--json');
    for (const [from, to] of [['2024-06-01T00:00:00Z', '2024-06-02T00:00:00.000Z'], ['2024-06-01T02:00:00+02:00', '2024-06-02']]) {
      const iso = await run('key', 'scan', DEVICE, '--where', '{"deviceId": "d1"}', '--from', from as string, '--to', to as string, '--json');
      expect([iso.code, iso.out]).toEqual([0, epoch.out]);
    }
    const zoneless = await run('key', 'scan', DEVICE, '--from', '2024-06-01T00:00:00');
    expect([zoneless.code, zoneless.err]).toEqual([2, expect.stringContaining('--from "2024-06-01T00:00:00" is not a time (add its zone, e.g. Z for UTC)')]);
    const timed = await run('key', 'scan', DEVICE, '--where', '{"deviceId": "d1"}', '--from', '1000', '--to', '2000', '--cell-time', '--table', 'ns:metrics');
    expect(timed.out).toContain('hbase shell:\n  scan "ns:metrics", {STARTROW => "0d_d1_9223372036854773808", STOPROW => "0d_d1_9223372036854774808", TIMERANGE => [1000, 2000]}\n');
    expect((await run('key', 'scan', DEVICE, '--table', 'bad table')).code).toBe(2);
  });

  it('prints one scan per bucket for an unknown salt, in a table', async () => {
    const r = await run('key', 'scan', '{phoenixSalt(4)}{tenant}\\x00{id}');
    expect(r.code).toBe(0);
    expect(r.out).toBe(
      [
        'scan  start row  stop row',
        '1     \\x00       \\x01',
        '2     \\x01       \\x02',
        '3     \\x02       \\x03',
        '4     \\x03       \\x04',
        'exact: the scans read only matching rows',
        'hbase shell (--table names the table):',
        '  scan "T", {STARTROW => "\\x00", STOPROW => "\\x01"}',
        '  scan "T", {STARTROW => "\\x01", STOPROW => "\\x02"}',
        '  scan "T", {STARTROW => "\\x02", STOPROW => "\\x03"}',
        '  scan "T", {STARTROW => "\\x03", STOPROW => "\\x04"}',
        '',
      ].join('\n'),
    );
  });

  it('--cell-time adds the cell time range', async () => {
    const r = await run('key', 'scan', DEVICE, '--where', '{"deviceId": "d1"}', '--from', '1000', '--to', '2000', '--cell-time', '--json');
    expect(JSON.parse(r.out).timeRange).toEqual({ fromMs: 1000, toMs: 2000 });
  });

  it('an all-0xFF prefix reads to the end of the table', async () => {
    const r = await run('key', 'scan', '\\xFF\\xFF{id}');
    expect(r.out).toContain('\\xFF\\xFF   (end of table)');
  });

  it.each([
    [['--where', '{bad'], /--where is not valid JSON/],
    [['--where', '[1]'], /--where must be a JSON object/],
    [['--where', '{"deviceId": true}'], /--where field "deviceId" is true; give a string or a number/],
    [['--where', '{"device": "d1"}'], /"device" is not read by template/],
    [['--where', '{"deviceId": 9007199254740993}'], /beyond 2\^53 where JSON numbers lose digits; give it as a string/],
    [['--from', '12x'], /--from "12x" is not a time; give epoch milliseconds such as 1717200000000, or ISO 8601/],
    [['--from', '5', '--to', '5'], /--from 5 \(1970-01-01T00:00:00.005Z\) is not below --to 5 \(1970-01-01T00:00:00.005Z\)/],
    // given as ISO 8601, the range is said in both forms: 2024-06-01T00:00:00Z is 1717200000000, a day later 1717286400000
    [['--from', '2024-06-02T00:00:00Z', '--to', '2024-06-01T00:00:00Z'], /^hbase-hotspot: --from 1717286400000 \(2024-06-02T00:00:00Z\) is not below --to 1717200000000 \(2024-06-01T00:00:00Z\): the range is \[from, to\)/],
  ])('refuses %j with exit 2', async (args, message) => {
    const r = await run('key', 'scan', DEVICE, ...args);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(message);
    expect(r.out).toBe('');
  });

  it('refuses a bad template with exit 2', async () => {
    const r = await run('key', 'scan', '{phoenixSalt(300)}{id}');
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/must be between 1 and 256, got 300/);
  });
});
