/**
 * hbase-hotspot: Apache HBase rowkey design, pre-splitting, load simulation and hotspot detection.
 *
 * The library entry re-exports each layer's public API once, lowest layer first (see `DESIGN.md` for the layer map).
 * Where two layers use the same name for different things, the entry picks one and renames the other:
 * - `RegionLoad` is the model's per-region snapshot row; the REST gateway's `/status/cluster` row is `RestRegionLoad`.
 * - `Finding` is a hotspot finding of detection; a lint rule's finding is `LintFinding`.
 * - `checkTableName` is the regions layer's (`TABLE_NAME_INVALID`); the shell builders check names themselves.
 */
export * from './util/errors.js';
export * from './util/duration.js';
export * from './util/size.js';
export * from './bytes/index.js';
export * from './keys/types.js';
export * from './keys/template/index.js';
export * from './keys/functions/index.js';
export * from './keys/compat/index.js';
export * from './keys/scan/index.js';
export * from './regions/index.js';
export * from './model/index.js';
export * from './analysis/detect/index.js';
export * from './simulate/index.js';
export * from './lint/index.js';
export * from './sources/index.js';
export * from './load/index.js';
export * from './hbase/rest/index.js';
export * from './hbase/shell/index.js';
export * from './hbase/thrift2/index.js';
export * from './fix/plan/index.js';
export * from './fix/balancer/index.js';
export * from './fix/apply/index.js';
export * from './client/index.js';
export * from './migrate/index.js';
export * from './top/index.js';
export { type SeriesReportOptions, outcomeReport, scenarioReport, seriesReport } from './report/html/build.js';
export { KeyRedactor } from './report/redact.js';
export { type ChangeRecord, type CompareVerdict, type LatencyFigure, type SideSummary, INTERVAL_TOLERANCE, compareSides, latencyFigures, renderChangeRecord, summarize } from './fix/compare.js';

export type { RegionLoad } from './model/index.js';
export type { RegionLoad as RestRegionLoad } from './hbase/rest/index.js';
export type { Finding } from './analysis/detect/index.js';
export type { Finding as LintFinding } from './lint/index.js';
export { checkTableName } from './regions/index.js';
