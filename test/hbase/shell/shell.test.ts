import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  HBaseShellError,
  createTableCommand,
  moveRegionCommand,
  normalizeSplits,
  rubyBytes,
  rubyToBytesBinary,
  runShellCommands,
  runShellCommandsOrThrow,
  splitCommand,
} from '../../../src/hbase/shell/index.js';
import { buildShellScript, parseShellOutput } from '../../../src/hbase/shell/runner.js';

const FAKE = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'fixtures', 'shell', 'fake-hbase-shell.mjs');
const fake = (mode: string) => ({ shellCommand: [process.execPath, FAKE], env: { FAKE_SHELL_MODE: mode } });
const u = (...b: number[]): Uint8Array => Uint8Array.from(b);

describe('Ruby literals', () => {
  it('rubyBytes writes printable ASCII as is and escapes quote, backslash, hash and other bytes', () => {
    expect(rubyBytes(u(0x00, 0x41, 0xff))).toBe('"\\x00A\\xFF"');
    expect(rubyBytes('a"b\\c#{x}')).toBe('"a\\"b\\\\c\\#{x}"');
    expect(rubyBytes('é')).toBe('"\\xC3\\xA9"');
    expect(rubyBytes(new Uint8Array(0))).toBe('""');
  });

  it('rubyToBytesBinary writes the toStringBinary text, backslashes doubled for Ruby', () => {
    // Ruby source "\\x00\\x01" is the 8-character string \x00\x01, which Bytes.toBytesBinary reads as 00 01.
    expect(rubyToBytesBinary(u(0x00, 0x01))).toBe('"\\\\x00\\\\x01"');
    expect(rubyToBytesBinary(u(0xff))).toBe('"\\\\xFF"');
    expect(rubyToBytesBinary(u(0x5c))).toBe('"\\\\x5C"');
    expect(rubyToBytesBinary('a"#')).toBe('"a\\"\\#"');
  });
});

describe('command builders', () => {
  it('create: families with options and sorted, escaped split points', () => {
    expect(
      createTableCommand({
        table: 'ns:t1',
        families: ['d', { name: 'e', versions: 3, ttlSeconds: 86400, compression: 'NONE', bloomFilter: 'ROW', blockCache: false }],
        splits: [u(0xff), 'm', u(0x00, 0x01)],
        regionReplication: 2,
      }),
    ).toBe(
      'create "ns:t1", {NAME => "d"}, {NAME => "e", VERSIONS => 3, TTL => 86400, COMPRESSION => \'NONE\', BLOOMFILTER => \'ROW\', BLOCKCACHE => false}, ' +
        '{SPLITS => ["\\\\x00\\\\x01", "m", "\\\\xFF"], REGION_REPLICATION => 2}',
    );
    expect(createTableCommand({ table: 't', families: ['d'] })).toBe('create "t", {NAME => "d"}');
  });

  it('rejects bad names, options and split points with SHELL_ARGUMENT_INVALID', () => {
    const code = (f: () => unknown): string | undefined => {
      try {
        f();
      } catch (e) {
        return (e as HBaseShellError).code;
      }
      return undefined;
    };
    expect(code(() => createTableCommand({ table: "t'; system('x')", families: ['d'] }))).toBe('SHELL_ARGUMENT_INVALID');
    expect(code(() => createTableCommand({ table: 't', families: [] }))).toBe('SHELL_ARGUMENT_INVALID');
    expect(code(() => createTableCommand({ table: 't', families: ['a:b'] }))).toBe('SHELL_ARGUMENT_INVALID');
    expect(code(() => createTableCommand({ table: 't', families: [{ name: 'd', versions: 0 }] }))).toBe('SHELL_ARGUMENT_INVALID');
    expect(code(() => createTableCommand({ table: 't', families: [{ name: 'd', compression: "x' + y" }] }))).toBe(
      'SHELL_ARGUMENT_INVALID',
    );
    expect(() => normalizeSplits(['a', new Uint8Array(0)])).toThrow(/splits\[1\].*empty/);
    expect(() => normalizeSplits(['b', 'a', u(0x62)])).toThrow(/"b" is given twice/);
    expect(code(() => moveRegionCommand('nothex'))).toBe('SHELL_ARGUMENT_INVALID');
    expect(code(() => moveRegionCommand('0123456789abcdef0123456789abcdef', 'host:1'))).toBe('SHELL_ARGUMENT_INVALID');
  });

  it('split and move pass raw bytes and names', () => {
    expect(splitCommand('t', u(0xff, 0x00))).toBe('split "t", "\\xFF\\x00"');
    expect(splitCommand('t')).toBe('split "t"');
    expect(moveRegionCommand('0123456789abcdef0123456789abcdef', 'localhost,16020,1700000000000')).toBe(
      'move "0123456789abcdef0123456789abcdef", "localhost,16020,1700000000000"',
    );
  });
});

describe('script and output protocol', () => {
  it('encodes each command in base64 and parses markers, ignoring echoed lines', () => {
    const commands = ['list', "create 'x'"];
    const script = buildShellScript(commands, 'HBHabc', false);
    expect(script).toContain(Buffer.from("create 'x'").toString('base64'));
    expect(script.trimEnd().endsWith('exit 0')).toBe(true);
    const b64 = (s: string) => Buffer.from(s).toString('base64');
    const stdout = [
      'hbase:001:0> begin',
      '',
      '<<HBHabc:BEGIN:0>>',
      'TABLE',
      '0 row(s)',
      '',
      `<<HBHabc:OK:0:12:${b64('[]')}>>`,
      '=> nil',
      '',
      '<<HBHabc:BEGIN:1>>',
      '',
      `<<HBHabc:ERROR:1:5:${b64('org.apache.hadoop.hbase.TableExistsException')}:${b64('x')}>>`,
      '<<HBHabc:DONE>>',
    ].join('\n');
    const { results, done } = parseShellOutput(stdout, commands, 'HBHabc');
    expect(done).toBe(true);
    expect(results[0]).toEqual({ index: 0, command: 'list', status: 'ok', output: 'TABLE\n0 row(s)', value: '[]', durationMs: 12 });
    expect(results[1]).toMatchObject({ status: 'error', error: { type: 'org.apache.hadoop.hbase.TableExistsException', message: 'x' } });
  });
});

describe('runShellCommands with a stand-in shell', () => {
  it('reports every command; onError continue runs the rest', async () => {
    const batch = await runShellCommands(['one', 'FAIL two', 'three'], fake('replay'));
    expect(batch.results.map((r) => r.status)).toEqual(['ok', 'error', 'ok']);
    expect(batch.results[1]?.error).toEqual({ type: 'RuntimeError', message: 'Failed: FAIL two\nsecond line' });
    expect(batch.results[0]?.output).toBe('output of one\nTook 0.0100 seconds');
    expect(batch.ok).toBe(false);
  });

  it('onError stop reports the rest as skipped; runShellCommandsOrThrow throws SHELL_COMMAND_FAILED', async () => {
    const batch = await runShellCommands(['one', 'FAIL two', 'three'], { ...fake('replay'), onError: 'stop' });
    expect(batch.results.map((r) => r.status)).toEqual(['ok', 'error', 'skipped']);
    await expect(runShellCommandsOrThrow(['one', 'FAIL two'], fake('replay'))).rejects.toMatchObject({
      code: 'SHELL_COMMAND_FAILED',
      message: expect.stringContaining('command 1 (FAIL two) failed: RuntimeError'),
    });
  });

  it('passes hbaseConf as -D options before -n and the script', async () => {
    await expect(
      runShellCommands(['x'], { ...fake('echo-args'), hbaseConf: { 'hbase.client.retries.number': '3' } }),
    ).rejects.toMatchObject({ code: 'SHELL_EXITED', outputTail: expect.stringContaining('"-Dhbase.client.retries.number=3","-n"') });
  });

  it('throws SHELL_EXITED with the output tail when the shell dies', async () => {
    const err = await runShellCommands(['list'], fake('crash')).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(HBaseShellError);
    expect(err).toMatchObject({ code: 'SHELL_EXITED', outputTail: expect.stringContaining('NoClassDefFoundError') });
  });

  it('throws SHELL_TIMEOUT and kills the shell', async () => {
    await expect(runShellCommands(['list'], { ...fake('sleep'), timeoutMs: 500 })).rejects.toMatchObject({ code: 'SHELL_TIMEOUT' });
  });

  it('throws SHELL_SPAWN_FAILED for a missing command, SHELL_ARGUMENT_INVALID for bad options', async () => {
    await expect(runShellCommands(['list'], { shellCommand: ['/nonexistent/hbase', 'shell'] })).rejects.toMatchObject({
      code: 'SHELL_SPAWN_FAILED',
    });
    await expect(runShellCommands(['list'], { shellCommand: [] })).rejects.toMatchObject({ code: 'SHELL_ARGUMENT_INVALID' });
    await expect(runShellCommands(['list'], { ...fake('replay'), hbaseConf: { 'a b': 'c' } })).rejects.toMatchObject({
      code: 'SHELL_ARGUMENT_INVALID',
    });
    expect(await runShellCommands([])).toMatchObject({ results: [], ok: true });
  });
});
