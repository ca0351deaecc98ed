/**
 * How the commands that change a cluster (`fix apply`, `migrate retire`, `migrate backfill --source-snapshot`,
 * `lifecycle partitions|ttl`) start the `hbase shell`: `--shell-cmd '<command>'`, else the `HBASE_HOTSPOT_SHELL`
 * environment variable, else `hbase shell` from the PATH. The command is split on blanks; the variable may also hold a
 * JSON array of arguments (for paths with blanks). Never this project's local test cluster unless asked: a command
 * given `--rest` of one cluster must not change another.
 */
import type { Command } from 'commander';
import { runShellCommandsOrThrow } from '../hbase/shell/index.js';
import { HotspotError } from '../util/errors.js';
import type { CliIo } from './io.js';
import { jsonErrorText } from '../util/input-text.js';

/** The environment variable giving the default shell command. */
export const SHELL_COMMAND_ENV = 'HBASE_HOTSPOT_SHELL';

/** Flags carrying the option. */
export interface ShellFlags {
  shellCmd?: string;
}

/** Adds `--shell-cmd` to a command. */
export function shellOption(cmd: Command): Command {
  return cmd.option('--shell-cmd <command>', `how to start the hbase shell, e.g. '/opt/hbase/bin/hbase --config /etc/hbase/conf shell' (default: $${SHELL_COMMAND_ENV}, else 'hbase shell')`);
}

function split(text: string, where: string): string[] {
  const trimmed = text.trim();
  if (trimmed.startsWith('[')) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(trimmed);
    } catch (e) {
      throw new HotspotError('SHELL_COMMAND_INVALID', `${where} starts with "[" but is not a JSON array (${jsonErrorText(e)})`, { field: where });
    }
    if (!Array.isArray(parsed) || parsed.length === 0 || !parsed.every((a) => typeof a === 'string' && a !== '')) {
      throw new HotspotError('SHELL_COMMAND_INVALID', `${where} must be a JSON array of non-empty strings, e.g. ["hbase", "shell"]`, { field: where });
    }
    return parsed as string[];
  }
  const argv = trimmed.split(/\s+/).filter((a) => a !== '');
  if (argv.length === 0) throw new HotspotError('SHELL_COMMAND_INVALID', `${where} is empty; give how to start the hbase shell, e.g. "hbase shell"`, { field: where });
  return argv;
}

/**
 * The argv that starts the hbase shell for this run.
 * @throws HotspotError `SHELL_COMMAND_INVALID` for an empty option or variable, or a malformed JSON array.
 */
export function shellCommandOf(flags: ShellFlags, env: NodeJS.ProcessEnv = process.env): string[] {
  if (flags.shellCmd !== undefined) return split(flags.shellCmd, '--shell-cmd');
  const fromEnv = env[SHELL_COMMAND_ENV];
  if (fromEnv !== undefined && fromEnv.trim() !== '') return split(fromEnv, SHELL_COMMAND_ENV);
  return ['hbase', 'shell'];
}

/**
 * Prints shell commands on stdout; runs them (stopping at the first failure) only with `--yes`, else says it was a dry
 * run; `done` is said on stderr after they ran.
 * @throws the shell runner's `HBaseShellError` when a command fails, and {@link shellCommandOf}'s errors.
 */
export async function printOrRunShell(io: CliIo, commands: readonly string[], flags: ShellFlags & { yes?: boolean }, done: string): Promise<void> {
  if (commands.length === 0) {
    io.stderr('nothing to do\n');
    return;
  }
  io.stdout(`${commands.join('\n')}\n`);
  if (!flags.yes) {
    io.stderr('dry run: pass --yes to run these commands\n');
    return;
  }
  await runShellCommandsOrThrow(commands, { onError: 'stop', shellCommand: shellCommandOf(flags) });
  io.stderr(`${done}\n`);
}
