/**
 * The interface the rest of the product uses to talk to an HBase REST gateway, and its option types.
 * Create one with {@link createRestClient} (`rest-client.ts`).
 *
 * Every method rejects with a {@link RestError} (`REST_HTTP`, `REST_TIMEOUT`, `REST_UNREACHABLE`, `REST_ABORTED`,
 * `REST_DECODE`). Keys, qualifiers and values are bytes (`Uint8Array`); strings passed in are encoded as UTF-8.
 *
 * @module
 */
import type { BytesLike } from './codec.js';
import type { ColumnSpec, ScanOptions, TableSchemaInput } from './encode.js';
import type { ClusterStatus, Row, RowInput, TableRegions, TableSchema } from './models.js';
import type { EncodedRow } from './protobuf.js';

/** Options accepted by every call. */
export interface CallOptions {
  /** Cancels the call (and any retry wait); the call rejects with `REST_ABORTED`. */
  readonly signal?: AbortSignal;
  /** Per-attempt timeout for this call, ms (overrides the client's). */
  readonly timeoutMs?: number;
}

/** Options of single and multi gets. */
export interface GetOptions extends CallOptions {
  /** Families or `family:qualifier` columns to return; omitted = all. */
  readonly columns?: readonly ColumnSpec[];
  /** Versions per column to return; default 1 (HBase's default for gets). */
  readonly maxVersions?: number;
}

/**
 * The condition of a check-and-mutate: the newest visible version of `family:qualifier` in the row holds `value`;
 * an absent or empty `value` means the cell must be absent (or empty), HBase's `checkAndMutate(...).ifNotExists()`.
 */
export interface CellCondition {
  /** Family of the checked cell. */
  readonly family: BytesLike;
  /** Qualifier of the checked cell (must not be empty: the gateway refuses a family-only check). */
  readonly qualifier: BytesLike;
  /** Expected value; omitted or empty = the cell must be absent. */
  readonly value?: BytesLike;
}

/** A family whose cells a check-and-delete removes: every version at or before `timestamp` (server time when omitted). */
export interface FamilyDelete {
  /** Family name. */
  readonly family: BytesLike;
  /** Newest timestamp removed, ms: HBase `Delete.addFamily(family, timestamp)`; omitted = the gateway's clock. */
  readonly timestamp?: number;
}

/** Client of one HBase REST gateway (Apache HBase `hbase-rest`, 2.5.9+/2.6.x for binary keys in URLs). */
export interface HBaseRestClient {
  /** HBase version of the cluster, e.g. `2.6.5` (`GET /version/cluster`, StorageClusterVersionResource). */
  clusterVersion(options?: CallOptions): Promise<string>;

  /**
   * Live and dead servers with per-region load (`GET /status/cluster`, StorageClusterStatusResource). Counters come
   * from RegionServer heartbeats and lag by about `hbase.regionserver.msginterval` (3 s by default).
   */
  clusterStatus(options?: CallOptions): Promise<ClusterStatus>;

  /** Names of the tables (`GET /`, TableListResource via RootResource). */
  listTables(options?: CallOptions): Promise<string[]>;

  /** Whether `table` exists (`GET /<table>/exists`, ExistsResource; 404 = false). */
  tableExists(table: string, options?: CallOptions): Promise<boolean>;

  /** A table's schema (`GET /<table>/schema`, SchemaResource). Rejects `REST_HTTP` 404 when the table is missing. */
  getSchema(table: string, options?: CallOptions): Promise<TableSchema>;

  /**
   * Creates `table`, or modifies it when it exists (`PUT /<table>/schema`, SchemaResource). REST cannot pre-split:
   * the table has one region. Idempotent, so it is retried.
   */
  createTable(table: string, schema: TableSchemaInput, options?: CallOptions): Promise<void>;

  /** Disables and deletes `table` (`DELETE /<table>/schema`). Resolves `false` when it did not exist. */
  deleteTable(table: string, options?: CallOptions): Promise<boolean>;

  /** A table's regions with start/end keys, region ids, encoded names and servers (`GET /<table>/regions`, RegionsResource). */
  tableRegions(table: string, options?: CallOptions): Promise<TableRegions>;

  /**
   * Writes rows in one request (`PUT /<table>/<row>` with a CellSet body, RowResource). When every cell has an
   * explicit `timestamp` the put is idempotent and retried on timeouts and 5xx; otherwise it is retried only when
   * the connection was refused, since a repeat would write a second version with a later server timestamp.
   */
  putRows(table: string, rows: readonly RowInput[], options?: CallOptions): Promise<void>;

  /**
   * Deletes a row, or only the given families / `family:qualifier` columns of it (`DELETE /<table>/<row>[/<columns>]`,
   * RowResource): HBase writes a delete marker at the server's time that hides every version at or before it.
   * With `timestamp` (ms, `DELETE /<table>/<row>/<columns>/<timestamp>`) the marker is at that time instead, so a
   * write at a later timestamp stays visible; it needs `columns`. Idempotent (a repeat deletes nothing more), so
   * retried on timeouts and 5xx.
   * @throws TypeError for a `timestamp` without `columns`, or one that is not a whole number of ms from 0.
   */
  deleteRow(table: string, row: BytesLike, options?: CallOptions & { readonly columns?: readonly ColumnSpec[]; readonly timestamp?: number }): Promise<void>;

  /**
   * Puts `row` only when `condition` holds, atomically on the RegionServer (`PUT /<table>/<row>?check=put` with the
   * condition as the body's last cell, RowResource.checkAndPut; Java `Table.checkAndMutate(...).thenPut`). The gateway
   * requires the checked column to be one of the cells put. Resolves `true` when written, `false` when the condition
   * did not hold (HTTP 304). Never retried after the gateway may have seen it (a repeat could answer `false` for a
   * put that was made).
   * @throws TypeError when no cell of `row` is the checked column, or the row has no cells.
   */
  checkAndPut(table: string, row: RowInput, condition: CellCondition, options?: CallOptions): Promise<boolean>;

  /**
   * Deletes the given families of `row` only when `condition` holds (`PUT /<table>/<row>?check=delete`,
   * RowResource.checkAndDelete; Java `checkAndMutate(...).thenDelete`). Each family loses every version at or before
   * its timestamp, so a later write at a newer timestamp stays visible. Resolves `true` when deleted, `false` when
   * the condition did not hold (HTTP 304). Sent as PUT: the gateway's DELETE verb ignores `check=delete` and deletes
   * unconditionally (checked on HBase 2.6). Never retried after the gateway may have seen it.
   * @throws TypeError for an empty `families` list.
   */
  checkAndDelete(table: string, row: BytesLike, condition: CellCondition, families: readonly FamilyDelete[], options?: CallOptions): Promise<boolean>;

  /** One row (`GET /<table>/<row>[/<columns>]?e=b64`, RowResource); `undefined` when the row has no cells. */
  getRow(table: string, row: BytesLike, options?: GetOptions): Promise<Row | undefined>;

  /**
   * Several rows (`GET /<table>/multiget?row=..&e=b64`, MultiRowResource), in request order, missing rows left out.
   * Long key lists are split into several requests to keep URLs short.
   */
  multiGet(table: string, rows: readonly BytesLike[], options?: GetOptions): Promise<Row[]>;

  /**
   * Scans rows with a stateful scanner (ScannerResource / ScannerInstanceResource): `POST /<table>/scanner`, then
   * `GET` batches until 204, then `DELETE`. The scanner is deleted when iteration ends, breaks early or fails.
   * Rows whose cells were split across batches are merged back into one {@link Row}.
   * @throws `RestError` `REST_HTTP` 404 from the `POST` when the table does not exist; `ScannerLostError`
   *   (`SCANNER_LOST`, `src/hbase/scanner-lost.ts`) when a later `GET` finds the scanner gone (404, 410, or 5xx naming
   *   `UnknownScannerException`), with the table and the whole rows handed on before it.
   */
  scan(table: string, options?: ScanOptions & CallOptions): AsyncIterable<Row>;

  /**
   * Scans like {@link HBaseRestClient.scan} but in the gateway's protobuf form, whatever the client's data format,
   * leaving each row's cells encoded ({@link EncodedRow}): for copying rows (with {@link putEncodedRows}) without
   * decoding a cell. Fails with `REST_DECODE` if a cell comes without its timestamp, and as `scan` does when the
   * table is missing or the scanner is lost.
   */
  scanEncoded(table: string, options?: ScanOptions & CallOptions): AsyncIterable<EncodedRow>;

  /**
   * Writes rows whose cells are still encoded (from {@link scanEncoded}, keys possibly changed) in one protobuf put;
   * every cell keeps its column, timestamp and value byte for byte. Idempotent (every cell has a timestamp), so it
   * is retried like a put with explicit timestamps.
   */
  putEncodedRows(table: string, rows: readonly EncodedRow[], options?: CallOptions): Promise<void>;
}
