/** Layer 5 adapters: live and pasted load sources producing the model's snapshots (see `docs/live.md`). */
export type { SnapshotOptions, SnapshotSource, SourceGaps } from './types.js';
export { BYTES_PER_MB, assembleSnapshot, type AssembleResult, type DirectoryRegion, type RegionCounters } from './assemble.js';
export { DEFAULT_SETTLE_ATTEMPTS, DEFAULT_SETTLE_WAIT_MS, readSettled, type SettleOptions } from './settle.js';
export { REST_GAPS, REST_METRICS, createRestSource, tableRegionsOrExplain, restCounters, restDirectory, serverNames, type RestSourceOptions } from './rest-source.js';
export { JMX_REGIONS_BEAN, JMX_REGION_METRICS, jmxRegionPrefix, mergeJmxCounters, parseJmxRegions } from './jmx.js';
export { JMX_SERVER_BEAN, LATENCY_OPERATIONS, parseServerLatencies, type LatencyOperation, type OperationLatency, type ServerLatency } from './jmx-latency.js';
export { JMX_GAPS, createJmxSource, type JmxSourceOptions } from './jmx-source.js';
export { NATIVE_GAPS, createNativeSource, describeNative, type NativeSource, type NativeSourceOptions } from './native-source.js';
export { type CaptureTiming, type TextCapture, captureTimes, splitCaptures } from './text/captures.js';
export { LIST_REGIONS_COLUMNS, parseListRegions } from './text/list-regions.js';
export { STATUS_REGION_FIELDS, parseStatusDetailed, rubyUndump } from './text/status-detailed.js';
export { TextFormatError, type TextIssue } from './text/text-error.js';
export { TEXT_GAPS, createTextSource, parseTextSeries, type TextInput, type TextSeriesOptions, type TextSourceKind } from './text/text-source.js';
export { readTextInputs } from './text/read-inputs.js';
export { type CollectEvent, type CollectOptions, type CollectSummary, TRANSIENT_CODES, collectSeries, isTransient, plannedSamples } from './collect.js';
export { isNdjsonSamples, parseKeyList } from './text/key-list.js';
export { multiTableSource } from './multi-table.js';
