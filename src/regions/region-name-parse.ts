/**
 * Taking HBase region names apart: the full names `/status/cluster`, `list_regions` and `status 'detailed'` print,
 * and the text names the REST gateway's `/<table>/regions` returns. Building names is `regionName` (`region-name.ts`).
 *
 * A full (new-format) region name is the bytes `table,startKey,regionId[_RRRR].<encoded>.` where `encoded` is the
 * lower-case MD5 hex of everything before the first `.` of the tail, and `RRRR` the replica id as 4 upper-case hex
 * digits (only for replicas > 0). `hbase:meta` keeps the old format (`hbase:meta,,1`) with no encoded tail.
 */
import { utf8Text } from '../bytes/index.js';

const COMMA = 0x2c;
const DOT = 0x2e;
const ENCODED_LENGTH = 32;
const UNDERSCORE = 0x5f;
const TAIL_RE = /\.([0-9a-f]{32})\.$/;

/** Encoded name of the first `hbase:meta` region, fixed by HBase (old-format names have no MD5 tail). */
export const META_ENCODED_NAME = '1588230740';

/** Parts of a full region name, as {@link parseRegionName} returns them. */
export interface ParsedRegionName {
  /** Table name, `ns:name` outside the default namespace. */
  readonly table: string;
  /** Start key bytes (empty for the first region). */
  readonly startKey: Uint8Array;
  /** Region id as written in the name (decimal digits), kept as a string to avoid 64-bit precision loss. */
  readonly regionId: string;
  /** Replica id (0 for the primary). */
  readonly replicaId: number;
  /** Encoded name: the 32-hex MD5 tail, or {@link META_ENCODED_NAME} for `hbase:meta,,1`, else `undefined`. */
  readonly encodedName: string | undefined;
}

/**
 * Splits full region-name bytes (e.g. decoded from `/status/cluster`, or a `list_regions` name read back with
 * `toBytesBinary`) into table, start key, region id, replica id and encoded name; the inverse of `regionName` (`region-name.ts`).
 * The table ends at the first comma; the region id starts after the last comma before the tail, so start keys
 * containing commas are handled. The encoded tail is taken as it stands, not recomputed.
 *
 * @throws TypeError when the bytes are not a region name (fewer than two commas, or no decimal region id after the
 *   last one); callers add the place (field, line) to the message.
 */
export function parseRegionName(name: Uint8Array): ParsedRegionName {
  let end = name.length;
  let encodedName: string | undefined;
  if (end >= ENCODED_LENGTH + 2 && name[end - 1] === DOT && name[end - ENCODED_LENGTH - 2] === DOT) {
    const tail = utf8Text(name.subarray(end - ENCODED_LENGTH - 2));
    if (TAIL_RE.test(tail)) {
      encodedName = tail.slice(1, -1);
      end -= ENCODED_LENGTH + 2;
    }
  }
  const first = name.indexOf(COMMA);
  const last = name.subarray(0, end).lastIndexOf(COMMA);
  if (first < 0 || last <= first) throw new TypeError(`not a region name: ${utf8Text(name)}`);
  const table = utf8Text(name.subarray(0, first));
  const idPart = utf8Text(name.subarray(last + 1, end));
  const m = /^(\d+)(?:_([0-9A-F]{4}))?$/.exec(idPart);
  if (!m?.[1]) throw new TypeError(`not a region name (bad region id ${JSON.stringify(idPart)}): ${utf8Text(name)}`);
  const replicaId = m[2] ? Number.parseInt(m[2], 16) : 0;
  if (encodedName === undefined && table === 'hbase:meta' && m[1] === '1' && replicaId === 0) encodedName = META_ENCODED_NAME;
  return { table, startKey: name.slice(first + 1, last), regionId: m[1], replicaId, encodedName };
}

/**
 * Recovers the encoded name (32 lower-case hex digits) from a region name rendered as text (e.g. the REST gateway's
 * `/<table>/regions` `name`, which HBase decodes as UTF-8 so binary start keys are garbled there, but the ASCII tail
 * survives). `undefined` when the text has no encoded tail (old-format names such as `hbase:meta,,1`).
 */
export function encodedNameFromText(name: string): string | undefined {
  return TAIL_RE.exec(name)?.[1];
}

const isDigit = (c: number) => c >= 0x30 && c <= 0x39;
const isUpperHex = (c: number) => isDigit(c) || (c >= 0x41 && c <= 0x46);
const isLowerHex = (c: number) => isDigit(c) || (c >= 0x61 && c <= 0x66);

/** Where the region id part of a full name's text ends: before its `.<encoded>.` tail, or at the end without one. */
function idEnd(name: string): number {
  const end = name.length;
  if (end < ENCODED_LENGTH + 2 || name.charCodeAt(end - 1) !== DOT || name.charCodeAt(end - ENCODED_LENGTH - 2) !== DOT) return end;
  for (let i = end - ENCODED_LENGTH - 1; i < end - 1; i++) if (!isLowerHex(name.charCodeAt(i))) return end;
  return end - ENCODED_LENGTH - 2;
}

/**
 * The replica id of a region from its full name as text (`Bytes.toStringBinary` form, as the sources give it):
 * `table,startKey,regionId_RRRR.<encoded>.` (or `hbase:meta,,1_RRRR`) is a secondary read replica, `RRRR` its id in
 * upper-case hex (HBase's `RegionInfo.REPLICA_ID_FORMAT`); 0 for a primary and for any text that is not a region
 * name. Reads only the name's tail (the region id after its last comma), so a start key cannot fake it; no
 * allocation, cheap enough to ask of every region of every interval.
 */
export function replicaIdOfName(name: string): number {
  // a replica's `_` stands 5 characters before the end of the region id: before a `.<encoded>.` tail, or at the end
  // of a name without one; a primary (most names) has it at neither place, and its tail is not read
  const length = name.length;
  if (name.charCodeAt(length - ENCODED_LENGTH - 7) !== UNDERSCORE && name.charCodeAt(length - 5) !== UNDERSCORE) return 0;
  const end = idEnd(name);
  // `_RRRR` after at least one digit of the region id, which runs back to the last comma
  if (end < 7 || name.charCodeAt(end - 5) !== UNDERSCORE) return 0;
  let id = 0;
  for (let i = end - 4; i < end; i++) {
    const c = name.charCodeAt(i);
    if (!isUpperHex(c)) return 0;
    id = id * 16 + (c <= 0x39 ? c - 0x30 : c - 0x41 + 10);
  }
  let i = end - 6;
  if (!isDigit(name.charCodeAt(i))) return 0;
  while (i > 0 && isDigit(name.charCodeAt(i - 1))) i--;
  // the comma before the region id, and the one that ends the table name before it
  return i > 1 && name.charCodeAt(i - 1) === COMMA && name.indexOf(',') < i - 1 ? id : 0;
}

/**
 * The key range a region serves, as a text its primary and every read replica share: `table,startKey,regionId` of
 * its full name (`toStringBinary` form), the encoded tail and a replica's `_RRRR` taken off. A text that is not a
 * full region name is returned as it is.
 */
export function keyRangeOfName(name: string): string {
  const end = idEnd(name);
  return name.slice(0, replicaIdOfName(name) > 0 ? end - 5 : end);
}
