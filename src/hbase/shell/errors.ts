import { HotspotError, type HotspotErrorOptions } from '../../util/errors.js';

/**
 * Codes of {@link HBaseShellError}:
 * - `SHELL_ARGUMENT_INVALID`: a command builder or the runner was given bad input (names the input and the fix);
 * - `SHELL_SPAWN_FAILED`: the shell command could not be started (not found, not executable);
 * - `SHELL_TIMEOUT`: the batch ran longer than `timeoutMs`; the process group was killed;
 * - `SHELL_EXITED`: the shell process ended before reporting every command (JVM crash, no cluster, bad options);
 * - `SHELL_COMMAND_FAILED`: from `runShellCommandsOrThrow` only, a command that HBase rejected.
 *
 * With `runShellCommands`, a command that HBase rejects is not thrown: it is a result with `status: 'error'`.
 */
export type HBaseShellErrorCode =
  | 'SHELL_ARGUMENT_INVALID'
  | 'SHELL_SPAWN_FAILED'
  | 'SHELL_TIMEOUT'
  | 'SHELL_EXITED'
  | 'SHELL_COMMAND_FAILED';

/** Error thrown by the shell runner and the command builders. */
export class HBaseShellError extends HotspotError {
  override readonly name: string = 'HBaseShellError';
  /** Stable code, see {@link HBaseShellErrorCode}. */
  declare readonly code: HBaseShellErrorCode;
  /** The last part of the shell's stdout and stderr, when a process ran (for `SHELL_TIMEOUT` and `SHELL_EXITED`). */
  readonly outputTail: string;

  constructor(code: HBaseShellErrorCode, message: string, options: HotspotErrorOptions & { outputTail?: string } = {}) {
    const { outputTail, ...rest } = options;
    super(code, message, rest);
    this.outputTail = outputTail ?? '';
  }
}
