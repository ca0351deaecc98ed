/** Runs `serve` in this process for tests: the URL it prints, its stderr, and a stop by SIGINT. */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CliIo } from '../../src/cli/io.js';
import { runCli } from '../../src/cli/program.js';
import { type LoadSeries, SeriesWriter } from '../../src/model/index.js';
import { TEST_NOW_MS } from '../support/clock.js';

/** A `serve` run in this process. */
export interface RunningServe {
  /** The URL it printed on stdout. */
  readonly url: string;
  /** What it wrote on stderr so far. */
  readonly err: () => string;
  /** Sends SIGINT and resolves with its exit status and output. */
  stop(): Promise<{ code: number; out: string; err: string }>;
}

/**
 * Starts `hbase-hotspot serve ...args` and waits (at most 20 s) for the URL it prints.
 * @throws Error when it ends or prints nothing like a URL in time (with what it printed).
 */
export async function startServe(args: readonly string[]): Promise<RunningServe> {
  let out = '';
  let err = '';
  const io: CliIo = { stdout: (t) => void (out += t), stderr: (t) => void (err += t), isTTY: false, readStdin: async () => '', now: () => TEST_NOW_MS };
  let finished = false;
  const done = runCli(['serve', ...args], io).finally(() => void (finished = true));
  const deadline = performance.now() + 20_000;
  while (!/^http:\S+$/m.test(out) && !finished && performance.now() < deadline) await new Promise((r) => setTimeout(r, 20));
  const url = /^(http:\S+)$/m.exec(out)?.[1];
  if (url === undefined) throw new Error(`serve printed no URL: ${out}${err}`);
  let stopped: Promise<{ code: number; out: string; err: string }> | undefined;
  return {
    url,
    err: () => err,
    stop: () => {
      stopped ??= (async () => {
        process.emit('SIGINT');
        return { code: await done, out, err };
      })();
      return stopped;
    },
  };
}

/** `series` as format version 2 text in chunks, as `collect` writes it: the header, then one chunk per snapshot. */
export function seriesChunks(series: LoadSeries): string[] {
  const out: string[] = [];
  const writer = new SeriesWriter({ table: series.table, source: series.source }, (c) => out.push(c));
  for (const snap of series.snapshots) writer.write(snap);
  return out;
}

/**
 * Writes the header and the first `snapshots` snapshots of `series` to a fresh `series.ndjson`; `rest` holds the other
 * snapshots' chunks, to append one by one as `collect` would.
 */
export function writeSeriesFile(series: LoadSeries, snapshots: number): { file: string; rest: string[] } {
  const [header = '', ...snaps] = seriesChunks(series);
  const file = join(mkdtempSync(join(tmpdir(), 'serve-')), 'series.ndjson');
  writeFileSync(file, header + snaps.slice(0, snapshots).join(''));
  return { file, rest: snaps.slice(snapshots) };
}
