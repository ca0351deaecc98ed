/**
 * How the compatibility salts turn a Java `int` hash into a bucket number. Every project hashes the key bytes the
 * same way (`Arrays.hashCode(byte[])`, see {@link javaBytesHashCode}); they differ only in whether `Math.abs` runs
 * before or after the `%`. The two orders agree for every hash except `Integer.MIN_VALUE`, whose `Math.abs` overflows
 * and stays negative.
 */
import { JAVA_INT_MIN, javaIntAbs } from '../../bytes/index.js';
import { HotspotError } from '../../util/errors.js';

/**
 * `Math.abs(hash % buckets)`: Apache Phoenix's current `SaltingUtil.getSaltingByte` and OpenTSDB's
 * `RowKey.prefixKeyWithSalt` (which negates a negative remainder). Always in `[0, buckets)`.
 * @param hash - a signed 32-bit Java int.
 * @param buckets - a positive bucket count.
 */
export function bucketModThenAbs(hash: number, buckets: number): number {
  return Math.abs((hash | 0) % buckets);
}

/**
 * `Math.abs(hash) % buckets`, Java semantics: HBaseWD's `OneByteSimpleHash.getHashPrefix` (and Phoenix releases
 * before the `Integer.MIN_VALUE` fix). For `hash = Integer.MIN_VALUE`, `Math.abs` returns `Integer.MIN_VALUE` and the
 * result is `Integer.MIN_VALUE % buckets`, which is negative unless `buckets` divides 2^31.
 * @returns a value in `(-buckets, buckets)`; negative only for `Integer.MIN_VALUE`.
 */
export function bucketAbsThenMod(hash: number, buckets: number): number {
  const r = javaIntAbs(hash) % buckets;
  return r === 0 ? 0 : r; // normalise -0 to 0
}

/**
 * The one hash value on which {@link bucketModThenAbs} and {@link bucketAbsThenMod} can disagree.
 */
export const DIVERGENT_HASH = JAVA_INT_MIN;

/** One salt byte holds at most 256 buckets (Phoenix's `SaltingUtil.MAX_BUCKET_NUM`, HBaseWD's `OneByteSimpleHash`). */
export const ONE_BYTE_MAX_BUCKETS = 256;

/**
 * Checks a one-byte salt's bucket count: an integer in 1..256.
 * @param where - what to name in the error, e.g. `template position 0 {phoenixSalt(300)}`.
 * @param setting - the setting's name in the system it mirrors, e.g. `SALT_BUCKETS`.
 * @throws HotspotError `COMPAT_BUCKETS_INVALID`.
 */
export function checkOneByteBuckets(buckets: number, where: string, setting: string): void {
  if (!Number.isInteger(buckets) || buckets < 1 || buckets > ONE_BYTE_MAX_BUCKETS) {
    throw new HotspotError(
      'COMPAT_BUCKETS_INVALID',
      `${where}: ${setting} must be an integer from 1 to ${ONE_BYTE_MAX_BUCKETS} (one salt byte), got ${buckets}`,
    );
  }
}
