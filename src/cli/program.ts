import { Command, CommanderError } from 'commander';
import { isHotspotError } from '../util/errors.js';
import { terminalText } from '../util/input-text.js';
import { loadCommands } from './commands/index.js';
import { EXIT_USAGE, exitStatusOf } from './exit.js';
import type { CliIo } from './io.js';
import { packageVersion } from './version.js';

export { EXIT_CLUSTER, EXIT_FINDING, EXIT_INTERRUPTED, EXIT_OK, EXIT_STATUS_BY_CODE, EXIT_USAGE, exitStatusOf } from './exit.js';

/** One CLI command: registers itself (and its sub-commands) on the root program. */
export interface CliCommand {
  register(program: Command, io: CliIo): void;
}

/**
 * Builds the `hbase-hotspot` program writing through `io`, with the commands `argv` needs registered: the one it names,
 * or every command when it names none or is omitted ({@link loadCommands}; a command's module is loaded only then).
 * Commands set `process.exitCode` (never call `process.exit`), so tests can run them in-process.
 * @param argv - the command line the program will parse (without the node and script entries).
 */
export async function buildProgram(io: CliIo, argv?: readonly string[]): Promise<Command> {
  const commands = await loadCommands(argv);
  // The commands' io: the caller's, with --color / --no-color / --no-progress applied before any action runs.
  const cli: CliIo = { ...io };
  const program = new Command('hbase-hotspot')
    .description('HBase rowkey design, pre-splitting, load simulation and hotspot detection')
    .version(packageVersion(), '-V, --version', 'print the version')
    .option('--color', 'colour the output even when it is not a terminal (default: NO_COLOR, FORCE_COLOR, TERM and the terminal decide)')
    .option('--no-color', 'never colour the output')
    .option('--no-progress', 'no progress bar on stderr (default: one whenever stderr is a terminal)')
    // A usage error is answered in one or two lines, never the whole help: commander's message, then its "Did you
    // mean" when it has one, else where the usage is.
    .configureOutput({
      writeOut: io.stdout, writeErr: io.stderr,
      outputError: (text, write) => write(text.trimEnd().includes('\n') ? text : `${text.trimEnd()} (--help shows the usage)\n`),
    })
    .exitOverride()
    .hook('preAction', () => {
      const opts = program.opts<{ color?: boolean; progress?: boolean }>();
      if (opts.color !== undefined) cli.color = opts.color;
      if (opts.progress === false) cli.progress = 'none';
    });
  for (const command of commands) command.register(program, cli);
  return program;
}

/**
 * The command line to parse for `argv`: `help <command> <sub> ...` becomes `<command> <sub> ... --help`, so that it
 * shows the sub-command's help (commander's help command reads only the word after `help`, so `help fix plan` would
 * show `fix`'s); `<command> help <sub> ...` is read the same way. Root options before the first word are kept; words
 * after the deepest command found are dropped (`help fix plan x` is `fix plan --help`). A word after `help` naming no
 * command where one is expected (`help nosuch`, `fix help nosuch`, `help fix nosuch`) is kept without `--help`, so that
 * commander refuses it as the unknown command it is, with its "Did you mean", rather than printing the whole help. Any
 * other line is returned as it is, `help` and `help <command>` among them.
 * @param program - the root program with its commands registered.
 * @param argv - the command line without the node and script entries.
 */
export function helpCommandLine(program: Command, argv: readonly string[]): string[] {
  const at = argv.findIndex((arg) => !arg.startsWith('-'));
  if (at < 0) return [...argv];
  // The commands named before `help`: `fix help plan` asks for the help of `fix plan`, as `help fix plan` does.
  const path: string[] = [];
  let command = program;
  let helpAt = at;
  for (; helpAt < argv.length; helpAt += 1) {
    const word = argv[helpAt] ?? '';
    if (word === 'help' || word.startsWith('-')) break;
    const sub = subCommandNamed(command, word);
    if (sub === undefined) break;
    path.push(word);
    command = sub;
  }
  if (argv[helpAt] !== 'help' || command.commands.length === 0) return [...argv];
  const named = path.length;
  for (const word of argv.slice(helpAt + 1)) {
    if (word.startsWith('-')) break;
    const sub = subCommandNamed(command, word);
    if (sub === undefined) {
      if (command.commands.length > 0) return [...argv.slice(0, at), ...path, word];
      break;
    }
    path.push(word);
    command = sub;
  }
  if (path.length === named) return [...argv];
  return path.length < 2 ? [...argv] : [...argv.slice(0, at), ...path, '--help'];
}

/** The sub-command of `command` that `word` names, by name or alias; undefined when it names none. */
function subCommandNamed(command: Command, word: string): Command | undefined {
  return command.commands.find((c) => c.name() === word || c.aliases().includes(word));
}

/**
 * Runs the CLI on `argv` (without the node and script entries). User errors print one clear line to stderr and
 * set exit status 2, or 3 when the cluster side failed, or the status {@link EXIT_STATUS_BY_CODE} gives (see
 * {@link exitStatusOf}); anything else is a bug and is rethrown with its stack.
 * @returns the exit status.
 */
export async function runCli(argv: readonly string[], io: CliIo): Promise<number> {
  const program = await buildProgram(io, argv);
  const before = process.exitCode;
  process.exitCode = 0;
  try {
    await program.parseAsync(helpCommandLine(program, argv), { from: 'user' });
    return Number(process.exitCode ?? 0);
  } catch (err) {
    if (err instanceof CommanderError) return err.exitCode === 0 ? 0 : EXIT_USAGE;
    if (isHotspotError(err)) {
      // A message may quote input: no control character of it reaches the terminal.
      io.stderr(`hbase-hotspot: ${terminalText(err.message)}\n`);
      return exitStatusOf(err);
    }
    throw err;
  } finally {
    if (before !== undefined && before !== 0) process.exitCode = before;
  }
}
