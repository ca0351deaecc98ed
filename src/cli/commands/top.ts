/**
 * `hbase-hotspot top --rest URL | --zk QUORUM [--table T] [--mode regions|servers] [--sort requests|reads|writes|size] [--delay 5s]
 * [--iterations N] [--batch] [--limit N]`: a live view in the spirit of HBase's hbtop. Regions (grouped by table) or
 * RegionServers, sorted, hot ones marked, refreshed every `--delay`; full screen on a terminal, plain blocks of lines
 * with `--batch` or when stdout is not a terminal.
 */
import { buildView, renderTop, runTopLoop } from '../../top/index.js';
import { DEFAULT_K } from '../../analysis/detect/index.js';
import type { CliIo } from '../io.js';
import type { CliCommand } from '../program.js';
import { nativeOptions } from '../live-source.js';
import { type TopFlags, type TopOptions, parseTopOptions, topReader } from '../top-options.js';
import { runTopScreen } from '../top-screen.js';
import { plainTableName } from '../../regions/index.js';

/** Batch form: one block of plain lines per refresh, a blank line after each; Ctrl-C ends it. */
async function runBatch(io: CliIo, read: ReturnType<typeof topReader>, opts: TopOptions): Promise<void> {
  const stop = new AbortController();
  const onSigint = (): void => stop.abort(new Error('interrupted'));
  process.once('SIGINT', onSigint);
  io.stderr(`reading ${read.what} every ${opts.delayMs / 1000}s; the first rates come after one interval\n`);
  try {
    await runTopLoop({
      read: read.read, delayMs: opts.delayMs, signal: stop.signal,
      ...(opts.iterations === undefined ? {} : { iterations: opts.iterations }),
      onRefresh: (r) => {
        const view = buildView(opts.mode, r.intervals, r.timeMs, r.intervalMs, { sort: opts.sort, k: opts.k, ...(opts.limit === undefined ? {} : { limit: opts.limit }), ...(r.liveServers ? { liveServers: r.liveServers } : {}) });
        io.stdout(`${renderTop(view, { color: false }).join('\n')}\n\n`);
      },
      onSkip: (err) => io.stderr(`reading skipped: ${err.message}\n`),
    });
  } finally {
    process.off('SIGINT', onSigint);
  }
}

/** The `top` command. */
export const topCommand: CliCommand = {
  register(program, io) {
    nativeOptions(program
      .command('top')
      .description('live view of regions or RegionServers by request rate, hot ones marked (like hbtop)')
      .option('--rest <url>', 'HBase REST gateway, e.g. http://rest-host:8080')
      .option('--table <table>', 'show this table only (ns:name outside the default namespace); default every table', plainTableName)
      .option('--jmx <urls...>', 'with --table: read counters from these info servers\' /jmx instead of REST status')
      .option('--mode <mode>', 'regions (grouped by table) or servers', 'regions')
      .option('--sort <measure>', 'requests, reads, writes or size (largest first)', 'requests')
      .option('--delay <duration>', 'time between refreshes', '5s')
      .option('--iterations <n>', 'refreshes to show before exiting (default: until q or Ctrl-C)')
      .option('--limit <n>', 'rows shown per table (regions) or in all (servers)')
      .option('--batch', 'print plain lines for piping, one block per refresh (always so when stdout is not a terminal)')
      .option('--k <factor>', "hot = load above k × the peers' average", String(DEFAULT_K))
      .option('--timeout <duration>', 'per-request timeout (default a third of --delay, 1s to 10s)'))
      .action(async (flags: TopFlags) => {
        const opts = parseTopOptions(flags);
        const read = topReader(flags, opts.delayMs);
        if (opts.delayMs < 3000) io.stderr(`note: --delay ${flags.delay} is under the RegionServers' 3 s heartbeat; some refreshes may show no change\n`);
        try {
          if (io.isTTY && !flags.batch && process.stdin.isTTY) {
            await runTopScreen(io, { ...opts, read: read.read, what: read.what });
          } else {
            await runBatch(io, read, opts);
          }
        } finally {
          await read.close?.();
        }
      });
  },
};
