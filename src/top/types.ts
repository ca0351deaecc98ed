/**
 * Layer 6 (views): the shapes of `hbase-hotspot top`, a live view in the spirit of HBase's `hbtop`. A mode turns one
 * refresh's rates (two readings of the cluster, through the rate step) into groups of sorted rows with hot marks;
 * the renderer turns those into text lines.
 *
 * @module
 */
import type { LoadMeasure } from '../analysis/detect/hot-test.js';
import type { LoadSnapshot, RateInterval } from '../model/index.js';

/** What the rows are: one per region (grouped by table) or one per RegionServer (hbtop's REGION and REGIONSERVER modes). */
export type TopMode = 'regions' | 'servers';

/** Every {@link TopMode}, in the order the `m` key cycles through them. */
export const TOP_MODES: readonly TopMode[] = ['regions', 'servers'];

/** What rows are sorted by, largest first: requests/s, reads/s, writes/s, or store-file size. */
export type TopSort = 'requests' | 'reads' | 'writes' | 'size';

/** Every {@link TopSort}, in the order the `s` key cycles through them. */
export const TOP_SORTS: readonly TopSort[] = ['requests', 'reads', 'writes', 'size'];

/** One reading of the cluster: a snapshot per table shown, all read at about `timeMs` (epoch ms). */
export interface TopReading {
  /** When the reading was taken, epoch ms (the latest snapshot time). */
  readonly timeMs: number;
  /** One snapshot per table, by table name order. */
  readonly tables: readonly LoadSnapshot[];
  /**
   * Every live RegionServer (`host,port,startcode`) when the reading covers the whole cluster; absent when it reads
   * one table, where only the servers hosting its regions are known.
   */
  readonly liveServers?: readonly string[];
}

/** One table's rates between two readings (from the rate step, `computeRates`). */
export interface TableInterval {
  /** Table name, `ns:name` outside the default namespace. */
  readonly table: string;
  /** The table's rates over the interval. */
  readonly interval: RateInterval;
}

/** One row of the view: a region or a RegionServer over the interval. */
export interface TopRow {
  /** Encoded region name in regions mode, RegionServer name (`host,port,startcode`) in servers mode. */
  readonly id: string;
  /** Start key (toStringBinary) in regions mode, `null` in servers mode. */
  readonly startKey: string | null;
  /** Hosting RegionServer (regions mode) or the server itself (servers mode). */
  readonly server: string;
  /** Regions of the shown tables the server hosts (servers mode), `null` in regions mode. */
  readonly regionCount: number | null;
  /** Read + write requests per second over the interval. */
  readonly requestsPerSec: number;
  /** Reads per second, `null` when the source has no read/write split. */
  readonly readsPerSec: number | null;
  /** Writes per second, `null` as for `readsPerSec`. */
  readonly writesPerSec: number | null;
  /** Store-file size at the interval's end, bytes. */
  readonly storeSizeBytes: number;
  /** Share of the group's read + write requests, 0–1. */
  readonly share: number;
  /** Measures in which the row is above k × its peers' average (empty when not hot). */
  readonly hotBy: readonly LoadMeasure[];
}

/** A block of rows: one table's regions, or the RegionServers of all shown tables. */
export interface TopGroup {
  /** `table NAME` in regions mode; `servers` in servers mode. */
  readonly title: string;
  /** Members of the group before `--limit` (regions of the table, or servers). */
  readonly memberCount: number;
  /** The group's read + write requests per second. */
  readonly requestsPerSec: number;
  /** Each member's fair share of the group's requests, `1 / memberCount` (0 for an empty group). */
  readonly fairShare: number;
  /** Rows, sorted and cut to the limit. */
  readonly rows: readonly TopRow[];
  /** Hot members of the group, shown or not (`--limit` may leave some out). */
  readonly hotCount: number;
}

/** Options a mode builds its rows with. */
export interface TopViewOptions {
  /** Sort measure. */
  readonly sort: TopSort;
  /** Hot factor: hot = above k × the peers' average (> 1). */
  readonly k: number;
  /** Rows shown per group, ≥ 1; `undefined` for all. */
  readonly limit?: number;
  /**
   * Every live RegionServer, from the reading ({@link TopReading.liveServers}). In servers mode those hosting none of
   * the shown tables' regions are listed at zero and count in the fair share; without it only hosting servers are.
   */
  readonly liveServers?: readonly string[];
}

/** What one refresh shows. */
export interface TopView {
  readonly mode: TopMode;
  readonly sort: TopSort;
  readonly k: number;
  /** End of the interval, epoch ms. */
  readonly timeMs: number;
  /** Length of the interval the rates are averaged over, ms. */
  readonly intervalMs: number;
  readonly groups: readonly TopGroup[];
}

/** A mode: turns one refresh's table intervals into groups of rows (hbtop's `ModeStrategy`). */
export interface ModeStrategy {
  readonly mode: TopMode;
  /** Groups of sorted, hot-marked rows; tables or servers without rows give no group. */
  groups(intervals: readonly TableInterval[], options: TopViewOptions): TopGroup[];
}
