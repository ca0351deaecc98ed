/**
 * A hot member's figures in the measure it was hot in: its share of the table's load in that measure over now and its
 * ratio to its peers' average in it, as the hot test (`hot-test.ts`) compares them. A region hot on writes under a
 * read-heavy table, or on what is left of its requests once the reads its rows explain are set aside, is described by
 * those figures, not by its share of all requests.
 *
 * @module
 */
import type { LoadColumns, LoadMeasure } from './hot-test.js';
import { share } from './stats.js';

/** A member's figures in one measure over now. */
export interface MeasureFigure {
  /** The measure. */
  readonly measure: LoadMeasure;
  /**
   * True when the reads its rows explain were set aside from its figure (requests or reads, in intervals whose reads
   * follow the rows): its share is then of the table's load less the table's such reads, and its ratio is its load
   * less them against the peers' average load (which keeps theirs), as the hot test compares them.
   */
  readonly lessRowReads: boolean;
  /** Its load in the measure over now ÷ the table's, 0–1 (0 when the table took none). */
  readonly share: number;
  /** Its rate in the measure ÷ the peers' average rate in it; `null` when the peers took none. */
  readonly peerRatio: number | null;
}

/** Counts over now in every measure (a member's or the table's), `null` where the source has no read/write split. */
export interface MeasureCounts {
  readonly requests: number;
  readonly reads: number | null;
  readonly writes: number | null;
  /** Reads the rows explain (0 when none). */
  readonly rowReads: number;
}

/** The value of `measure` in `c`; `null` when unknown. */
function countIn(c: MeasureCounts, measure: LoadMeasure): number | null {
  return measure === 'requests' ? c.requests : measure === 'writes' ? c.writes : c.reads;
}

/** The sum of each measure's column of `columns` (`null` where the column is unknown), added member by member. */
export interface ColumnSums {
  readonly requests: number;
  readonly reads: number | null;
  readonly writes: number | null;
}

/** {@link ColumnSums} of `columns`. */
export function columnSums(columns: LoadColumns): ColumnSums {
  const sum = (values: Float64Array | null) => {
    if (!values) return null;
    let total = 0;
    for (let m = 0; m < columns.length; m++) total += values[m] as number;
    return total;
  };
  return { requests: sum(columns.requests) as number, reads: sum(columns.reads), writes: sum(columns.writes) };
}

/**
 * The figures in `measure` of a member over now: `mine` its counts, `table` the table's, `rate` its counts per second
 * of its own time in now, against peers whose rates sum to `peers` (a {@link ColumnSums} of the members it is tested
 * among), `count` of them: with `self` (its own rate is among those summed: it is subtracted, `count` − 1 peers) or
 * without (a member tested beside them, as a secondary read replica is against the primaries, `replicas.ts`).
 * @returns `undefined` when the measure is unknown (no read/write split) for the member, the table or the peers.
 */
export function measureFigure(measure: LoadMeasure, mine: MeasureCounts, table: MeasureCounts, rate: MeasureCounts, peers: { sums: ColumnSums; count: number; self: boolean }): MeasureFigure | undefined {
  const count = countIn(mine, measure);
  const total = countIn(table, measure);
  const x = countIn(rate, measure);
  const sum = measure === 'requests' ? peers.sums.requests : measure === 'writes' ? peers.sums.writes : peers.sums.reads;
  if (count === null || total === null || x === null || sum === null) return undefined;
  // writes are never explained by rows; requests and reads are tested less the reads the rows explain (hot-test.ts)
  const lessRowReads = measure !== 'writes' && mine.rowReads > 0;
  const n = peers.self ? peers.count - 1 : peers.count;
  const peersMean = n > 0 ? (peers.self ? sum - x : sum) / n : 0;
  const tested = Math.max(0, x - (lessRowReads ? rate.rowReads : 0));
  return {
    measure,
    lessRowReads,
    share: share(Math.max(0, count - (lessRowReads ? mine.rowReads : 0)), total - (lessRowReads ? table.rowReads : 0)),
    peerRatio: peersMean > 0 ? tested / peersMean : null,
  };
}
