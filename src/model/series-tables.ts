/**
 * Focusing a series of several tables on one (`--table T`): the analyses then see exactly the series of that table,
 * as if it had been recorded alone.
 *
 * @module
 */
import { plainTableName } from '../regions/index.js';
import { HotspotError } from '../util/errors.js';
import { type LoadSeries, type RegionLoad, regionTable, seriesTables } from './types.js';

/**
 * The series of `table` alone: every snapshot keeps only that table's regions (without their `table` field, as in a
 * series of one table), and the series names that one table. A series of one table is returned as it is when it is
 * that table.
 * @throws {@link HotspotError} `SERIES_TABLE_UNKNOWN` (field `--table`) when the series does not hold `table`,
 *   naming the tables it holds. `default:t1` is the table `t1` ({@link plainTableName}).
 */
export function focusTable(series: LoadSeries, named: string): LoadSeries {
  const table = plainTableName(named);
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

/**
 * The series an analysis of one table reads: focused on `table` when given; a series of several tables without one
 * is refused, since pooling the regions of several tables would judge each against the others' fair share.
 * @throws {@link HotspotError} `SERIES_TABLE_REQUIRED` (field `--table`) naming the tables; `SERIES_TABLE_UNKNOWN`
 *   from {@link focusTable}.
 */
export function oneTable(series: LoadSeries, table: string | undefined): LoadSeries {
  if (table !== undefined) return focusTable(series, table);
  const tables = seriesTables(series);
  if (tables.length > 1) {
    throw new HotspotError('SERIES_TABLE_REQUIRED', `the series holds ${tables.length} tables (${tables.join(', ')}); each is judged against its own regions and fair share: give --table T`, { field: '--table' });
  }
  return series;
}
