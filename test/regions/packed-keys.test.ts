import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compareBytes } from '../../src/bytes/index.js';
import { PackedKeys } from '../../src/regions/packed-keys.js';

// keys sharing a long prefix (so the search starts past it) or not, some a prefix of another
const keyArb = fc.oneof(
  fc.uint8Array({ minLength: 0, maxLength: 14 }).map((tail) => Uint8Array.from([0x30, 0x37, 0x5f, 0x73, ...tail.map((b) => 0x30 + (b % 3))])),
  fc.uint8Array({ minLength: 1, maxLength: 14 }),
);

describe('PackedKeys.countAtOrBelow', () => {
  it('counts the split points at or below a key, given whole or as a range of a larger buffer', () => {
    fc.assert(
      fc.property(fc.array(keyArb, { minLength: 0, maxLength: 40 }), keyArb, fc.uint8Array({ maxLength: 5 }), fc.uint8Array({ maxLength: 5 }), (keys, key, before, after) => {
        const sorted = [...keys].sort(compareBytes).filter((k, i, all) => i === 0 || compareBytes(k, all[i - 1] as Uint8Array) !== 0);
        const packed = new PackedKeys(sorted);
        // the count by a linear walk with compareBytes
        const expected = sorted.filter((k) => compareBytes(k, key) <= 0).length;
        expect(packed.countAtOrBelow(key)).toBe(expected);
        const buffer = Uint8Array.from([...before, ...key, ...after]);
        expect(packed.countAtOrBelow(buffer, before.length, key.length)).toBe(expected);
      }),
      { numRuns: 2000 },
    );
  });
});
