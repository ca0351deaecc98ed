/**
 * Building a live {@link SnapshotSource} from command-line flags (`--rest`, `--jmx`, `--table`, `--timeout`), shared
 * by `collect` and `detect`.
 *
 * @module
 */
import { createRestClient } from '../hbase/rest/index.js';
import { type SnapshotSource, createJmxSource, createRestSource } from '../sources/index.js';
import { parseDurationMs } from '../util/duration.js';
import { HotspotError } from '../util/errors.js';

/** The flags a live source reads, as commander hands them over. */
export interface LiveFlags {
  rest?: string;
  jmx?: string[];
  table?: string;
  timeout?: string;
}

/** Longest and shortest default per-request timeout, ms. */
const MAX_TIMEOUT_MS = 10_000;
const MIN_TIMEOUT_MS = 1_000;

/**
 * The per-request timeout: `--timeout`, else a third of the sampling interval kept between 1 s and 10 s, so a
 * request and its retries fit in one interval.
 * @throws {@link HotspotError} `DURATION_INVALID` for a bad `--timeout`.
 */
export function requestTimeoutMs(flags: LiveFlags, intervalMs: number): number {
  if (flags.timeout !== undefined) {
    const ms = parseDurationMs(flags.timeout, '--timeout');
    if (ms <= 0) throw new HotspotError('DURATION_INVALID', `--timeout ${flags.timeout} must be above 0, e.g. --timeout 5s`, { field: '--timeout' });
    return ms;
  }
  return Math.min(MAX_TIMEOUT_MS, Math.max(MIN_TIMEOUT_MS, Math.round(intervalMs / 3)));
}

/**
 * `url` when it is an http(s) URL.
 * @throws {@link HotspotError} `URL_INVALID` naming `field` (e.g. `--rest`) and an example.
 */
export function checkUrl(url: string, field: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new HotspotError('URL_INVALID', `"${url}" is not a URL; give e.g. ${field} http://rest-host:8080`, { field });
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    throw new HotspotError('URL_INVALID', `"${url}" is not an http(s) URL; give e.g. ${field} http://rest-host:8080`, { field });
  }
  return url;
}

/**
 * A REST source, or a JMX source over the REST region directory when `--jmx` is given.
 * @throws {@link HotspotError} `LIVE_TABLE_REQUIRED`, `LIVE_REST_REQUIRED` (JMX needs the REST directory),
 *   `URL_INVALID`, `DURATION_INVALID`.
 */
export function liveSource(flags: LiveFlags, intervalMs: number): SnapshotSource {
  if (flags.rest === undefined) {
    const why = flags.jmx?.length ? 'JMX names regions only by encoded name; the REST gateway gives their key ranges and servers' : 'it is where the regions and their counters are read';
    throw new HotspotError('LIVE_REST_REQUIRED', `give the REST gateway with --rest http://host:8080 (${why})`, { field: '--rest' });
  }
  if (flags.table === undefined || flags.table.trim() === '') {
    throw new HotspotError('LIVE_TABLE_REQUIRED', 'name the table to read with --table, e.g. --table metrics (ns:name outside the default namespace)', { field: '--table' });
  }
  const timeoutMs = requestTimeoutMs(flags, intervalMs);
  const client = createRestClient({ baseUrl: checkUrl(flags.rest, '--rest'), timeoutMs });
  if (flags.jmx?.length) {
    const jmxUrls = flags.jmx.map((u) => checkUrl(u, '--jmx'));
    return createJmxSource({ jmxUrls, directory: client, table: flags.table, transport: { timeoutMs } });
  }
  return createRestSource({ client, table: flags.table, description: flags.rest });
}
