/**
 * Region names as HBase writes them in `hbase:meta`, the master UI and logs: `RegionInfo.createRegionName(table,
 * startKey, regionId, newFormat = true)` and `RegionInfo.encodeRegionName`.
 */
import { createHash } from 'node:crypto';
import { concatBytes, toStringBinary, utf8Bytes } from '../bytes/index.js';
import { HotspotError } from '../util/errors.js';

/** A region's full name and its encoded name. */
export interface RegionName {
  /** `table,startKey,regionId.encodedName.` as bytes (the start key is raw bytes). */
  readonly name: Uint8Array;
  /** `name` in HBase's printable form (`Bytes.toStringBinary`), as the shell and UI show it. */
  readonly nameText: string;
  /** 32 lower-case hex digits: MD5 of `table,startKey,regionId`; what `split`, `move` and `major_compact` accept. */
  readonly encodedName: string;
}

const TABLE_NAME = /^(?:[A-Za-z0-9_]+:)?[A-Za-z0-9_][A-Za-z0-9_.-]*$/;
const LONG_MAX = 2n ** 63n - 1n;

/**
 * Checks a table name against HBase's rules (`TableName.isLegalFullyQualifiedTableName`, simplified): an optional
 * `namespace:` of letters, digits and `_`, then letters, digits, `_`, `-` and `.` (not starting with `.` or `-`).
 * @returns the name. @throws HotspotError `TABLE_NAME_INVALID`.
 */
export function checkTableName(table: string): string {
  if (!TABLE_NAME.test(table)) {
    throw new HotspotError(
      'TABLE_NAME_INVALID',
      `table name "${table}" is not valid in HBase; use letters, digits, '_', '-' and '.' (namespace: letters, digits, '_'), as ns:name or name`,
    );
  }
  return table;
}

/**
 * Builds a region's name the way HBase's `RegionInfo.createRegionName(tableName, startKey, regionId, true)` does:
 * the table name (`ns:name`, or just `name` in the default namespace), a comma, the start key bytes, a comma, the
 * region id in decimal, then `.`, the encoded name and a final `.`. The encoded name is the MD5 hex of everything
 * before the first `.` (HBase's `MD5Hash.getMD5AsHex`).
 *
 * @param table - table name, e.g. `usertable` or `ns1:metrics`.
 * @param startKey - the region's start key (empty for the first region).
 * @param regionId - the region id, by convention the creation time in epoch ms; a non-negative Java long.
 * @throws HotspotError `TABLE_NAME_INVALID` for a name HBase would refuse; `REGION_ID_INVALID` for an id that is not
 *   a non-negative whole number within a Java long.
 * @example regionName('usertable', new Uint8Array(0), 1709251200000).encodedName // '6118195953685a17f3ad07c592125fcb'
 */
export function regionName(table: string, startKey: Uint8Array, regionId: number | bigint): RegionName {
  checkTableName(table);
  const id = typeof regionId === 'bigint' ? regionId : Number.isSafeInteger(regionId) ? BigInt(regionId) : -1n;
  if (id < 0n || id > LONG_MAX) {
    throw new HotspotError(
      'REGION_ID_INVALID',
      `region id ${String(regionId)} is not a non-negative whole number within a Java long; use the creation time in epoch ms`,
    );
  }
  const prefix = concatBytes(utf8Bytes(`${table},`), startKey, utf8Bytes(`,${id.toString(10)}`));
  const encodedName = createHash('md5').update(prefix).digest('hex');
  const name = concatBytes(prefix, utf8Bytes(`.${encodedName}.`));
  return { name, nameText: toStringBinary(name), encodedName };
}
