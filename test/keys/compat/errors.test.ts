import { describe, expect, it } from 'vitest';
import {
  checkOpentsdbSalt,
  hbasewdPrefixByte,
  hbasewdStrayPrefix,
  opentsdbPrefixKeyWithSalt,
  opentsdbSaltBucket,
  phoenixSaltByte,
} from '../../../src/keys/compat/index.js';

const key = Uint8Array.of(1, 2, 3);

describe('compat salt argument errors', () => {
  it.each([0, 257, 2.5, -1, Number.NaN])('Phoenix SALT_BUCKETS %s is refused', (n) => {
    expect(() => phoenixSaltByte(key, n)).toThrow(expect.objectContaining({ code: 'COMPAT_BUCKETS_INVALID' }));
    expect(() => phoenixSaltByte(key, n)).toThrow(/SALT_BUCKETS must be an integer from 1 to 256/);
  });

  it.each([0, 257, 1.5])('HBaseWD maxBuckets %s is refused', (n) => {
    expect(() => hbasewdPrefixByte(key, n)).toThrow(expect.objectContaining({ code: 'COMPAT_BUCKETS_INVALID' }));
    expect(() => hbasewdStrayPrefix(n)).toThrow(/maxBuckets must be an integer from 1 to 256/);
  });

  it('OpenTSDB width outside 1..8 is refused', () => {
    expect(() => checkOpentsdbSalt(20, 0)).toThrow(expect.objectContaining({ code: 'COMPAT_WIDTH_INVALID' }));
    expect(() => checkOpentsdbSalt(20, 9)).toThrow(/salt width must be an integer from 1 to 8 bytes/);
  });

  it('OpenTSDB buckets that do not fit the width are refused', () => {
    expect(() => checkOpentsdbSalt(257, 1)).toThrow(expect.objectContaining({ code: 'COMPAT_BUCKETS_INVALID' }));
    expect(() => checkOpentsdbSalt(65537, 2)).toThrow(/from 1 to 65536 for a 2-byte salt/);
    expect(() => opentsdbSaltBucket(key, 0)).toThrow(expect.objectContaining({ code: 'COMPAT_BUCKETS_INVALID' }));
    expect(() => checkOpentsdbSalt(256, 1)).not.toThrow();
  });

  it('an OpenTSDB row cut inside the base time is refused', () => {
    // As OpenTSDB's TestRowKey.prefixKeyWithSaltMissingTags expects an ArrayIndexOutOfBoundsException.
    const row = Uint8Array.of(0x02, 0x00, 0x00, 0x01, 0x50, 0xe2, 0x27);
    expect(() => opentsdbPrefixKeyWithSalt(row, { saltWidthBytes: 1, buckets: 20, metricWidthBytes: 3 })).toThrow(
      expect.objectContaining({ code: 'COMPAT_ROW_SHORT' }),
    );
  });
});
