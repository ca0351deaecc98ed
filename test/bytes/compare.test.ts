import { describe, expect, it } from 'vitest';
import { compareBytes, prefixStopRow, toBytesBinary, toStringBinary } from '../../src/bytes/index.js';

const b = (...xs: number[]) => Uint8Array.from(xs);

describe('compareBytes', () => {
  it('orders bytes unsigned, shorter prefix first, empty first', () => {
    expect(compareBytes(b(0x7f), b(0x80))).toBeLessThan(0);
    expect(compareBytes(b(0xff), b(0x00, 0x00))).toBeGreaterThan(0);
    expect(compareBytes(b(1, 2), b(1, 2, 0))).toBeLessThan(0);
    expect(compareBytes(b(), b(0))).toBeLessThan(0);
    expect(compareBytes(b(5, 6), b(5, 6))).toBe(0);
  });
});

describe('prefixStopRow', () => {
  it('increments the last byte that is not 0xFF and drops the 0xFF run after it', () => {
    expect(prefixStopRow(b(0x61, 0x62))).toEqual(b(0x61, 0x63));
    expect(prefixStopRow(b(0x61, 0xff, 0xff))).toEqual(b(0x62));
    expect(prefixStopRow(b(0x01, 0xfe))).toEqual(b(0x01, 0xff));
  });
  it('returns the empty key (end of table) for all-0xFF and empty prefixes', () => {
    expect(prefixStopRow(b(0xff, 0xff))).toEqual(b());
    expect(prefixStopRow(b())).toEqual(b());
  });
});

describe('toStringBinary / toBytesBinary', () => {
  it('escapes the backslash and non-printable bytes in upper-case hex', () => {
    expect(toStringBinary(b(0x61, 0x00, 0x5c, 0x20, 0x7e, 0x7f, 0xff))).toBe('a\\x00\\x5C ~\\x7F\\xFF');
  });
  it('round-trips every byte value', () => {
    const all = Uint8Array.from({ length: 256 }, (_, i) => i);
    expect(toBytesBinary(toStringBinary(all))).toEqual(all);
  });
  it('accepts lower-case escapes and rejects malformed ones naming the input', () => {
    expect(toBytesBinary('\\xab')).toEqual(b(0xab));
    expect(() => toBytesBinary('a\\xZZ', '--start')).toThrow(/--start: bad escape "\\xZZ" at character 2/);
    expect(() => toBytesBinary('a\\', '--start')).toThrow(/KEY_ESCAPE_INVALID|bad escape/);
  });
  it('encodes non-ASCII characters as UTF-8', () => {
    expect(toBytesBinary('é')).toEqual(b(0xc3, 0xa9));
  });
});
