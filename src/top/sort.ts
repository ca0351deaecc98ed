/**
 * Ordering of the view's rows: largest first by the chosen measure; an unknown value (`null`, no read/write split)
 * after every known one; ties keep the incoming order (key order for regions, name order for servers).
 *
 * @module
 */
import type { TopRow, TopSort } from './types.js';

/** The row's value of a sort measure: requests/s, reads/s, writes/s, or store-file bytes; `null` when unknown. */
export function sortValue(row: TopRow, sort: TopSort): number | null {
  switch (sort) {
    case 'requests':
      return row.requestsPerSec;
    case 'reads':
      return row.readsPerSec;
    case 'writes':
      return row.writesPerSec;
    case 'size':
      return row.storeSizeBytes;
  }
}

/** `rows` sorted by `sort`, largest first, stable; `null` values last. */
export function sortRows(rows: readonly TopRow[], sort: TopSort): TopRow[] {
  return rows
    .map((row, index) => ({ row, index, value: sortValue(row, sort) }))
    .sort((a, b) => {
      if (a.value === null || b.value === null) return a.value === b.value ? a.index - b.index : a.value === null ? 1 : -1;
      return b.value - a.value || a.index - b.index;
    })
    .map((x) => x.row);
}

/** The first `limit` rows (all when `limit` is undefined). */
export function limitRows(rows: readonly TopRow[], limit: number | undefined): TopRow[] {
  return limit === undefined ? [...rows] : rows.slice(0, limit);
}
