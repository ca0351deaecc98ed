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
    let i = items.length;
    items.push(item);
    // Move parents down into the hole until the new entry's place is found.
    while (i > 0) {
      const parent = (i - 1) >> 1;
      const p = items[parent] as T;
      if (!this.less(item, p)) break;
      items[i] = p;
      i = parent;
    }
    items[i] = item;
  }

  /** Removes and returns the smallest entry, or `undefined` when empty. */
  pop(): T | undefined {
    const items = this.items;
    const top = items[0];
    const last = items.pop();
    const n = items.length;
    if (n === 0 || last === undefined) return top;
    // Move the smaller child up into the hole until the last entry's place is found.
    let i = 0;
    for (;;) {
      let child = 2 * i + 1;
      if (child >= n) break;
      if (child + 1 < n && this.less(items[child + 1] as T, items[child] as T)) child++;
      const c = items[child] as T;
      if (!this.less(c, last)) break;
      items[i] = c;
      i = child;
    }
    items[i] = last;
    return top;
  }
}
