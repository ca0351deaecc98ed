/**
 * The REST source: regions and key ranges from `GET /<table>/regions`, servers and per-region counters and sizes
 * from `GET /status/cluster`, joined by encoded region name.
 *
 * @module
 */
import { type ClusterStatus, type HBaseRestClient, RestError, type TableRegions } from '../hbase/rest/index.js';
import type { RegionMetricName } from '../model/index.js';
import { parseRegionName } from '../regions/index.js';
import { HotspotError } from '../util/errors.js';
import { BYTES_PER_MB, type DirectoryRegion, type RegionCounters, assembleSnapshot } from './assemble.js';
import { type SettleOptions, readSettled } from './settle.js';
import type { SnapshotSource, SourceGaps } from './types.js';

/** Options of {@link createRestSource}. */
export interface RestSourceOptions {
  /** A REST client (`createRestClient`); its timeout and retry settings apply to every reading. */
  readonly client: HBaseRestClient;
  /** Table to read, `ns:name` outside the default namespace. */
  readonly table: string;
  /** The gateway URL, for the series header and messages. */
  readonly description: string;
  /** Waiting for regions not yet reported by their RegionServer. */
  readonly settle?: SettleOptions;
  /** Clock, epoch ms; default `Date.now`. A snapshot's time is when the cluster status arrived. */
  readonly now?: () => number;
}

/** What the REST source cannot tell. */
export const REST_GAPS: SourceGaps = {
  sizeInWholeMB: '/status/cluster reports storefileSizeMB, whole MB rounded down',
};

/** Map from `host:port` (how `/regions` names a location) to `host,port,startcode` (a live server's ServerName). */
export function serverNames(status: ClusterStatus): Map<string, string> {
  return new Map(status.liveServers.map((s) => [s.name, s.serverName]));
}

/**
 * The table's regions from `/regions` as a directory, servers resolved to their ServerName through `status`.
 * @throws {@link HotspotError} `SOURCE_REGION_NAME` when a region's encoded name cannot be recovered.
 */
export function restDirectory(regions: TableRegions, status: ClusterStatus, what: string): DirectoryRegion[] {
  const names = serverNames(status);
  return regions.regions.map((r) => {
    if (r.encodedName === undefined) {
      throw new HotspotError('SOURCE_REGION_NAME', `${what}: region "${r.name}" of table "${regions.table}" has no encoded name in /regions`);
    }
    return {
      encodedName: r.encodedName,
      regionId: String(r.regionId),
      startKey: r.startKey,
      endKey: r.endKey,
      server: r.location === undefined ? undefined : (names.get(r.location) ?? r.location),
    };
  });
}

/** The optional per-region metrics `/status/cluster` gives (memstore size in whole MB, store files, stores). */
export const REST_METRICS: readonly RegionMetricName[] = ['memstoreSizeBytes', 'storeFileCount', 'storeCount'];

/**
 * A secondary read replica's id, region id and start key from its full name bytes (`table,start,id_RRRR.<encoded>.`,
 * the `_` 39 bytes from the end); `undefined` for a primary.
 */
function replicaOf(name: Uint8Array): RegionCounters['replica'] {
  if (name.length < 40 || name[name.length - 39] !== 0x5f) return undefined;
  try {
    const parsed = parseRegionName(name);
    return parsed.replicaId > 0 ? { replicaId: parsed.replicaId, regionId: parsed.regionId, startKey: parsed.startKey } : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The secondary read replicas of `table` in a cluster status, by encoded name: each one's `replica` (id, region id,
 * start key) and hosting server. Nothing is made for a primary. Sources whose counters carry no full names (JMX) join
 * their replicas with this.
 */
export function restReplicas(status: ClusterStatus, table: string): Map<string, { readonly replica: NonNullable<RegionCounters['replica']>; readonly server: string }> {
  const out = new Map<string, { readonly replica: NonNullable<RegionCounters['replica']>; readonly server: string }>();
  for (const server of status.liveServers) {
    for (const r of server.regions) {
      if (r.table !== table || r.encodedName === undefined) continue;
      const replica = replicaOf(r.name);
      if (replica) out.set(r.encodedName, { replica, server: server.serverName });
    }
  }
  return out;
}

/**
 * Per-region counters of `table` in a cluster status, by encoded name, with the reporting server, {@link REST_METRICS}
 * and, for a secondary read replica, its `replica` (the directory lists none under its own name).
 */
export function restCounters(status: ClusterStatus, table: string): Map<string, RegionCounters> {
  const out = new Map<string, RegionCounters>();
  for (const server of status.liveServers) {
    for (const r of server.regions) {
      if (r.table !== table || r.encodedName === undefined) continue;
      const replica = replicaOf(r.name);
      out.set(r.encodedName, {
        readRequests: r.readRequestsCount,
        writeRequests: r.writeRequestsCount,
        storeSizeBytes: r.storefileSizeMB * BYTES_PER_MB,
        server: server.serverName,
        metrics: { memstoreSizeBytes: r.memStoreSizeMB * BYTES_PER_MB, storeFileCount: r.storefiles, storeCount: r.stores },
        ...(replica ? { replica } : {}),
      });
    }
  }
  return out;
}

/**
 * The table's regions from the gateway.
 * @throws {@link HotspotError} `SOURCE_TABLE_NOT_FOUND` when the gateway answers 404 (no such table); other
 *   `RestError`s as they come.
 */
export async function tableRegionsOrExplain(client: HBaseRestClient, table: string, what: string, signal: AbortSignal | undefined): Promise<TableRegions> {
  try {
    return await client.tableRegions(table, signal ? { signal } : {});
  } catch (err) {
    if (err instanceof RestError && err.status === 404) {
      throw new HotspotError('SOURCE_TABLE_NOT_FOUND', `${what}: the gateway does not know this table (HTTP 404 on /regions); check the name (ns:name outside the default namespace)`, { field: '--table', cause: err });
    }
    throw err;
  }
}

/**
 * A {@link SnapshotSource} over an HBase REST gateway (HBase `RegionsResource` + `StorageClusterStatusResource`).
 * Each snapshot makes two requests (regions, then status); its time is when the status arrived. Counters lag by a
 * RegionServer heartbeat (~3 s).
 * @throws from `snapshot()`: `SOURCE_TABLE_NOT_FOUND`; `RestError` (`REST_UNREACHABLE`, `REST_TIMEOUT`, `REST_HTTP`,
 *   ...) after the client's retries; `SOURCE_REGION_UNREPORTED` when regions stay without counters.
 */
export function createRestSource(options: RestSourceOptions): SnapshotSource {
  const { client, table, description } = options;
  const now = options.now ?? Date.now;
  const what = `REST ${description} table "${table}"`;
  return {
    kind: 'rest',
    table,
    description,
    gaps: REST_GAPS,
    metrics: REST_METRICS,
    snapshot: ({ signal } = {}) =>
      readSettled(
        async () => {
          const call = signal ? { signal } : {};
          const regions = await tableRegionsOrExplain(client, table, what, signal);
          const status = await client.clusterStatus(call);
          return assembleSnapshot(table, now(), restDirectory(regions, status, what), restCounters(status, table));
        },
        what,
        { ...options.settle, ...(signal ? { signal } : {}) },
      ),
  };
}
