/**
 * Building a live {@link SnapshotSource} from command-line flags (`--rest`, `--jmx`, `--table`, `--timeout`), shared
 * by `collect` and `detect`.
 *
 * @module
 */
import { statSync } from 'node:fs';
import { join } from 'node:path';
import type { Command } from 'commander';
import { type NativeConnection, type RegionLoadReaderProcess, startRegionLoadReader } from '../hbase/native/reader-process.js';
import { createRestClient } from '../hbase/rest/index.js';
import { type SnapshotSource, createJmxSource, createNativeSource, createRestSource } from '../sources/index.js';
import { parseDurationMs } from '../util/duration.js';
import { HotspotError } from '../util/errors.js';
import { plainTableName } from '../regions/index.js';

/** The flags a live source reads, as commander hands them over. */
export interface LiveFlags {
  rest?: string;
  jmx?: string[];
  table?: string;
  timeout?: string;
  /** ZooKeeper quorum for the native client (`--zk h1[:port],h2`). */
  zk?: string;
  /** `zookeeper.znode.parent` (`--zk-znode /hbase-unsecure`). */
  zkZnode?: string;
  /** The cluster's configuration folder (`--hbase-conf DIR`). */
  hbaseConf?: string;
  /** The HBase client jars (`--hbase-classpath "$(hbase classpath)"`). */
  hbaseClasspath?: string;
}

/** True when the flags ask for the native client (`--zk` or `--hbase-conf`) rather than a REST gateway. */
export function wantsNative(flags: LiveFlags): boolean {
  return flags.zk !== undefined || flags.hbaseConf !== undefined;
}

/**
 * Declares the native-client options (`--zk`, `--zk-znode`, `--hbase-conf`, `--hbase-classpath`) on a command that
 * reads a live cluster; they are an alternative to `--rest`.
 */
export function nativeOptions(command: Command): Command {
  return command
    .option('--zk <quorum>', 'read the cluster through the native HBase client via this ZooKeeper quorum, host[:port],... (port 2181 by default); no REST gateway needed')
    .option('--zk-znode <znode>', 'with --zk: zookeeper.znode.parent, e.g. /hbase-unsecure (default /hbase)')
    .option('--hbase-conf <dir>', "read the cluster through the native client configured by this folder's hbase-site.xml (e.g. $HBASE_CONF_DIR); --zk and --zk-znode override it", hbaseConfDir)
    .option('--hbase-classpath <jars>', 'with --zk / --hbase-conf: the HBase client jars, e.g. "$(hbase classpath)" (default: the local HBase\'s Maven classpath)');
}

/**
 * The `--hbase-conf` value when it names a directory holding an `hbase-site.xml` (the folder HBase's
 * `HBaseConfiguration.create()` reads as `$HBASE_CONF_DIR`); returned as given. Without this check the native client
 * would read no site file and fall back silently to its defaults (a cluster on localhost).
 * @throws {@link HotspotError} `HBASE_CONF_INVALID` (exit 2) naming `--hbase-conf`, the path and what was expected,
 *   when the path does not exist, is not a directory, or holds no `hbase-site.xml` file.
 */
export function hbaseConfDir(dir: string): string {
  const invalid = (problem: string, cause?: unknown) => new HotspotError('HBASE_CONF_INVALID', `--hbase-conf ${dir}: ${problem}; give the folder holding the cluster's hbase-site.xml, e.g. --hbase-conf /etc/hbase/conf`, { field: '--hbase-conf', cause });
  const kind = (path: string) => {
    try {
      return statSync(path, { throwIfNoEntry: false });
    } catch (err) {
      throw invalid(`cannot be read (${(err as NodeJS.ErrnoException).code ?? String(err)})`, err);
    }
  };
  if (dir.trim() === '') throw invalid('no path given');
  const stat = kind(dir);
  if (stat === undefined) throw invalid('no such file or directory');
  if (!stat.isDirectory()) throw invalid('not a directory');
  if (kind(join(dir, 'hbase-site.xml'))?.isFile() !== true) throw invalid('the directory holds no hbase-site.xml');
  return dir;
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
 *   `URL_INVALID`, `DURATION_INVALID`. A `--table default:t1` reads the table `t1` ({@link plainTableName}).
 */
export function liveSource(given: LiveFlags, intervalMs: number): SnapshotSource {
  // the table as HBase prints it (`default:t1` is `t1`), so the series and its messages name it that way
  const flags = given.table === undefined ? given : { ...given, table: plainTableName(given.table) };
  if (wantsNative(flags)) return nativeSource(flags, intervalMs);
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

/**
 * The native-client source of `--zk` / `--hbase-conf` (`--hbase-conf` defaults to `$HBASE_CONF_DIR` when only `--zk`
 * is given). Its JVM starts on the first reading; the caller ends it with `source.close()`.
 * @throws {@link HotspotError} `LIVE_TABLE_REQUIRED`; `LIVE_SOURCES_CONFLICT` beside `--rest` or `--jmx`.
 */
function nativeSource(flags: LiveFlags, intervalMs: number): SnapshotSource {
  refuseOtherSources(flags);
  if (flags.table === undefined || flags.table.trim() === '') {
    throw new HotspotError('LIVE_TABLE_REQUIRED', 'name the table to read with --table, e.g. --table metrics (ns:name outside the default namespace)', { field: '--table' });
  }
  return createNativeSource({ table: flags.table, readTimeoutMs: Math.max(requestTimeoutMs(flags, intervalMs), 10_000), ...nativeConnectionOf(flags) });
}

/**
 * With the native client asked for (`--zk` / `--hbase-conf`), refuses `--rest` or `--jmx` beside it: a command reads
 * the cluster one way.
 * @throws {@link HotspotError} `LIVE_SOURCES_CONFLICT` naming the other option.
 */
export function refuseOtherSources(flags: LiveFlags): void {
  if (flags.rest === undefined && !flags.jmx?.length) return;
  const other = flags.rest !== undefined ? '--rest' : '--jmx';
  throw new HotspotError('LIVE_SOURCES_CONFLICT', `${flags.zk !== undefined ? '--zk' : '--hbase-conf'} and ${other} both given; read the cluster one way: the native client (--zk / --hbase-conf) or the REST gateway (--rest)`, { field: other });
}

/**
 * The native client's connection from `--zk`, `--zk-znode`, `--hbase-conf` (default `$HBASE_CONF_DIR`) and
 * `--hbase-classpath`.
 */
export function nativeConnectionOf(flags: LiveFlags): NativeConnection {
  const hbaseConf = flags.hbaseConf ?? process.env['HBASE_CONF_DIR'];
  return {
    ...(flags.zk !== undefined ? { zk: flags.zk } : {}),
    ...(flags.zkZnode !== undefined ? { znode: flags.zkZnode } : {}),
    ...(hbaseConf !== undefined && hbaseConf !== '' ? { hbaseConf } : {}),
    ...(flags.hbaseClasspath !== undefined ? { hbaseClasspath: flags.hbaseClasspath } : {}),
  };
}

/**
 * Runs `use` with a native-client catalog reader (no table: `tables()` and `schema()`), ended afterwards.
 * @throws what `startRegionLoadReader` and `use` throw.
 */
export async function withNativeCatalog<T>(flags: LiveFlags, use: (reader: RegionLoadReaderProcess) => Promise<T>): Promise<T> {
  const reader = await startRegionLoadReader(nativeConnectionOf(flags));
  try {
    return await use(reader);
  } finally {
    await reader.close();
  }
}
