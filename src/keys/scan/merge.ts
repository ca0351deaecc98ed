/**
 * Merging per-bucket scan results back into one stream in original-key order: the order the rows would have if the
 * key had no salt. Each bucket's scan returns its rows in HBase order, and within a bucket the salt bytes are equal,
 * so each stream is already sorted by the key with the salt removed; a k-way merge over a min-heap keeps that order
 * across buckets (like HBaseWD's `DistributedScanner` and OpenTSDB's `SaltScanner`, but lazy and streaming).
 */
import { MinHeap } from './min-heap.js';
import type { SaltSpan } from './types.js';

/** Options for {@link mergeBucketScans}. */
export interface MergeOptions<R> {
  /** The rowkey of a row. */
  readonly key: (row: R) => Uint8Array;
  /** Where the salt sits in every key (a plan's {@link ScanPlan.salt}). */
  readonly salt: Pick<SaltSpan, 'offsetBytes' | 'widthBytes'>;
}

/**
 * Compares two rowkeys in unsigned byte order as if the `width` bytes at `offset` were absent from both.
 * @returns negative, zero or positive.
 */
export function compareWithoutSalt(a: Uint8Array, b: Uint8Array, offset: number, width: number): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    if (i === offset) {
      i += width - 1;
      continue;
    }
    const d = (a[i] as number) - (b[i] as number);
    if (d !== 0) return d;
  }
  return a.length - b.length;
}

interface Head<R> {
  readonly row: R;
  readonly key: Uint8Array;
  readonly source: number;
  readonly iterator: AsyncIterator<R>;
}

/**
 * Merges the rows of per-bucket scans (each in HBase order) into one stream ordered by the key with the salt
 * removed. Rows whose unsalted keys tie come out in source order (bucket 0 first). Empty sources are fine. Reads
 * one row ahead per source; memory is O(number of sources).
 * @param sources - one async iterable of rows per scan, in the plan's scan order.
 */
export async function* mergeBucketScans<R>(sources: readonly AsyncIterable<R>[], options: MergeOptions<R>): AsyncGenerator<R> {
  const { offsetBytes, widthBytes } = options.salt;
  const heap = new MinHeap<Head<R>>((a, b) => {
    const c = compareWithoutSalt(a.key, b.key, offsetBytes, widthBytes);
    return c < 0 || (c === 0 && a.source < b.source);
  });
  const iterators = sources.map((s) => s[Symbol.asyncIterator]());
  const advance = async (iterator: AsyncIterator<R>, source: number): Promise<void> => {
    const next = await iterator.next();
    if (!next.done) heap.push({ row: next.value, key: options.key(next.value), source, iterator });
  };
  try {
    await Promise.all(iterators.map((it, source) => advance(it, source)));
    for (let head = heap.pop(); head !== undefined; head = heap.pop()) {
      yield head.row;
      await advance(head.iterator, head.source);
    }
  } finally {
    await Promise.all(iterators.map((it) => it.return?.()));
  }
}
