import type { PartAlphabet } from '../types.js';

/**
 * The check decoding applies to a candidate slice `key[from, to)` of a part: hex parts hold lower-case hex digits,
 * decimal parts decimal digits (with a leading `-` for a signed plain number), text and binary parts anything.
 * Hex and decimal slices are never empty.
 */
export function alphabetTest(alphabet: PartAlphabet, signed: boolean): (key: Uint8Array, from: number, to: number) => boolean {
  if (alphabet === 'hex') {
    return (key, from, to) => {
      if (to <= from) return false;
      for (let i = from; i < to; i++) {
        const b = key[i] as number;
        if (!((b >= 48 && b <= 57) || (b >= 97 && b <= 102))) return false;
      }
      return true;
    };
  }
  if (alphabet === 'decimal') {
    return (key, from, to) => {
      if (to <= from) return false;
      for (let i = from; i < to; i++) {
        const b = key[i] as number;
        if (!(b >= 48 && b <= 57) && !(signed && i === from && b === 45 && to - from > 1)) return false;
      }
      return true;
    };
  }
  return () => true;
}
