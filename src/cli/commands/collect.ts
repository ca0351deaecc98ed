/**
 * `hbase-hotspot collect --rest URL --table T [--jmx URL...] --every 10s --for 15m -o series.ndjson`: samples a live
 * table's region counters on a fixed interval into a load-series file (docs/load-series.md), with a progress bar on
 * a terminal. A gateway that stops answering costs gaps, not the run; Ctrl-C ends it with a valid file.
 */
import { rmSync } from 'node:fs';
import cliProgress from 'cli-progress';
import { type CollectEvent, collectSeries, plannedSamples } from '../../sources/index.js';
import { parseDurationMs } from '../../util/duration.js';
import { HotspotError } from '../../util/errors.js';
import { tooFewSnapshots } from '../detect-sources.js';
import type { CliIo } from '../io.js';
import { type LiveFlags, liveSource } from '../live-source.js';
import type { CliCommand } from '../program.js';
import { createSeriesFile, seriesToStdout } from '../series-file.js';

interface CollectFlags extends LiveFlags {
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
    program
      .command('collect')
      .description("sample a live table's region counters on a fixed interval into a load-series file")
      .option('--rest <url>', 'HBase REST gateway, e.g. http://rest-host:8080')
      .option('--table <table>', 'table to sample (ns:name outside the default namespace)')
      .option('--jmx <urls...>', 'read counters from these RegionServer/master info servers (/jmx) instead of REST status')
      .option('--every <duration>', 'sampling interval', '10s')
      .option('--for <duration>', 'how long to sample', '15m')
      .option('--timeout <duration>', 'per-request timeout (default: a third of --every, 1s to 10s)')
      .option('-o, --output <file>', 'load-series NDJSON file to write (an existing file is kept unless --force), - for stdout')
      .option('--force', 'overwrite an existing output file')
      .action(async (flags: CollectFlags) => {
        const { intervalMs, durationMs } = parseSchedule(flags.every, flags.for);
        const source = liveSource(flags, intervalMs);
        if (flags.output === undefined) throw new HotspotError('COLLECT_OUTPUT_REQUIRED', 'name the file to write with -o series.ndjson', { field: '--output' });
        const header = { table: source.table, source: { kind: source.kind, description: source.description, intervalMs } };
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
            file.close();
            closed = true;
            if (!toStdout) rmSync(flags.output, { force: true });
            tooFewSnapshots(0, summary.planned, `"${source.table}" from ${source.description}`, summary.stopped, bar.failure, toStdout ? 'nothing recorded' : `nothing recorded, ${flags.output} removed`);
          }
          const how = summary.stopped ? 'stopped by Ctrl-C after' : 'done:';
          io.stderr(`collect ${how} ${summary.written} snapshot(s) of ${summary.planned} written to ${toStdout ? 'stdout' : flags.output}, ${summary.gaps} gap(s)\n`);
        } finally {
          bar.stop();
          process.off('SIGINT', onSigint);
          if (!closed) file.close();
        }
      });
  },
};
