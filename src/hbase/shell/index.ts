/**
 * `hbase shell` runner: batches of shell commands in one shell process each, with per-command output and status, and
 * builders for the commands this project needs (pre-split `create` with binary split points, `split`, `move`, ...).
 */
export { HBaseShellError, type HBaseShellErrorCode } from './errors.js';
export {
  runShellCommands,
  runShellCommandsOrThrow,
  defaultShellCommand,
  type ShellRunOptions,
  type ShellBatchResult,
  type ShellCommandResult,
  type ShellCommandStatus,
  type ShellCommandFailure,
} from './runner.js';
export {
  createTableCommand,
  disableTableCommand,
  dropTableCommand,
  splitCommand,
  moveRegionCommand,
  isServerName,
  balanceSwitchCommand,
  flushTableCommand,
  normalizeSplits,
  checkTableName,
  type CreateTableSpec,
  type ShellFamilySpec,
} from './commands.js';
export { rubyBytes, rubyToBytesBinary, rubyName } from './ruby.js';
