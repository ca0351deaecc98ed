/**
 * Layer 4: the one data model every load source produces and every analysis consumes.
 *
 * A {@link LoadSeries} is a time-ordered list of {@link LoadSnapshot}s of one table's regions, each region carrying
 * its key range, its RegionServer and its cumulative request counters, the numbers HBase itself keeps per region
 * (`RegionMetrics.getReadRequestCount` / `getWriteRequestCount`, REST `/status/cluster` `readRequestsCount` /
 * `writeRequestsCount`, JMX `sub=Regions` `…_metric_readRequestCount`, `list_regions` REQ). {@link KeySample}s are the
 * rowkeys real (or simulated) requests touched. The NDJSON file forms are in `docs/load-series.md`.
 *
 * Counters are cumulative: rates come only from differences between snapshots, in `rates.ts`.
 *
 * @module
 */

import type { RegionMetricName } from './metrics.js';

/** Where a series came from. `simulate` for the simulator; the others name the live source that produced it. */
export type LoadSourceKind = 'simulate' | 'rest' | 'jmx' | 'native' | 'list-regions' | 'status-detailed' | 'recorded';

/** Every {@link LoadSourceKind}, in documentation order. */
export const LOAD_SOURCE_KINDS: readonly LoadSourceKind[] = [
  'simulate',
  'rest',
  'jmx',
  'native',
  'list-regions',
  'status-detailed',
  'recorded',
];

/**
 * One region of the table as seen in one snapshot.
 *
 * Counter fields are cumulative request counts since the region was opened on its current RegionServer (HBase keeps
 * them in memory on the `HRegion`: they restart from 0 when the region is reopened elsewhere, split, merged or its
 * server restarts). `readRequests` and `writeRequests` are `null` together when the source only knows their sum
 * (`list_regions` REQ column); `requests` is always the read + write total.
 */
export interface RegionLoad {
  /** Full region name in `toStringBinary` form, `table,startKey,regionId.encodedName.` (HBase `getRegionNameAsString`). */
  readonly name: string;
  /** Encoded region name: the 32 lower-case hex MD5 tail of the full name (HBase `RegionInfo.getEncodedName`). Identity of a region across snapshots. */
  readonly encodedName: string;
  /** First rowkey of the region, inclusive; empty for the table's first region. */
  readonly startKey: Uint8Array;
  /** First rowkey after the region, exclusive; empty for the table's last region. */
  readonly endKey: Uint8Array;
  /** RegionServer hosting the region: `host,port,startcode` (HBase `ServerName.toString`) when known, else `host:port`. */
  readonly server: string;
  /** Cumulative read request count (HBase `readRequestsCount`: +1 per row returned by a get or scan), or `null` if unknown. */
  readonly readRequests: number | null;
  /** Cumulative write request count (HBase `writeRequestsCount`: +1 per mutation), or `null` if unknown. */
  readonly writeRequests: number | null;
  /** Cumulative read + write request count (`list_regions` REQ); equals `readRequests + writeRequests` when both are known. */
  readonly requests: number;
  /** Size of the region's store files in bytes (HBase `storefileSizeMB` × 2^20 when the source reports MB). */
  readonly storeSizeBytes: number;
  /**
   * The region's table, `ns:name` outside the default namespace: set on every region of a series of several tables
   * ({@link LoadSeries.tables}), absent in a series of one table (the region is then of {@link LoadSnapshot.table}).
   * Read it with {@link regionTable}.
   */
  readonly table?: string;
  /**
   * Optional per-region metrics beyond the request counters (format version 2), by name; a metric absent here is
   * unknown for this region. Names, units and HBase sources are in {@link REGION_METRICS} (`metrics.ts`).
   */
  readonly metrics?: RegionMetricValues;
}

/** Values of the optional per-region metrics of one region, by {@link RegionMetricName}. */
export type RegionMetricValues = Readonly<Partial<Record<RegionMetricName, number>>>;

/** All regions of one table at one instant. */
export interface LoadSnapshot {
  /** When the counters were read, epoch milliseconds. */
  readonly timeMs: number;
  /** Table name, `ns:name` outside the default namespace (the form HBase prints). */
  readonly table: string;
  /** The table's regions, in rowkey order (by start key). */
  readonly regions: readonly RegionLoad[];
}

/** Metadata of a series: what produced it and how often it was meant to sample. */
export interface LoadSeriesSource {
  /** Which kind of source produced the snapshots. */
  readonly kind: LoadSourceKind;
  /** Free-form description: a URL, a scenario and design name, a file name. */
  readonly description?: string;
  /**
   * The sampling interval the source aimed for, in ms. The rate step reports a gap where two snapshots are further
   * apart than 1.5 × this. When absent the median spacing of the snapshots is used.
   */
  readonly intervalMs?: number;
}

/** A recorded or simulated history of one or several tables' regions. */
export interface LoadSeries {
  /**
   * Table name (every snapshot has the same). In a series of several tables, the first of {@link LoadSeries.tables};
   * an analysis of one table takes the series through `focusTable` first.
   */
  readonly table: string;
  /**
   * Every table of the series, in header order, when it holds several (format version 2: each region then names its
   * table); absent for a series of one table. Read it with {@link seriesTables}.
   */
  readonly tables?: readonly string[];
  /** The optional per-region metrics the series declares (version 2 header `metrics`), in catalogue order; absent for none. */
  readonly metrics?: readonly RegionMetricName[];
  /** What produced the series. */
  readonly source: LoadSeriesSource;
  /** Snapshots in strictly increasing `timeMs` order. */
  readonly snapshots: readonly LoadSnapshot[];
}

/** The tables of a series: {@link LoadSeries.tables}, or its one table. */
export function seriesTables(series: Pick<LoadSeries, 'table' | 'tables'>): readonly string[] {
  return series.tables ?? [series.table];
}

/** The table of a region in a snapshot: its own {@link RegionLoad.table}, else the snapshot's. */
export function regionTable(region: RegionLoad, snapshot: Pick<LoadSnapshot, 'table'>): string {
  return region.table ?? snapshot.table;
}

/** What a sampled request did to its row. */
export type KeyOp = 'read' | 'write' | 'increment' | 'delete' | 'scan';

/** Every {@link KeyOp}. Writes (for where new keys land) are `write`, `increment` and `delete`. */
export const KEY_OPS: readonly KeyOp[] = ['read', 'write', 'increment', 'delete', 'scan'];

/** True for the operations that mutate a row (`write`, `increment`, `delete`). */
export function isMutation(op: KeyOp): boolean {
  return op === 'write' || op === 'increment' || op === 'delete';
}

/** One request's rowkey, as an application log, a load generator or the simulator saw it. */
export interface KeySample {
  /** When the request happened, epoch milliseconds. */
  readonly timeMs: number;
  /** The rowkey (for a scan, its start row). */
  readonly key: Uint8Array;
  /** What the request did. */
  readonly op: KeyOp;
  /** How many requests this sample stands for (a sampler keeping 1 in 100 writes 100); 1 when absent. Positive. */
  readonly weight?: number;
}
