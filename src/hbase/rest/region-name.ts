/**
 * HBase region names: building them the way `RegionInfo.createRegionName` does, and taking apart the full
 * names the REST gateway returns.
 *
 * A full (new-format) region name is the bytes `table,startKey,regionId[_RRRR].<encoded>.` where `encoded` is the
 * lower-case MD5 hex of everything before the first `.` of the tail, and `RRRR` the replica id as 4 upper-case hex
 * digits (only for replicas > 0). `hbase:meta` keeps the old format (`hbase:meta,,1`) with no encoded tail.
 *
 * @module
 */
import { createHash } from 'node:crypto';
import { type Bytes, type BytesLike, concatBytes, decodeUtf8, toBytes } from './codec.js';

const COMMA = 0x2c;
const DOT = 0x2e;
const ENCODED_LENGTH = 32;
const TAIL_RE = /\.([0-9a-f]{32})\.$/;

/** Encoded name of the first `hbase:meta` region, fixed by HBase (old-format names have no MD5 tail). */
export const META_ENCODED_NAME = '1588230740';

/** Bytes hashed for a region's encoded name: `table,startKey,regionId` plus `_RRRR` for replicas. */
function regionNamePrefix(tableName: string, startKey: BytesLike, regionId: bigint | number | string, replicaId: number): Bytes {
  const id = BigInt(regionId).toString(10);
  const replica = replicaId > 0 ? `_${replicaId.toString(16).toUpperCase().padStart(4, '0')}` : '';
  return concatBytes(toBytes(`${tableName},`), toBytes(startKey), toBytes(`,${id}${replica}`));
}

/**
 * Computes a region's encoded name (32 lower-case hex chars) from its table, start key and region id, as
 * `RegionInfo.createRegionName(table, startKey, regionId, replicaId, true)` does.
 *
 * @param tableName - `name` for the default namespace, `ns:name` otherwise (the form HBase prints).
 * @param startKey - the region's start key; empty for the first region. Strings are taken as UTF-8.
 * @param regionId - the region id (creation time in ms); a `bigint` or decimal string keeps full 64-bit precision.
 * @param replicaId - replica number, 0 for the primary.
 */
export function encodedRegionName(tableName: string, startKey: BytesLike, regionId: bigint | number | string, replicaId = 0): string {
  return createHash('md5').update(regionNamePrefix(tableName, startKey, regionId, replicaId)).digest('hex');
}

/** Full region name bytes `table,startKey,regionId[_RRRR].<encoded>.` (new format). */
export function fullRegionName(tableName: string, startKey: BytesLike, regionId: bigint | number | string, replicaId = 0): Bytes {
  const prefix = regionNamePrefix(tableName, startKey, regionId, replicaId);
  const encoded = createHash('md5').update(prefix).digest('hex');
  return concatBytes(prefix, toBytes(`.${encoded}.`));
}

/** Parts of a full region name. */
export interface ParsedRegionName {
  /** Table name, `ns:name` outside the default namespace. */
  readonly table: string;
  /** Start key bytes (empty for the first region). */
  readonly startKey: Bytes;
  /** Region id as written in the name (decimal digits), kept as a string to avoid 64-bit precision loss. */
  readonly regionId: string;
  /** Replica id (0 for the primary). */
  readonly replicaId: number;
  /** Encoded name: the 32-hex MD5 tail, or {@link META_ENCODED_NAME} for `hbase:meta,,1`, else `undefined`. */
  readonly encodedName: string | undefined;
}

/**
 * Splits full region-name bytes (e.g. decoded from `/status/cluster`) into table, start key, region id and encoded
 * name. The table ends at the first comma; the region id starts after the last comma before the tail, so start
 * keys containing commas are handled. Throws `TypeError` when the bytes are not a region name.
 */
export function parseRegionName(name: Uint8Array): ParsedRegionName {
  let end = name.length;
  let encodedName: string | undefined;
  if (end >= ENCODED_LENGTH + 2 && name[end - 1] === DOT && name[end - ENCODED_LENGTH - 2] === DOT) {
    const tail = decodeUtf8(name.subarray(end - ENCODED_LENGTH - 2));
    if (TAIL_RE.test(tail)) {
      encodedName = tail.slice(1, -1);
      end -= ENCODED_LENGTH + 2;
    }
  }
  const first = name.indexOf(COMMA);
  const last = name.subarray(0, end).lastIndexOf(COMMA);
  if (first < 0 || last <= first) throw new TypeError(`not a region name: ${decodeUtf8(name)}`);
  const table = decodeUtf8(name.subarray(0, first));
  const idPart = decodeUtf8(name.subarray(last + 1, end));
  const m = /^(\d+)(?:_([0-9A-F]{4}))?$/.exec(idPart);
  if (!m?.[1]) throw new TypeError(`not a region name (bad region id ${JSON.stringify(idPart)}): ${decodeUtf8(name)}`);
  const replicaId = m[2] ? Number.parseInt(m[2], 16) : 0;
  if (encodedName === undefined && table === 'hbase:meta' && m[1] === '1' && replicaId === 0) encodedName = META_ENCODED_NAME;
  return { table, startKey: name.slice(first + 1, last), regionId: m[1], replicaId, encodedName };
}

/**
 * Recovers the encoded name from a region name rendered as text (e.g. `/<table>/regions` `name`, which HBase
 * decodes as UTF-8 so binary start keys are garbled there, but the ASCII tail survives). `undefined` if absent.
 */
export function encodedNameFromText(name: string): string | undefined {
  return TAIL_RE.exec(name)?.[1];
}
