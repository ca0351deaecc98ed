/** HBase REST gateway adapter: the {@link HBaseRestClient} interface, its HTTP implementation, models and helpers. */
export type { HBaseRestClient, CallOptions, CellCondition, FamilyDelete, GetOptions } from './client.js';
export { createRestClient, MULTIGET_MAX_QUERY_CHARS, type RestClientOptions, type RestDataFormat } from './rest-client.js';
export { PROTOBUF_MEDIA_TYPE, type EncodedRow, decodeCellSetProtobuf, decodeEncodedRows, encodeCellSetProtobuf, encodeEncodedRows } from './protobuf.js';
export type { BasicAuth, FetchLike, TransportOptions } from './transport.js';
export type { TlsOptions } from './tls.js';
export { DEFAULT_TIMEOUT_MS } from './transport.js';
export type { RetryOptions } from './retry.js';
export { DEFAULT_RETRY, backoffDelay } from './retry.js';
export { RestError, isHttpStatus, type RestErrorCode } from './errors.js';
export { ScannerLostError, type ScannerLostDetails } from '../scanner-lost.js';
export type { Bytes, BytesLike } from './codec.js';
export type { ColumnSpec, ScanOptions, TableSchemaInput, ColumnSchemaInput } from './encode.js';
export { DEFAULT_SCAN_BATCH } from './encode.js';
export type { Cell, CellInput, ClusterStatus, ColumnSchema, LiveServer, RegionLoad, Row, RowInput, TableRegion, TableRegions, TableSchema } from './models.js';
