import { Command, CommanderError } from 'commander';
import { isHotspotError } from '../util/errors.js';
import { commands } from './commands/index.js';
import { EXIT_USAGE, exitStatusOf } from './exit.js';
import type { CliIo } from './io.js';
import { packageVersion } from './version.js';

export { EXIT_CLUSTER, EXIT_FINDING, EXIT_INTERRUPTED, EXIT_OK, EXIT_STATUS_BY_CODE, EXIT_USAGE, exitStatusOf } from './exit.js';

/** One CLI command: registers itself (and its sub-commands) on the root program. */
export interface CliCommand {
  register(program: Command, io: CliIo): void;
}

/**
 * Builds the `hbase-hotspot` program with every command registered, writing through `io`.
 * Commands set `process.exitCode` (never call `process.exit`), so tests can run them in-process.
 */
export function buildProgram(io: CliIo): Command {
  const program = new Command('hbase-hotspot')
    .description('HBase rowkey design, pre-splitting, load simulation and hotspot detection')
    .version(packageVersion(), '-V, --version', 'print the version')
    .showHelpAfterError()
    .configureOutput({ writeOut: io.stdout, writeErr: io.stderr })
    .exitOverride();
  for (const command of commands) command.register(program, io);
  return program;
}

/**
 * Runs the CLI on `argv` (without the node and script entries). User errors print one clear line to stderr and
 * set exit status 2, or 3 when the cluster side failed, or the status {@link EXIT_STATUS_BY_CODE} gives (see
 * {@link exitStatusOf}); anything else is a bug and is rethrown with its stack.
 * @returns the exit status.
 */
export async function runCli(argv: readonly string[], io: CliIo): Promise<number> {
  const program = buildProgram(io);
  const before = process.exitCode;
  process.exitCode = 0;
  try {
    await program.parseAsync([...argv], { from: 'user' });
    return Number(process.exitCode ?? 0);
  } catch (err) {
    if (err instanceof CommanderError) return err.exitCode === 0 ? 0 : EXIT_USAGE;
    if (isHotspotError(err)) {
      io.stderr(`hbase-hotspot: ${err.message}\n`);
      return exitStatusOf(err);
    }
    throw err;
  } finally {
    if (before !== undefined && before !== 0) process.exitCode = before;
  }
}
