/**
 * HBaseWD's hash-prefix distributor: `new RowKeyDistributorByHashPrefix(new OneByteSimpleHash(maxBuckets))`.
 *
 * Source: sematext/HBaseWD `src/main/java/com/sematext/hbase/wd/RowKeyDistributorByHashPrefix.java`.
 * `getDistributedKey(originalKey)` is `prefix + originalKey`; `OneByteSimpleHash.getHashPrefix` computes
 * `hashBytes` (`31 * h + b` over the signed bytes from `h = 1`, i.e. `Arrays.hashCode(byte[])`), then
 * `long hash = Math.abs(hashBytes(key))` and the prefix byte `(byte) (hash % mod)`. `getAllPossiblePrefixes()` is the
 * bytes `0 .. mod-1`, which its `DistributedScanner` scans one by one.
 *
 * The abs-before-mod order differs from Phoenix and OpenTSDB for exactly one hash value: `Integer.MIN_VALUE`
 * (`Math.abs` overflows), where the prefix byte is `(byte) (Integer.MIN_VALUE % mod)`: negative, so written as
 * `256 - (2^31 mod mod)` (e.g. `0xFE` for 3 buckets), a byte HBaseWD's own scanner never visits unless `mod`
 * divides 2^31 (or is 255, where both give `0x80`). See {@link hbasewdStrayPrefix}.
 */
import { javaBytesHashCode } from '../../bytes/index.js';
import { bucketAbsThenMod, checkOneByteBuckets } from './hash-bucket.js';

/**
 * Checks an `OneByteSimpleHash(maxBuckets)` argument: an integer in 1..256 (its constructor's own check).
 * @throws HotspotError `COMPAT_BUCKETS_INVALID`.
 */
export function checkHbasewdBuckets(buckets: number, where = 'hbasewd'): void {
  checkOneByteBuckets(buckets, where, 'maxBuckets');
}

/**
 * The one-byte prefix HBaseWD writes in front of `originalKey`.
 * @param originalKey - the key before distribution.
 * @param buckets - `OneByteSimpleHash`'s `maxBuckets`, 1..256.
 * @returns the prefix byte 0..255 (0..buckets-1 except for keys whose hash is `Integer.MIN_VALUE`).
 * @throws HotspotError `COMPAT_BUCKETS_INVALID`.
 */
export function hbasewdPrefixByte(originalKey: Uint8Array, buckets: number): number {
  checkHbasewdBuckets(buckets);
  return bucketAbsThenMod(javaBytesHashCode(originalKey), buckets) & 0xff;
}

/**
 * The prefix byte outside `0 .. buckets-1` that keys hashing to `Integer.MIN_VALUE` receive, or `undefined` when
 * that byte falls inside the range (`buckets` a power of two, 1, or 255). A complete scan of an HBaseWD table
 * reads this prefix too.
 * @throws HotspotError `COMPAT_BUCKETS_INVALID`.
 */
export function hbasewdStrayPrefix(buckets: number): number | undefined {
  checkHbasewdBuckets(buckets);
  const stray = bucketAbsThenMod(-0x8000_0000, buckets) & 0xff;
  return stray < buckets ? undefined : stray;
}

/** The bytes of HBaseWD bucket `bucket`: the single byte `bucket` (`getAllPossiblePrefixes()[bucket]`). */
export function hbasewdBucketBytes(bucket: number): Uint8Array {
  return Uint8Array.of(bucket & 0xff);
}
