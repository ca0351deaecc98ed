// The three compatibility salts hash the same way (Arrays.hashCode over the bytes) and agree on every hash value but
// one: Integer.MIN_VALUE, where Math.abs overflows. Phoenix (SaltingUtil.getSaltingByte) and OpenTSDB
// (RowKey.prefixKeyWithSalt) take the remainder first; HBaseWD (OneByteSimpleHash.getHashPrefix) takes Math.abs first.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { javaBytesHashCode } from '../../../src/bytes/index.js';
import {
  bucketAbsThenMod,
  bucketModThenAbs,
  DIVERGENT_HASH,
  hbasewdPrefixByte,
  hbasewdStrayPrefix,
  opentsdbSaltBucket,
  phoenixSaltByte,
} from '../../../src/keys/compat/index.js';

// From apache/phoenix phoenix-core/src/test/java/org/apache/phoenix/schema/SaltingUtilTest.java
// (testGetSaltingByte_EdgeCaseHashCode): "This array has a hashCode of Integer.MIN_VALUE".
const MIN_HASH_KEY = Int8Array.of(-106, 0, -10, 0, 19, -2);
const minKey = new Uint8Array(MIN_HASH_KEY.buffer);

describe('where Phoenix, OpenTSDB and HBaseWD part ways', () => {
  it('the Phoenix edge-case key really hashes to Integer.MIN_VALUE', () => {
    expect(javaBytesHashCode(minKey)).toBe(DIVERGENT_HASH);
    expect(DIVERGENT_HASH).toBe(-2147483648);
  });

  it('3 buckets: Phoenix and OpenTSDB write 2, HBaseWD writes 0xFE', () => {
    // Hand computation: -2^31 = -715827882 * 3 - 2, so Java's -2^31 % 3 = -2.
    // Phoenix: (byte) Math.abs(-2) = 2. HBaseWD: Math.abs(-2^31) = -2^31; -2^31 % 3 = -2; (byte) -2 = 0xFE.
    expect(phoenixSaltByte(minKey, 3)).toBe(2);
    expect(opentsdbSaltBucket(minKey, 3)).toBe(2);
    expect(hbasewdPrefixByte(minKey, 3)).toBe(0xfe);
    expect(hbasewdStrayPrefix(3)).toBe(0xfe);
  });

  it('power-of-two bucket counts and 255 agree even on Integer.MIN_VALUE', () => {
    for (const n of [1, 2, 16, 128, 256]) {
      expect(phoenixSaltByte(minKey, n)).toBe(0);
      expect(hbasewdPrefixByte(minKey, n)).toBe(0);
      expect(hbasewdStrayPrefix(n)).toBeUndefined();
    }
    // -2^31 % 255 = -128: Phoenix writes 128, HBaseWD (byte) -128 = 0x80 = 128.
    expect(phoenixSaltByte(minKey, 255)).toBe(128);
    expect(hbasewdPrefixByte(minKey, 255)).toBe(128);
    expect(hbasewdStrayPrefix(255)).toBeUndefined();
  });

  it('both orders agree on every other int', () => {
    fc.assert(
      fc.property(fc.integer({ min: -0x7fff_ffff, max: 0x7fff_ffff }), fc.integer({ min: 1, max: 256 }), (hash, n) => {
        expect(bucketAbsThenMod(hash, n)).toBe(bucketModThenAbs(hash, n));
      }),
      { numRuns: 2000 },
    );
    expect(bucketAbsThenMod(DIVERGENT_HASH, 10)).toBe(-8);
    expect(bucketModThenAbs(DIVERGENT_HASH, 10)).toBe(8);
  });

  it('all three agree on random keys whose hash is not Integer.MIN_VALUE', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 24 }), fc.integer({ min: 1, max: 256 }), (key, n) => {
        fc.pre(javaBytesHashCode(key) !== DIVERGENT_HASH);
        const p = phoenixSaltByte(key, n);
        expect(hbasewdPrefixByte(key, n)).toBe(p);
        expect(opentsdbSaltBucket(key, n)).toBe(p);
      }),
      { numRuns: 1000 },
    );
  });
});
