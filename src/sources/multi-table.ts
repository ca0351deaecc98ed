/**
 * One snapshot of several tables from one source per table: the snapshot a version 2 series of several tables holds
 * (`collect --table A --table B`), each region carrying its table.
 *
 * @module
 */
import { compareBytes } from '../bytes/index.js';
import type { LoadSnapshot, RegionLoad } from '../model/index.js';
import type { SnapshotSource } from './types.js';
import { pushAll } from '../util/arrays.js';

/**
 * A source reading every table of `sources` (one per table, in that order) in turn and joining their regions into one
 * snapshot: regions ordered by table (in `sources` order), then start key, each with its `table`. The snapshot's time
 * is the last table's, and its `table` the first's. A single source is returned as it is.
 * @throws `RangeError` for no source or two sources of one table. From `snapshot()`: the first table's failure (a
 *   snapshot holds every table or none).
 */
export function multiTableSource(sources: readonly SnapshotSource[]): SnapshotSource {
  const [first] = sources;
  if (!first) throw new RangeError('multiTableSource needs at least one source');
  if (sources.length === 1) return first;
  const tables = sources.map((s) => s.table);
  if (new Set(tables).size !== tables.length) throw new RangeError(`a table is given twice: ${tables.join(', ')}`);
  return {
    kind: first.kind,
    table: first.table,
    description: first.description,
    gaps: first.gaps,
    ...(first.metrics ? { metrics: first.metrics } : {}),
    async snapshot(options) {
      const regions: RegionLoad[] = [];
      let timeMs = 0;
      for (const source of sources) {
        const snap: LoadSnapshot = await source.snapshot(options);
        timeMs = Math.max(timeMs, snap.timeMs);
        const own = snap.regions.map((r) => ({ ...r, table: source.table })).sort((a, b) => compareBytes(a.startKey, b.startKey));
        pushAll(regions, own);
      }
      return { timeMs, table: first.table, regions };
    },
    async start(options) {
      for (const source of sources) await source.start?.(options);
    },
    async close() {
      await Promise.all(sources.map((source) => source.close?.()));
    },
  };
}
