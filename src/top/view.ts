/**
 * From two readings to what one refresh shows: each table present in both readings goes through the rate step
 * (`computeRates`, the only place counters become rates), then the chosen mode builds its groups.
 *
 * @module
 */
import { computeRates } from '../model/index.js';
import { regionsMode } from './regions-mode.js';
import { serversMode } from './servers-mode.js';
import type { ModeStrategy, TableInterval, TopMode, TopReading, TopView, TopViewOptions } from './types.js';

/** The strategy of each mode. */
export const MODE_STRATEGIES: Readonly<Record<TopMode, ModeStrategy>> = { regions: regionsMode, servers: serversMode };

/**
 * Each table's rates between `prev` and `next`. A table missing from either reading (created or dropped between
 * them) gives no interval; it shows from the next refresh on.
 * @param intervalMs - the refresh interval aimed for, ms (the rate step's expected interval).
 * @throws {@link HotspotError} `SERIES_TIME_ORDER` when a table's snapshot in `next` is not later than in `prev`.
 */
export function tableIntervals(prev: TopReading, next: TopReading, intervalMs: number): TableInterval[] {
  const before = new Map(prev.tables.map((s) => [s.table, s]));
  const out: TableInterval[] = [];
  for (const snap of next.tables) {
    const earlier = before.get(snap.table);
    if (!earlier) continue;
    const rates = computeRates({ table: snap.table, source: { kind: 'rest', intervalMs }, snapshots: [earlier, snap] });
    const interval = rates.intervals[0];
    if (interval) out.push({ table: snap.table, interval });
  }
  return out;
}

/**
 * The view of one refresh in `mode`.
 * @param intervals - from {@link tableIntervals}.
 * @param timeMs - end of the interval, epoch ms; `intervalMs` - its length, ms.
 */
export function buildView(mode: TopMode, intervals: readonly TableInterval[], timeMs: number, intervalMs: number, options: TopViewOptions): TopView {
  return { mode, sort: options.sort, k: options.k, timeMs, intervalMs, groups: MODE_STRATEGIES[mode].groups(intervals, options) };
}
