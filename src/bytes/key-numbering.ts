/**
 * Numbers distinct rowkeys by their bytes, in order of first appearance: an open-addressing hash table (FNV-1a over
 * the bytes, linear probing) that holds key numbers in an `Int32Array`. Counting a million sampled keys this way
 * makes no string per key, where a `Map` keyed by byte strings makes one each and spends most of its time on them and
 * on the garbage they leave.
 *
 * @module
 */
import { equalBytes } from './compare.js';

/** 32-bit FNV-1a hash of the bytes (a signed 32-bit integer). */
function fnv1a(key: Uint8Array): number {
  let h = 0x811c9dc5 | 0;
  for (let i = 0; i < key.length; i++) h = Math.imul(h ^ (key[i] as number), 0x01000193);
  return h;
}

/** Distinct keys numbered 0, 1, 2… in the order {@link KeyNumbering.numberOf} first meets them. */
export class KeyNumbering {
  /** The distinct keys by number: the first array met with those bytes (not copied). */
  readonly keys: Uint8Array[] = [];
  /** Hash of each distinct key, by number. */
  private readonly hashes: number[] = [];
  /** Key number + 1 per slot (0: free); a power-of-two size, at most half full. */
  private slots = new Int32Array(1024);

  /** The number of `key`: that of the equal key met before, or else the next free number. */
  numberOf(key: Uint8Array): number {
    const hash = fnv1a(key);
    const mask = this.slots.length - 1;
    let at = hash & mask;
    for (let slot = this.slots[at] as number; slot !== 0; slot = this.slots[at] as number) {
      const n = slot - 1;
      if (this.hashes[n] === hash && equalBytes(this.keys[n] as Uint8Array, key)) return n;
      at = (at + 1) & mask;
    }
    const n = this.keys.length;
    this.keys.push(key);
    this.hashes.push(hash);
    this.slots[at] = n + 1;
    if (2 * this.keys.length > this.slots.length) this.grow();
    return n;
  }

  /** Doubles the table and places every key again. */
  private grow(): void {
    const slots = new Int32Array(2 * this.slots.length);
    const mask = slots.length - 1;
    this.hashes.forEach((hash, n) => {
      let at = hash & mask;
      while (slots[at] !== 0) at = (at + 1) & mask;
      slots[at] = n + 1;
    });
    this.slots = slots;
  }
}
