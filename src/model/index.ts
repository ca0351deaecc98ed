/** Layer 4: load series and key samples (types, NDJSON formats) and the rate step. */
export * from './types.js';
export { NdjsonFormatError, type NdjsonIssue } from './ndjson.js';
export {
  LOAD_SERIES_FORMAT, LOAD_SERIES_VERSION, type LoadSeriesHeader, LoadSeriesParser, type LoadSeriesReadOptions, LoadSeriesWriter,
  formatLoadSeries, formatSeriesHeader, formatSnapshotLine, parseLoadSeries,
} from './series-format.js';
export { KeySampleWriter, KeySamplesParser, formatKeySampleLine, parseKeySample, parseKeySamples } from './samples-format.js';
export { GZIP_MAGIC, isGzip, readKeySamplesFile, readLoadSeriesFile } from './files.js';
export { LOAD_SERIES_VERSIONS } from './series-common.js';
export { SeriesV2Parser } from './series-v2-read.js';
export { SeriesV2Encoder, type SeriesV2Header, formatLoadSeriesV2, formatSeriesHeaderV2, metricsPresent } from './series-v2-write.js';
export { SERIES_WRITE_VERSION, SeriesWriter, type SeriesVersion, formatSeries } from './series-write.js';
export { REGION_METRICS, REGION_METRIC_NAMES, type RegionMetricKind, type RegionMetricName, type RegionMetricSpec, regionMetric } from './metrics.js';
export { focusTable, oneTable } from './series-tables.js';
export type { LoadRates, RateBasis, RateEvent, RateEventKind, RateInterval, RegionRate, ServerRate } from './rate-types.js';
export { GAP_FACTOR, computeRates } from './rates.js';
export { matchLineage, rangeContains, rangesOverlap, type Lineage } from './lineage.js';
