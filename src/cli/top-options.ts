/**
 * The options of `top`, checked: mode, sort, refresh delay, iterations, row limit and hot factor, and the reader
 * they select (one table through the shared live source, or every table through the gateway's cluster status).
 * Bad values are rejected with the option and an example; nothing falls back to a default silently.
 *
 * @module
 */
import { type RegionLoadReaderProcess, startRegionLoadReader } from '../hbase/native/reader-process.js';
import { createRestClient } from '../hbase/rest/index.js';
import { TOP_MODES, TOP_SORTS, type TopMode, type TopReader, type TopSort, clusterReader, nativeClusterReader, tableReader } from '../top/index.js';
import { parseDurationMs } from '../util/duration.js';
import { HotspotError } from '../util/errors.js';
import { parseK } from './commands/detect.js';
import { wholeDecimal } from './decimal.js';
import { type LiveFlags, checkUrl, liveSource, nativeConnectionOf, refuseOtherSources, requestTimeoutMs, wantsNative } from './live-source.js';

/** The flags of `top`, as commander hands them over. */
export interface TopFlags extends LiveFlags {
  mode: string;
  sort: string;
  delay: string;
  iterations?: string;
  limit?: string;
  batch?: boolean;
  k: string;
}

/** The checked options. */
export interface TopOptions {
  readonly mode: TopMode;
  readonly sort: TopSort;
  /** Time between readings, ms (> 0). */
  readonly delayMs: number;
  /** Refreshes to show, ≥ 1; `undefined` until quit. */
  readonly iterations?: number;
  /** Rows per group, ≥ 1; `undefined` for all. */
  readonly limit?: number;
  /** Hot factor, > 1. */
  readonly k: number;
}

function oneOf<T extends string>(text: string, allowed: readonly T[], field: string, code: string): T {
  const found = allowed.find((a) => a === text);
  if (found === undefined) throw new HotspotError(code, `${field} ${text}: give one of ${allowed.join(', ')}`, { field });
  return found;
}

function wholeNumber(text: string | undefined, field: string, code: string, example: string): number | undefined {
  if (text === undefined) return undefined;
  const n = wholeDecimal(text);
  if (n === undefined || n < 1) throw new HotspotError(code, `${field} ${text}: give a whole number ≥ 1, e.g. ${field} ${example}`, { field });
  return n;
}

/**
 * Checks the flags.
 * @throws {@link HotspotError} `TOP_MODE_INVALID`, `TOP_SORT_INVALID`, `DURATION_INVALID` (bad `--delay` text),
 *   `TOP_DELAY_INVALID` (a delay of 0), `TOP_ITERATIONS_INVALID`, `TOP_LIMIT_INVALID`, `DETECT_K_INVALID`.
 */
export function parseTopOptions(flags: TopFlags): TopOptions {
  const mode = oneOf(flags.mode, TOP_MODES, '--mode', 'TOP_MODE_INVALID');
  const sort = oneOf(flags.sort, TOP_SORTS, '--sort', 'TOP_SORT_INVALID');
  const delayMs = parseDurationMs(flags.delay, '--delay');
  if (delayMs <= 0) throw new HotspotError('TOP_DELAY_INVALID', `--delay ${flags.delay}: the refresh delay must be above 0, e.g. --delay 5s`, { field: '--delay' });
  const iterations = wholeNumber(flags.iterations, '--iterations', 'TOP_ITERATIONS_INVALID', '10');
  const limit = wholeNumber(flags.limit, '--limit', 'TOP_LIMIT_INVALID', '20');
  return { mode, sort, delayMs, k: parseK(flags.k), ...(iterations === undefined ? {} : { iterations }), ...(limit === undefined ? {} : { limit }) };
}

/**
 * The reader the flags select, what it reads (for messages), and what ends it (the native client's JVM). With
 * `--table`, the shared live source (REST, JMX with `--jmx`, or the native client with `--zk` / `--hbase-conf`);
 * without, every table from `/status/cluster`, or from `Admin.getClusterMetrics` through the native client.
 * @throws {@link HotspotError} `LIVE_REST_REQUIRED`, `TOP_JMX_NEEDS_TABLE`, `LIVE_SOURCES_CONFLICT`, `URL_INVALID`,
 *   `DURATION_INVALID`.
 */
export function topReader(flags: TopFlags, delayMs: number): { read: TopReader; what: string; close?: () => Promise<void> } {
  if (flags.table !== undefined) {
    const source = liveSource(flags, delayMs);
    return { read: tableReader(source), what: `table "${source.table}" from ${source.description}`, ...(source.close ? { close: () => source.close?.() ?? Promise.resolve() } : {}) };
  }
  if (wantsNative(flags)) {
    refuseOtherSources(flags);
    // One JVM for the whole run, started on the first reading.
    let reader: Promise<RegionLoadReaderProcess> | undefined;
    const timeoutMs = Math.max(requestTimeoutMs(flags, delayMs), 10_000);
    const connection = nativeConnectionOf(flags);
    return {
      read: async (signal) => nativeClusterReader(await (reader ??= startRegionLoadReader(connection)), timeoutMs)(signal),
      what: `every table through the native client (${flags.zk ?? flags.hbaseConf ?? ''})`,
      close: async () => {
        if (reader) await (await reader.catch(() => undefined))?.close();
      },
    };
  }
  if (flags.rest === undefined) {
    throw new HotspotError('LIVE_REST_REQUIRED', 'give the REST gateway with --rest http://host:8080 (it is where the regions and their counters are read)', { field: '--rest' });
  }
  if (flags.jmx?.length) {
    throw new HotspotError('TOP_JMX_NEEDS_TABLE', '--jmx reads one table at a time; add --table T, or drop --jmx to see every table through /status/cluster', { field: '--jmx' });
  }
  const client = createRestClient({ baseUrl: checkUrl(flags.rest, '--rest'), timeoutMs: requestTimeoutMs(flags, delayMs) });
  return { read: clusterReader(client), what: `every table from ${flags.rest}` };
}
