/**
 * Request bodies for the HBase REST gateway (JSON, binary fields as standard base64).
 *
 * @module
 */
import { type BytesLike, concatBytes, encodeBase64, toBytes } from './codec.js';
import type { CellCondition, FamilyDelete } from './client.js';
import type { RowInput } from './models.js';

/** Column selector: `family`, `family:qualifier`, or parts given separately (qualifier may be binary). */
export type ColumnSpec = BytesLike | { readonly family: BytesLike; readonly qualifier?: BytesLike };

/** Column bytes `family[:qualifier]` for a {@link ColumnSpec}. */
export function columnBytes(spec: ColumnSpec): Uint8Array {
  if (typeof spec === 'string' || spec instanceof Uint8Array) return toBytes(spec);
  const family = toBytes(spec.family);
  return spec.qualifier === undefined ? family : concatBytes(family, toBytes(':'), toBytes(spec.qualifier));
}

/** CellSet JSON for a multi-row put. Cells without `timestamp` get the server's time. */
export function encodeCellSet(rows: readonly RowInput[]): string {
  return JSON.stringify({
    Row: rows.map((row) => ({
      key: encodeBase64(toBytes(row.key)),
      Cell: row.cells.map((c) => ({
        column: encodeBase64(columnBytes({ family: c.family, qualifier: c.qualifier })),
        ...(c.timestamp !== undefined ? { timestamp: c.timestamp } : {}),
        $: encodeBase64(toBytes(c.value)),
      })),
    })),
  });
}

/** The condition as the last cell of a check-and-mutate body: its column and expected value (empty = absent). */
function conditionCell(condition: CellCondition): { column: string; $: string } {
  const qualifier = toBytes(condition.qualifier);
  if (qualifier.length === 0) throw new TypeError('a check-and-mutate condition needs a qualifier (the gateway refuses a family alone)');
  return { column: encodeBase64(columnBytes({ family: condition.family, qualifier })), $: encodeBase64(toBytes(condition.value ?? new Uint8Array(0))) };
}

/**
 * CellSet JSON of a check-and-put (RowResource.checkAndPut): the row's cells, then the condition cell.
 * @throws TypeError when the row has no cells or none of them is the checked column (the gateway answers 400).
 */
export function encodeCheckAndPut(row: RowInput, condition: CellCondition): string {
  const check = conditionCell(condition);
  const cells = JSON.parse(encodeCellSet([row])) as { Row: { key: string; Cell: { column: string }[] }[] };
  const first = cells.Row[0];
  if (first === undefined || first.Cell.length === 0) throw new TypeError('a check-and-put needs at least one cell to put');
  if (!first.Cell.some((c) => c.column === check.column)) throw new TypeError('a check-and-put must put the column it checks (the gateway refuses it otherwise)');
  first.Cell.push(check);
  return JSON.stringify(cells);
}

/**
 * CellSet JSON of a check-and-delete (RowResource.checkAndDelete): one family-only cell per family to delete, with
 * its timestamp (HBase `Delete.addFamily(family, ts)`; no timestamp = the server's time), then the condition cell.
 * @throws TypeError for no families.
 */
export function encodeCheckAndDelete(row: BytesLike, condition: CellCondition, families: readonly FamilyDelete[]): string {
  if (families.length === 0) throw new TypeError('a check-and-delete needs at least one family to delete');
  const cells = families.map((f) => ({ column: encodeBase64(toBytes(f.family)), ...(f.timestamp !== undefined ? { timestamp: f.timestamp } : {}), $: '' }));
  return JSON.stringify({ Row: [{ key: encodeBase64(toBytes(row)), Cell: [...cells, conditionCell(condition)] }] });
}

/**
 * Options of a stateful scan (ScannerModel). Rows are returned in key order within `[startRow, endRow)`.
 */
export interface ScanOptions {
  /** Inclusive start row; omitted = first row of the table. */
  readonly startRow?: BytesLike;
  /** Exclusive end row; omitted = to the end of the table. */
  readonly endRow?: BytesLike;
  /** Families or `family:qualifier` columns to return; omitted = all. */
  readonly columns?: readonly ColumnSpec[];
  /** Time range start, ms, inclusive. */
  readonly startTime?: number;
  /** Time range end, ms, exclusive. */
  readonly endTime?: number;
  /** Versions per column to return (HBase default for REST scanners: all kept versions). */
  readonly maxVersions?: number;
  /** Cells per batch fetched from the gateway (one HTTP GET each). Default 1000 in this client. */
  readonly batch?: number;
  /** Rows the gateway fetches per RegionServer RPC. */
  readonly caching?: number;
  /** Whether the RegionServers cache the blocks read. */
  readonly cacheBlocks?: boolean;
  /**
   * Filter: the JSON of HBase REST's FilterModel (a string, or an object that is stringified), e.g.
   * `{"type":"PrefixFilter","value":"<base64 prefix>"}`.
   */
  readonly filter?: string | Readonly<Record<string, unknown>>;
}

/** Cells per batch when {@link ScanOptions.batch} is not given. */
export const DEFAULT_SCAN_BATCH = 1000;

/** ScannerModel JSON for `POST /<table>/scanner`. */
export function encodeScanner(options: ScanOptions): string {
  const body: Record<string, unknown> = { batch: options.batch ?? DEFAULT_SCAN_BATCH };
  if (options.startRow !== undefined) body['startRow'] = encodeBase64(toBytes(options.startRow));
  if (options.endRow !== undefined) body['endRow'] = encodeBase64(toBytes(options.endRow));
  if (options.columns?.length) body['column'] = options.columns.map((c) => encodeBase64(columnBytes(c)));
  if (options.startTime !== undefined) body['startTime'] = options.startTime;
  if (options.endTime !== undefined) body['endTime'] = options.endTime;
  if (options.maxVersions !== undefined) body['maxVersions'] = options.maxVersions;
  if (options.caching !== undefined) body['caching'] = options.caching;
  if (options.cacheBlocks !== undefined) body['cacheBlocks'] = options.cacheBlocks;
  if (options.filter !== undefined) body['filter'] = typeof options.filter === 'string' ? options.filter : JSON.stringify(options.filter);
  return JSON.stringify(body);
}

/** A column family to create, with HBase attribute strings such as `VERSIONS`, `TTL`, `COMPRESSION`. */
export interface ColumnSchemaInput {
  readonly name: string;
  readonly attributes?: Readonly<Record<string, string | number | boolean>>;
}

/** Table schema for create/modify (`PUT /<table>/schema`). */
export interface TableSchemaInput {
  /** Table attributes such as `MAX_FILESIZE`, as strings. */
  readonly attributes?: Readonly<Record<string, string | number | boolean>>;
  readonly columns: readonly ColumnSchemaInput[];
}

function stringify(attrs: Readonly<Record<string, string | number | boolean>> | undefined): Record<string, string> {
  return Object.fromEntries(Object.entries(attrs ?? {}).map(([k, v]) => [k, String(v)]));
}

/** TableSchemaModel JSON. */
export function encodeTableSchema(table: string, schema: TableSchemaInput): string {
  return JSON.stringify({
    name: table,
    ...stringify(schema.attributes),
    ColumnSchema: schema.columns.map((c) => ({ name: c.name, ...stringify(c.attributes) })),
  });
}
