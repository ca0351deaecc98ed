import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { KeyNumbering } from '../../src/bytes/key-numbering.js';

describe('KeyNumbering', () => {
  it('numbers keys by their bytes in order of first appearance, as a map keyed by the bytes would', () => {
    fc.assert(fc.property(fc.array(fc.uint8Array({ maxLength: 4 }), { maxLength: 3000 }), (keys) => {
      const numbering = new KeyNumbering();
      const byHex = new Map<string, number>();
      for (const key of keys) {
        const hex = Buffer.from(key).toString('hex');
        if (!byHex.has(hex)) byHex.set(hex, byHex.size);
        expect(numbering.numberOf(Uint8Array.from(key))).toBe(byHex.get(hex));
      }
      expect(numbering.keys.map((k) => Buffer.from(k).toString('hex'))).toEqual([...byHex.keys()]);
    }), { numRuns: 60 });
  });

  it('keeps the first array met for each key and tells the empty key apart', () => {
    const numbering = new KeyNumbering();
    const first = Uint8Array.of(1, 2);
    expect([numbering.numberOf(first), numbering.numberOf(new Uint8Array()), numbering.numberOf(Uint8Array.of(1, 2))]).toEqual([0, 1, 0]);
    expect(numbering.keys[0]).toBe(first);
  });
});
