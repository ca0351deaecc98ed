import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MinHeap } from '../../../src/keys/scan/min-heap.js';

describe('MinHeap', () => {
  it('pops in ascending order whatever the push order, interleaved or not', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: -50, max: 50 })), fc.array(fc.boolean()), (values, pops) => {
        const heap = new MinHeap<number>((a, b) => a < b);
        const model: number[] = [];
        const out: number[] = [];
        const expected: number[] = [];
        values.forEach((v, i) => {
          heap.push(v);
          model.push(v);
          if (pops[i]) {
            model.sort((a, b) => a - b);
            expected.push(model.shift() as number);
            out.push(heap.pop() as number);
          }
        });
        while (heap.size > 0) out.push(heap.pop() as number);
        expected.push(...model.sort((a, b) => a - b));
        expect(out).toEqual(expected);
      }),
      { numRuns: 300 },
    );
  });

  it('pop on an empty heap is undefined', () => {
    expect(new MinHeap<number>((a, b) => a < b).pop()).toBeUndefined();
  });
});
