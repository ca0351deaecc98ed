/**
 * Where `detect` gets its load series and key samples: a recorded file (the original form), a live cluster
 * (`--rest`, `--jmx`) sampled `--snapshots` times `--interval` apart, or pasted shell captures (`--list-regions`,
 * `--status-detailed`). Kept beside `commands/detect.ts` so that file stays the command's wiring.
 *
 * @module
 */
import type { Command } from 'commander';
import { detectTables, isTablesResult, tableAdvice } from '../analysis/detect/index.js';
import { type KeySample, type LoadSeries, type LoadSeriesReadOptions, type LoadSnapshot, oneTable, parseKeySamples, parseLoadSeries, readLoadSeriesFile, seriesTables } from '../model/index.js';
import { collectSeries, isNdjsonSamples, parseKeyList, parseTextSeries, readTextInputs, splitCaptures } from '../sources/index.js';
import { parseDurationMs } from '../util/duration.js';
import { HotspotError } from '../util/errors.js';
import { wholeDecimal } from './decimal.js';
import type { CliIo } from './io.js';
import { type LiveFlags, liveSource, nativeOptions, requestTimeoutMs, wantsNative } from './live-source.js';
import { refuseDash, refuseInputAsOutput } from './output-file.js';
import { readTextFile } from './read-text.js';
import { createSeriesFile } from './series-file.js';
import { checkInputText, systemReason, terminalText } from '../util/input-text.js';
import { plainTableName } from '../regions/index.js';

/** The source flags of `detect`, as commander hands them over. */
export interface DetectSourceFlags extends LiveFlags {
  /** `--allow-clock-steps`: drop a backward snapshot of a series file with a warning instead of refusing the file. */
  allowClockSteps?: boolean;
  listRegions?: string[];
  statusDetailed?: string[];
  interval?: string;
  snapshots?: string;
  record?: string;
  force?: boolean;
  /** The command's `--redact`: refused beside `--record`, which would write the real keys. */
  redact?: boolean;
  /** The command's `--samples` file: stdin (`-`) serves the series or the samples, not both. */
  samples?: string;
}

/**
 * Declares the options that say where a command's load series comes from, the same on every command that reads one
 * (`detect`, `fix plan`, `fix balancer`, `report`): a live table (`--rest`, `--jmx`, `--table`, `--interval`,
 * `--snapshots`, `--timeout`), pasted shell captures (`--list-regions`, `--status-detailed`), and `--record` /
 * `--force` to keep what was read or parsed as a load-series file. Resolved by {@link detectSeriesTables}.
 */
export function seriesSourceOptions(command: Command): Command {
  return nativeOptions(command
    .option('--rest <url>', 'read a live table through this HBase REST gateway')
    .option('--table <table>', 'the live table (ns:name outside the default namespace), required with --rest, --zk and --status-detailed; with a series of several tables, the one to analyse', plainTableName)
    .option('--jmx <urls...>', 'with --rest: read counters from these info servers\' /jmx instead of REST status')
    .option('--interval <duration>', `time between live snapshots (default ${DEFAULT_LIVE_INTERVAL}), or between pasted captures without "# at" lines`)
    .option('--snapshots <n>', `live snapshots to take (default ${DEFAULT_LIVE_SNAPSHOTS})`)
    .option('--timeout <duration>', 'live: per-request timeout (default a third of --interval, 1s to 10s)')
    .option('--list-regions <files...>', "pasted `list_regions 'T'` captures, oldest first (- for stdin)")
    .option('--status-detailed <files...>', "pasted `status 'detailed'` captures, oldest first (- for stdin); needs --table")
    .option('--record <file>', 'also write the snapshots read live or parsed from pasted captures to this load-series file (kept unless --force)')
    .option('--force', 'replace an existing file: the --record file, and the command\'s own output file')
    .option('--allow-clock-steps', ALLOW_CLOCK_STEPS_HELP));
}

/** The help of `--allow-clock-steps`, an option of every command reading a load-series file. */
export const ALLOW_CLOCK_STEPS_HELP = 'drop a snapshot of the series file whose time is not after the one before it (a clock stepped back) with a warning, instead of refusing the file';

/** Default `--interval` of a live detect. */
export const DEFAULT_LIVE_INTERVAL = '30s';
/** Default `--snapshots` of a live detect. */
export const DEFAULT_LIVE_SNAPSHOTS = 4;

function intervalMs(flags: DetectSourceFlags): number | undefined {
  if (flags.interval === undefined) return undefined;
  const ms = parseDurationMs(flags.interval, '--interval');
  if (ms <= 0) throw new HotspotError('DURATION_INVALID', `--interval ${flags.interval} must be above 0, e.g. --interval 30s`, { field: '--interval' });
  return ms;
}

function snapshotCount(text: string | undefined): number {
  if (text === undefined) return DEFAULT_LIVE_SNAPSHOTS;
  const n = wholeDecimal(text);
  if (n === undefined || n < 2) {
    throw new HotspotError('DETECT_SNAPSHOTS_INVALID', `--snapshots ${text}: give a whole number ≥ 2 (rates need two snapshots), e.g. --snapshots 4`, { field: '--snapshots' });
  }
  return n;
}

/** Samples a live table `--snapshots` times (recording them to `--record`); Ctrl-C stops early and analyses what was read. */
async function liveSeries(flags: DetectSourceFlags, io: CliIo): Promise<LoadSeries> {
  const every = intervalMs(flags) ?? parseDurationMs(DEFAULT_LIVE_INTERVAL);
  const count = snapshotCount(flags.snapshots);
  const source = liveSource(flags, every);
  const snapshots: LoadSnapshot[] = [];
  const header = { table: source.table, ...(source.metrics ? { metrics: source.metrics } : {}), source: { kind: source.kind, description: source.description, intervalMs: every } };
  const file = flags.record === undefined ? undefined : createSeriesFile(flags.record, header, { ...(flags.force ? { force: true } : {}), field: '--record' });
  const stop = new AbortController();
  const onSigint = (): void => stop.abort(new Error('interrupted'));
  process.once('SIGINT', onSigint);
  io.stderr(`reading ${count} snapshots of "${source.table}" ${every / 1000}s apart from ${source.description} (Ctrl-C analyses what was read)\n`);
  let failure: HotspotError | undefined;
  try {
    await collectSeries({
      source, intervalMs: every, durationMs: (count - 1) * every, signal: stop.signal,
      write: (s) => {
        snapshots.push(s);
        file?.write(s);
      },
      onEvent: (e) => {
        if (e.kind !== 'gap') return;
        if (e.error.code !== 'COLLECT_OVERRUN') failure = e.error;
        io.stderr(`gap: snapshot ${e.index + 1} of ${count}: ${e.error.message}\n`);
      },
    });
  } finally {
    process.off('SIGINT', onSigint);
    await file?.close();
    await source.close?.();
  }
  if (snapshots.length < 2) tooFewSnapshots(snapshots.length, count, `"${source.table}" from ${source.description}`, stop.signal.aborted, failure);
  return { ...header, snapshots };
}

/** Writes a series parsed from pasted captures to `--record`, saying so on stderr. */
async function recordParsed(series: LoadSeries, path: string, force: boolean, io: CliIo): Promise<void> {
  const { snapshots, ...header } = series;
  const file = createSeriesFile(path, header, { force, field: '--record' });
  try {
    for (const snapshot of snapshots) file.write(snapshot);
  } finally {
    await file.close();
  }
  io.stderr(`recorded ${snapshots.length} snapshot(s) of "${series.table}" to ${path}\n`);
}

/**
 * Ends a live read that got fewer than the two snapshots rates need: interrupted (exit 130) when Ctrl-C stopped it,
 * the cluster side failing (exit 3) when samples failed; otherwise returns and the analysis names what is missing.
 * @throws {@link HotspotError} `LIVE_INTERRUPTED`, `LIVE_READ_FAILED`.
 */
export function tooFewSnapshots(read: number, planned: number, what: string, interrupted: boolean, failure: HotspotError | undefined, need = 'rates need two'): void {
  if (interrupted) {
    throw new HotspotError('LIVE_INTERRUPTED', `stopped by Ctrl-C after ${read} of ${planned} snapshot(s) of ${what}; ${need}`);
  }
  if (failure !== undefined) {
    throw new HotspotError('LIVE_READ_FAILED', `read ${read} of ${planned} snapshot(s) of ${what} (${need}); the cluster side failed: ${failure.message}`, { cause: failure });
  }
}

/**
 * The load series a command analyses (`detect`, `report`), from the options of {@link seriesSourceOptions}, focused on
 * `--table` when it is given (a series of several tables then reaches the analysis as the series of that one table);
 * without it a series of several tables comes whole, every table to be judged at once (`detectTables`). Pasted
 * captures and live readings are also written to `--record`.
 * @throws {@link HotspotError} `DETECT_NO_SOURCE` with no source, `DETECT_SOURCES_CONFLICT` with more than one,
 *   `DETECT_STDIN_TWICE` for the series and `--samples` both on stdin, `DETECT_OPTION_CONFLICT` for `--record` with
 *   `--redact` or with a series file, for `--interval` with a series file and for `--snapshots` or `--timeout` with a
 *   series file or pasted captures, for `--interval` with pasted captures that all carry "# at" lines, for `--zk-znode` or `--hbase-classpath` without `--zk` or `--hbase-conf` (which
 *   together are one source, the native client), `DURATION_INVALID` for a bad `--interval` or `--timeout` and
 *   `DETECT_SNAPSHOTS_INVALID` for a bad `--snapshots` whatever the source, `SERIES_FILE_EXISTS` for a `--record` file that exists without `--force`,
 *   `SERIES_TABLE_UNKNOWN` for a `--table` the series does not hold, and the errors of the chosen source.
 */
export async function detectSeriesTables(file: string | undefined, flags: DetectSourceFlags, io: CliIo): Promise<LoadSeries> {
  const series = await sourceSeries(file, flags, io);
  return flags.table === undefined ? series : oneTable(series, flags.table);
}

/**
 * The load series as its source gives it, every table of it, `--table` not applied (the caller focuses it): for a
 * step that needs the other tables' load beside the one it works on (`fix plan`).
 * @throws {@link HotspotError} as {@link detectSeriesTables}, less `SERIES_TABLE_UNKNOWN`.
 */
export async function detectSeriesWhole(file: string | undefined, flags: DetectSourceFlags, io: CliIo): Promise<LoadSeries> {
  return sourceSeries(file, flags, io);
}

/**
 * The load series of a one-table step (`fix balancer`, `compare`): as {@link detectSeriesTables}, but a series of several
 * tables without `--table` is judged first so the refusal can name the table to ask for (see {@link requireOneTable}).
 * @throws {@link HotspotError} as {@link requireOneTable} and {@link detectSeriesTables}.
 */
export async function detectSeriesOne(file: string | undefined, flags: DetectSourceFlags, io: CliIo, k: number): Promise<LoadSeries> {
  return requireOneTable(await detectSeriesTables(file, flags, io), flags.table, k);
}

/**
 * The series of one table: `table`'s when given (`focusTable`), the series itself when it holds one table; a series of
 * several tables without `table` is judged (`detectTables`, hot factor `k`) and refused, naming the table the findings
 * point at.
 * @throws {@link HotspotError} `SERIES_TABLE_REQUIRED` (field `--table`) naming the tables and the one the findings
 *   point at; `SERIES_TABLE_UNKNOWN` for a table the series does not hold.
 */
export function requireOneTable(series: LoadSeries, table: string | undefined, k: number): LoadSeries {
  const tables = seriesTables(series);
  if (table !== undefined || tables.length <= 1) return oneTable(series, table);
  const result = detectTables(series, { k });
  const advice = isTablesResult(result) ? tableAdvice(result) : '';
  throw new HotspotError('SERIES_TABLE_REQUIRED', `the series holds ${tables.length} tables (${tables.join(', ')}) and this step works on one: give --table T; ${advice}`, { field: '--table' });
}

async function sourceSeries(file: string | undefined, flags: DetectSourceFlags, io: CliIo): Promise<LoadSeries> {
  const chosen = [
    file !== undefined && 'a series file',
    flags.rest !== undefined && '--rest',
    // one source, the native client: --zk (and --zk-znode) win over the files of --hbase-conf (docs/native-client.md)
    wantsNative(flags) && (flags.zk !== undefined ? '--zk' : '--hbase-conf'),
    flags.listRegions !== undefined && '--list-regions',
    flags.statusDetailed !== undefined && '--status-detailed',
  ].filter((x): x is string => x !== false);
  // a bad duration is refused whatever the source, before anything is read (and never dropped unread)
  intervalMs(flags);
  if (flags.timeout !== undefined) requestTimeoutMs(flags, 0);
  if (flags.snapshots !== undefined) snapshotCount(flags.snapshots);
  if (chosen.length > 1) {
    throw new HotspotError('DETECT_SOURCES_CONFLICT', `${chosen.join(' and ')} given; analyse one source at a time`);
  }
  refuseNativeOnly(flags);
  const stdinSeries = [file, ...(flags.listRegions ?? []), ...(flags.statusDetailed ?? [])].includes('-');
  if (stdinSeries && flags.samples === '-') {
    throw new HotspotError('DETECT_STDIN_TWICE', 'the series and --samples cannot both be read from stdin (-); give one of them as a file', { field: '--samples' });
  }
  if (flags.redact && flags.record !== undefined) {
    throw new HotspotError('DETECT_OPTION_CONFLICT', '--record writes the readings as they come, real keys included, and --redact asks for none; record without --redact, then share `detect FILE --redact` or `report FILE --redact`', { field: '--record' });
  }
  // stdout carries the analysis: refused before a cluster or capture is read
  if (flags.record !== undefined) refuseDash(flags.record, '--record');
  if (flags.listRegions !== undefined || flags.statusDetailed !== undefined) {
    const kind = flags.listRegions !== undefined ? 'list-regions' : 'status-detailed';
    if (flags.record !== undefined) refuseInputAsOutput(flags.record, [...(flags.listRegions ?? []), ...(flags.statusDetailed ?? []), flags.samples], '--record');
    refuseLiveOnly(flags, kind === 'list-regions' ? 'pasted list_regions captures' : 'pasted status \'detailed\' captures');
    const inputs = await readTextInputs(flags.listRegions ?? flags.statusDetailed ?? [], io.readStdin, io.now);
    const ms = intervalMs(flags);
    // captures that carry their own "# at" times take no --interval: it would only set the spacing gaps are judged by
    if (ms !== undefined && inputs.every((input) => splitCaptures(input.text, input.file).every((c) => c.timeMs !== undefined))) {
      throw new HotspotError('DETECT_OPTION_CONFLICT', `--interval is the time between pasted captures without "# at" lines; every capture given carries one, which times it: drop --interval`, { field: '--interval' });
    }
    const series = parseTextSeries(kind, inputs, { ...(flags.table === undefined ? {} : { table: flags.table }), ...(ms === undefined ? {} : { intervalMs: ms }) });
    if (flags.record !== undefined) await recordParsed(series, flags.record, flags.force === true, io);
    return series;
  }
  if (flags.rest !== undefined || flags.jmx !== undefined || wantsNative(flags)) return liveSeries(flags, io);
  if (file === undefined) {
    throw new HotspotError('DETECT_NO_SOURCE', 'no load given; run `hbase-hotspot detect series.ndjson`, `detect --rest URL --table T`, or `detect --list-regions before.txt after.txt --interval 60s` (docs/live.md)');
  }
  if (flags.interval !== undefined) {
    throw new HotspotError('DETECT_OPTION_CONFLICT', `--interval is the time between live snapshots or between pasted captures; ${file === '-' ? '<stdin>' : file} is a load-series file, whose snapshots carry their own times: drop --interval`, { field: '--interval' });
  }
  if (flags.record !== undefined) {
    throw new HotspotError('DETECT_OPTION_CONFLICT', `--record keeps what is read live or parsed from pasted captures; ${file} is already a load-series file`, { field: '--record' });
  }
  refuseLiveOnly(flags, `the load-series file ${file === '-' ? '<stdin>' : file}`);
  const name = file === '-' ? '<stdin>' : file;
  const read = seriesReadOptions(flags, name, io);
  return requireTwoSnapshots(file === '-' ? parseLoadSeries(checkInputText(await io.readStdin(), name, 'load series'), name, read) : await readLoadSeriesFile(file, read), name);
}

/**
 * Refuses `--zk-znode` and `--hbase-classpath` without the native client (`--zk` or `--hbase-conf`), which alone reads
 * them: beside a series file, pasted captures or `--rest` they would be dropped unread.
 * @throws {@link HotspotError} `DETECT_OPTION_CONFLICT` naming the first of them given.
 */
function refuseNativeOnly(flags: DetectSourceFlags): void {
  if (wantsNative(flags)) return;
  const given = flags.zkZnode !== undefined ? '--zk-znode' : flags.hbaseClasspath !== undefined ? '--hbase-classpath' : undefined;
  if (given === undefined) return;
  throw new HotspotError('DETECT_OPTION_CONFLICT', `${given} configures the native HBase client, which only --zk or --hbase-conf starts: add one of them, or drop ${given}`, { field: given });
}

/**
 * Refuses `--snapshots` and `--timeout`, which only a live read uses, beside `source` (a series file or pasted
 * captures, named as the message says it): dropped unread, they would let the user believe they took effect.
 * @throws {@link HotspotError} `DETECT_OPTION_CONFLICT` naming the first of them given.
 */
function refuseLiveOnly(flags: DetectSourceFlags, source: string): void {
  const given = flags.snapshots !== undefined ? '--snapshots' : flags.timeout !== undefined ? '--timeout' : undefined;
  if (given === undefined) return;
  throw new HotspotError('DETECT_OPTION_CONFLICT', `${given} applies to a live read (--rest, --jmx, --zk), not to ${source}, whose readings are already taken: drop ${given}`, { field: given });
}

/**
 * `series`, read from `file`, when it holds at least two snapshots: rates (and so detection, reports, fix plans and
 * the balancer's costs) need two, as HBase's request counters are cumulative. A series of several tables is checked
 * as a whole here; each table's own count is checked where it is analysed.
 * @throws {@link HotspotError} `SERIES_TOO_SHORT` naming the file, for a series of only its header or one snapshot.
 */
export function requireTwoSnapshots(series: LoadSeries, file: string): LoadSeries {
  const n = series.snapshots.length;
  if (n >= 2) return series;
  throw new HotspotError('SERIES_TOO_SHORT', `the load series holds ${n === 0 ? 'no snapshot, only its header' : 'one snapshot'}; rates need at least two (counters are cumulative): record for longer`, { file });
}

/** `--allow-clock-steps` as reader options: each dropped snapshot is a warning on stderr naming the file and line. */
export function seriesReadOptions(flags: { allowClockSteps?: boolean }, file: string, io: CliIo): LoadSeriesReadOptions {
  return {
    allowClockSteps: flags.allowClockSteps === true,
    onWarning: (w) => io.stderr(terminalText(`${file}:${w.line} (${w.field ?? ''}): warning: ${w.message}\n`)),
  };
}

/** The sample arrays {@link detectSamples} made from plain key lists, whose operations are assumed, not known. */
const KEY_LIST_SAMPLES = new WeakSet<readonly KeySample[]>();

/**
 * True when `samples` came from a plain key list through {@link detectSamples}: every sample is a write by assumption,
 * so their read/write mix says nothing (a key list from a read path is all reads).
 */
export function samplesFromKeyList(samples: readonly KeySample[] | undefined): boolean {
  return samples !== undefined && KEY_LIST_SAMPLES.has(samples);
}

/**
 * Key samples from `--samples`: NDJSON (docs/load-series.md) or one toStringBinary key per line, which is spread
 * over the series' time window and counted as writes (a note on stderr says so).
 * @throws {@link HotspotError} `FILE_READ`, `SAMPLES_MALFORMED`, `KEY_LIST_MALFORMED`.
 */
export async function detectSamples(file: string | undefined, series: LoadSeries, io: CliIo): Promise<KeySample[] | undefined> {
  if (file === undefined) return undefined;
  const name = file === '-' ? '<stdin>' : file;
  // readTextFile checks the text (empty, binary, a byte order mark) and gunzips; stdin is checked here.
  const text = file === '-' ? checkInputText(await io.readStdin(), name, 'samples file') : await readTextFile(file, 'samples file');
  if (isNdjsonSamples(text)) return parseKeySamples(text, name);
  const first = series.snapshots[0]?.timeMs ?? 0;
  const last = series.snapshots.at(-1)?.timeMs ?? first;
  io.stderr(`${name}: plain key list: its keys are taken as writes, in file order, spread over the analysed window\n`);
  const samples = parseKeyList(text, name, first, last);
  KEY_LIST_SAMPLES.add(samples);
  return samples;
}
