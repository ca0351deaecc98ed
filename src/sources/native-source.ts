/**
 * The native HBase client as a load source: no REST gateway, the cluster reached through ZooKeeper as hbtop and the
 * shell reach it. Each snapshot is one reading of the JVM side (`src/hbase/native/reader-process.ts`): the region
 * directory from the region locator and each hosting RegionServer's current `RegionMetrics`, joined by encoded name
 * like the REST and JMX sources (`assemble.ts`), read again while new regions settle (`settle.ts`).
 *
 * @module
 */
import { type NativeConnection, type RegionLoadReaderProcess, startRegionLoadReader } from '../hbase/native/reader-process.js';
import type { LoadSnapshot, RegionMetricName } from '../model/index.js';
import { type RegionCounters, assembleSnapshot } from './assemble.js';
import { type SettleOptions, readSettled } from './settle.js';
import type { SnapshotSource, SourceGaps } from './types.js';

/** Options of {@link createNativeSource}. */
export interface NativeSourceOptions extends NativeConnection {
  /** Table to read, `ns:name` outside the default namespace. */
  readonly table: string;
  /** Longest wait for one reading, ms (default 30,000). */
  readonly readTimeoutMs?: number;
  /** Longest wait for the JVM to start and connect, ms (default 120,000). */
  readonly startTimeoutMs?: number;
  /** Waiting for regions their RegionServer has not reported yet. */
  readonly settle?: SettleOptions;
  /** The JVM's own log lines (HBase client warnings), e.g. to stderr. */
  readonly onLog?: (line: string) => void;
  /** The program to run instead of the JVM side (see `ReaderOptions.command`); for tests. */
  readonly command?: { readonly java: string; readonly args: readonly string[] };
}

/** A {@link SnapshotSource} holding a JVM: {@link NativeSource.close} ends it. */
export interface NativeSource extends SnapshotSource {
  /** Ends the JVM reader, if started. */
  close(): Promise<void>;
}

/** What the native client cannot tell. */
export const NATIVE_GAPS: SourceGaps = {
  sizeInWholeMB: 'RegionMetrics reports store file size in whole MB, rounded down',
};

/** The optional per-region metrics the native client reads (`RegionMetrics`; `src/model/metrics.ts`). */
export const NATIVE_METRICS: readonly RegionMetricName[] = ['filteredReadRequests', 'memstoreSizeBytes', 'storeFileCount', 'storeCount', 'locality'];

/** The connection in words, for the series header and messages: `zk 127.0.0.1:2181 /hbase`, `hbase-conf DIR`. */
export function describeNative(c: NativeConnection): string {
  const parts = [c.zk !== undefined && `zk ${c.zk}`, c.znode !== undefined && `znode ${c.znode}`, c.hbaseConf !== undefined && `hbase-conf ${c.hbaseConf}`].filter(Boolean);
  return parts.length > 0 ? `native client (${parts.join(', ')})` : 'native client (hbase-site.xml on the classpath)';
}

/**
 * A load source reading `table` through the native client. The JVM starts on the first snapshot (so building the
 * source costs nothing) and lives until {@link NativeSource.close}; one stopped after a reading timed out is started
 * again on the next snapshot.
 * @throws (from `snapshot()`) {@link HotspotError} `JVM_UNAVAILABLE`, `SOURCE_TABLE_NOT_FOUND`, `NATIVE_CONNECT`,
 *   `NATIVE_READ`, `NATIVE_TIMEOUT`, `NATIVE_EXITED` (see `startRegionLoadReader`), `SOURCE_REGION_UNREPORTED` when
 *   regions stay without counters.
 */
export function createNativeSource(options: NativeSourceOptions): NativeSource {
  const description = describeNative(options);
  const what = `${description} table "${options.table}"`;
  let reader: Promise<RegionLoadReaderProcess> | undefined;
  const start = async (): Promise<RegionLoadReaderProcess> => {
    // A JVM stopped after a reading timed out is started again; a JVM that never started keeps its error.
    if (reader && !(await reader.catch(() => ({ alive: true }))).alive) reader = undefined;
    reader ??= startRegionLoadReader({
      table: options.table,
      ...(options.zk !== undefined ? { zk: options.zk } : {}),
      ...(options.znode !== undefined ? { znode: options.znode } : {}),
      ...(options.hbaseConf !== undefined ? { hbaseConf: options.hbaseConf } : {}),
      ...(options.hbaseClasspath !== undefined ? { hbaseClasspath: options.hbaseClasspath } : {}),
      ...(options.startTimeoutMs !== undefined ? { startTimeoutMs: options.startTimeoutMs } : {}),
      ...(options.onLog ? { onLog: options.onLog } : {}),
      ...(options.command ? { command: options.command } : {}),
    });
    return reader;
  };
  return {
    kind: 'native',
    table: options.table,
    description,
    gaps: NATIVE_GAPS,
    metrics: NATIVE_METRICS,
    snapshot: async ({ signal } = {}): Promise<LoadSnapshot> => {
      const process = await start();
      return readSettled(
        async () => {
          const reading = await process.read({ ...(options.readTimeoutMs !== undefined ? { timeoutMs: options.readTimeoutMs } : {}), ...(signal ? { signal } : {}) });
          const counters = new Map<string, RegionCounters>(reading.counters.map((c) => [c.encodedName, {
            readRequests: c.readRequests, writeRequests: c.writeRequests, storeSizeBytes: c.storeSizeBytes, server: c.server,
            metrics: {
              filteredReadRequests: c.filteredReadRequests, memstoreSizeBytes: c.memStoreSizeBytes, storeFileCount: c.storeFileCount,
              storeCount: c.storeCount, locality: c.locality,
            },
          }]));
          return assembleSnapshot(options.table, reading.timeMs, reading.directory, counters);
        },
        what,
        { ...options.settle, ...(signal ? { signal } : {}) },
      );
    },
    start: async () => {
      await start();
    },
    close: async () => {
      if (!reader) return;
      const started = await reader.catch(() => undefined);
      await started?.close();
    },
  };
}
