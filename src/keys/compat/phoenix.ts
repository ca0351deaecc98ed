/**
 * Apache Phoenix's salt byte for tables created with `SALT_BUCKETS = N`.
 *
 * Source: apache/phoenix `phoenix-core/src/main/java/org/apache/phoenix/schema/SaltingUtil.java`,
 * `getSaltingByte(value, offset, length, bucketNum)`: the hash is `31 * h + b` over the signed key bytes that follow
 * the salt byte, starting from `h = 1` (the same arithmetic as `Arrays.hashCode(byte[])`), and the salt byte is
 * `(byte) Math.abs(hash % bucketNum)`. Phoenix's `getSalteByteSplitPoints` pre-splits the table at the single bytes
 * `0x01 .. N-1`, so bucket `i` is the byte `i`.
 *
 * Older Phoenix releases computed `Math.abs(hash) % bucketNum`, which gives a negative (out of range) byte when the
 * hash is `Integer.MIN_VALUE`; Phoenix's `SaltingUtilTest.testGetSaltingByte_EdgeCaseHashCode` pins the current form.
 * That older form is what HBaseWD still computes (see `hbasewd.ts`).
 */
import { javaBytesHashCode } from '../../bytes/index.js';
import { bucketModThenAbs, checkOneByteBuckets } from './hash-bucket.js';

/**
 * Checks a Phoenix `SALT_BUCKETS` value: an integer in 1..256 (Phoenix treats 0 as "not salted").
 * @throws HotspotError `COMPAT_BUCKETS_INVALID`.
 */
export function checkPhoenixBuckets(buckets: number, where = 'phoenixSalt'): void {
  checkOneByteBuckets(buckets, where, 'SALT_BUCKETS');
}

/**
 * The salt byte Phoenix writes in front of `rest` (the rowkey bytes after the salt byte).
 * @param rest - the key bytes after the salt byte, as Phoenix serialises the primary key columns.
 * @param buckets - the table's `SALT_BUCKETS`, 1..256.
 * @returns the salt byte, 0..buckets-1.
 * @throws HotspotError `COMPAT_BUCKETS_INVALID` when `buckets` is out of range.
 * @example phoenixSaltByte(Uint8Array.of(0x96, 0x00, 0xf6, 0x00, 0x13, 0xfe), 3) === 2 // hash Integer.MIN_VALUE
 */
export function phoenixSaltByte(rest: Uint8Array, buckets: number): number {
  checkPhoenixBuckets(buckets);
  return bucketModThenAbs(javaBytesHashCode(rest), buckets);
}

/** The bytes of Phoenix salt bucket `bucket`: the single byte `bucket`. */
export function phoenixBucketBytes(bucket: number): Uint8Array {
  return Uint8Array.of(bucket & 0xff);
}
