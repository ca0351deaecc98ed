/**
 * The JVM side's per-region load reader (`jvm/`, class `hbasehotspot.sources.RegionLoadReader`) as a child process:
 * one long-lived JVM per collection, connected to the cluster through ZooKeeper with the native HBase client, asked
 * for one reading per `read` line, and for catalog, Admin and data requests (scan, get, check-and-mutate: see
 * `table-client.ts`). The protocol and the connection flags are described in `docs/native-client.md`.
 *
 * @module
 */
import { type ChildProcessWithoutNullStreams, spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { HotspotError } from '../../util/errors.js';
import type { TableSchema } from '../rest/index.js';

/** How to reach the cluster, as HBase's own tools are told. */
export interface NativeConnection {
  /** ZooKeeper quorum, `host[:port],host[:port]` (port 2181 when left out): `hbase.zookeeper.quorum`. */
  readonly zk?: string;
  /** Parent znode, e.g. `/hbase-unsecure`: `zookeeper.znode.parent` (default `/hbase`). */
  readonly znode?: string;
  /** A folder holding the cluster's `hbase-site.xml` (and `core-site.xml`), e.g. `$HBASE_CONF_DIR`; flags win over it. */
  readonly hbaseConf?: string;
  /** The HBase client jars, e.g. `$(hbase classpath)` on an edge node; default the local HBase's Maven classpath. */
  readonly hbaseClasspath?: string;
}

/** Options of {@link startRegionLoadReader}. */
export interface ReaderOptions extends NativeConnection {
  /** The table `read` reads, `ns:name` outside the default namespace; without it only `tables` and `schema` answer. */
  readonly table?: string;
  /** Longest wait for the JVM to start and connect, ms. Default 120,000 (a cold JVM and client take 3 to 20 s). */
  readonly startTimeoutMs?: number;
  /** Where the JVM's own messages go, one line each (HBase client warnings); default dropped. */
  readonly onLog?: (line: string) => void;
  /** The program to run instead of the JVM side's `java` command (its main class is appended); for tests. */
  readonly command?: { readonly java: string; readonly args: readonly string[] };
}

/** One region of the directory a reading carries (keys are the raw bytes). */
export interface NativeDirectoryRegion {
  readonly encodedName: string;
  readonly regionId: string;
  readonly startKey: Uint8Array;
  readonly endKey: Uint8Array;
  readonly server: string | undefined;
  /** A read replica's id (1 or more); absent for a primary. */
  readonly replicaId?: number;
}

/** One region's counters as its RegionServer reported them (`RegionMetrics`). */
export interface NativeRegionCounters {
  readonly encodedName: string;
  /** `host,port,startcode` of the reporting RegionServer. */
  readonly server: string;
  /** `RegionMetrics.getReadRequestCount`: cumulative rows read. */
  readonly readRequests: number;
  /** `RegionMetrics.getWriteRequestCount`: cumulative mutations. */
  readonly writeRequests: number;
  /** `RegionMetrics.getFilteredReadRequestCount`: rows read and then dropped by a filter. */
  readonly filteredReadRequests: number;
  /** `RegionMetrics.getStoreFileSize` in bytes (reported in whole MB). */
  readonly storeSizeBytes: number;
  /** `RegionMetrics.getMemStoreSize` in bytes (reported in whole MB). */
  readonly memStoreSizeBytes: number;
  /** `RegionMetrics.getStoreFileCount`. */
  readonly storeFileCount: number;
  /** `RegionMetrics.getStoreCount`: the region's column families. */
  readonly storeCount: number;
  /** `RegionMetrics.getDataLocality`, 0 to 1. */
  readonly locality: number;
}

/** One reading: the table's region directory and its servers' counters, read at `timeMs` (epoch ms, the JVM's clock). */
export interface NativeReading {
  readonly timeMs: number;
  readonly directory: readonly NativeDirectoryRegion[];
  readonly counters: readonly NativeRegionCounters[];
}

/** An HBase server's info server: its name (`host,port,startcode`), `http://host:infoPort`, and its role. */
export interface InfoServer {
  readonly server: string;
  readonly url: string;
  readonly role: 'master' | 'regionserver';
}

/** Every live RegionServer's regions of every table, as `Admin.getClusterMetrics` gives them (hbtop's reading). */
export interface NativeClusterReading {
  /** When the JVM read it, epoch ms. */
  readonly timeMs: number;
  readonly servers: readonly {
    /** `host,port,startcode`. */
    readonly server: string;
    readonly regions: readonly {
      /** The full region name bytes (`table,startKey,regionId.encoded.`). */
      readonly name: Uint8Array;
      /** Read and write requests since the region opened on this server. */
      readonly read: number;
      readonly write: number;
      /** Store file size in whole MB (`RegionMetrics.getStoreFileSize`). */
      readonly storeFileSizeMB: number;
    }[];
  }[];
}

/** A started reader. */
export interface RegionLoadReaderProcess {
  /** What the JVM said when it connected: the quorum, znode, cluster id and HBase client version. */
  readonly ready: { readonly quorum: string; readonly znode: string; readonly clusterId: string; readonly version: string };
  /**
   * One reading.
   * @throws {@link HotspotError} `NATIVE_READ` when the cluster answered with an error, `NATIVE_TIMEOUT` after
   *   `timeoutMs`, `NATIVE_EXITED` when the JVM is gone. Rejects with the signal's reason on abort.
   */
  read(options?: { timeoutMs?: number; signal?: AbortSignal }): Promise<NativeReading>;
  /**
   * The cluster's user tables (`Admin.listTableNames`), `ns:name` outside the default namespace.
   * @throws as {@link RegionLoadReaderProcess.read}.
   */
  tables(): Promise<string[]>;
  /**
   * The info servers (web UI, `/jmx`) of the active master and every live RegionServer (`Admin.getClusterMetrics`:
   * the master's info port, each `ServerMetrics.getInfoServerPort`), master first.
   * @throws as {@link RegionLoadReaderProcess.read}.
   */
  infoServers(): Promise<InfoServer[]>;
  /**
   * Every table's regions on every live RegionServer (`Admin.getClusterMetrics`, live servers).
   * @throws as {@link RegionLoadReaderProcess.read}.
   */
  cluster(options?: { timeoutMs?: number }): Promise<NativeClusterReading>;
  /**
   * A table's descriptor in the REST gateway's schema form (`TableSchemaModel`): the table's values and each column
   * family's values, as strings. @throws {@link HotspotError} `SOURCE_TABLE_NOT_FOUND`; otherwise as `read`.
   */
  schema(table: string): Promise<TableSchema>;
  /**
   * Runs one Admin request: `move ENCODED host,port,startcode`, `split TABLE [BASE64_KEY]` or
   * `balance_switch true|false` (the shell command of the same name, through `Admin`); resolves with the value the
   * shell would return (`balance_switch`: the previous state, `"true"` or `"false"`).
   * @throws {@link HotspotError} `NATIVE_READ` naming the request when HBase refused it; otherwise as `read`.
   */
  admin(request: string, timeoutMs?: number): Promise<{ value?: string }>;
  /**
   * One data request (scan page, get, check-and-mutate through `Table`): the JSON object `request` sent as one line,
   * its `data` answer returned as parsed; the requests and answers are described in `TableData.java` and
   * `src/hbase/native/table-client.ts` wraps them.
   * @throws {@link HotspotError} `NATIVE_READ` naming the op and table when HBase refused it; otherwise as `read`.
   */
  data(request: Readonly<Record<string, unknown>>, timeoutMs?: number): Promise<Record<string, unknown>>;
  /** Ends the JVM (closing its connection); safe to call twice. */
  close(): Promise<void>;
  /** False once the JVM has ended (closed, crashed, or stopped after a reading timed out). */
  readonly alive: boolean;
  /**
   * The JVM's operating-system process id (`ChildProcess.pid`), e.g. to read its CPU time and memory from
   * `/proc/<pid>/stat` and `/proc/<pid>/status`; undefined only when the process could not be spawned.
   */
  readonly pid: number | undefined;
}

/**
 * The folder holding `scripts/jvm/build.mjs`: the repository or the installed package.
 * @throws {@link HotspotError} `JVM_UNAVAILABLE` when there is none.
 */
export function projectRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    if (existsSync(join(dir, 'scripts', 'jvm', 'build.mjs'))) return dir;
    const up = dirname(dir);
    if (up === dir) throw new HotspotError('JVM_UNAVAILABLE', 'the JVM side (scripts/jvm/build.mjs, jvm/) is not part of this installation');
    dir = up;
  }
}

/**
 * The `java` command line of the JVM side, building it first when its classes are missing or stale (one stderr line
 * says so). @throws {@link HotspotError} `JVM_UNAVAILABLE` with the builder's message (no JDK, no HBase classpath,
 * javac failing).
 */
export function jvmCommand(hbaseClasspath?: string): { java: string; args: string[] } {
  const root = projectRoot();
  const args = [join(root, 'scripts', 'jvm', 'build.mjs'), '--java-args', ...(hbaseClasspath ? ['--hbase-classpath', hbaseClasspath] : [])];
  const r = spawnSync(process.execPath, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  if (r.stderr) process.stderr.write(r.stderr.split('\n').filter((l) => l.startsWith('hbase-hotspot: building')).map((l) => `${l}\n`).join(''));
  if (r.status !== 0) {
    const message = (r.stderr ?? '').trim().split('\n').filter((l) => !l.startsWith('hbase-hotspot: building')).join('\n').replace(/^hbase-hotspot: /, '');
    throw new HotspotError('JVM_UNAVAILABLE', message || `the JVM side could not be built (exit ${r.status})`);
  }
  return JSON.parse(r.stdout.trim()) as { java: string; args: string[] };
}

const MAIN_CLASS = 'hbasehotspot.sources.RegionLoadReader';
const DEFAULT_START_TIMEOUT_MS = 120_000;
const DEFAULT_READ_TIMEOUT_MS = 30_000;

interface ProtocolLine {
  ready?: RegionLoadReaderProcess['ready'];
  error?: { code: string; message: string };
  tables?: string[];
  infoServers?: InfoServer[];
  cluster?: { timeMs: number; servers: { server: string; regions: { name: string; read: number; write: number; storeFileSizeMB: number }[] }[] };
  schema?: TableSchema;
  done?: { request: string; value?: string };
  data?: Record<string, unknown>;
  reading?: { timeMs: number; directory: { encodedName: string; regionId: string; startKey: string; endKey: string; server?: string; replicaId?: number }[]; counters: NativeRegionCounters[] };
}

const bytes = (b64: string): Uint8Array => new Uint8Array(Buffer.from(b64, 'base64'));

function protocolError(e: { code: string; message: string }): HotspotError {
  return new HotspotError(e.code, e.message, e.code === 'SOURCE_TABLE_NOT_FOUND' ? { field: '--table' } : {});
}

/**
 * Starts the JVM reader and waits until it has connected and found the table.
 * @throws {@link HotspotError} `JVM_UNAVAILABLE` (see {@link jvmCommand}), `SOURCE_TABLE_NOT_FOUND` for a table the
 *   cluster does not have, `NATIVE_CONNECT` when the cluster cannot be reached, `NATIVE_TIMEOUT` when the JVM did not
 *   answer within `startTimeoutMs`, `NATIVE_EXITED` when it ended without answering (its last message included).
 */
export async function startRegionLoadReader(options: ReaderOptions): Promise<RegionLoadReaderProcess> {
  const { java, args } = options.command ?? jvmCommand(options.hbaseClasspath);
  const flags = [
    ...(options.table !== undefined ? ['--table', options.table] : []),
    ...(options.zk ? ['--zk', options.zk] : []),
    ...(options.znode ? ['--zk-znode', options.znode] : []),
    ...(options.hbaseConf ? ['--hbase-conf', options.hbaseConf] : []),
  ];
  const child: ChildProcessWithoutNullStreams = spawn(java, [...args, MAIN_CLASS, ...flags], { stdio: ['pipe', 'pipe', 'pipe'] });
  const lastLog: string[] = [];
  createInterface({ input: child.stderr }).on('line', (line) => {
    lastLog.push(line);
    if (lastLog.length > 5) lastLog.shift();
    options.onLog?.(line);
  });
  const waiting: { resolve: (line: ProtocolLine) => void; reject: (err: Error) => void }[] = [];
  let exited: HotspotError | undefined;
  const exitError = (how: string) => new HotspotError('NATIVE_EXITED', `the JVM reader ${how}${lastLog.length > 0 ? `; its last message: ${lastLog.at(-1)}` : ''}`);
  child.on('error', (err) => {
    exited = new HotspotError('JVM_UNAVAILABLE', `java could not be started (${err.message}); install a JDK 17`);
    for (const w of waiting.splice(0)) w.reject(exited);
  });
  child.on('exit', (code, signal) => {
    exited ??= exitError(`ended (${signal ?? `exit ${code}`})`);
    for (const w of waiting.splice(0)) w.reject(exited);
  });
  createInterface({ input: child.stdout }).on('line', (text) => {
    let line: ProtocolLine;
    try {
      line = JSON.parse(text) as ProtocolLine;
    } catch {
      lastLog.push(text);
      return;
    }
    waiting.shift()?.resolve(line);
  });
  const next = (timeoutMs: number, what: string, signal?: AbortSignal): Promise<ProtocolLine> =>
    new Promise<ProtocolLine>((resolve, reject) => {
      if (exited) return reject(exited);
      const entry = {
        resolve: (l: ProtocolLine) => { clearTimeout(timer); signal?.removeEventListener('abort', onAbort); resolve(l); },
        reject: (e: Error) => { clearTimeout(timer); signal?.removeEventListener('abort', onAbort); reject(e); },
      };
      // A reading that times out or is aborted leaves the JVM answering late; it is stopped so no answer is misread.
      const fail = (err: Error) => {
        const i = waiting.indexOf(entry);
        if (i >= 0) waiting.splice(i, 1);
        child.kill('SIGKILL');
        exited ??= err instanceof HotspotError ? err : exitError('was stopped');
        entry.reject(err);
      };
      const timer = setTimeout(() => fail(new HotspotError('NATIVE_TIMEOUT', `the JVM reader did not ${what} within ${timeoutMs / 1000} s${lastLog.length > 0 ? `; its last message: ${lastLog.at(-1)}` : ''}`)), timeoutMs);
      const onAbort = () => fail(signal?.reason instanceof Error ? signal.reason : new Error('aborted'));
      signal?.addEventListener('abort', onAbort, { once: true });
      waiting.push(entry);
    });
  const close = async (): Promise<void> => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const done = new Promise<void>((r) => child.once('exit', () => r()));
    child.stdin.end();
    const kill = setTimeout(() => child.kill('SIGKILL'), 5_000);
    await done;
    clearTimeout(kill);
  };
  const first = await next(options.startTimeoutMs ?? DEFAULT_START_TIMEOUT_MS, 'connect').catch(async (err: unknown) => {
    await close();
    throw err;
  });
  if (!first.ready) {
    await close();
    throw first.error ? protocolError(first.error) : exitError('answered something else than "ready"');
  }
  /** Sends one request line and waits for its answer line. */
  const ask = async (request: string, what: string, timeoutMs?: number, signal?: AbortSignal): Promise<ProtocolLine> => {
    if (exited) throw exited;
    signal?.throwIfAborted();
    const answer = next(timeoutMs ?? DEFAULT_READ_TIMEOUT_MS, `answer with ${what}`, signal);
    child.stdin.write(`${request}\n`);
    const line = await answer;
    if (line.error) throw protocolError(line.error);
    return line;
  };
  return {
    ready: first.ready,
    async read({ timeoutMs, signal } = {}) {
      const line = await ask('read', 'a reading', timeoutMs, signal);
      if (!line.reading) throw exitError('answered something else than a reading');
      const r = line.reading;
      return {
        timeMs: r.timeMs,
        directory: r.directory.map((d) => ({
          encodedName: d.encodedName, regionId: d.regionId, startKey: bytes(d.startKey), endKey: bytes(d.endKey), server: d.server,
          ...(d.replicaId !== undefined && d.replicaId > 0 ? { replicaId: d.replicaId } : {}),
        })),
        counters: r.counters,
      };
    },
    async tables() {
      const line = await ask('tables', 'the table list');
      if (!line.tables) throw exitError('answered something else than the table list');
      return line.tables;
    },
    async cluster(options) {
      const line = await ask('cluster', 'the cluster\'s regions', options?.timeoutMs);
      if (!line.cluster) throw exitError('answered something else than the cluster\'s regions');
      return { timeMs: line.cluster.timeMs, servers: line.cluster.servers.map((s) => ({ server: s.server, regions: s.regions.map((r) => ({ ...r, name: bytes(r.name) })) })) };
    },
    async infoServers() {
      const line = await ask('info_servers', 'the info servers');
      if (!line.infoServers) throw exitError('answered something else than the info servers');
      return line.infoServers;
    },
    async schema(table) {
      const line = await ask(`schema ${table}`, `the schema of "${table}"`);
      if (!line.schema) throw exitError('answered something else than a schema');
      return line.schema;
    },
    async admin(request, timeoutMs) {
      const line = await ask(request, `the result of "${request}"`, timeoutMs);
      if (!line.done) throw exitError(`answered something else than the result of "${request}"`);
      return line.done.value === undefined ? {} : { value: line.done.value };
    },
    async data(request, timeoutMs) {
      const what = `the result of ${String(request['op'])} ${String(request['table'])}`;
      const line = await ask(JSON.stringify(request), what, timeoutMs);
      if (!line.data) throw exitError(`answered something else than ${what}`);
      return line.data;
    },
    close,
    pid: child.pid,
    get alive() {
      return exited === undefined && child.exitCode === null && child.signalCode === null;
    },
  };
}
