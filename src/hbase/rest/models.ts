/**
 * Typed shapes returned and accepted by the HBase REST client. Keys and values are bytes; sizes carry their unit
 * in the field name (`MB`, `KB`); timestamps and region ids are milliseconds since the epoch.
 *
 * @module
 */
import type { Bytes, BytesLike } from './codec.js';

/** Load of one region as reported in `/status/cluster` (StorageClusterStatusModel.Node.Region). */
export interface RegionLoad {
  /** Full region name bytes `table,startKey,regionId.encoded.`, decoded from base64. */
  readonly name: Bytes;
  /** Table part of the name (`ns:t` outside the default namespace). */
  readonly table: string;
  /** Start key recovered from the name. */
  readonly startKey: Bytes;
  /** Region id (creation time, ms) from the name. */
  readonly regionId: number;
  /** Encoded region name (32 hex) from the name's tail; `1588230740` for `hbase:meta`; `undefined` if neither. */
  readonly encodedName: string | undefined;
  /** Number of stores (column families) of the region. */
  readonly stores: number;
  /** Number of store files (HFiles) on disk. */
  readonly storefiles: number;
  /** Store file size, MB (HBase rounds down, so small regions show 0). */
  readonly storefileSizeMB: number;
  /** Memstore size, MB (JSON key `memStoreSizeMB`). */
  readonly memStoreSizeMB: number;
  /** Store file index size, KB. */
  readonly storefileIndexSizeKB: number;
  /** Read requests served since the region opened on this server (resets when the region moves or splits). */
  readonly readRequestsCount: number;
  /** Write requests (mutations) since the region opened on this server (resets like reads). */
  readonly writeRequestsCount: number;
  /** Root-level block index size, KB. */
  readonly rootIndexSizeKB: number;
  /** Total block index size, KB. */
  readonly totalStaticIndexSizeKB: number;
  /** Total bloom filter size, KB. */
  readonly totalStaticBloomSizeKB: number;
  /** Cells to compact in the running compaction. */
  readonly totalCompactingKVs: number;
  /** Cells compacted so far in the running compaction. */
  readonly currentCompactedKVs: number;
}

/** One live RegionServer in `/status/cluster`. */
export interface LiveServer {
  /** `host:port` (RPC port), as the gateway prints it. */
  readonly name: string;
  /** Host part of `name`. */
  readonly host: string;
  /** RPC port part of `name`. */
  readonly port: number;
  /** Server start code (ms since epoch). */
  readonly startCode: number;
  /** HBase ServerName `host,port,startCode`, the form the shell's `move` and dead-server lists use. */
  readonly serverName: string;
  /** Request count reported by the server. */
  readonly requests: number;
  /** Used heap, MB. */
  readonly heapSizeMB: number;
  /** Maximum heap, MB. */
  readonly maxHeapSizeMB: number;
  /** Regions online on this server. */
  readonly regions: readonly RegionLoad[];
}

/** Cluster status (`GET /status/cluster`, StorageClusterStatusResource). Values lag by a heartbeat (~3 s). */
export interface ClusterStatus {
  /** Number of regions. */
  readonly regions: number;
  /** Aggregate request count. */
  readonly requests: number;
  /** Average number of regions per server. */
  readonly averageLoad: number;
  /** Live RegionServers with their regions' loads. */
  readonly liveServers: readonly LiveServer[];
  /** Dead servers as `host,port,startCode`. */
  readonly deadServers: readonly string[];
}

/** One region of a table (`GET /<table>/regions`, RegionsResource / TableRegionModel). */
export interface TableRegion {
  /** Region name as the gateway renders it: UTF-8 decoded, so binary start keys may be garbled; use keys below. */
  readonly name: string;
  /** Encoded region name (32 hex), recovered from the tail of `name`. */
  readonly encodedName: string | undefined;
  /** Region id (creation time, ms). */
  readonly regionId: number;
  /** Inclusive start key; empty for the first region. */
  readonly startKey: Bytes;
  /** Exclusive end key; empty for the last region. */
  readonly endKey: Bytes;
  /** Hosting server `host:port`, `undefined` when unassigned. */
  readonly location: string | undefined;
}

/** Regions of a table. */
export interface TableRegions {
  /** Table name as the gateway returns it. */
  readonly table: string;
  /** The table's regions in key order. */
  readonly regions: readonly TableRegion[];
}

/** One cell read back from HBase. */
export interface Cell {
  /** Column family bytes. */
  readonly family: Bytes;
  /** Column qualifier bytes (may be empty). */
  readonly qualifier: Bytes;
  /** Cell timestamp, ms since epoch. */
  readonly timestamp: number;
  /** Cell value bytes. */
  readonly value: Bytes;
}

/** One row read back from HBase: its key and cells in HBase order. */
export interface Row {
  /** Rowkey bytes. */
  readonly key: Bytes;
  /** Cells, ordered by family, qualifier, then newest timestamp first. */
  readonly cells: readonly Cell[];
}

/** A cell to write. */
export interface CellInput {
  /** Column family (strings as UTF-8). */
  readonly family: BytesLike;
  /** Column qualifier, may be empty (strings as UTF-8). */
  readonly qualifier: BytesLike;
  /** Cell value (strings as UTF-8). */
  readonly value: BytesLike;
  /** Explicit timestamp, ms. Omitted = the server's clock (makes the put non-idempotent under retries). */
  readonly timestamp?: number;
}

/** A row to write. */
export interface RowInput {
  /** Rowkey (strings as UTF-8). */
  readonly key: BytesLike;
  /** Cells to put in the row. */
  readonly cells: readonly CellInput[];
}

/** A column family's schema: its name and HBase's attribute strings (`VERSIONS`, `TTL`, `BLOOMFILTER`...). */
export interface ColumnSchema {
  /** Column family name. */
  readonly name: string;
  /** Family attributes as HBase prints them, e.g. `{VERSIONS: '1', COMPRESSION: 'SNAPPY'}`. */
  readonly attributes: Readonly<Record<string, string>>;
}

/** A table schema (`/<table>/schema`, SchemaResource / TableSchemaModel). Attribute values are strings. */
export interface TableSchema {
  /** Table name, `ns:t` outside the default namespace. */
  readonly name: string;
  /** Table attributes as HBase prints them (e.g. `hbase.store.file-tracker.impl`). */
  readonly attributes: Readonly<Record<string, string>>;
  /** Column families. */
  readonly columns: readonly ColumnSchema[];
}
