/** Layer 4: load series and key samples (types, NDJSON formats) and the rate step. */
export * from './types.js';
export { NdjsonFormatError, type NdjsonIssue } from './ndjson.js';
export {
  LOAD_SERIES_FORMAT, LOAD_SERIES_VERSION, type LoadSeriesHeader, LoadSeriesParser, type LoadSeriesReadOptions, LoadSeriesWriter,
  formatLoadSeries, formatSeriesHeader, formatSnapshotLine, parseLoadSeries,
} from './series-format.js';
export { KeySampleWriter, KeySamplesParser, formatKeySampleLine, parseKeySample, parseKeySamples } from './samples-format.js';
export { readLoadSeriesFile, readKeySamplesFile } from './files.js';
export type { LoadRates, RateBasis, RateEvent, RateEventKind, RateInterval, RegionRate, ServerRate } from './rate-types.js';
export { GAP_FACTOR, computeRates } from './rates.js';
export { matchLineage, rangeContains, rangesOverlap, type Lineage } from './lineage.js';
