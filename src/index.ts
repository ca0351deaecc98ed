/**
 * hbase-hotspot: Apache HBase rowkey design, pre-splitting, load simulation and hotspot detection.
 *
 * The library's root entry: the functions and types a program calls to design rowkeys, pre-split, read and write
 * load series and key samples, simulate, detect, lint, plan and prove fixes, and render reports, lowest layer first
 * (the layer map is in the README, "Library layers"). What talks to a cluster or parses its text lives in documented
 * subpath exports (package.json `exports`, README "Library entry points"):
 * - `hbase-hotspot/rest`: the REST gateway client (JSON and protobuf);
 * - `hbase-hotspot/thrift2`: the Thrift2 gateway client;
 * - `hbase-hotspot/shell`: the `hbase shell` runner and command builders;
 * - `hbase-hotspot/sources`: live snapshot sources (REST, JMX), the collector, pasted shell captures;
 * - `hbase-hotspot/load`: writing and reading real rows through the REST gateway;
 * - `hbase-hotspot/migrate`: changing the key of a live table, table lifecycle.
 *
 * Where two layers use the same name for different things, the entry picks one and renames the other:
 * - `RegionLoad` is the model's per-region snapshot row (the REST gateway's `/status/cluster` row is in `./rest`).
 * - `Finding` is a hotspot finding of detection; a lint rule's finding is `LintFinding`.
 * - `checkTableName` is the regions layer's (`TABLE_NAME_INVALID`); the shell builders check names themselves.
 */

// errors and units
export { HotspotError, isHotspotError, type HotspotErrorOptions, type InputLocation } from './util/errors.js';
export { parseDurationMs, formatDurationMs } from './util/duration.js';
export { parseSizeBytes, formatSizeBytes } from './util/size.js';

// bytes: rowkeys as Uint8Array, HBase's Bytes.toStringBinary / toBytesBinary, Java's hashCode and longs
export {
  compareBytes, equalBytes, startsWithBytes, concatBytes, prefixStopRow, toStringBinary, toBytesBinary,
  javaStringHashCode, javaBytesHashCode, longToBytes, bytesToLong, toHex, fromHex, utf8Bytes, utf8Text,
} from './bytes/index.js';

// keys: rowkey templates, compatibility salts, scan planning
export type { FieldValue, KeyBatch, KeyRecord, KeyPart, KeyPartKind, PartAlphabet, RowkeyTemplate } from './keys/types.js';
export {
  compileTemplate, parseTemplate, explainTemplate, type CompileOptions, type CompiledTemplate, type KeyExplanation,
  type AccessVerdict, type AntiPattern, type AntiPatternCode, type ExplainedPart,
} from './keys/template/index.js';
export { builtinFunctions, defaultFunctions, createFunctionRegistry, type FunctionDescriptor, type FunctionRegistry } from './keys/functions/index.js';
export {
  phoenixSaltByte, phoenixBucketBytes, hbasewdPrefixByte, hbasewdBucketBytes, opentsdbSaltBucket, opentsdbSaltBytes,
  opentsdbPrefixKeyWithSalt, type OpentsdbRowLayout,
} from './keys/compat/index.js';
export { planScans, mergeBucketScans, type MergeOptions, type PlannedScan, type SaltSpan, type ScanPlan, type ScanPlanOptions, type TimeRangeMs } from './keys/scan/index.js';

// regions: region maps, RegionSplitter algorithms, split points, sizing
export {
  RegionMap, type Region, type RegionMapOptions, regionName, checkTableName, isLegalTableName, type RegionName,
  parseRegionName, META_ENCODED_NAME, type ParsedRegionName, computeSplits, splitAlgorithm, SPLIT_ALGORITHMS,
  type SplitAlgorithmInfo, type SplitAlgorithmName, type SplitAlgorithmOptions, checkSaltRegionTotal, evenCutCaveat, saltSplitPoints, saltSampleSplitPoints,
  type SaltSampleSplits, type SaltSplitOptions, quantileSplitPoints, type QuantileSplits, trafficMedian,
  type TrafficMedian, parseSampleKeys, initialRegionCount, type Sizing, type SizingInput, type SizingConstraint,
} from './regions/index.js';

// model: load series and key samples, their NDJSON format, the rate step
export {
  type LoadSourceKind, type RegionLoad, type LoadSnapshot, type LoadSeriesSource, type LoadSeries, type KeyOp,
  type KeySample, NdjsonFormatError, type NdjsonIssue, LOAD_SERIES_FORMAT, LOAD_SERIES_VERSION, type LoadSeriesHeader,
  LoadSeriesWriter, formatLoadSeries, parseLoadSeries, KeySampleWriter, formatKeySampleLine, parseKeySample,
  parseKeySamples, readLoadSeriesFile, readKeySamplesFile, computeRates, type LoadRates, type RateBasis,
  formatSeries, SeriesWriter, type SeriesVersion, focusTable,
  type RateEvent, type RateEventKind, type RateInterval, type RegionRate, type ServerRate,
} from './model/index.js';

// analysis: hotspot detection and its catalogue
export {
  DEFAULT_K, detectHotspots, detectFromRates, type DetectOptions, SHAPES, FINDINGS, shapeEntry, findingEntry,
  type CatalogueEntry, type FindingKind, type ShapeId, type DetectResult, type Finding, type ServerLoadShare,
  type RegionLoadShare, type TimelineEntry, type IntervalServerShare, type ShapeAlternative, type Spread, type HotOn,
} from './analysis/detect/index.js';

// simulate: scenarios over a simulated cluster
export {
  parseScenario, simulateScenario, simulateDesign, scenarioJson, readCosts, type Scenario, type ClusterSpec,
  type DesignSpec, type EntitiesSpec, type PopularitySpec, type PreSplitSpec, type ReadPatternKind,
  type ReadPatternSpec, type ServerJoin, type SplitPolicySpec, type TableSpec, type WorkloadSpec, type DesignRun,
  type SimulationOptions, type DesignOutcome, type ScenarioOutcome, type SimulateScenarioOptions, type ReadCost,
  type DesignJson, type MoveEvent, type SplitEvent,
} from './simulate/index.js';

// lint: schemas, rowkey designs, cluster settings; design suggestions
export {
  lintSubject, hasErrors, RULES, ruleByCode, SEVERITIES, type LintRule, type Severity, formatFindings, parseAccess,
  parseFieldTypes, keyDesign, parseRestSchema, parseWideRows, suggestDesigns, type SuggestInput, type Suggestion,
  type LintSubject, type TableModel, type FamilyModel, type KeyDesign, type AccessPattern, type AccessKind,
  type WideRowModel, type WorkloadModel, type SiteProperty, type JvmModel, type SplitModel, type SourcePlace,
} from './lint/index.js';
export type { Finding as LintFinding } from './lint/index.js';

// fix: runbooks, applying them, the balancer's view, before/after proof
export {
  planFix, renderRunbookShell, renderRunbookText, type PlanInputs, type ClientRetrySettings, type DeferredMove,
  type Refusal, type Runbook, type RunbookStep, type StepKind, type StepRegion, type StepWait,
} from './fix/plan/index.js';
export {
  DEFAULT_MULTIPLIERS, balancerCost, balancerSwapWhatIf, balancerWhatIf, clusterFromSeries, swapMultipliers, type BalancerCluster, type BalancerCost,
  type BalancerMultipliers, type BalancerRegion, type BalancerMove, type BalancerSwap, type BalancerSwapWhatIf, type BalancerWhatIf,
  type SwapMultiplier,
} from './fix/balancer/index.js';
export { applyRunbook, renderApplyReport, parseRunbook, type ApplyOptions, type ApplyReport, type LiveRegion, type StepOutcome, type StepReport } from './fix/apply/index.js';
export { type ChangeRecord, type CompareVerdict, type LatencyFigure, type CompareFiles, type SideSummary, compareSides, renderChangeRecord, summarize } from './fix/compare.js';

// client helpers
export {
  createCoalescer, type Coalescer, type CoalescerOptions, type CoalescerStats, createKeyReservoir, type KeyReservoir,
  createShardedCounter, type CounterTransport, type ShardedCounter, type ShardedCounterOptions, type ShardIncrement,
  planShardedCounter, shardRowKeys, type ShardLayout, type ShardPlan, type ShardPlanInput,
} from './client/index.js';

// secondary index tables: definitions, index rowkeys, lookup ranges, cell layout, descriptor METADATA
export {
  compileIndex, parseIndexDefinitions, indexRowkey, indexLookup, indexCells, mainRowkeyOf, encodeIndexMetadata, decodeIndexMetadata,
  INDEX_METADATA_KEY, INDEX_SEPARATOR, type CompiledIndex, type IndexDefinition, type IndexCell, type IndexLookup,
  IndexedTable, type IndexedTableOptions, type IndexHit, type CoveredHit,
} from './index-tables/index.js';
export { checkIndex, renderIndexCheck, type IndexCheckReport, type CheckIndexOptions } from './index-tables/check.js';

// views: the HTML report, key redaction
export { type SeriesReportOptions, outcomeReport, scenarioReport, seriesReport } from './report/html/build.js';
export { type CompareSide, type CompareReportOptions, compareReport } from './report/html/compare-page.js';
export { KeyRedactor } from './report/redact.js';
