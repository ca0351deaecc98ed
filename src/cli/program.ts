import { Command, CommanderError } from 'commander';
import { type HotspotError, isHotspotError } from '../util/errors.js';
import { commands } from './commands/index.js';
import type { CliIo } from './io.js';

/** Exit status for input the tool could not accept (bad option, bad file, bad template), and other refusals. */
export const EXIT_USAGE = 2;

/**
 * Errors that end a run with another status than {@link EXIT_USAGE}: a backfill stopped by Ctrl-C exits 130 (the
 * shell convention for SIGINT: resume it), one that copied everything but rejected rows exits 1 (done, with a finding,
 * as `migrate verify` with differences).
 */
export const EXIT_STATUS_BY_CODE: Readonly<Record<string, number>> = { MIGRATE_BACKFILL_ABORTED: 130, MIGRATE_REJECTS: 1 };

/** Exit status when the cluster side failed: the gateway unreachable, timing out or answering 5xx, or the shell failing. */
export const EXIT_CLUSTER = 3;

const CLUSTER_FAILURES = new Set([
  'REST_UNREACHABLE', 'REST_TIMEOUT', 'SHELL_COMMAND_FAILED', 'SHELL_EXITED', 'SHELL_SPAWN_FAILED', 'SHELL_TIMEOUT',
  'NATIVE_CONNECT', 'NATIVE_READ', 'NATIVE_TIMEOUT', 'NATIVE_EXITED',
]);

/** The exit status of a run ended by `err`: {@link EXIT_STATUS_BY_CODE}, {@link EXIT_CLUSTER}, else {@link EXIT_USAGE}. */
export function exitStatusOf(err: HotspotError): number {
  const byCode = EXIT_STATUS_BY_CODE[err.code];
  if (byCode !== undefined) return byCode;
  const status = (err as { status?: unknown }).status;
  if (CLUSTER_FAILURES.has(err.code) || (err.code === 'REST_HTTP' && typeof status === 'number' && status >= 500)) return EXIT_CLUSTER;
  return EXIT_USAGE;
}

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
