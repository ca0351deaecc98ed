/**
 * Region names as HBase writes them in `hbase:meta`, the master UI and logs: `RegionInfo.createRegionName(table,
 * startKey, regionId, replicaId, newFormat = true)` and `RegionInfo.encodeRegionName`. Taking names apart again is
 * {@link parseRegionName} in `region-name-parse.ts`.
 */
import { createHash } from 'node:crypto';
import { concatBytes, toStringBinary, utf8Bytes } from '../bytes/index.js';
import { HotspotError } from '../util/errors.js';

/** A region's full name and its encoded name. */
export interface RegionName {
  /** `table,startKey,regionId[_RRRR].encodedName.` as bytes (the start key is raw bytes). */
  readonly name: Uint8Array;
  /** `name` in HBase's printable form (`Bytes.toStringBinary`), as the shell and UI show it. */
  readonly nameText: string;
  /** 32 lower-case hex digits: MD5 of `table,startKey,regionId[_RRRR]`; what `split`, `move` and `major_compact` accept. */
  readonly encodedName: string;
}

const TABLE_NAME = /^(?:[A-Za-z0-9_]+:)?[A-Za-z0-9_][A-Za-z0-9_.-]*$/;
const LONG_MAX = 2n ** 63n - 1n;
/** Highest replica id HBase allows (`RegionInfoBuilder.MAX_REPLICA_ID`). */
const MAX_REPLICA_ID = 0xffff;

/**
 * Whether a table name follows HBase's rules (`TableName.isLegalFullyQualifiedTableName`, simplified): an optional
 * `namespace:` of letters, digits and `_`, then letters, digits, `_`, `-` and `.` (not starting with `.` or `-`).
 */
export function isLegalTableName(table: string): boolean {
  return TABLE_NAME.test(table);
}

/**
 * Checks a table name with {@link isLegalTableName}.
 * @returns the name. @throws HotspotError `TABLE_NAME_INVALID`.
 */
export function checkTableName(table: string): string {
  if (!isLegalTableName(table)) {
    throw new HotspotError(
      'TABLE_NAME_INVALID',
      `table name "${table}" is not valid in HBase; use letters, digits, '_', '-' and '.' (namespace: letters, digits, '_'), as ns:name or name`,
    );
  }
  return table;
}

/**
 * A table name the way HBase's `TableName.valueOf` reads it and `TableName.getNameAsString` prints it: a table of the
 * `default` namespace is written without its namespace, so `default:t1` is `t1`. Other names come back as given
 * (`ns1:t1`, `t1`); the name is not checked (see {@link checkTableName}).
 * @param table - a table name as the user wrote it, e.g. `default:t1`, `t1` or `ns1:t1`.
 * @returns the name HBase prints, e.g. `t1` for `default:t1`.
 */
export function plainTableName(table: string): string {
  return table.startsWith('default:') ? table.slice('default:'.length) : table;
}

function regionIdOf(regionId: number | bigint | string): bigint {
  if (typeof regionId === 'bigint') return regionId;
  if (typeof regionId === 'string') return /^\d{1,19}$/.test(regionId) ? BigInt(regionId) : -1n;
  return Number.isSafeInteger(regionId) ? BigInt(regionId) : -1n;
}

/**
 * Builds a region's name the way HBase's `RegionInfo.createRegionName(tableName, startKey, regionId, replicaId, true)`
 * does: the table name (`ns:name`, or just `name` in the default namespace), a comma, the start key bytes, a comma, the
 * region id in decimal, for a replica `_` and the replica id as 4 upper-case hex digits, then `.`, the encoded name and
 * a final `.`. The encoded name is the MD5 hex of everything before the first `.` (HBase's `MD5Hash.getMD5AsHex`).
 *
 * @param table - table name, e.g. `usertable` or `ns1:metrics`.
 * @param startKey - the region's start key (empty for the first region).
 * @param regionId - the region id, by convention the creation time in epoch ms; a non-negative Java long, as a number,
 *   a `bigint` or a string of decimal digits (the last two keep full 64-bit precision).
 * @param replicaId - the replica number, 0 (the default) for the primary, at most 0xFFFF.
 * @throws HotspotError `TABLE_NAME_INVALID` for a name HBase would refuse; `REGION_ID_INVALID` for an id that is not
 *   a non-negative whole number within a Java long; `REPLICA_ID_INVALID` for a replica id outside 0..65535.
 * @example regionName('usertable', new Uint8Array(0), 1709251200000).encodedName // '6118195953685a17f3ad07c592125fcb'
 */
export function regionName(table: string, startKey: Uint8Array, regionId: number | bigint | string, replicaId = 0): RegionName {
  checkTableName(table);
  const id = regionIdOf(regionId);
  if (id < 0n || id > LONG_MAX) {
    throw new HotspotError(
      'REGION_ID_INVALID',
      `region id ${String(regionId)} is not a non-negative whole number within a Java long; use the creation time in epoch ms`,
    );
  }
  if (!Number.isInteger(replicaId) || replicaId < 0 || replicaId > MAX_REPLICA_ID) {
    throw new HotspotError('REPLICA_ID_INVALID', `replica id ${replicaId} is not a whole number from 0 (the primary) to 65535`);
  }
  const replica = replicaId > 0 ? `_${replicaId.toString(16).toUpperCase().padStart(4, '0')}` : '';
  const prefix = concatBytes(utf8Bytes(`${table},`), startKey, utf8Bytes(`,${id.toString(10)}${replica}`));
  const encodedName = createHash('md5').update(prefix).digest('hex');
  const name = concatBytes(prefix, utf8Bytes(`.${encodedName}.`));
  return { name, nameText: toStringBinary(name), encodedName };
}
