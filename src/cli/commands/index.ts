import type { CliCommand } from '../program.js';

/**
 * One command of the CLI: the name it is typed as, and how to load the module that registers it. A command's module is
 * loaded only when the command line asks for it (or for every command: help, an unknown name), so `detect` does not
 * pay for loading `migrate`, `serve` or `load`.
 */
export interface CommandEntry {
  /** The name typed on the command line (`hbase-hotspot <name> ...`), as the module registers it. */
  readonly name: string;
  /** Loads the command's module; resolves to what registers the command on the root program. */
  readonly load: () => Promise<CliCommand>;
}

/** Every command of the CLI, in the order `--help` lists them. Each lives in its own file beside this one. */
export const commandEntries: readonly CommandEntry[] = [
  { name: 'simulate', load: async () => (await import('./simulate.js')).simulateCommand },
  { name: 'key', load: async () => (await import('./key.js')).keyCommand },
  { name: 'detect', load: async () => (await import('./detect.js')).detectCommand },
  { name: 'collect', load: async () => (await import('./collect.js')).collectCommand },
  { name: 'load', load: async () => (await import('./load.js')).loadCommand },
  { name: 'lint', load: async () => (await import('./lint.js')).lintCommand },
  { name: 'splits', load: async () => (await import('./splits.js')).splitsCommand },
  { name: 'design', load: async () => (await import('./design.js')).designCommand },
  { name: 'report', load: async () => (await import('./report.js')).reportCommand },
  { name: 'serve', load: async () => (await import('./serve.js')).serveCommand },
  { name: 'fix', load: async () => (await import('./fix.js')).fixCommand },
  { name: 'compare', load: async () => (await import('./compare.js')).compareCommand },
  { name: 'health', load: async () => (await import('./health.js')).healthCommand },
  { name: 'series', load: async () => (await import('./series.js')).seriesCommand },
  { name: 'top', load: async () => (await import('./top.js')).topCommand },
  { name: 'migrate', load: async () => (await import('./migrate.js')).migrateCommand },
  { name: 'lifecycle', load: async () => (await import('./lifecycle.js')).lifecycleCommand },
  { name: 'index', load: async () => (await import('./indexes.js')).indexCommand },
];

/**
 * The commands a command line needs registered: the one its first word names (options before it, which the root
 * program's are, skipped); none when `-V` or `--version` comes before that word (the root program prints the version
 * and stops there); every command when that word names none (no command, `help`, a mistyped name: the help and the
 * "did you mean" list them all). In {@link commandEntries} order.
 * @param argv - the command line without the node and script entries; undefined for every command.
 */
export async function loadCommands(argv?: readonly string[]): Promise<CliCommand[]> {
  const at = argv?.findIndex((arg) => !arg.startsWith('-')) ?? -1;
  const options = argv === undefined ? [] : at < 0 ? argv : argv.slice(0, at);
  if (options.includes('-V') || options.includes('--version')) return [];
  const named = commandEntries.find((entry) => entry.name === argv?.[at]);
  return Promise.all((named ? [named] : commandEntries).map((entry) => entry.load()));
}
