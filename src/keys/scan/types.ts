/** The shapes scan planning produces: HBase scans (start row inclusive, stop row exclusive) and what they cover. */

/**
 * A time range in epoch milliseconds with HBase's `TimeRange` convention: `fromMs` inclusive, `toMs` exclusive.
 * Either end may be left open.
 */
export interface TimeRangeMs {
  /** First time included, epoch ms; absent for no lower bound. */
  readonly fromMs?: number;
  /** First time excluded, epoch ms; absent for no upper bound. */
  readonly toMs?: number;
}

/** Options for {@link planScans}. */
export interface ScanPlanOptions {
  /** Rows whose time field lies in this range. The time field is the one a `reverseTs`, `long`, `date`... part orders by. */
  readonly timeRange?: TimeRangeMs;
  /**
   * Set when writers give every cell the row's time as its HBase timestamp (`Put.addColumn(cf, q, ts, v)`); the plan
   * then also carries {@link ScanPlan.timeRange} for `Scan.setTimeRange`. Off by default: cell timestamps are usually
   * write times, which a rowkey's time field does not bound.
   */
  readonly cellTimestamps?: boolean;
  /**
   * For a caller that knows every value of a field (the simulator knows its entity ids): true when no value of
   * `field` holds `delimiter` (the literal's bytes as latin1 text), so the plan needs no caveat that a longer value
   * followed by the delimiter shares the prefix. Without it every field of varying width before a delimiter gets one.
   */
  readonly neverHolds?: (field: string, delimiter: string) => boolean;
}

/** One HBase scan: `Scan.withStartRow(startRow, true).withStopRow(stopRow, false)`. An empty stop row reads to the end. */
export interface PlannedScan {
  /** First rowkey read (inclusive). */
  readonly startRow: Uint8Array;
  /** Rowkey the scan stops before (exclusive); empty = end of table. */
  readonly stopRow: Uint8Array;
  /** The salt bucket this scan reads, when the plan fans out over a salt part (for HBaseWD's stray prefix: its byte). */
  readonly bucket?: number;
}

/** Where the salt bytes sit in the rowkeys of a fanned-out plan, so results can be merged in original-key order. */
export interface SaltSpan {
  /** Index of the salt part in the template. */
  readonly part: number;
  /** Byte offset of the salt in every key the plan reads. */
  readonly offsetBytes: number;
  /** Width of the salt in bytes. */
  readonly widthBytes: number;
  /** Number of buckets the plan scans. */
  readonly buckets: number;
}

/** The scans that read the rows matching a partial record (and time range). */
export interface ScanPlan {
  /** Scans in key order: one for a known salt, one per salt bucket otherwise. */
  readonly scans: readonly PlannedScan[];
  /** True when the scans return exactly the matching rows; false when some need filtering (see `notes`). */
  readonly exact: boolean;
  /** One sentence per reason the plan is not exact, or per caveat. */
  readonly notes: readonly string[];
  /** Set when the plan scans every salt bucket. */
  readonly salt?: SaltSpan;
  /** The field the time range applies to, when one was given and the template orders by it. */
  readonly timeField?: string;
  /** The cell-level range for `Scan.setTimeRange(fromMs, toMs)`, only with {@link ScanPlanOptions.cellTimestamps}. */
  readonly timeRange?: { readonly fromMs: number; readonly toMs: number };
}
