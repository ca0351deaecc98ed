import { readFileSync } from 'node:fs';
import { Command } from 'commander';
import { describe, expect, it } from 'vitest';
import { commandEntries, loadCommands } from '../../src/cli/commands/index.js';
import type { CliCommand } from '../../src/cli/program.js';
import type { CliIo } from '../../src/cli/io.js';
import { runCapture } from './run-cli.js';

const io: CliIo = { stdout: () => undefined, stderr: () => undefined, isTTY: false, readStdin: async () => '', now: () => 0 };

/** The top-level command names `commands` register on a fresh root program. */
function registered(commands: readonly CliCommand[]): string[] {
  const program = new Command('hbase-hotspot');
  for (const command of commands) command.register(program, io);
  return program.commands.map((c) => c.name());
}

const ALL = ['simulate', 'key', 'detect', 'collect', 'load', 'lint', 'splits', 'design', 'report', 'serve', 'fix', 'compare', 'health', 'series', 'top', 'migrate', 'lifecycle', 'index'];

describe('the commands a command line loads', () => {
  it('each entry loads the module registering exactly the command of its name, in the order help lists them', async () => {
    expect(commandEntries.map((e) => e.name)).toEqual(ALL);
    for (const entry of commandEntries) expect(registered([await entry.load()])).toEqual([entry.name]);
  }, 30_000);

  it('is the one its first word names, root options before it skipped', async () => {
    expect(registered(await loadCommands(['detect', 'series.ndjson', '--json']))).toEqual(['detect']);
    expect(registered(await loadCommands(['--no-color', '--no-progress', 'migrate', 'plan', '--help']))).toEqual(['migrate']);
    // a later word naming another command is that command's argument, not a second command
    expect(registered(await loadCommands(['key', 'explain', 'fix']))).toEqual(['key']);
  }, 30_000);

  it('is every command when the first word names none: no command, help, a misspelt one', async () => {
    for (const argv of [[], ['--help'], ['help', 'detect'], ['simulat', 'x.yaml'], ['--no-color', 'simulat'], undefined]) {
      expect(registered(await loadCommands(argv))).toEqual(ALL);
    }
  }, 30_000);

  it('is none for the version, which the root program prints before any command runs', async () => {
    for (const argv of [['-V'], ['--no-color', '--version'], ['--version', 'detect']]) expect(await loadCommands(argv)).toEqual([]);
    const version = await runCapture(['--version', 'detect', 'missing.ndjson']);
    expect([version.code, version.out, version.err]).toEqual([0, `${(JSON.parse(readFileSync('package.json', 'utf8')) as { version: string }).version}\n`, '']);
  });

  it('leaves help listing every command', async () => {
    const help = await runCapture(['--help']);
    expect(help.code).toBe(0);
    const listed = [...help.out.matchAll(/^ {2}([a-z]+) /gm)].map((m) => m[1]);
    expect(listed).toEqual([...ALL, 'help']);
  }, 30_000);
});
