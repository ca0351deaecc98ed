/**
 * The optional per-region metrics of load-series format version 2, as data: each one's name in the file and in
 * {@link RegionLoad.metrics}, its unit, whether it is a cumulative counter or a gauge, and the HBase metric it comes
 * from (the native client's `RegionMetrics`, RegionServer JMX `sub=Regions`, REST `/status/cluster`, the shell's
 * `status 'detailed'`). `docs/load-series.md` shows this table; a reader accepts exactly these names.
 *
 * @module
 */

/** What kind of number a metric is. */
export type RegionMetricKind = 'counter' | 'gauge';

/** One optional per-region metric. */
export interface RegionMetricSpec {
  /** Name in the header's `metrics` list and in `RegionLoad.metrics`. */
  readonly name: string;
  /** Unit of the value: `requests`, `bytes`, `files`, `stores` or `fraction` (0 to 1). */
  readonly unit: 'requests' | 'bytes' | 'files' | 'stores' | 'fraction';
  /** `counter`: cumulative since the region opened on its server (restarts at 0 like the request counters); `gauge`: a reading. */
  readonly kind: RegionMetricKind;
  /** Largest valid value (1 for a fraction); none when absent. */
  readonly max?: number;
  /** The HBase metric it comes from, by source. */
  readonly hbase: string;
  /** One sentence on what it tells about a hotspot. */
  readonly meaning: string;
}

/** Every optional per-region metric, in the order a version 2 file lists them. */
export const REGION_METRICS = [
  {
    name: 'filteredReadRequests', unit: 'requests', kind: 'counter',
    hbase: '`RegionMetrics.getFilteredReadRequestCount()`; JMX `sub=Regions` `…_metric_filteredReadRequestCount`; `status \'detailed\'` `filteredReadRequestsCount`',
    meaning: 'rows read and then dropped by a filter: scan work the read counter does not show',
  },
  {
    name: 'memstoreSizeBytes', unit: 'bytes', kind: 'gauge',
    hbase: '`RegionMetrics.getMemStoreSize()`; JMX `…_metric_memStoreSize` (bytes); REST `/status/cluster` `memStoreSizeMB` and `status \'detailed\'` `memstoreSizeMB`, × 2^20 (whole MB)',
    meaning: 'data written and not yet flushed: a region taking the writes keeps a full memstore',
  },
  {
    name: 'storeFileCount', unit: 'files', kind: 'gauge',
    hbase: '`RegionMetrics.getStoreFileCount()`; JMX `…_metric_storeFileCount`; REST and `status \'detailed\'` `storefiles`',
    meaning: 'HFiles a read may open: a count that keeps rising means compaction falls behind the writes',
  },
  {
    name: 'storeCount', unit: 'stores', kind: 'gauge',
    hbase: '`RegionMetrics.getStoreCount()`; JMX `…_metric_storeCount`; REST and `status \'detailed\'` `stores`',
    meaning: 'column families (stores) of the region',
  },
  {
    name: 'locality', unit: 'fraction', kind: 'gauge', max: 1,
    hbase: '`RegionMetrics.getDataLocality()`; `status \'detailed\'` `dataLocality`; the region\'s HDFS block locality on its RegionServer',
    meaning: 'share of the store files\' blocks on the RegionServer\'s own DataNode: low locality makes every read remote',
  },
] as const satisfies readonly RegionMetricSpec[];

/** A name of {@link REGION_METRICS}. */
export type RegionMetricName = (typeof REGION_METRICS)[number]['name'];

/** Every metric name, in catalogue order. */
export const REGION_METRIC_NAMES: readonly RegionMetricName[] = REGION_METRICS.map((m) => m.name);

/** The catalogue entry of `name`, or `undefined` for a name outside it. */
export function regionMetric(name: string): RegionMetricSpec | undefined {
  return REGION_METRICS.find((m) => m.name === name);
}
