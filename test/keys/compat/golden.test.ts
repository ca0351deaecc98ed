// Golden vectors computed by a real JDK: test/golden/java/GoldenKeys.java restates each project's salt arithmetic in
// Java and writes the compatPrefixes section of test/golden/functions.json ({phoenixSalt(N)}, {hbasewd(N)},
// {opentsdbSalt(N,W)} over literal key bytes). The whole-template check is in test/golden/shared-vectors.test.ts;
// here the library's compat functions are checked against the same bytes directly.
import { describe, expect, it } from 'vitest';
import { fromHex, javaBytesHashCode, toHex } from '../../../src/bytes/index.js';
import { hbasewdPrefixByte, opentsdbPrefixKeyWithSalt, phoenixSaltByte } from '../../../src/keys/compat/index.js';
import { vectors } from '../../golden/vectors.js';

const all = vectors('compatPrefixes');
const parse = (template: string) => {
  const m = /^\{(\w+)\(([0-9,]+)\)\}/.exec(template);
  if (!m) throw new Error(`not a compat vector: ${template}`);
  return { fn: m[1] as string, args: (m[2] as string).split(',').map(Number) };
};

describe('compat salts against JDK golden vectors', () => {
  it('has vectors to check, including the hash Integer.MIN_VALUE', () => {
    expect(all.filter((v) => v.template.startsWith('{phoenixSalt(')).length).toBe(120);
    expect(all.filter((v) => v.template.startsWith('{hbasewd(')).length).toBe(120);
    expect(all.filter((v) => v.template.startsWith('{opentsdbSalt(')).length).toBe(72);
    expect(javaBytesHashCode(fromHex('9600f60013fe'))).toBe(-2147483648);
  });

  it('Phoenix and HBaseWD prefix bytes over the original key', () => {
    for (const v of all) {
      const { fn, args } = parse(v.template);
      if (fn === 'opentsdbSalt') continue;
      const key = fromHex(v.key);
      const byte = fn === 'phoenixSalt' ? phoenixSaltByte(key.subarray(1), args[0] as number) : hbasewdPrefixByte(key.subarray(1), args[0] as number);
      expect(byte, v.template).toBe(key[0]);
    }
  });

  it('HBaseWD writes a byte outside 0..N-1 for the hash Integer.MIN_VALUE, Phoenix does not', () => {
    // (byte) (Integer.MIN_VALUE % 3) = -2 = 0xFE; Math.abs(Integer.MIN_VALUE % 3) = 2.
    expect(all.find((v) => v.template === '{hbasewd(3)}\\x96\\x00\\xF6\\x00\\x13\\xFE')?.key.slice(0, 2)).toBe('fe');
    expect(all.find((v) => v.template === '{phoenixSalt(3)}\\x96\\x00\\xF6\\x00\\x13\\xFE')?.key.slice(0, 2)).toBe('02');
  });

  it('OpenTSDB salts of 1 to 8 bytes over the metric and tags', () => {
    for (const v of all) {
      const { fn, args } = parse(v.template);
      if (fn !== 'opentsdbSalt') continue;
      const [buckets, width] = args as [number, number];
      const key = fromHex(v.key);
      const row = key.slice();
      row.fill(0, 0, width);
      expect(toHex(opentsdbPrefixKeyWithSalt(row, { saltWidthBytes: width, buckets, metricWidthBytes: 3 })), v.template).toBe(v.key);
    }
  });
});
