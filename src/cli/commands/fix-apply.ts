/**
 * `hbase-hotspot fix apply runbook.json [--shell-cmd '<how to run hbase shell>'] [--rest URL] [--yes | --confirm]`:
 * runs a runbook step by step (dry run without `--yes` or `--confirm`), see `src/fix/apply/`. With `--zk` /
 * `--hbase-conf` the regions are read, and (unless `--shell-cmd` is given) the steps run, through the native client.
 */
import { createInterface } from 'node:readline/promises';
import type { Command } from 'commander';
import { toStringBinary } from '../../bytes/index.js';
import { type LiveRegion, applyRunbook, parseRunbook, renderApplyReport } from '../../fix/apply/index.js';
import { runAdminCommands } from '../../hbase/native/admin-steps.js';
import { type RegionLoadReaderProcess, startRegionLoadReader } from '../../hbase/native/reader-process.js';
import { type HBaseRestClient, createRestClient } from '../../hbase/rest/index.js';
import { restReplicas } from '../../sources/rest-source.js';
import { type ShellBatchResult, runShellCommands } from '../../hbase/shell/index.js';
import type { Runbook, RunbookStep } from '../../fix/plan/index.js';
import { formatDurationMs, parseDurationMs } from '../../util/duration.js';
import { EXIT_FINDING, EXIT_USAGE } from '../exit.js';
import { HotspotError } from '../../util/errors.js';
import { type CliIo, printJson } from '../io.js';
import { type LiveFlags, nativeConnectionOf, nativeOptions, wantsNative } from '../live-source.js';
import { readTextFile } from '../read-text.js';
import { shellCommandOf, shellOption } from '../shell-option.js';

interface FixApplyFlags extends LiveFlags {
  shellCmd?: string;
  rest?: string;
  yes?: boolean;
  confirm?: boolean;
  json?: boolean;
  waitTimeout: string;
  poll: string;
  maxAge: string;
  force?: boolean;
}

/** Default `--max-age`: a runbook older than this describes a cluster that may have changed. */
export const DEFAULT_MAX_AGE = '1h';

/**
 * Refuses to run a runbook older than `--max-age`, one planned further ahead of this machine's clock than that, or one
 * without its creation time, unless `--force`.
 * @throws HotspotError `FIX_RUNBOOK_STALE` (exit 2), `DURATION_INVALID` for a bad `--max-age`.
 */
function checkAge(io: CliIo, book: Runbook, file: string, flags: FixApplyFlags): void {
  const maxAgeMs = parseDurationMs(flags.maxAge, '--max-age');
  // createdAtMs is the one source of the time: parseRunbook refused a createdAt that disagrees with it
  const ageMs = book.createdAtMs === undefined ? undefined : io.now() - book.createdAtMs;
  const at = new Date(book.createdAtMs ?? 0).toISOString();
  // a creation time ahead of this clock by more than --max-age (the planning machine's clock ahead, or an edited
  // time) would keep the runbook fresh for as long: its age cannot be told
  const why = ageMs === undefined
    ? 'carries no creation time (planned by an earlier version)'
    : ageMs > maxAgeMs ? `was planned at ${at}, ${formatDurationMs(ageMs)} ago, more than --max-age ${flags.maxAge}`
      : -ageMs > maxAgeMs ? `was planned at ${at}, ${formatDurationMs(-ageMs)} after this machine's clock, more than --max-age ${flags.maxAge}: its age cannot be told` : undefined;
  if (why === undefined) return;
  if (!flags.force) throw new HotspotError('FIX_RUNBOOK_STALE', `${why}: the cluster may have changed since; plan again (fix plan --json), or --force to run it anyway`, { file, field: '--max-age' });
  io.stderr(`--force: running a runbook that ${why}; region checks skipped\n`);
}

/**
 * The `--confirm` question before each step, read from `input` (a line `y` or `yes` runs the step), asked on `output`.
 * Input at its end (no terminal, a closed pipe) answers no, so the step is declined and the run stops with its
 * account rather than waiting for an answer that cannot come. `close` ends the reading.
 */
export function askBeforeEachStep(input: NodeJS.ReadableStream, output: NodeJS.WritableStream): {
  confirm: (step: RunbookStep, commands: readonly string[]) => Promise<boolean>;
  close: () => void;
} {
  const prompt = createInterface({ input, output });
  const ended = new Promise<string>((resolve) => prompt.once('close', () => resolve('')));
  return {
    confirm: async (step, commands) => /^y(es)?$/i.test((await Promise.race([prompt.question(`step ${step.number}: ${step.title}\n  ${commands.join('\n  ')}\nrun it? [y/N] `), ended])).trim()),
    close: () => prompt.close(),
  };
}

/** Registers `fix apply` on the `fix` command. */
export function registerFixApply(fix: Command, io: CliIo): void {
  const cmd = fix
    .command('apply')
    .description('run a runbook (fix plan --json) step by step through the hbase shell; a dry run unless --yes or --confirm')
    .argument('<runbook>', 'runbook JSON file')
    .option('--rest <url>', 'REST gateway to read the table\'s regions (waits for daughters and moves; encoded names of daughters); or --zk / --hbase-conf')
    .option('--yes', 'run every step without asking')
    .option('--confirm', 'ask before each step')
    .option('--json', 'print the account as JSON')
    .option('--wait-timeout <duration>', 'longest wait for a step\'s effect', '120s')
    .option('--poll <duration>', 'poll period while waiting', '2s')
    .option('--max-age <duration>', 'refuse to run a runbook planned longer ago than this', DEFAULT_MAX_AGE)
    .option('--force', 'run a runbook older than --max-age, and skip the check that each split\'s region is still where the plan saw it');
  shellOption(nativeOptions(cmd));
  cmd.action(async (file: string, flags: FixApplyFlags) => {
      if (flags.yes && flags.confirm) throw new HotspotError('FIX_OPTION_INVALID', '--yes and --confirm exclude each other: --yes runs every step, --confirm asks before each', { field: '--confirm' });
      const book = parseRunbook(await readTextFile(file, 'runbook'), file);
      const execute = Boolean(flags.yes || flags.confirm);
      if (execute) checkAge(io, book, file, flags);
      const shellCommand = shellCommandOf(flags);
      if (flags.rest !== undefined && wantsNative(flags)) {
        throw new HotspotError('LIVE_SOURCES_CONFLICT', 'give --rest or the native client (--zk / --hbase-conf), not both, to read the table\'s regions', { field: '--rest' });
      }
      const rest = flags.rest ? createRestClient({ baseUrl: flags.rest }) : undefined;
      const native = wantsNative(flags) ? nativeRegions(flags) : undefined;
      const regions = rest ? (table: string) => restLiveRegions(rest, table) : native?.regions;
      const prompt = flags.confirm ? askBeforeEachStep(process.stdin, process.stderr) : undefined;
      try {
        const report = await applyRunbook(book, {
          execute, checkRegions: !flags.force,
          // With the native client and no --shell-cmd, the steps run through the Admin API: no hbase shell needed.
          runShell: native && flags.shellCmd === undefined ? native.admin : (commands) => runShellCommands(commands, { onError: 'stop', shellCommand }),
          log: (line) => io.stderr(line),
          waitTimeoutMs: parseDurationMs(flags.waitTimeout, '--wait-timeout'),
          pollMs: parseDurationMs(flags.poll, '--poll'),
          ...(regions ? { regions } : {}),
          ...(prompt ? { confirm: prompt.confirm } : {}),
        });
        if (flags.json) printJson(io, report);
        else io.stdout(renderApplyReport(report));
        // A refused step is state the tool refused (exit 2); a failed one is done with a finding (exit 1).
        if (!report.ok) process.exitCode = report.steps.some((s) => s.outcome === 'refused') ? EXIT_USAGE : EXIT_FINDING;
      } finally {
        prompt?.close();
        await native?.close();
      }
    });
}

/**
 * The table's regions through the REST gateway: `/<table>/regions` (each region once, under its primary's name), and
 * a replicated table's secondary replicas from `/status/cluster`, where each has its own name (with `replicaId`).
 * @throws what the REST client throws (`REST_*` codes naming the URL).
 */
export async function restLiveRegions(rest: HBaseRestClient, table: string): Promise<LiveRegion[]> {
  const primaries = (await rest.tableRegions(table)).regions.map((r): LiveRegion => ({
    encodedName: r.encodedName ?? '', startKey: toStringBinary(r.startKey), location: r.location,
  }));
  const replicas = [...restReplicas(await rest.clusterStatus(), table)].map(([encodedName, { replica, server }]): LiveRegion => ({
    encodedName, startKey: toStringBinary(replica.startKey), location: server, replicaId: replica.replicaId,
  }));
  return [...primaries, ...replicas];
}

/**
 * The table's regions through the native client (`--zk` / `--hbase-conf`): one JVM reader per table, started on the
 * first look; and the steps' commands through its Admin API (`move`, `split`, `balance_switch`), one more JVM started
 * on the first step. `close` ends them all.
 */
function nativeRegions(flags: FixApplyFlags): {
  regions: (table: string) => Promise<LiveRegion[]>;
  admin: (commands: readonly string[]) => Promise<ShellBatchResult>;
  close: () => Promise<void>;
} {
  const readers = new Map<string, Promise<RegionLoadReaderProcess>>();
  let adminReader: Promise<RegionLoadReaderProcess> | undefined;
  const reader = (table: string): Promise<RegionLoadReaderProcess> => {
    let r = readers.get(table);
    if (!r) {
      r = startRegionLoadReader({ table, ...nativeConnectionOf(flags) });
      readers.set(table, r);
    }
    return r;
  };
  return {
    regions: async (table) => (await (await reader(table)).read()).directory.map((d) => ({
      encodedName: d.encodedName, startKey: toStringBinary(d.startKey), location: d.server,
      ...(d.replicaId !== undefined ? { replicaId: d.replicaId } : {}),
    })),
    admin: async (commands) => {
      adminReader ??= startRegionLoadReader(nativeConnectionOf(flags));
      return runAdminCommands(await adminReader, commands);
    },
    close: async () => {
      await Promise.all([...readers.values(), ...(adminReader ? [adminReader] : [])].map(async (r) => (await r.catch(() => undefined))?.close()));
    },
  };
}
