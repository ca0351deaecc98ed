/**
 * Focusing a series of several tables on one (`--table T`): the analyses then see exactly the series of that table,
 * as if it had been recorded alone.
 *
 * @module
 */
import { HotspotError } from '../util/errors.js';
import { type LoadSeries, type RegionLoad, regionTable, seriesTables } from './types.js';

/**
 * The series of `table` alone: every snapshot keeps only that table's regions (without their `table` field, as in a
 * series of one table), and the series names that one table. A series of one table is returned as it is when it is
 * that table.
 * @throws {@link HotspotError} `SERIES_TABLE_UNKNOWN` (field `--table`) when the series does not hold `table`,
 *   naming the tables it holds.
 */
export function focusTable(series: LoadSeries, table: string): LoadSeries {
  const tables = seriesTables(series);
  if (!tables.includes(table)) {
    throw new HotspotError('SERIES_TABLE_UNKNOWN', `the series holds no table "${table}"; its tables: ${tables.join(', ')}`, { field: '--table' });
  }
  if (series.tables === undefined) return series;
  const { tables: _all, ...rest } = series;
  return {
    ...rest,
    table,
    snapshots: series.snapshots.map((s) => ({
      timeMs: s.timeMs,
      table,
      regions: s.regions.filter((r) => regionTable(r, s) === table).map(({ table: _t, ...r }): RegionLoad => r),
    })),
  };
}
