import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compareBytes } from '../../src/bytes/index.js';
import { KeySketch } from '../../src/simulate/key-sketch.js';

/**
 * The sketch as its module comment describes it, written the plain way: an object per entry, a stable
 * `Array.prototype.sort` by `compareBytes`, and at more than 512 entries a re-bucketing into 256 equal-weight buckets,
 * each kept as its middle key. The typed-array sketch must give the same keys and weights after any sequence of adds
 * and splits.
 */
class PlainSketch {
  entries: { key: Uint8Array; weight: number }[] = [];
  total = 0;

  add(key: Uint8Array, weight: number): void {
    if (weight <= 0) return;
    this.entries.push({ key: key.slice(), weight });
    this.total += weight;
    if (this.entries.length > 512) this.compress();
  }

  private compress(): void {
    this.entries.sort((a, b) => compareBytes(a.key, b.key));
    const bucket = this.total / 256;
    const kept: { key: Uint8Array; weight: number }[] = [];
    let weight = 0;
    let middle = -1;
    this.entries.forEach((e, i) => {
      weight += e.weight;
      if (middle < 0 && weight >= bucket / 2) middle = i;
      if (weight >= bucket) {
        kept.push({ key: (this.entries[middle < 0 ? i : middle] as { key: Uint8Array }).key, weight });
        weight = 0;
        middle = -1;
      }
    });
    if (weight > 0) kept.push({ key: (this.entries[middle < 0 ? this.entries.length - 1 : middle] as { key: Uint8Array }).key, weight });
    this.entries = kept;
  }

  median(): Uint8Array | undefined {
    this.entries.sort((a, b) => compareBytes(a.key, b.key));
    let acc = 0;
    for (const e of this.entries) {
      acc += e.weight;
      if (acc >= this.total / 2) return e.key;
    }
    return undefined;
  }

  splitAt(key: Uint8Array): { lower: PlainSketch; upper: PlainSketch } {
    const lower = new PlainSketch();
    const upper = new PlainSketch();
    for (const e of this.entries) {
      const side = compareBytes(e.key, key) < 0 ? lower : upper;
      side.entries.push(e);
      side.total += e.weight;
    }
    return { lower, upper };
  }
}

// keys sharing a prefix, some a prefix of others, many repeated: the cases the heads and the tie order must get right
const keyArb = fc.oneof(
  fc.uint8Array({ minLength: 0, maxLength: 12 }).map((tail) => Uint8Array.from([7, 7, 0x5f, ...tail.map((b) => b % 4)])),
  fc.uint8Array({ minLength: 1, maxLength: 20 }),
);
const opArb = fc.oneof(
  { weight: 20, arbitrary: fc.record({ kind: fc.constant('add' as const), key: keyArb, weight: fc.integer({ min: 0, max: 9 }), times: fc.integer({ min: 1, max: 120 }) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('split' as const), upper: fc.boolean() }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('median' as const) }) },
);

describe('key sketch entries', () => {
  it('keep the keys and weights of a plain stable sort through adds, re-bucketings, medians and splits', () => {
    fc.assert(
      fc.property(fc.array(opArb, { minLength: 1, maxLength: 60 }), (ops) => {
        let sketch = new KeySketch();
        let plain = new PlainSketch();
        let n = 0;
        for (const op of ops) {
          if (op.kind === 'add') {
            // the same key run with varying weights, in the order the engine's groups arrive
            for (let t = 0; t < op.times; t++, n++) {
              const key = Uint8Array.from([...op.key, n % 3]);
              // every other key added as a range of a larger buffer, as the engine adds a step's keys
              if (n % 2) sketch.add(Uint8Array.from([0xff, 0, ...key, 0xff]), (op.weight * (n % 5)) / 4, 2, key.length);
              else sketch.add(key, (op.weight * (n % 5)) / 4);
              plain.add(key, (op.weight * (n % 5)) / 4);
            }
          } else if (op.kind === 'median') {
            expect(sketch.median()).toEqual(plain.median());
          } else {
            const mid = plain.median();
            if (!mid) continue;
            expect(sketch.median()).toEqual(mid);
            const a = sketch.splitAt(mid);
            const b = plain.splitAt(mid);
            sketch = op.upper ? a.upper : a.lower;
            plain = op.upper ? b.upper : b.lower;
          }
          expect(sketch.totalWeight).toBe(plain.total);
        }
        expect(sketch.median()).toEqual(plain.median());
        // every kept weight, bucket by bucket: the weight at or above each plain entry's key
        for (const e of plain.entries) expect(sketch.weightIn(e.key, new Uint8Array(0))).toBe(plain.entries.filter((f) => compareBytes(f.key, e.key) >= 0).reduce((w, f) => w + f.weight, 0));
      }),
      { numRuns: 150 },
    );
  });
});
