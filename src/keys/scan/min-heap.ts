/**
 * A binary min-heap over an array, ordered by a comparator. Used by the k-way merge of per-bucket scans, where it
 * holds one entry per bucket: O(log k) per row instead of sorting everything.
 */
export class MinHeap<T> {
  private readonly items: T[] = [];

  /** @param less - true when `a` must come out before `b`. */
  constructor(private readonly less: (a: T, b: T) => boolean) {}

  /** Number of entries. */
  get size(): number {
    return this.items.length;
  }

  /** Adds an entry. */
  push(item: T): void {
    const items = this.items;
    items.push(item);
    let i = items.length - 1;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (!this.less(items[i] as T, items[parent] as T)) break;
      [items[i], items[parent]] = [items[parent] as T, items[i] as T];
      i = parent;
    }
  }

  /** Removes and returns the smallest entry, or `undefined` when empty. */
  pop(): T | undefined {
    const items = this.items;
    const top = items[0];
    const last = items.pop();
    if (items.length === 0 || last === undefined) return top;
    items[0] = last;
    let i = 0;
    for (;;) {
      const l = 2 * i + 1;
      const r = l + 1;
      let m = i;
      if (l < items.length && this.less(items[l] as T, items[m] as T)) m = l;
      if (r < items.length && this.less(items[r] as T, items[m] as T)) m = r;
      if (m === i) return top;
      [items[i], items[m]] = [items[m] as T, items[i] as T];
      i = m;
    }
  }
}
