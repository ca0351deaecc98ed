/**
 * `hbase-hotspot collect --rest URL --table T [T2...] [--jmx URL...] --every 10s --for 15m -o series.ndjson[.gz]`:
 * samples one or several live tables' region counters on a fixed interval into a load-series file (format version 2,
 * gzip for a `.gz` name; docs/load-series.md), with a progress bar on a terminal. A gateway that stops answering costs gaps, not the run; Ctrl-C ends it with a valid file.
 */
import { rmSync } from 'node:fs';
import cliProgress from 'cli-progress';
import { type CollectEvent, collectSeries, multiTableSource, plannedSamples } from '../../sources/index.js';
import { parseDurationMs } from '../../util/duration.js';
import { HotspotError } from '../../util/errors.js';
import { tooFewSnapshots } from '../detect-sources.js';
import type { CliIo } from '../io.js';
import { type LiveFlags, liveSource, nativeOptions } from '../live-source.js';
import type { CliCommand } from '../program.js';
import { createSeriesFile, seriesToStdout } from '../series-file.js';
import { plainTableName } from '../../regions/index.js';

interface CollectFlags extends Omit<LiveFlags, 'table'> {
  /** One table or several (`--table a b`, or `--table a --table b`): a series of several tables. */
  table?: string[];
  every: string;
  for: string;
  output?: string;
  force?: boolean;
}

/**
 * Parses `--every` / `--for`.
 * @throws {@link HotspotError} `DURATION_INVALID` (bad text, or an interval of 0).
 */
export function parseSchedule(every: string, span: string): { intervalMs: number; durationMs: number } {
  const intervalMs = parseDurationMs(every, '--every');
  if (intervalMs <= 0) throw new HotspotError('DURATION_INVALID', `--every ${every} must be above 0, e.g. --every 10s`, { field: '--every' });
  return { intervalMs, durationMs: parseDurationMs(span, '--for') };
}

/** Reports progress: a bar on a terminal's stderr, otherwise one line per gap; keeps the last failure a gap met. */
function progress(io: CliIo, total: number): { onEvent: (e: CollectEvent) => void; stop: () => void; readonly failure: HotspotError | undefined } {
  const bar = io.progress === 'bar'
    ? new cliProgress.SingleBar({ stream: process.stderr, format: 'collect [{bar}] {value}/{total} samples | gaps {gaps}', hideCursor: true }, cliProgress.Presets.shades_classic)
    : undefined;
  let gaps = 0;
  let failure: HotspotError | undefined;
  bar?.start(total, 0, { gaps });
  return {
    get failure() {
      return failure;
    },
    onEvent: (e) => {
      if (e.kind === 'gap') {
        gaps++;
        if (e.error.code !== 'COLLECT_OVERRUN') failure = e.error;
        if (!bar) io.stderr(`gap: sample ${e.index + 1} of ${total} at ${new Date(e.scheduledMs).toISOString()}: ${e.error.message}\n`);
      }
      bar?.update(e.index + 1, { gaps });
    },
    stop: () => bar?.stop(),
  };
}

/** The `collect` command. */
export const collectCommand: CliCommand = {
  register(program, io) {
    nativeOptions(program
      .command('collect')
      .description("sample a live table's region counters on a fixed interval into a load-series file")
      .option('--rest <url>', 'HBase REST gateway, e.g. http://rest-host:8080')
      .option('--table <tables...>', 'table(s) to sample (ns:name outside the default namespace); several make one series of several tables')
      .option('--jmx <urls...>', 'read counters from these RegionServer/master info servers (/jmx) instead of REST status')
      .option('--every <duration>', 'sampling interval', '10s')
      .option('--for <duration>', 'how long to sample', '15m')
      .option('--timeout <duration>', 'per-request timeout (default: a third of --every, 1s to 10s)')
      .option('-o, --output <file>', 'load-series NDJSON file to write, format version 2, gzip when it ends in .gz (an existing file is kept unless --force), - for stdout')
      .option('--force', 'overwrite an existing output file'))
      .action(async (flags: CollectFlags) => {
        const { intervalMs, durationMs } = parseSchedule(flags.every, flags.for);
        const tables = (flags.table ?? []).map(plainTableName);
        if (new Set(tables).size !== tables.length) throw new HotspotError('COLLECT_TABLE_TWICE', `--table ${tables.join(' ')}: a table is given twice`, { field: '--table' });
        const { table: _tables, ...live } = flags;
        const sources = tables.length === 0 ? [liveSource(live, intervalMs)] : tables.map((table) => liveSource({ ...live, table }, intervalMs));
        const source = multiTableSource(sources);
        if (flags.output === undefined) throw new HotspotError('COLLECT_OUTPUT_REQUIRED', 'name the file to write with -o series.ndjson', { field: '--output' });
        const header = {
          table: source.table, ...(tables.length > 1 ? { tables } : {}), ...(source.metrics ? { metrics: source.metrics } : {}),
          source: { kind: source.kind, description: source.description, intervalMs },
        };
        const toStdout = flags.output === '-';
        const file = toStdout ? seriesToStdout(header, io.stdout) : createSeriesFile(flags.output, header, { ...(flags.force ? { force: true } : {}), field: '--output' });
        const stop = new AbortController();
        const onSigint = (): void => stop.abort(new Error('interrupted'));
        process.once('SIGINT', onSigint);
        const bar = progress(io, plannedSamples(intervalMs, durationMs));
        let closed = false;
        try {
          const summary = await collectSeries({ source, intervalMs, durationMs, write: (snap) => file.write(snap), signal: stop.signal, onEvent: bar.onEvent }).catch((err: unknown) => {
            bar.stop();
            io.stderr(`collect stopped: ${file.written} snapshot(s) kept in ${toStdout ? 'stdout' : flags.output}\n`);
            throw err;
          });
          bar.stop();
          if (summary.written === 0) {
            // A recording of no snapshot is no recording: a live read that got nothing is a failure (exit 3, or 130
            // when Ctrl-C stopped it first), and the empty file would only block the next run.
            await file.close();
            closed = true;
            if (!toStdout) rmSync(flags.output, { force: true });
            tooFewSnapshots(0, summary.planned, `"${source.table}" from ${source.description}`, summary.stopped, bar.failure, toStdout ? 'nothing recorded' : `nothing recorded, ${flags.output} removed`);
          }
          const how = summary.stopped ? 'stopped by Ctrl-C after' : 'done:';
          io.stderr(`collect ${how} ${summary.written} snapshot(s) of ${summary.planned} written to ${toStdout ? 'stdout' : flags.output}, ${summary.gaps} gap(s)\n`);
        } finally {
          bar.stop();
          process.off('SIGINT', onSigint);
          if (!closed) await file.close();
          await source.close?.();
        }
      });
  },
};
