/**
 * Validating decoders from the gateway's JSON (Jackson over JAXB models) to the typed models.
 * Each throws {@link ShapeError} on a missing or mistyped field; the client turns that into `REST_DECODE`.
 *
 * @module
 */
import { type Bytes, decodeBase64 } from './codec.js';
import type { Cell, ClusterStatus, ColumnSchema, LiveServer, RegionLoad, Row, TableRegions, TableSchema } from './models.js';
import { encodedNameFromText, parseRegionName } from '../../regions/region-name-parse.js';

/** The JSON did not have the expected shape. */
export class ShapeError extends Error {
  override readonly name = 'ShapeError';
}

type Json = Record<string, unknown>;

function obj(v: unknown, what: string): Json {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) throw new ShapeError(`${what}: expected an object`);
  return v as Json;
}
function arr(v: unknown, what: string): unknown[] {
  if (v === undefined || v === null) return [];
  if (!Array.isArray(v)) throw new ShapeError(`${what}: expected an array`);
  return v;
}
function num(o: Json, key: string, what: string, dflt?: number): number {
  const v = o[key];
  if (v === undefined && dflt !== undefined) return dflt;
  if (typeof v !== 'number' || !Number.isFinite(v)) throw new ShapeError(`${what}.${key}: expected a number`);
  return v;
}
function str(o: Json, key: string, what: string): string {
  const v = o[key];
  if (typeof v !== 'string') throw new ShapeError(`${what}.${key}: expected a string`);
  return v;
}
function b64(o: Json, key: string, what: string, dflt?: Bytes): Bytes {
  const v = o[key];
  if ((v === undefined || v === null) && dflt !== undefined) return dflt;
  if (typeof v !== 'string') throw new ShapeError(`${what}.${key}: expected a base64 string`);
  try {
    return decodeBase64(v);
  } catch (e) {
    throw new ShapeError(`${what}.${key}: ${(e as Error).message}`);
  }
}

/** `GET /version/cluster` → version string. Accepts `{"Version":"2.6.x"}` or a bare JSON string. */
export function decodeClusterVersion(json: unknown): string {
  if (typeof json === 'string') return json;
  return str(obj(json, 'version'), 'Version', 'version');
}

function decodeRegionLoad(json: unknown, what: string): RegionLoad {
  const o = obj(json, what);
  const name = b64(o, 'name', what);
  let parsed;
  try {
    parsed = parseRegionName(name);
  } catch (e) {
    throw new ShapeError(`${what}.name: ${(e as Error).message}`);
  }
  const n = (k: string): number => num(o, k, what, 0);
  // the figures a load snapshot is made of: HBase always writes them, so an answer without one is cut or altered,
  // and reading it as 0 would show a busy region idle (and a counter reset in the next snapshot)
  const needed = (k: string): number => num(o, k, what);
  return {
    name,
    table: parsed.table,
    startKey: parsed.startKey,
    regionId: Number(parsed.regionId),
    encodedName: parsed.encodedName,
    stores: n('stores'),
    storefiles: n('storefiles'),
    storefileSizeMB: needed('storefileSizeMB'),
    memStoreSizeMB: o['memStoreSizeMB'] !== undefined ? n('memStoreSizeMB') : n('memstoreSizeMB'),
    storefileIndexSizeKB: n('storefileIndexSizeKB'),
    readRequestsCount: needed('readRequestsCount'),
    writeRequestsCount: needed('writeRequestsCount'),
    rootIndexSizeKB: n('rootIndexSizeKB'),
    totalStaticIndexSizeKB: n('totalStaticIndexSizeKB'),
    totalStaticBloomSizeKB: n('totalStaticBloomSizeKB'),
    totalCompactingKVs: n('totalCompactingKVs'),
    currentCompactedKVs: n('currentCompactedKVs'),
  };
}

function decodeLiveServer(json: unknown, what: string): LiveServer {
  const o = obj(json, what);
  const name = str(o, 'name', what);
  const colon = name.lastIndexOf(':');
  const port = Number(name.slice(colon + 1));
  if (colon < 0 || !Number.isInteger(port)) throw new ShapeError(`${what}.name: expected host:port, got ${name}`);
  const startCode = num(o, 'startCode', what);
  return {
    name,
    host: name.slice(0, colon),
    port,
    startCode,
    serverName: `${name.slice(0, colon)},${port},${startCode}`,
    requests: num(o, 'requests', what, 0),
    heapSizeMB: num(o, 'heapSizeMB', what, 0),
    maxHeapSizeMB: num(o, 'maxHeapSizeMB', what, 0),
    regions: arr(o['Region'], `${what}.Region`).map((r, i) => decodeRegionLoad(r, `${what}.Region[${i}]`)),
  };
}

/** `GET /status/cluster` (StorageClusterStatusModel) → {@link ClusterStatus}. */
export function decodeClusterStatus(json: unknown): ClusterStatus {
  const o = obj(json, 'ClusterStatus');
  return {
    regions: num(o, 'regions', 'ClusterStatus', 0),
    requests: num(o, 'requests', 'ClusterStatus', 0),
    averageLoad: num(o, 'averageLoad', 'ClusterStatus', 0),
    liveServers: arr(o['LiveNodes'], 'LiveNodes').map((n, i) => decodeLiveServer(n, `LiveNodes[${i}]`)),
    deadServers: arr(o['DeadNodes'], 'DeadNodes').map((d, i) => {
      if (typeof d !== 'string') throw new ShapeError(`DeadNodes[${i}]: expected a string`);
      return d;
    }),
  };
}

/**
 * `GET /<table>/regions` (TableInfoModel) → {@link TableRegions}, each region once. For a table with read replicas
 * (`REGION_REPLICATION` above 1) the gateway lists a region once per replica, every time under the primary's name,
 * the primary's location first (`RegionLocator.getAllRegionLocations`, replicas in id order): the first entry of a
 * name is kept, so a key range is one region with its primary's location.
 */
export function decodeTableRegions(json: unknown): TableRegions {
  const o = obj(json, 'TableInfo');
  const empty = new Uint8Array(0);
  const seen = new Set<string>();
  return {
    table: str(o, 'name', 'TableInfo'),
    regions: arr(o['Region'], 'TableInfo.Region').flatMap((r, i) => {
      const what = `TableInfo.Region[${i}]`;
      const ro = obj(r, what);
      const name = str(ro, 'name', what);
      if (seen.has(name)) return [];
      seen.add(name);
      const location = ro['location'];
      return [{
        name,
        encodedName: encodedNameFromText(name),
        regionId: num(ro, 'id', what),
        startKey: b64(ro, 'startKey', what, empty),
        endKey: b64(ro, 'endKey', what, empty),
        location: typeof location === 'string' && location !== '' ? location : undefined,
      }];
    }),
  };
}

/** Splits CellSet `column` bytes `family:qualifier` at the first colon (families cannot contain one). */
function splitColumn(column: Bytes): { family: Bytes; qualifier: Bytes } {
  const colon = column.indexOf(0x3a);
  if (colon < 0) return { family: column, qualifier: new Uint8Array(0) };
  return { family: column.slice(0, colon), qualifier: column.slice(colon + 1) };
}

/** CellSet JSON `{"Row":[{"key":b64,"Cell":[{"column":b64,"timestamp":ms,"$":b64}]}]}` → rows. */
export function decodeCellSet(json: unknown): Row[] {
  const o = obj(json, 'CellSet');
  return arr(o['Row'], 'CellSet.Row').map((r, i) => {
    const what = `CellSet.Row[${i}]`;
    const ro = obj(r, what);
    const cells: Cell[] = arr(ro['Cell'], `${what}.Cell`).map((c, j) => {
      const cw = `${what}.Cell[${j}]`;
      const co = obj(c, cw);
      return { ...splitColumn(b64(co, 'column', cw)), timestamp: num(co, 'timestamp', cw), value: b64(co, '$', cw, new Uint8Array(0)) };
    });
    return { key: b64(ro, 'key', what), cells };
  });
}

function attributes(o: Json, skip: ReadonlySet<string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(o)) if (!skip.has(k) && v !== null && typeof v !== 'object') out[k] = String(v);
  return out;
}

/** `GET /<table>/schema` (TableSchemaModel) → {@link TableSchema}. */
export function decodeTableSchema(json: unknown): TableSchema {
  const o = obj(json, 'TableSchema');
  const columns: ColumnSchema[] = arr(o['ColumnSchema'], 'TableSchema.ColumnSchema').map((c, i) => {
    const co = obj(c, `ColumnSchema[${i}]`);
    return { name: str(co, 'name', `ColumnSchema[${i}]`), attributes: attributes(co, new Set(['name'])) };
  });
  return { name: str(o, 'name', 'TableSchema'), attributes: attributes(o, new Set(['name', 'ColumnSchema'])), columns };
}

/** `GET /` (TableListModel) → table names. */
export function decodeTableList(json: unknown): string[] {
  const o = obj(json, 'TableList');
  return arr(o['table'], 'TableList.table').map((t, i) => str(obj(t, `table[${i}]`), 'name', `table[${i}]`));
}
