/**
 * What the rate step ({@link computeRates} in `rates.ts`) produces: per-interval request rates per region and per
 * RegionServer, and the events (resets, moves, splits, merges, gaps) it met on the way.
 *
 * @module
 */

/** Kinds of {@link RateEvent}. */
export type RateEventKind =
  | 'counter-reset'
  | 'region-moved'
  | 'server-restarted'
  | 'region-split'
  | 'region-merged'
  | 'region-appeared'
  | 'region-returned'
  | 'region-gone'
  | 'gap';

/** Something the rate step handled between two snapshots; never an error. */
export interface RateEvent {
  /** What happened. */
  readonly kind: RateEventKind;
  /** Start of the interval it happened in (the earlier snapshot's time), epoch ms. */
  readonly startMs: number;
  /** End of that interval (the later snapshot's time), epoch ms. */
  readonly timeMs: number;
  /** Encoded name of the region concerned (for splits the parent, for merges the merged region). */
  readonly region?: string;
  /** RegionServer concerned (for moves the destination). */
  readonly server?: string;
  /** For moves: the server the region left. */
  readonly fromServer?: string;
  /** Encoded names of the regions on the other side: a split's daughters, a merge's parents. */
  readonly related?: readonly string[];
  /** One human sentence saying what happened and how the rates account for it. */
  readonly detail: string;
}

/** How a region's interval counts were obtained. */
export type RateBasis =
  /** later counter − earlier counter, the normal case. */
  | 'delta'
  /** a counter went down (reopened elsewhere, server restarted): the later value, counted since the reset. */
  | 'since-reset'
  /** the region is new (split daughter, merge result, newly online): its counter, counted since it opened. */
  | 'since-open';

/** One region's load over one interval. Rates are per second of the interval. */
export interface RegionRate {
  /** The region's table in a series of several tables (`RegionLoad.table`); absent in a series of one. */
  readonly table?: string;
  /** Encoded region name (identity across snapshots). */
  readonly encodedName: string;
  /** Full region name, toStringBinary form. */
  readonly name: string;
  /** Start key, inclusive (empty for the first region). */
  readonly startKey: Uint8Array;
  /** End key, exclusive (empty for the last region). */
  readonly endKey: Uint8Array;
  /** RegionServer hosting the region at the end of the interval; the whole interval's load is counted there. */
  readonly server: string;
  /** Read requests in the interval, `null` when the source only knows read + write. */
  readonly reads: number | null;
  /** Write requests in the interval, `null` when the source only knows read + write. */
  readonly writes: number | null;
  /** Read + write requests in the interval. */
  readonly requests: number;
  /** `reads` per second, or `null`. */
  readonly readsPerSec: number | null;
  /** `writes` per second, or `null`. */
  readonly writesPerSec: number | null;
  /** `requests` per second. */
  readonly requestsPerSec: number;
  /** Store-file size at the end of the interval, bytes. */
  readonly storeSizeBytes: number;
  /** Change of store-file size over the interval in bytes (negative after a compaction), `null` for a new region. */
  readonly storeGrowthBytes: number | null;
  /** How the counts were obtained. */
  readonly basis: RateBasis;
}

/** One RegionServer's load over one interval: the sum of the table's regions it hosts at the interval's end. */
export interface ServerRate {
  /** RegionServer name as the series gives it. */
  readonly server: string;
  /** Number of the table's regions it hosts at the interval's end. */
  readonly regionCount: number;
  /** Read requests in the interval (`null` when any of its regions lacks the read/write split). */
  readonly reads: number | null;
  /** Write requests in the interval, or `null` as for `reads`. */
  readonly writes: number | null;
  /** Read + write requests in the interval. */
  readonly requests: number;
  /** `reads` per second of the interval, or `null`. */
  readonly readsPerSec: number | null;
  /** `writes` per second of the interval, or `null`. */
  readonly writesPerSec: number | null;
  /** `requests` per second of the interval. */
  readonly requestsPerSec: number;
}

/** The table's load between two consecutive snapshots. */
export interface RateInterval {
  /** Earlier snapshot's time, epoch ms. */
  readonly startMs: number;
  /** Later snapshot's time, epoch ms. */
  readonly endMs: number;
  /** `endMs - startMs`. */
  readonly durationMs: number;
  /** True when the interval is longer than 1.5 × the expected interval (snapshots missing). */
  readonly gap: boolean;
  /** Every region of the later snapshot, in key order. */
  readonly regions: readonly RegionRate[];
  /** Every RegionServer hosting at least one of the table's regions at the interval's end, by name. */
  readonly servers: readonly ServerRate[];
}

/** Result of the rate step over a whole series. */
export interface LoadRates {
  /** Table name. */
  readonly table: string;
  /** The interval the series aimed for (source's `intervalMs`, else the median spacing), ms; 0 with fewer than two snapshots. */
  readonly expectedIntervalMs: number;
  /** One entry per pair of consecutive snapshots. */
  readonly intervals: readonly RateInterval[];
  /** Everything handled on the way, in time order. */
  readonly events: readonly RateEvent[];
}
