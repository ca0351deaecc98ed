// Vectors taken from the projects' own test suites.
import { describe, expect, it } from 'vitest';
import { toHex } from '../../../src/bytes/index.js';
import { opentsdbPrefixKeyWithSalt, opentsdbSaltBytes, phoenixSaltByte } from '../../../src/keys/compat/index.js';

// OpenTSDB/opentsdb test/core/TestRowKey.java: setupSalt() mocks SALT_WIDTH = 1 and SALT_BUCKETS = 20; the metric
// UID width is the default 3 bytes. Each row is salt | metric | base time 0x50E22700 | tag UIDs.
const layout = { saltWidthBytes: 1, buckets: 20, metricWidthBytes: 3 } as const;
const row = (...bytes: number[]): Uint8Array => Uint8Array.of(...bytes);
const M1_TS = [0x00, 0x00, 0x01, 0x50, 0xe2, 0x27, 0x00];

describe('OpenTSDB RowKey.prefixKeyWithSalt (TestRowKey vectors)', () => {
  it.each([
    ['same metric, tags 000001=000001', [...M1_TS, 0, 0, 1, 0, 0, 1], 0x08],
    ['two tag pairs', [...M1_TS, 0, 0, 1, 0, 0, 1, 0, 0, 1, 0, 0, 1], 0x10],
    ['three tag pairs', [...M1_TS, 0, 0, 1, 0, 0, 1, 0, 0, 1, 0, 0, 1, 0, 0, 1, 0, 0, 1], 0x00],
    ['tag value 000002', [...M1_TS, 0, 0, 1, 0, 0, 2], 0x09],
    ['tags 000001=000001, 000002=000003', [...M1_TS, 0, 0, 1, 0, 0, 1, 0, 0, 2, 0, 0, 3], 0x03],
    ['no tags', [...M1_TS], 0x0c],
    ['metric 000002', [0x00, 0x00, 0x02, 0x50, 0xe2, 0x27, 0x00, 0, 0, 1, 0, 0, 1], 0x09],
    ['metric 000003', [0x00, 0x00, 0x03, 0x50, 0xe2, 0x27, 0x00, 0, 0, 1, 0, 0, 1], 0x06],
    ['metric 0B1420', [0x0b, 0x14, 0x20, 0x50, 0xe2, 0x27, 0x00, 0, 0, 1, 0, 0, 1], 0x06],
    ['missing tag value', [...M1_TS, 0, 0, 1], 0x0d],
  ])('%s → salt 0x%s', (_name, rest, salt) => {
    const out = opentsdbPrefixKeyWithSalt(row(0x00, ...rest), layout);
    expect(out[0]).toBe(salt);
    expect(toHex(out.subarray(1))).toBe(toHex(row(...rest)));
  });

  it('ignores the base time (prefixKeyWithSaltSameMetricSameTagsDifferentTimestamp)', () => {
    for (const ts of [[0x50, 0xe2, 0x27, 0x00], [0x50, 0xe2, 0x35, 0x10], [0x51, 0x0b, 0x13, 0x90], [0, 0, 0, 0]]) {
      expect(opentsdbPrefixKeyWithSalt(row(0, 0, 0, 1, ...ts, 0, 0, 1, 0, 0, 1), layout)[0]).toBe(0x08);
    }
  });

  it('overwrites whatever sits in the salt position (prefixKeyWithSaltOverwrite)', () => {
    for (const old of [0x02, 0xff, 0x0e]) {
      expect(opentsdbPrefixKeyWithSalt(row(old, ...M1_TS, 0, 0, 1, 0, 0, 1), layout)[0]).toBe(0x08);
    }
  });

  it('leaves short rows and the global annotation row alone (prefixKeyWithSaltGlobalAndNoOps)', () => {
    for (let n = 0; n <= 3; n++) expect(toHex(opentsdbPrefixKeyWithSalt(new Uint8Array(n), layout))).toBe('00'.repeat(n));
    const global = row(0x00, 0x00, 0x00, 0x00, 0x50, 0xe2, 0x27, 0x00);
    expect(toHex(opentsdbPrefixKeyWithSalt(global, layout))).toBe(toHex(global));
  });

  it('getSaltBytes (TestRowKey.getSalt)', () => {
    expect(toHex(opentsdbSaltBytes(2, 1))).toBe('02');
    expect(toHex(opentsdbSaltBytes(20, 1))).toBe('14');
    expect(toHex(opentsdbSaltBytes(20, 2))).toBe('0014');
    expect(toHex(opentsdbSaltBytes(20, 4))).toBe('00000014');
  });

  it('widths 5..8 repeat the low bytes, as Java masks the shift count to 5 bits', () => {
    // Hand computation for width 8, bucket 0x01020304: positions 7..4 take shifts 0, 8, 16, 24; positions 3..0 take
    // shifts 32, 40, 48, 56, which Java reads as 0, 8, 16, 24.
    expect(toHex(opentsdbSaltBytes(0x01020304, 8))).toBe('0102030401020304');
    expect(toHex(opentsdbSaltBytes(0x01020304, 5))).toBe('0401020304');
  });
});

describe('Phoenix SaltingUtilTest', () => {
  it('testGetSaltingByte: Bytes.toBytes(i) for i in 0..99 with 3 buckets covers exactly {0, 1, 2}', () => {
    const seen = new Set<number>();
    for (let i = 0; i < 100; i++) seen.add(phoenixSaltByte(Uint8Array.of(i >>> 24, (i >>> 16) & 255, (i >>> 8) & 255, i & 255), 3));
    expect([...seen].sort()).toEqual([0, 1, 2]);
  });

  it('testGetSaltingByte_EdgeCaseHashCode: the Integer.MIN_VALUE key lands in 0..2', () => {
    expect(phoenixSaltByte(Uint8Array.of(0x96, 0x00, 0xf6, 0x00, 0x13, 0xfe), 3)).toBe(2);
  });
});
