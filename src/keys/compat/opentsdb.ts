/**
 * OpenTSDB 2.x's row salt (`tsd.storage.salt.width` = `Const.SALT_WIDTH()` bytes, `tsd.storage.salt.buckets` =
 * `Const.SALT_BUCKETS()`).
 *
 * Source: OpenTSDB/opentsdb `src/core/RowKey.java`. `prefixKeyWithSalt(row)` hashes the metric UID and the tag UIDs
 * with the base timestamp left out (`Arrays.hashCode(salt_base)`), takes `hash % SALT_BUCKETS` and negates it when
 * negative, then `getSaltBytes(bucket)` writes the bucket big-endian into `SALT_WIDTH` bytes, shifting with Java's
 * `>>>` (whose shift count is taken mod 32, so for widths 5..8 the low four bytes repeat: bucket 5 at width 8 is
 * `00 00 00 05 00 00 00 05`). A row whose metric UID is all zero bytes (the global annotation row) is not salted.
 * Row layout: `salt | metric UID | base time (4 bytes, seconds) | tagk UID tagv UID ...`.
 */
import { javaBytesHashCode } from '../../bytes/index.js';
import { HotspotError } from '../../util/errors.js';
import { bucketModThenAbs } from './hash-bucket.js';

/** `Const.TIMESTAMP_BYTES`: the base time in an OpenTSDB row is a 4-byte big-endian int of seconds. */
export const OPENTSDB_TIMESTAMP_BYTES = 4;
/** `Const.setSaltWidth` accepts widths up to 8 bytes. */
export const OPENTSDB_MAX_SALT_WIDTH_BYTES = 8;

/**
 * Checks a salt configuration: width 1..8 bytes (OpenTSDB's limit; 0 disables salting, which needs no salt part)
 * and a bucket count from 1 up to what the width can hold (and at most 2^31-1, a Java int).
 * @throws HotspotError `COMPAT_WIDTH_INVALID` or `COMPAT_BUCKETS_INVALID`.
 */
export function checkOpentsdbSalt(buckets: number, widthBytes: number, where = 'opentsdbSalt'): void {
  if (!Number.isInteger(widthBytes) || widthBytes < 1 || widthBytes > OPENTSDB_MAX_SALT_WIDTH_BYTES) {
    throw new HotspotError(
      'COMPAT_WIDTH_INVALID',
      `${where}: salt width must be an integer from 1 to ${OPENTSDB_MAX_SALT_WIDTH_BYTES} bytes (tsd.storage.salt.width), got ${widthBytes}`,
    );
  }
  const limit = Math.min(2 ** (8 * Math.min(widthBytes, 4)), 0x7fff_ffff);
  if (!Number.isInteger(buckets) || buckets < 1 || buckets > limit) {
    throw new HotspotError(
      'COMPAT_BUCKETS_INVALID',
      `${where}: salt buckets must be an integer from 1 to ${limit} for a ${widthBytes}-byte salt (tsd.storage.salt.buckets), got ${buckets}`,
    );
  }
}

/**
 * The salt bucket of a series: `|Arrays.hashCode(series) % buckets|`.
 * @param series - the metric UID followed by the tag UIDs (the row key without salt and base time).
 * @throws HotspotError `COMPAT_BUCKETS_INVALID` (checked against a 4-byte salt).
 */
export function opentsdbSaltBucket(series: Uint8Array, buckets: number): number {
  checkOpentsdbSalt(buckets, 4);
  return bucketModThenAbs(javaBytesHashCode(series), buckets);
}

/**
 * `RowKey.getSaltBytes(bucket)` for a salt of `widthBytes` bytes: big-endian, with Java's shift-count masking.
 * @returns a fresh array of `widthBytes` bytes.
 */
export function opentsdbSaltBytes(bucket: number, widthBytes: number): Uint8Array {
  const out = new Uint8Array(widthBytes);
  for (let i = 1; i <= widthBytes; i++) out[widthBytes - i] = (bucket >>> ((8 * (i - 1)) & 31)) & 0xff;
  return out;
}

/** Layout of an OpenTSDB row, for {@link opentsdbPrefixKeyWithSalt}. */
export interface OpentsdbRowLayout {
  /** `Const.SALT_WIDTH()`, 1..8. */
  readonly saltWidthBytes: number;
  /** `Const.SALT_BUCKETS()`. */
  readonly buckets: number;
  /** `TSDB.metrics_width()` (`tsd.storage.uid.width.metric`), 3 by default. */
  readonly metricWidthBytes: number;
}

/**
 * Mirrors `RowKey.prefixKeyWithSalt(row_key)`: returns a copy of `row` with its first `saltWidthBytes` bytes set to
 * the salt of its metric and tags. Rows too short to hold a metric, and the global annotation row (metric UID all
 * zero), are returned unchanged, as OpenTSDB leaves them.
 * @param row - a row key with `saltWidthBytes` placeholder bytes in front.
 * @throws HotspotError `COMPAT_WIDTH_INVALID` / `COMPAT_BUCKETS_INVALID` for a bad layout, `COMPAT_ROW_SHORT` when
 *   the row holds a metric but is cut inside the base time (OpenTSDB throws there too).
 */
export function opentsdbPrefixKeyWithSalt(row: Uint8Array, layout: OpentsdbRowLayout): Uint8Array {
  const { saltWidthBytes: salt, buckets, metricWidthBytes: metric } = layout;
  checkOpentsdbSalt(buckets, salt);
  const out = row.slice();
  if (row.length < salt + metric || row.subarray(salt, salt + metric).every((b) => b === 0)) return out;
  const tagsStart = salt + metric + OPENTSDB_TIMESTAMP_BYTES;
  if (row.length < tagsStart) {
    throw new HotspotError(
      'COMPAT_ROW_SHORT',
      `OpenTSDB row of ${row.length} bytes ends inside the ${OPENTSDB_TIMESTAMP_BYTES}-byte base time (needs at least ${tagsStart} bytes)`,
    );
  }
  const series = new Uint8Array(row.length - salt - OPENTSDB_TIMESTAMP_BYTES);
  series.set(row.subarray(salt, salt + metric), 0);
  series.set(row.subarray(tagsStart), metric);
  out.set(opentsdbSaltBytes(bucketModThenAbs(javaBytesHashCode(series), buckets), salt), 0);
  return out;
}
