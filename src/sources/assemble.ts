/**
 * Joining a region directory (key ranges and servers) with per-region counters into a {@link LoadSnapshot}, by
 * encoded region name. The REST and JMX sources both do this; the join is pure and tested on its own.
 *
 * @module
 */
import { compareBytes } from '../bytes/index.js';
import { regionName } from '../regions/region-name.js';
import type { LoadSnapshot, RegionLoad, RegionMetricValues } from '../model/index.js';

/** One region as a directory (REST `/<table>/regions`, `hbase:meta`) lists it. */
export interface DirectoryRegion {
  /** Encoded region name (32 hex). */
  readonly encodedName: string;
  /** Region id (creation time, ms) as decimal text. */
  readonly regionId: string;
  /** Start key, inclusive; empty for the first region. */
  readonly startKey: Uint8Array;
  /** End key, exclusive; empty for the last region. */
  readonly endKey: Uint8Array;
  /** Hosting RegionServer, `host,port,startcode` when known, else `host:port`; `undefined` while unassigned. */
  readonly server: string | undefined;
  /** A read replica's id (1 or more) when the directory lists replicas under their own names (the native client). */
  readonly replicaId?: number;
}

/** Counters of one region from a metrics source. Counts are cumulative since the region opened on its server. */
export interface RegionCounters {
  /** Cumulative read requests (rows returned by gets and scans). */
  readonly readRequests: number;
  /** Cumulative write requests (mutations). */
  readonly writeRequests: number;
  /** Store file size in bytes. */
  readonly storeSizeBytes: number;
  /** Server that reported the counters (`host,port,startcode`), when the source knows it; wins over the directory. */
  readonly server?: string;
  /** Optional per-region metrics the source read (load-series format version 2; `src/model/metrics.ts`). */
  readonly metrics?: RegionMetricValues;
  /**
   * Set for a secondary read replica, from its full name (`table,start,id_RRRR.<encoded>.`): no directory lists it
   * under its own name, and its key range is its primary's.
   */
  readonly replica?: { readonly replicaId: number; readonly regionId: string; readonly startKey: Uint8Array };
}

/** The join's result: the snapshot, or the regions that had no counters (or no server) yet. */
export type AssembleResult =
  | { readonly ok: true; readonly snapshot: LoadSnapshot }
  | { readonly ok: false; readonly missing: readonly string[] };

/** The snapshot row of a region named `name` and `encodedName`, of key range `range`, on `server`, with counters `c`. */
function regionLoad(name: string, encodedName: string, range: Pick<DirectoryRegion, 'startKey' | 'endKey'>, server: string, c: RegionCounters): RegionLoad {
  return {
    name,
    encodedName,
    startKey: range.startKey,
    endKey: range.endKey,
    server,
    readRequests: c.readRequests,
    writeRequests: c.writeRequests,
    requests: c.readRequests + c.writeRequests,
    storeSizeBytes: c.storeSizeBytes,
    ...(c.metrics ? { metrics: c.metrics } : {}),
  };
}

/**
 * Joins `directory` with `counters` by encoded name. A region of the directory without counters (just opened, split
 * or moved, and not yet reported by its RegionServer's heartbeat or metrics period) or without a server makes the
 * result `ok: false` listing those regions, so the caller can wait and read again rather than invent zeros.
 * Counters of regions that are not in the directory (a split parent still reported) are ignored, but for a secondary
 * read replica's (`replica`), which joins as a region of its own with its primary's key range when the directory
 * lists the primary. A region the directory lists more than once is taken once: the REST gateway's `/<table>/regions`
 * lists a replicated region once per replica, every time under the primary's name and with the replica's location.
 * @throws HotspotError `TABLE_NAME_INVALID` / `REGION_ID_INVALID` when `table` or a directory region id cannot make
 *   an HBase region name (see `regionName`).
 */
export function assembleSnapshot(
  table: string,
  timeMs: number,
  directory: readonly DirectoryRegion[],
  counters: ReadonlyMap<string, RegionCounters>,
): AssembleResult {
  const regions: RegionLoad[] = [];
  const missing: string[] = [];
  const listed = new Map<string, DirectoryRegion>();
  for (const d of directory) {
    if (listed.has(d.encodedName)) continue;
    listed.set(d.encodedName, d);
    const c = counters.get(d.encodedName);
    const server = c?.server ?? d.server;
    if (!c || server === undefined) {
      missing.push(d.encodedName);
      continue;
    }
    regions.push(regionLoad(regionName(table, d.startKey, d.regionId, d.replicaId ?? 0).nameText, d.encodedName, d, server, c));
  }
  if (missing.length > 0) return { ok: false, missing };
  for (const [encodedName, c] of counters) {
    if (!c.replica || c.server === undefined || listed.has(encodedName)) continue;
    const { replicaId, regionId, startKey } = c.replica;
    const primary = listed.get(regionName(table, startKey, regionId).encodedName);
    if (!primary) continue;
    regions.push(regionLoad(regionName(table, startKey, regionId, replicaId).nameText, encodedName, primary, c.server, c));
  }
  regions.sort((a, b) => compareBytes(a.startKey, b.startKey));
  return { ok: true, snapshot: { timeMs, table, regions } };
}

/** Bytes in one MB as HBase counts `storefileSizeMB` (2^20). */
export const BYTES_PER_MB = 1_048_576;
