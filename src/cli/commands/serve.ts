/**
 * `hbase-hotspot serve [SERIES] [--zk QUORUM | --rest URL --table T] [--host 127.0.0.1] [--port 8321] [--interval S]
 * [--token T] [--samples keys.ndjson]`: the report as a live page. Given a series file it follows the file as it grows (`collect -o f & serve
 * f`); otherwise it reads the cluster itself every `--interval`, as `collect` does. Each new snapshot reaches open
 * pages by server-sent events with the findings refreshed. Read only; a `--token` is required off the loopback
 * interface. Ctrl-C or SIGTERM stops it (exit 0).
 */
import { DEFAULT_K } from '../../analysis/detect/index.js';
import { sleep } from '../../hbase/rest/retry.js';
import type { KeySample, LoadSeries, LoadSnapshot } from '../../model/index.js';
import { liveView } from '../../report/html/live.js';
import { collectSeries, multiTableSource } from '../../sources/index.js';
import { parseDurationMs } from '../../util/duration.js';
import { HotspotError, isHotspotError } from '../../util/errors.js';
import { wholeDecimal } from '../decimal.js';
import type { CliIo } from '../io.js';
import { type LiveFlags, liveSource, nativeOptions, wantsNative } from '../live-source.js';
import type { CliCommand } from '../program.js';
import { KeySamplesFollower, SeriesFollower } from '../series-follow.js';
import { ALLOW_CLOCK_STEPS_HELP, seriesReadOptions } from '../detect-sources.js';
import { DEFAULT_SERVE_PORT, type LiveServer, isLoopback, startLiveServer } from '../serve-http.js';
import { parseK } from './detect.js';
import { plainTableName } from '../../regions/index.js';

interface ServeFlags extends Omit<LiveFlags, 'table'> {
  table?: string[];
  samples?: string;
  host: string;
  port: string;
  interval?: string;
  token?: string;
  k?: string;
  allowClockSteps?: boolean;
}

/** The options `serve` checks before it listens, parsed. */
export interface ServeOptions {
  readonly host: string;
  readonly port: number;
  readonly intervalMs: number;
  readonly token?: string;
  readonly k: number;
}

/** How often a series file is checked for new lines, and the cluster read, without `--interval`. */
const DEFAULT_FILE_INTERVAL = '1s';
const DEFAULT_CLUSTER_INTERVAL = '10s';

/**
 * Checks `serve`'s options against each other and the input.
 * @throws {@link HotspotError} `SERVE_INPUT_REQUIRED` (no file and no cluster), `SERVE_INPUT_CONFLICT` (a file and
 *   cluster options), `SERVE_STDIN` (`-`), `SERVE_PORT_INVALID`, `DURATION_INVALID`, `SERVE_TOKEN_INVALID` (empty),
 *   `SERVE_TOKEN_REQUIRED` (a `--host` off the loopback interface without `--token`), `DETECT_K_INVALID`.
 */
export function parseServeOptions(file: string | undefined, flags: ServeFlags): ServeOptions {
  const cluster = [flags.rest !== undefined && '--rest', flags.zk !== undefined && '--zk', flags.hbaseConf !== undefined && '--hbase-conf', flags.jmx?.length && '--jmx', flags.table?.length && '--table'].find(Boolean);
  if (file === '-') throw new HotspotError('SERVE_STDIN', 'serve follows a file as it grows, not standard input: record to a file (collect -o series.ndjson) and serve that file', { field: 'SERIES' });
  if (file !== undefined && cluster) {
    throw new HotspotError('SERVE_INPUT_CONFLICT', `${cluster} given with the series file ${file}: serve follows the file, or reads the cluster itself; give one of them`, { field: cluster });
  }
  if (file === undefined && !cluster) {
    throw new HotspotError('SERVE_INPUT_REQUIRED', 'give a series file to follow (e.g. one collect -o is writing), or the cluster to read: --zk QUORUM --table T, or --rest URL --table T', { field: 'SERIES' });
  }
  const port = wholeDecimal(flags.port);
  if (port === undefined || port > 65_535) {
    throw new HotspotError('SERVE_PORT_INVALID', `--port ${flags.port} is not a TCP port; give 1 to 65535, or 0 for a free one (default ${DEFAULT_SERVE_PORT})`, { field: '--port' });
  }
  const every = flags.interval ?? (file !== undefined ? DEFAULT_FILE_INTERVAL : DEFAULT_CLUSTER_INTERVAL);
  const intervalMs = parseDurationMs(every, '--interval');
  if (intervalMs <= 0) throw new HotspotError('DURATION_INVALID', `--interval ${every} must be above 0, e.g. --interval 5s`, { field: '--interval' });
  const host = flags.host.trim();
  if (host === '') throw new HotspotError('SERVE_HOST_INVALID', '--host is empty; give an address to listen on, e.g. --host 127.0.0.1', { field: '--host' });
  if (flags.token !== undefined && flags.token.trim() === '') throw new HotspotError('SERVE_TOKEN_INVALID', '--token is empty; give a secret the page\'s address will carry', { field: '--token' });
  if (!isLoopback(host) && flags.token === undefined) {
    throw new HotspotError('SERVE_TOKEN_REQUIRED', `--host ${host} is not a loopback address, so other machines can reach the page: give --token SECRET (requests without it get 401), or serve on --host 127.0.0.1`, { field: '--token' });
  }
  return { host, port, intervalMs, k: parseK(flags.k ?? String(DEFAULT_K)), ...(flags.token === undefined ? {} : { token: flags.token }) };
}

/** What `serve` has read and publishes: the series so far and, with `--samples`, the key samples so far. */
interface Publisher {
  /** Takes the series read so far and publishes its view. */
  series(series: LoadSeries): void;
  /** Reads what the key-sample file gained (a file that turns bad is a problem, then no longer read); true when it changed. */
  pollSamples(): boolean;
  /** Publishes the view of what was read. */
  publish(): void;
}

/** Publishes the view of each series read; a series the report cannot take is a problem on the page and stderr. */
function publisher(io: CliIo, server: LiveServer, source: string, opts: ServeOptions, samplesFile: string | undefined): Publisher {
  let version = 0;
  let current: LoadSeries | undefined;
  let samples: KeySample[] | undefined;
  let sampler = samplesFile === undefined ? undefined : new KeySamplesFollower(samplesFile);
  const trouble = (message: string): void => {
    io.stderr(`serve: ${message}\n`);
    server.problem(message);
  };
  const self: Publisher = {
    series(series) {
      current = series;
      self.publish();
    },
    pollSamples() {
      if (!sampler) return false;
      try {
        const update = sampler.poll();
        if (update) samples = update.series;
        return update !== undefined;
      } catch (err) {
        if (!isHotspotError(err)) throw err;
        sampler = undefined;
        trouble(`stopped reading the key samples (the page keeps those read before): ${err.message}`);
        return false;
      }
    },
    publish() {
      if (!current) return;
      try {
        const view = liveView(current, { source, intervalMs: opts.intervalMs, version: ++version }, { k: opts.k, ...(samples?.length ? { samples } : {}) });
        server.publish(view.update, view.page);
      } catch (err) {
        if (!isHotspotError(err)) throw err;
        trouble(err.message);
      }
    },
  };
  return self;
}

/** Follows `file` (and the key samples) until `signal` fires; a file that turns bad stops the following, not the page. */
async function followFile(io: CliIo, follower: SeriesFollower, out: Publisher, server: LiveServer, intervalMs: number, signal: AbortSignal): Promise<void> {
  let following = true;
  while (!signal.aborted) {
    try {
      await sleep(intervalMs, signal);
    } catch {
      return;
    }
    let update;
    try {
      update = following ? follower.poll() : undefined;
    } catch (err) {
      if (!isHotspotError(err)) throw err;
      const message = `stopped following (the page keeps what was read before): ${err.message}`;
      io.stderr(`serve: ${message}\n`);
      server.problem(message);
      following = false;
    }
    if (update?.reset) io.stderr(`serve: ${follower.path} shrank; read again from its start\n`);
    const samplesChanged = out.pollSamples();
    if (update) out.series(update.series);
    else if (samplesChanged) out.publish();
  }
}

/** The `serve` command. */
export const serveCommand: CliCommand = {
  register(program, io) {
    nativeOptions(program
      .command('serve')
      .description('serve the report as a live page: follows a growing series file, or reads the cluster, and pushes each snapshot to the page')
      .argument('[series]', 'load-series file to follow as it grows (plain NDJSON, e.g. the one collect -o is writing); or the cluster options below')
      .option('--rest <url>', 'read the cluster through this HBase REST gateway, e.g. http://rest-host:8080')
      .option('--table <tables...>', 'with --rest / --zk: table(s) to read (ns:name outside the default namespace)')
      .option('--jmx <urls...>', 'with --rest: read counters from these info servers\' /jmx instead of REST status')
      .option('--timeout <duration>', 'with a cluster: per-request timeout (default a third of --interval, 1s to 10s)')
      .option('--host <address>', 'interface to listen on; off the loopback interface --token is required', '127.0.0.1')
      .option('--port <n>', `TCP port, 0 for a free one (default ${DEFAULT_SERVE_PORT})`, String(DEFAULT_SERVE_PORT))
      .option('--interval <duration>', `how often to check the file for new snapshots (default ${DEFAULT_FILE_INTERVAL}) or read the cluster (default ${DEFAULT_CLUSTER_INTERVAL})`)
      .option('--token <secret>', 'require this secret on every request (?token= in the address, or Authorization: Bearer)')
      .option('--samples <file>', 'key samples (NDJSON, plain text), followed as they grow too: the heatmap places each region\'s rate where its sampled keys fell')
      .option('--k <factor>', `hot = load above k × the peers' average (default ${DEFAULT_K})`)
      .option('--allow-clock-steps', ALLOW_CLOCK_STEPS_HELP))
      .action(async (file: string | undefined, flags: ServeFlags) => {
        const opts = parseServeOptions(file, flags);
        const tables = (flags.table ?? []).map(plainTableName);
        const { table: _tables, ...live } = flags;
        const source = file === undefined
          ? multiTableSource(tables.length === 0 ? [liveSource(live, opts.intervalMs)] : tables.map((table) => liveSource({ ...live, table }, opts.intervalMs)))
          : undefined;
        const follower = file === undefined ? undefined : new SeriesFollower(file, seriesReadOptions(flags, file, io));
        // the file's first reading before listening: a gzip or malformed file is refused at once (exit 2)
        const first = follower?.poll();
        const stop = new AbortController();
        const onSignal = (): void => stop.abort(new Error('interrupted'));
        process.once('SIGINT', onSignal);
        process.once('SIGTERM', onSignal);
        let server: LiveServer | undefined;
        try {
          server = await startLiveServer({ host: opts.host, port: opts.port, ...(opts.token === undefined ? {} : { token: opts.token }) });
          const what = file ?? `"${source?.table}" from ${source?.description}`;
          const out = publisher(io, server, file ?? source?.description ?? '', opts, flags.samples);
          out.pollSamples();
          io.stdout(`${server.url}\n`);
          if (follower) {
            const read = first?.series ?? follower.current();
            if (!read) io.stderr(`serve: ${file} is empty or not there yet; waiting for it\n`);
            out.series(read ?? { table: '', source: { kind: 'recorded' }, snapshots: [] });
            io.stderr(`serve: following ${what}, checked every ${opts.intervalMs / 1000} s; Ctrl-C stops\n`);
            await followFile(io, follower, out, server, opts.intervalMs, stop.signal);
          } else if (source) {
            io.stderr(`serve: reading ${what} every ${opts.intervalMs / 1000} s${wantsNative(live) ? ' (the native client starts first)' : ''}; Ctrl-C stops\n`);
            const snapshots: LoadSnapshot[] = [];
            const header = { table: source.table, ...(tables.length > 1 ? { tables } : {}), ...(source.metrics ? { metrics: source.metrics } : {}), source: { kind: source.kind, description: source.description, intervalMs: opts.intervalMs } };
            out.series({ ...header, snapshots: [] });
            await collectSeries({
              source, intervalMs: opts.intervalMs, durationMs: Number.MAX_SAFE_INTEGER, signal: stop.signal,
              write: (snapshot) => {
                snapshots.push(snapshot);
                out.pollSamples();
                out.series({ ...header, snapshots: [...snapshots] });
              },
              onEvent: (e) => {
                if (e.kind !== 'gap') return;
                io.stderr(`serve: gap at ${new Date(e.scheduledMs).toISOString()}: ${e.error.message}\n`);
                server?.problem(`no snapshot at ${new Date(e.scheduledMs).toISOString()}: ${e.error.message}`);
              },
            });
          }
          io.stderr('serve: stopped\n');
        } finally {
          process.off('SIGINT', onSignal);
          process.off('SIGTERM', onSignal);
          await server?.close();
          await source?.close?.();
        }
      });
  },
};
