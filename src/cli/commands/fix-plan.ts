/**
 * `hbase-hotspot fix plan (series.ndjson | --rest URL --table T | --list-regions F... | --status-detailed F... --table T)
 * [--samples keys] [--min-rate req/s] [--json | --format shell]`: the
 * runbook for the detected hotspot (see `src/fix/plan/`).
 */
import type { Command } from 'commander';
import { type ClusterView, DEFAULT_K, detectHotspots, detectTables, isTablesResult, tableAdvice, unambiguousTable } from '../../analysis/detect/index.js';
import { type LoadSeries, focusTable, oneTable, seriesTables } from '../../model/index.js';
import { clusterFromSeries } from '../../fix/balancer/index.js';
import { DEFAULT_MIN_REQUESTS_PER_SEC, type PlanInputs, planFix, renderRunbookShell, renderRunbookText } from '../../fix/plan/index.js';
import { createRestClient } from '../../hbase/rest/index.js';
import { HotspotError } from '../../util/errors.js';
import { decimalNumber, wholeDecimal } from '../decimal.js';
import { type DetectSourceFlags, detectSamples, detectSeriesWhole, samplesFromKeyList, seriesSourceOptions } from '../detect-sources.js';
import { type FailOn, detectFailure, failOnOption, failWith } from '../fail-on.js';
import { type CliIo, printJson } from '../io.js';
import { parseK } from './detect.js';
import { plainTableName } from '../../regions/index.js';

interface FixPlanFlags extends DetectSourceFlags {
  k: string;
  json?: boolean;
  format?: string;
  quota?: string;
  staleReadsOk?: boolean;
  replicas?: string;
  clientRetries?: string;
  clientPause?: string;
  newTable?: string;
  family?: string[];
  buckets?: string;
  failOn?: FailOn;
  minRate: string;
}

function wholeNumber(text: string, flag: string, min: number): number {
  const n = wholeDecimal(text);
  if (n === undefined || n < min) {
    throw new HotspotError('FIX_OPTION_INVALID', `${flag} ${text}: give a whole number ≥ ${min}`, { field: flag });
  }
  return n;
}

function minRate(text: string): number {
  const n = decimalNumber(text);
  if (n === undefined) {
    throw new HotspotError('FIX_OPTION_INVALID', `--min-rate ${text}: give a request rate ≥ 0 in requests per second (default ${DEFAULT_MIN_REQUESTS_PER_SEC})`, { field: '--min-rate' });
  }
  return n;
}

function retrySettings(flags: FixPlanFlags): PlanInputs['clientRetry'] {
  if (flags.clientRetries === undefined && flags.clientPause === undefined) return undefined;
  if (flags.clientRetries === undefined || flags.clientPause === undefined) {
    throw new HotspotError('FIX_OPTION_INVALID', '--client-retries and --client-pause go together (hbase.client.retries.number and hbase.client.pause in ms), e.g. --client-retries 15 --client-pause 100', { field: flags.clientRetries === undefined ? '--client-retries' : '--client-pause' });
  }
  return { retries: wholeNumber(flags.clientRetries, '--client-retries', 0), pauseMs: wholeNumber(flags.clientPause, '--client-pause', 0) };
}

function newTable(flags: FixPlanFlags): PlanInputs['newTable'] {
  if (flags.newTable === undefined) {
    // without the table they describe they would be dropped silently: the runbook would create no salted table
    const stray = flags.buckets !== undefined ? '--buckets' : flags.family && flags.family.length > 0 ? '--family' : undefined;
    if (stray !== undefined) throw new HotspotError('FIX_OPTION_INVALID', `${stray} describes the salted table to create: add --new-table NAME`, { field: stray });
    return undefined;
  }
  if (!flags.family || flags.family.length === 0) {
    throw new HotspotError('FIX_OPTION_INVALID', `--new-table ${flags.newTable} needs its column families: --family d [--family e]`, { field: '--family' });
  }
  if (flags.buckets === undefined) {
    throw new HotspotError('FIX_OPTION_INVALID', `--new-table ${flags.newTable} needs its salt bucket count: --buckets N (2 to 256, one or more per RegionServer)`, { field: '--buckets' });
  }
  return { name: flags.newTable, families: flags.family, buckets: wholeNumber(flags.buckets, '--buckets', 2) };
}

/**
 * The series of the table to plan for, and with several tables the cluster level of their detection (a server hot by
 * the sum of the tables). Without `--table`, the only table with a hotspot or named by a cluster finding is planned for
 * (stderr says so); with none or several the plan would be ambiguous and `--table` is asked for, naming them.
 * @throws {@link HotspotError} `SERIES_TABLE_REQUIRED`, `SERIES_TABLE_UNKNOWN`, and the source's errors.
 */
async function planSeries(file: string | undefined, flags: FixPlanFlags, io: CliIo, k: number): Promise<{ series: LoadSeries; cluster?: ClusterView }> {
  const whole = await detectSeriesWhole(file, flags, io);
  const tables = seriesTables(whole);
  if (tables.length <= 1) return { series: oneTable(whole, flags.table) };
  if (flags.table !== undefined) focusTable(whole, flags.table);
  const all = detectTables(whole, { k });
  if (!isTablesResult(all)) return { series: oneTable(whole, flags.table) };
  const table = flags.table ?? unambiguousTable(all);
  if (table === undefined) {
    throw new HotspotError('SERIES_TABLE_REQUIRED', `the series holds ${tables.length} tables (${tables.join(', ')}) and a runbook is for one: give --table T; ${tableAdvice(all)}`, { field: '--table' });
  }
  if (flags.table === undefined) io.stderr(`planning for table ${table}, the only one with a hotspot or a cluster-level finding (${tables.length} tables in the series)\n`);
  return { series: focusTable(whole, table), cluster: all.cluster };
}

/** Registers `fix plan` on the `fix` command. */
export function registerFixPlan(fix: Command, io: CliIo): void {
  seriesSourceOptions(fix
    .command('plan')
    .description('the runbook for the detected hotspot: ordered steps with why, exact hbase shell commands, checks and undo')
    .argument('[series]', 'load series NDJSON file, - for stdin')
    .option('--samples <file>', 'request rowkeys (NDJSON or one toStringBinary key per line): the traffic median split point')
    .option('--k <factor>', "hot = load above k × the peers' average", String(DEFAULT_K))
    .option('--quota <limit>', 'contain with a table throttle first, e.g. 5000req/sec')
    .option('--stale-reads-ok', 'readers accept slightly stale data (region replicas for a hot read row)')
    .option('--replicas <n>', 'with --stale-reads-ok: region replicas for a hot read row', '2')
    .option('--client-retries <n>', "the clients' hbase.client.retries.number (for the throttle's retry figures)")
    .option('--client-pause <ms>', "the clients' hbase.client.pause, ms")
    .option('--new-table <name>', 'monotonic tail: the salted table to create', plainTableName)
    .option('--family <name...>', 'column families of --new-table')
    .option('--buckets <n>', 'salt buckets of --new-table')
    .option('--min-rate <req/s>', 'propose no step below this table request rate over now (reads + writes per second)', String(DEFAULT_MIN_REQUESTS_PER_SEC))
    .option('--json', 'print the runbook as JSON (the input of fix apply)')
    .option('--format <format>', 'text (default) or shell: an hbase shell script')
    .addOption(failOnOption()))
    .action(async (file: string | undefined, flags: FixPlanFlags, cmd: Command) => {
      // replicas serve a hot read row only to readers that accept stale data: alone, --replicas would be dropped unread
      const replicas = wholeNumber(flags.replicas ?? '2', '--replicas', 1);
      if (cmd.getOptionValueSource('replicas') === 'cli' && !flags.staleReadsOk) {
        throw new HotspotError('FIX_OPTION_INVALID', `--replicas ${flags.replicas ?? ''}: region replicas serve a hot read row only to readers that accept stale data (TIMELINE reads); add --stale-reads-ok, or drop --replicas`, { field: '--replicas' });
      }
      if (flags.format !== undefined && flags.format !== 'text' && flags.format !== 'shell') {
        throw new HotspotError('FIX_OPTION_INVALID', `--format ${flags.format}: give text or shell (or --json)`, { field: '--format' });
      }
      if (flags.json && flags.format !== undefined) {
        throw new HotspotError('FIX_OPTION_INVALID', `--json and --format ${flags.format} are different outputs; choose one`, { field: '--json' });
      }
      const k = parseK(flags.k);
      const { series, cluster } = await planSeries(file, flags, io, k);
      const samples = await detectSamples(flags.samples, series, io);
      const detect = detectHotspots(series, samples ? { k, samples } : { k });
      const servers = flags.rest ? (await createRestClient({ baseUrl: flags.rest }).clusterStatus()).liveServers.map((s) => s.serverName) : undefined;
      const clientRetry = retrySettings(flags);
      const table = newTable(flags);
      const inputs: PlanInputs = {
        detect, placement: clusterFromSeries(series, servers ?? []),
        replicas,
        ...(samples ? { samples, ...(samplesFromKeyList(samples) ? { samplesOpsUnknown: true } : {}) } : {}), ...(servers ? { servers } : {}), ...(clientRetry ? { clientRetry } : {}),
        ...(table ? { newTable: table } : {}), ...(flags.quota !== undefined ? { quotaLimit: flags.quota } : {}),
        ...(flags.staleReadsOk ? { staleReadsOk: true } : {}), ...(cluster ? { cluster } : {}), createdAtMs: io.now(), minRequestsPerSec: minRate(flags.minRate),
      };
      const book = planFix(inputs);
      if (flags.json) printJson(io, book);
      else io.stdout(flags.format === 'shell' ? renderRunbookShell(book) : renderRunbookText(book));
      // the cluster findings that name the planned table (a server hot by the sum of the tables) count as findings too
      const findings = [...(cluster?.findings.filter((f) => f.table === detect.table) ?? []), ...detect.findings];
      if (flags.failOn) failWith(io, flags.failOn, detectFailure({ shape: detect.shape, findings }, flags.failOn));
    });
}
