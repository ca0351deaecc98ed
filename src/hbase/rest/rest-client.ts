/**
 * {@link HBaseRestClient} over HTTP (`fetch`). See `client.ts` for the contract and `transport.ts` for timeouts,
 * retries and errors.
 *
 * @module
 */
import type { CallOptions, CellCondition, FamilyDelete, GetOptions, HBaseRestClient } from './client.js';
import type { BytesLike } from './codec.js';
import { decodeCellSet, decodeClusterStatus, decodeClusterVersion, decodeTableList, decodeTableRegions, decodeTableSchema } from './decode.js';
import { type ColumnSpec, type ScanOptions, type TableSchemaInput, encodeCellSet, encodeCheckAndDelete, encodeCheckAndPut, encodeTableSchema } from './encode.js';
import { parseJson } from './json.js';
import type { ClusterStatus, Row, RowInput, TableRegions, TableSchema } from './models.js';
import { KEY_ENCODING, rowSpec, tablePath } from './paths.js';
import { type EncodedRow, PROTOBUF_MEDIA_TYPE, encodeCellSetProtobuf, encodeEncodedRows } from './protobuf.js';
import { scanEncodedRows, scanRows } from './scanner.js';
import { type RequestSpec, RestTransport, type TransportOptions } from './transport.js';
import { pushAll } from '../../util/arrays.js';

/**
 * Body format of the bulk data paths, multi-row puts and scanner batches: the gateway's JSON (base64 bytes), or its
 * protobuf (`application/x-protobuf`, raw bytes: less CPU on both ends and smaller bodies). Schema, status and
 * region calls are JSON either way.
 */
export type RestDataFormat = 'json' | 'protobuf';

/** Options of {@link createRestClient}: connection, timeout, retries, auth, transport, and the data format. */
export interface RestClientOptions extends TransportOptions {
  /** Format of puts and scanner batches; default `json`. */
  readonly dataFormat?: RestDataFormat;
}

/** Longest query string a multi-get sends in one request, in characters (Jetty's default header limit is 8 KiB). */
export const MULTIGET_MAX_QUERY_CHARS = 4000;

/** Fields of {@link CallOptions} copied into a request. */
function call(options: CallOptions | undefined): Pick<RequestSpec, 'signal' | 'timeoutMs'> {
  return {
    ...(options?.signal ? { signal: options.signal } : {}),
    ...(options?.timeoutMs !== undefined ? { timeoutMs: options.timeoutMs } : {}),
  };
}

class FetchRestClient implements HBaseRestClient {
  constructor(
    private readonly transport: RestTransport,
    private readonly dataFormat: RestDataFormat,
  ) {}

  private async getJson<T>(path: string, decode: (json: unknown) => T, options?: CallOptions, query?: RequestSpec['query']): Promise<T> {
    const res = await this.transport.request({ method: 'GET', path, idempotent: true, ...(query ? { query } : {}), ...call(options) });
    return parseJson(res, 'GET', decode);
  }

  clusterVersion(options?: CallOptions): Promise<string> {
    return this.getJson('/version/cluster', decodeClusterVersion, options);
  }

  clusterStatus(options?: CallOptions): Promise<ClusterStatus> {
    return this.getJson('/status/cluster', decodeClusterStatus, options);
  }

  listTables(options?: CallOptions): Promise<string[]> {
    return this.getJson('/', decodeTableList, options);
  }

  async tableExists(table: string, options?: CallOptions): Promise<boolean> {
    const res = await this.transport.request({ method: 'GET', path: `${tablePath(table)}/exists`, idempotent: true, allowStatus: [404], ...call(options) });
    return res.status !== 404;
  }

  getSchema(table: string, options?: CallOptions): Promise<TableSchema> {
    return this.getJson(`${tablePath(table)}/schema`, decodeTableSchema, options);
  }

  async createTable(table: string, schema: TableSchemaInput, options?: CallOptions): Promise<void> {
    const body = encodeTableSchema(table, schema);
    await this.transport.request({ method: 'PUT', path: `${tablePath(table)}/schema`, body, idempotent: true, ...call(options) });
  }

  async deleteTable(table: string, options?: CallOptions): Promise<boolean> {
    const res = await this.transport.request({ method: 'DELETE', path: `${tablePath(table)}/schema`, idempotent: true, allowStatus: [404], ...call(options) });
    return res.status !== 404;
  }

  tableRegions(table: string, options?: CallOptions): Promise<TableRegions> {
    return this.getJson(`${tablePath(table)}/regions`, decodeTableRegions, options);
  }

  async putRows(table: string, rows: readonly RowInput[], options?: CallOptions): Promise<void> {
    if (rows.length === 0) return;
    const idempotent = rows.every((r) => r.cells.every((c) => c.timestamp !== undefined));
    // The row in the path is ignored by the gateway when the body names the rows; any literal that is not a
    // sub-resource name (scanner, schema, regions, multiget, exists) works.
    const path = `${tablePath(table)}/rows`;
    const body = this.dataFormat === 'protobuf' ? { body: encodeCellSetProtobuf(rows), contentType: PROTOBUF_MEDIA_TYPE } : { body: encodeCellSet(rows) };
    await this.transport.request({ method: 'PUT', path, ...body, idempotent, ...call(options) });
  }

  async deleteRow(table: string, row: BytesLike, options?: CallOptions & { readonly columns?: readonly ColumnSpec[]; readonly timestamp?: number }): Promise<void> {
    const ts = options?.timestamp;
    if (ts !== undefined && (!Number.isSafeInteger(ts) || ts < 0)) throw new TypeError(`delete timestamp ${ts} must be whole ms, 0 or more`);
    if (ts !== undefined && !options?.columns?.length) throw new TypeError('a delete at a timestamp needs columns (the gateway reads the timestamp after them)');
    // The timestamp segment is decimal even with e=b64 (checked on HBase 2.6).
    const path = `${tablePath(table)}/${rowSpec(row, options?.columns)}${ts === undefined ? '' : `/${ts}`}`;
    await this.transport.request({ method: 'DELETE', path, query: [[...KEY_ENCODING]], idempotent: true, ...call(options) });
  }

  async checkAndPut(table: string, row: RowInput, condition: CellCondition, options?: CallOptions): Promise<boolean> {
    return await this.checkAndMutate(table, row.key, 'put', encodeCheckAndPut(row, condition), options);
  }

  async checkAndDelete(table: string, row: BytesLike, condition: CellCondition, families: readonly FamilyDelete[], options?: CallOptions): Promise<boolean> {
    return await this.checkAndMutate(table, row, 'delete', encodeCheckAndDelete(row, condition, families), options);
  }

  /** `PUT /<table>/<row>?check=put|delete`: 200 = done, 304 = the condition did not hold. */
  private async checkAndMutate(table: string, row: BytesLike, check: 'put' | 'delete', body: string, options?: CallOptions): Promise<boolean> {
    const path = `${tablePath(table)}/${rowSpec(row)}`;
    const res = await this.transport.request({ method: 'PUT', path, query: [['check', check], [...KEY_ENCODING]], body, idempotent: false, allowStatus: [304], ...call(options) });
    return res.status !== 304;
  }

  async getRow(table: string, row: BytesLike, options?: GetOptions): Promise<Row | undefined> {
    const query: [string, string][] = [[...KEY_ENCODING]];
    if (options?.maxVersions !== undefined) query.push(['v', String(options.maxVersions)]);
    const path = `${tablePath(table)}/${rowSpec(row, options?.columns)}`;
    const res = await this.transport.request({ method: 'GET', path, query, idempotent: true, allowStatus: [404], ...call(options) });
    if (res.status === 404) return undefined;
    return parseJson(res, 'GET', decodeCellSet)[0];
  }

  async multiGet(table: string, rows: readonly BytesLike[], options?: GetOptions): Promise<Row[]> {
    const out: Row[] = [];
    for (const chunk of chunkSpecs(rows.map((r) => rowSpec(r, options?.columns)))) {
      const query: [string, string][] = chunk.map((spec) => ['row', spec]);
      query.push([...KEY_ENCODING]);
      if (options?.maxVersions !== undefined) query.push(['v', String(options.maxVersions)]);
      const path = `${tablePath(table)}/multiget`;
      // 404 means "No rows found" for the whole chunk.
      const res = await this.transport.request({ method: 'GET', path, query, idempotent: true, allowStatus: [404], ...call(options) });
      if (res.status !== 404) pushAll(out, parseJson(res, 'GET', decodeCellSet));
    }
    return out;
  }

  scan(table: string, options?: ScanOptions & CallOptions): AsyncIterable<Row> {
    return scanRows(this.transport, table, options, this.dataFormat);
  }

  scanEncoded(table: string, options?: ScanOptions & CallOptions): AsyncIterable<EncodedRow> {
    return scanEncodedRows(this.transport, table, options);
  }

  async putEncodedRows(table: string, rows: readonly EncodedRow[], options?: CallOptions): Promise<void> {
    if (rows.length === 0) return;
    const path = `${tablePath(table)}/rows`;
    await this.transport.request({ method: 'PUT', path, body: encodeEncodedRows(rows), contentType: PROTOBUF_MEDIA_TYPE, idempotent: true, ...call(options) });
  }
}

/** Groups row specs so that each multi-get query stays under {@link MULTIGET_MAX_QUERY_CHARS}. */
function chunkSpecs(specs: readonly string[]): string[][] {
  const chunks: string[][] = [];
  let current: string[] = [];
  let size = 0;
  for (const spec of specs) {
    const cost = spec.length + 10;
    if (current.length > 0 && size + cost > MULTIGET_MAX_QUERY_CHARS) {
      chunks.push(current);
      current = [];
      size = 0;
    }
    current.push(spec);
    size += cost;
  }
  if (current.length > 0) chunks.push(current);
  return chunks;
}

/**
 * Creates a client of the REST gateway at `options.baseUrl`.
 *
 * @example
 * const hbase = createRestClient({ baseUrl: 'http://127.0.0.1:8080', timeoutMs: 5000, retry: { maxAttempts: 3 } });
 * const status = await hbase.clusterStatus();
 *
 * @throws RangeError for invalid timeout, retry or data-format settings; `TypeError` for an invalid base URL.
 */
export function createRestClient(options: RestClientOptions): HBaseRestClient {
  const format = options.dataFormat ?? 'json';
  if (format !== 'json' && format !== 'protobuf') throw new RangeError(`dataFormat must be json or protobuf, got ${String(format)}`);
  return new FetchRestClient(new RestTransport(options), format);
}
