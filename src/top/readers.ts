/**
 * Where `top` gets its readings: one table through a live {@link SnapshotSource} (REST, or JMX over the REST
 * directory), or every table of the cluster from one `GET /status/cluster` (HBase `StorageClusterStatusResource`),
 * the way hbtop reads `ClusterMetrics`: regions grouped by the table in their names, start keys from the names, end
 * keys taken from the next region's start key, counters and sizes from the same answer.
 *
 * @module
 */
import { compareBytes, toStringBinary } from '../bytes/index.js';
import type { RegionLoadReaderProcess } from '../hbase/native/reader-process.js';
import type { HBaseRestClient, RegionLoad as RestRegionLoad } from '../hbase/rest/index.js';
import { parseRegionName } from '../regions/region-name-parse.js';
import type { LoadSnapshot, RegionLoad } from '../model/index.js';
import { BYTES_PER_MB, type SnapshotSource } from '../sources/index.js';
import type { TopReading } from './types.js';

/** Reads the cluster once; rejects with the signal's reason on abort. */
export type TopReader = (signal: AbortSignal) => Promise<TopReading>;

/** A reader of one table through `source`; its errors are the source's (`SOURCE_*`, `REST_*`, `JMX_*`). */
export function tableReader(source: SnapshotSource): TopReader {
  return async (signal) => {
    const snapshot = await source.snapshot({ signal });
    return { timeMs: snapshot.timeMs, tables: [snapshot] };
  };
}

/** What {@link clusterSnapshots} reads of a cluster status: each live server's name and its regions' loads. */
export interface ClusterRegions {
  readonly liveServers: readonly {
    readonly serverName: string;
    readonly regions: readonly Pick<RestRegionLoad, 'name' | 'table' | 'startKey' | 'encodedName' | 'readRequestsCount' | 'writeRequestsCount' | 'storefileSizeMB'>[];
  }[];
}

/**
 * Every table's snapshot from one cluster status, tables in name order, regions in key order. Regions whose name has
 * no encoded name are left out (none in HBase 2.x: new-format names carry it, `hbase:meta` has its fixed one).
 */
export function clusterSnapshots(status: ClusterRegions, timeMs: number): LoadSnapshot[] {
  const byTable = new Map<string, { region: RegionLoad; key: Uint8Array }[]>();
  for (const server of status.liveServers) {
    for (const r of server.regions) {
      if (r.encodedName === undefined) continue;
      const region: RegionLoad = {
        name: toStringBinary(r.name),
        encodedName: r.encodedName,
        startKey: r.startKey,
        endKey: new Uint8Array(0),
        server: server.serverName,
        readRequests: r.readRequestsCount,
        writeRequests: r.writeRequestsCount,
        requests: r.readRequestsCount + r.writeRequestsCount,
        storeSizeBytes: r.storefileSizeMB * BYTES_PER_MB,
      };
      const list = byTable.get(r.table) ?? [];
      list.push({ region, key: r.startKey });
      byTable.set(r.table, list);
    }
  }
  return [...byTable.keys()].sort().map((table) => {
    const sorted = (byTable.get(table) ?? []).sort((a, b) => compareBytes(a.key, b.key));
    const regions = sorted.map(({ region }, i) => ({ ...region, endKey: sorted[i + 1]?.key ?? new Uint8Array(0) }));
    return { timeMs, table, regions };
  });
}

/**
 * A reader of every table through the gateway's cluster status (one request per reading).
 * @param now - clock, epoch ms; a reading's time is when the status arrived.
 */
export function clusterReader(client: HBaseRestClient, now: () => number = Date.now): TopReader {
  return async (signal) => {
    const status = await client.clusterStatus({ signal });
    const timeMs = now();
    return { timeMs, tables: clusterSnapshots(status, timeMs), liveServers: status.liveServers.map((s) => s.serverName) };
  };
}

/**
 * A reader of every table through the native client (`Admin.getClusterMetrics`, one request per reading), as hbtop
 * reads a cluster; a region name that does not parse is left out.
 * @throws what {@link RegionLoadReaderProcess.cluster} throws (`NATIVE_*`).
 */
export function nativeClusterReader(reader: RegionLoadReaderProcess, timeoutMs?: number): TopReader {
  return async (signal) => {
    signal.throwIfAborted();
    const cluster = await reader.cluster(timeoutMs === undefined ? {} : { timeoutMs });
    const liveServers = cluster.servers.map((s) => ({
      serverName: s.server,
      regions: s.regions.flatMap((r) => {
        let parsed;
        try {
          parsed = parseRegionName(r.name);
        } catch {
          return [];
        }
        return [{ name: r.name, table: parsed.table, startKey: parsed.startKey, encodedName: parsed.encodedName, readRequestsCount: r.read, writeRequestsCount: r.write, storefileSizeMB: r.storeFileSizeMB }];
      }),
    }));
    return { timeMs: cluster.timeMs, tables: clusterSnapshots({ liveServers }, cluster.timeMs), liveServers: liveServers.map((s) => s.serverName) };
  };
}
