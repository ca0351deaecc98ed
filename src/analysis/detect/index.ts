/** Hotspot detection over load series: shares, hot servers and regions, shapes, findings. */
export { DEFAULT_K, type DetectOptions, detectFromRates, detectHotspots } from './detect.js';
export { FINDINGS, SHAPES, findingEntry, shapeEntry, type CatalogueEntry, type FindingKind, type ShapeId } from './catalogue.js';
export { normalizedSkew, peerTest, spreadOf, type PeerTest } from './stats.js';
export type * from './types.js';
export { MAX_SWAPS, swapPlan, type Swap, type SwapPlan, type SwapRegion } from './swaps.js';
export { type ClusterServerShare, type ClusterView, type ServerTableLoad, type MoveOutcome, type MovedLoad, type TableLoadShare, type TablesDetectOptions, type TablesDetectResult, detectTables, leastLoaded, measureVolume, moveOutcome, isTablesResult, regionMovedLoad, tableAdvice, unambiguousTable } from './tables.js';
export { isSystemTable, stackedSwaps } from './findings.js';
export { rangeCopies, rangeCopyServers } from './replicas.js';
export { resultHotRegions, resultRegionNamed } from './region-shares.js';
