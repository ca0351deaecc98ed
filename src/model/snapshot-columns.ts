/**
 * A snapshot's regions held in columns: one array per field, region `i` (in the snapshot's key order) at index `i`,
 * as a snapshot reader fills them, so that a snapshot of a hundred thousand regions costs a few arrays instead of an
 * object per region. The snapshot still has its {@link LoadSnapshot.regions}: a reader hands out
 * {@link columnarSnapshot}s, whose regions are built from the columns when first read (then kept as a plain
 * property), and the rate step reads the columns themselves ({@link snapshotColumns}) so that `detect` never builds
 * them. Counters are plain arrays, not typed ones: a count read from a `Float64Array` is a float, which the engine
 * boxes as a heap number wherever it is stored (a rate's counts), where a plain array hands over a small integer as
 * it is.
 *
 * Columns of two snapshots may be the same arrays: a reader that finds a snapshot's names, keys or servers equal to
 * the previous snapshot's, region by region, hands out the previous arrays. Columns are never changed once handed out.
 *
 * @module
 */
import { builtOnRead } from '../util/built-on-read.js';
import { type NameIndex, rememberNameIndex } from './name-index.js';
import type { LoadSnapshot, RegionLoad } from './types.js';

/**
 * The regions of one snapshot of one table, in key order (by start key), by field, each as {@link RegionLoad} has it.
 */
export interface SnapshotColumns {
  /** Regions in the snapshot. */
  readonly length: number;
  /** Each region's full name ({@link RegionLoad.name}). */
  readonly names: readonly string[];
  /** Each region's encoded name ({@link RegionLoad.encodedName}). */
  readonly encodedNames: readonly string[];
  /** Each region's start key, inclusive. */
  readonly startKeys: readonly Uint8Array[];
  /** Each region's end key, exclusive. */
  readonly endKeys: readonly Uint8Array[];
  /** Each region's RegionServer ({@link RegionLoad.server}). */
  readonly servers: readonly string[];
  /** Cumulative read requests, `null` where unknown. */
  readonly readRequests: readonly (number | null)[];
  /** Cumulative write requests, `null` where unknown. */
  readonly writeRequests: readonly (number | null)[];
  /** Cumulative read + write requests. */
  readonly requests: readonly number[];
  /** Store-file size, bytes. */
  readonly storeSizeBytes: readonly number[];
  /** Where each encoded name stands; the reader has checked that no name is listed twice. */
  readonly index: NameIndex;
}

const columnsOf = new WeakMap<LoadSnapshot, SnapshotColumns>();

/** The fields of regions in columns ({@link SnapshotColumns} without its count and index), as a reader fills them. */
export type RegionFieldColumns = Omit<SnapshotColumns, 'length' | 'index'>;

/** Region `i` of columns `c` as an object. */
export function regionOfColumns(c: RegionFieldColumns, i: number): RegionLoad {
  return {
    name: c.names[i] as string,
    encodedName: c.encodedNames[i] as string,
    startKey: c.startKeys[i] as Uint8Array,
    endKey: c.endKeys[i] as Uint8Array,
    server: c.servers[i] as string,
    readRequests: c.readRequests[i] as number | null,
    writeRequests: c.writeRequests[i] as number | null,
    requests: c.requests[i] as number,
    storeSizeBytes: c.storeSizeBytes[i] as number,
  };
}

/** The regions of `c` as objects, in its order, with its name index recorded for the list. */
function regionsOf(c: SnapshotColumns): RegionLoad[] {
  const regions: RegionLoad[] = new Array(c.length);
  for (let i = 0; i < c.length; i++) regions[i] = regionOfColumns(c, i);
  rememberNameIndex(regions, c.index);
  return regions;
}

/**
 * A snapshot at `timeMs` (epoch ms) of `table` whose regions are `columns`: `regions` is built from them when first
 * read and is from then on a plain property holding that list (as enumerable as any: `JSON.stringify`, spreads and
 * deep comparisons see it; `util.inspect` shows the regions, see {@link builtOnRead}). {@link snapshotColumns} gives
 * the columns back while `regions` is neither read nor assigned: once it is, the snapshot is a plain one, and what
 * reads it reads its `regions`.
 */
export function columnarSnapshot(timeMs: number, table: string, columns: SnapshotColumns): LoadSnapshot {
  const snapshot = { timeMs, table } as { timeMs: number; table: string; regions: readonly RegionLoad[] };
  builtOnRead(snapshot, 'regions', () => regionsOf(columns), (s) => columnsOf.delete(s));
  columnsOf.set(snapshot, columns);
  return snapshot;
}

/**
 * The columns `snapshot` was made from ({@link columnarSnapshot}) while its `regions` have been neither read,
 * assigned, redefined nor deleted; `undefined` for a snapshot made otherwise, or after that.
 */
export function snapshotColumns(snapshot: LoadSnapshot): SnapshotColumns | undefined {
  const columns = columnsOf.get(snapshot);
  // held only while `regions` is the accessor: a field redefined (`Object.defineProperty`) or deleted lets them go too
  return columns !== undefined && Object.getOwnPropertyDescriptor(snapshot, 'regions')?.get !== undefined ? columns : undefined;
}
