import { describe, expect, it } from 'vitest';
import type { CliIo } from '../../src/cli/io.js';
import { buildProgram, helpCommandLine } from '../../src/cli/program.js';
import { runCapture } from './run-cli.js';

/** Every command with sub-commands, and its sub-commands, in the order they are registered. */
const SUBCOMMANDS: readonly (readonly [string, readonly string[]])[] = [
  ['key', ['encode', 'decode', 'explain', 'scan']],
  ['design', ['suggest']],
  ['fix', ['plan', 'apply', 'balancer']],
  ['series', ['convert']],
  ['migrate', ['plan', 'backfill', 'verify', 'retire']],
  ['lifecycle', ['partitions', 'ttl']],
  ['index', ['check']],
];

const io: CliIo = { stdout: () => undefined, stderr: () => undefined, isTTY: false, readStdin: async () => '', now: () => 0 };

describe('help <command> <sub-command>', () => {
  it('covers every command that has sub-commands', async () => {
    const program = await buildProgram(io);
    const withSubs = program.commands.filter((c) => c.commands.length > 0).map((c) => [c.name(), c.commands.map((s) => s.name())]);
    expect(withSubs).toEqual(SUBCOMMANDS);
  });

  it.each(SUBCOMMANDS.flatMap(([command, subs]) => subs.map((sub) => [command, sub] as const)))('help %s %s shows the sub-command\'s help', async (command, sub) => {
    const help = await runCapture(['help', command, sub]);
    expect([help.code, help.err]).toEqual([0, '']);
    expect(help.out.startsWith(`Usage: hbase-hotspot ${command} ${sub} [options]`)).toBe(true);
    expect(help.out).toBe((await runCapture([command, sub, '--help'])).out);
    expect(help.out).not.toBe((await runCapture(['help', command])).out);
  });

  it('shows fix plan\'s usage, not fix\'s, and keeps root options before help', async () => {
    const plan = await runCapture(['--no-color', 'help', 'fix', 'plan']);
    expect(plan.code).toBe(0);
    expect(plan.out.split('\n')[0]).toBe('Usage: hbase-hotspot fix plan [options] [series]');
    expect((await runCapture(['help', 'fix'])).out.split('\n')[0]).toBe('Usage: hbase-hotspot fix [options] [command]');
    expect(helpCommandLine(await buildProgram(io), ['--no-color', 'help', 'fix', 'plan', 'extra'])).toEqual(['--no-color', 'fix', 'plan', '--help']);
  });

  it('refuses a sub-command the command does not have, with commander\'s suggestion', async () => {
    expect(await runCapture(['help', 'fix', 'plna'])).toEqual({ code: 2, out: '', err: "error: unknown command 'plna'\n(Did you mean plan?)\n" });
  });

  it('leaves help and help <command> to commander', async () => {
    const program = await buildProgram(io);
    for (const argv of [['help'], ['help', 'fix'], ['help', 'detect', 'x'], ['fix', 'help'], ['detect', 'help']]) {
      expect(helpCommandLine(program, argv)).toEqual(argv);
    }
  });

  it('reads <command> help <sub> as help <command> <sub>', async () => {
    expect(helpCommandLine(await buildProgram(io), ['--no-color', 'fix', 'help', 'plan', 'x'])).toEqual(['--no-color', 'fix', 'plan', '--help']);
    const plan = await runCapture(['fix', 'help', 'plan']);
    expect([plan.code, plan.err]).toEqual([0, '']);
    expect(plan.out).toBe((await runCapture(['help', 'fix', 'plan'])).out);
  });

  it('answers help for an unknown command as the unknown command itself, not with the whole help', async () => {
    const program = await buildProgram(io);
    expect(helpCommandLine(program, ['help', 'nonsense', 'plan'])).toEqual(['nonsense']);
    expect(helpCommandLine(program, ['--no-color', 'fix', 'help', 'nosuch'])).toEqual(['--no-color', 'fix', 'nosuch']);
    const unknown = { code: 2, out: '', err: "error: unknown command 'nosuch' (--help shows the usage)\n" };
    expect(await runCapture(['nosuch'])).toEqual(unknown);
    expect(await runCapture(['help', 'nosuch'])).toEqual(unknown);
    expect(await runCapture(['fix', 'help', 'nosuch'])).toEqual(unknown);
    expect(await runCapture(['help', 'fix', 'nosuch'])).toEqual(unknown);
    const misspelt = { code: 2, out: '', err: "error: unknown command 'detecd'\n(Did you mean detect?)\n" };
    expect(await runCapture(['detecd'])).toEqual(misspelt);
    expect(await runCapture(['help', 'detecd'])).toEqual(misspelt);
    expect(await runCapture(['fix', 'help', 'pln'])).toEqual({ code: 2, out: '', err: "error: unknown command 'pln'\n(Did you mean plan?)\n" });
  });
});
