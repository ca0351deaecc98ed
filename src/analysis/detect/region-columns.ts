/**
 * Every region's running totals over a window, in columns: one typed array per figure, region `i` (in the order the
 * regions were first seen) at index `i`. A cluster's hundreds of thousands of regions then cost a few arrays, not
 * several objects each that the garbage collector has to trace.
 *
 * @module
 */
import type { RegionRate } from '../../model/index.js';
import { RegionTable } from '../../model/region-table.js';
import type { LoadColumns } from './hot-test.js';

/** A copy of `a` with room for `capacity` values (`capacity` ≥ its length). */
function grown<T extends Float64Array | Int32Array | Uint8Array>(a: T, capacity: number): T {
  const b = new (a.constructor as new (length: number) => T)(capacity);
  b.set(a);
  return b;
}

/** One load of an interval, as {@link TallyColumns.add} takes it. */
export interface IntervalLoad {
  readonly requests: number;
  readonly reads: number | null;
  readonly writes: number | null;
}

/**
 * Running sums of many members' loads (what `Tally` holds for one): requests, reads, writes, the seconds they lasted
 * and the reads their rows explain. Reads and writes turn unknown (`null`) for good once one added load lacks them.
 */
export class TallyColumns {
  requests: Float64Array;
  reads: Float64Array;
  writes: Float64Array;
  seconds: Float64Array;
  rowReads: Float64Array;
  /** Bit 1: the member has a tally (something was added); bit 2: its reads are unknown; bit 4: its writes are. */
  flags: Uint8Array;

  constructor(capacity: number) {
    this.requests = new Float64Array(capacity);
    this.reads = new Float64Array(capacity);
    this.writes = new Float64Array(capacity);
    this.seconds = new Float64Array(capacity);
    this.rowReads = new Float64Array(capacity);
    this.flags = new Uint8Array(capacity);
  }

  /** Grows every column to `capacity` members, keeping their values. */
  grow(capacity: number): void {
    this.requests = grown(this.requests, capacity);
    this.reads = grown(this.reads, capacity);
    this.writes = grown(this.writes, capacity);
    this.seconds = grown(this.seconds, capacity);
    this.rowReads = grown(this.rowReads, capacity);
    this.flags = grown(this.flags, capacity);
  }

  /** Adds load `r` lasting `seconds`, with `rowReads` of it explained by rows, to member `i`. */
  add(i: number, r: IntervalLoad, seconds: number, rowReads = 0): void {
    let flags = (this.flags[i] as number) | 1;
    if (r.reads === null) flags |= 2;
    else this.reads[i] = (this.reads[i] as number) + r.reads;
    if (r.writes === null) flags |= 4;
    else this.writes[i] = (this.writes[i] as number) + r.writes;
    this.flags[i] = flags;
    this.requests[i] = (this.requests[i] as number) + r.requests;
    this.seconds[i] = (this.seconds[i] as number) + seconds;
    this.rowReads[i] = (this.rowReads[i] as number) + rowReads;
  }

  /** True when member `i` has a tally. */
  has(i: number): boolean {
    return ((this.flags[i] as number) & 1) !== 0;
  }

  /** Member `i`'s reads, `null` when unknown. */
  readsOf(i: number): number | null {
    return ((this.flags[i] as number) & 2) !== 0 ? null : (this.reads[i] as number);
  }

  /** Member `i`'s writes, `null` when unknown. */
  writesOf(i: number): number | null {
    return ((this.flags[i] as number) & 4) !== 0 ? null : (this.writes[i] as number);
  }

  /**
   * The tallies of members `order` (in that order) per second of each one's own time (1 s for a member with no time),
   * as `perSecond` in `tally.ts` gives them, for the hot test.
   */
  perSecond(order: ArrayLike<number>): LoadColumns {
    const n = order.length;
    const requests = new Float64Array(n);
    let reads: Float64Array | null = new Float64Array(n);
    let writes: Float64Array | null = new Float64Array(n);
    const rowReads = new Float64Array(n);
    for (let j = 0; j < n; j++) {
      const i = order[j] as number;
      const t = this.seconds[i] as number;
      const s = t > 0 ? t : 1;
      const flags = this.flags[i] as number;
      requests[j] = (this.requests[i] as number) / s;
      if (flags & 2) reads = null;
      else if (reads) reads[j] = (this.reads[i] as number) / s;
      if (flags & 4) writes = null;
      else if (writes) writes[j] = (this.writes[i] as number) / s;
      rowReads[j] = (this.rowReads[i] as number) / s;
    }
    return { length: n, requests, reads, writes, rowReads };
  }
}

/**
 * Every region of a window, by index in first-seen order: its totals over the window (`window`), over the now
 * intervals it was in (`now`), the table's over those intervals (`nowTable`), how often it was hot, when it was first
 * and last seen, and its latest rates.
 */
export class RegionColumns {
  /** Regions so far. */
  length = 0;
  private capacity: number;
  private readonly names = new RegionTable<number>();
  /** Regions counted hot ({@link RegionColumns.countHot}) by encoded name. */
  private readonly hot = new Map<string, number>();
  readonly window: TallyColumns;
  readonly now: TallyColumns;
  readonly nowTable: TallyColumns;
  hotIntervals: Int32Array;
  nowHotIntervals: Int32Array;
  /** Start of the first interval it was in, epoch ms. */
  first: Float64Array;
  /** End of the last interval it was in, epoch ms. */
  lastMs: Float64Array;
  /** Its rates in the last interval it was in. */
  readonly last: RegionRate[] = [];

  /**
   * Room for `capacity` regions before the columns grow (the first interval's region count is a good guess).
   * `nowIsWindow`: every interval of the window is one of now, so the tallies over now are those over the window: one
   * set of columns is kept, `now` is `window` (and nothing is to be added to `now` apart).
   */
  constructor(capacity: number, nowIsWindow = false) {
    this.capacity = Math.max(16, capacity);
    this.window = new TallyColumns(this.capacity);
    this.now = nowIsWindow ? this.window : new TallyColumns(this.capacity);
    this.nowTable = new TallyColumns(this.capacity);
    this.hotIntervals = new Int32Array(this.capacity);
    this.nowHotIntervals = new Int32Array(this.capacity);
    this.first = new Float64Array(this.capacity);
    this.lastMs = new Float64Array(this.capacity);
  }

  /**
   * The index of region `r`, standing at `position` of the current interval's list, added (first seen at `startMs`)
   * when it has none yet (the first interval's regions are taken whole by {@link RegionColumns.addFirst}).
   */
  indexOf(position: number, r: RegionRate, startMs: number): number {
    const known = this.names.get(position, r.encodedName);
    if (known !== undefined) return known;
    if (this.length === this.capacity) this.grow(this.capacity * 2);
    const i = this.length++;
    this.names.add(position, r.encodedName, i);
    this.first[i] = startMs;
    this.last[i] = r;
    return i;
  }

  /**
   * Adds every region of `list`, the first interval's (no region is known yet, and no name is listed twice), first seen
   * at `startMs`: region `p` of the list gets index `p`, with no name looked up or entered (see
   * {@link RegionTable.addFirst}).
   */
  addFirst(list: readonly RegionRate[], startMs: number): void {
    if (this.length !== 0) throw new Error('addFirst: regions were added already');
    const n = list.length;
    if (n > this.capacity) this.grow(n);
    this.first.fill(startMs, 0, n);
    for (let p = 0; p < n; p++) this.last[p] = list[p] as RegionRate;
    this.length = n;
    this.names.addFirst(list, (p) => p);
  }

  /** Counts an interval in which region `i`, of encoded name `name`, was hot (and over now, when `inNow`). */
  countHot(i: number, name: string, inNow: boolean): void {
    this.hotIntervals[i] = (this.hotIntervals[i] as number) + 1;
    if (inNow) this.nowHotIntervals[i] = (this.nowHotIntervals[i] as number) + 1;
    this.hot.set(name, i);
  }

  /**
   * The index of the region with encoded name `name`, `undefined` when it was never seen. A region counted hot is
   * found without the map of every name.
   */
  find(name: string): number | undefined {
    return this.hot.get(name) ?? this.names.byName.get(name);
  }

  private grow(capacity: number): void {
    for (const t of new Set([this.window, this.now, this.nowTable])) t.grow(capacity);
    this.hotIntervals = grown(this.hotIntervals, capacity);
    this.nowHotIntervals = grown(this.nowHotIntervals, capacity);
    this.first = grown(this.first, capacity);
    this.lastMs = grown(this.lastMs, capacity);
    this.capacity = capacity;
  }
}
