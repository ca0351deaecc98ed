/** The load generator: real rows through the REST client, driven by the simulator's workload model. */
export { DEFAULT_TIME_FIELD, type LoadFields, resolveLoadFields } from './fields.js';
export { type LatencySummary, percentileMs, summarizeLatency } from './latency.js';
export { type LoadReadSpec, checkIdFormat, parsePopularity, parseReadPattern } from './options.js';
export { type ReadContext, type ReadResult, runRead } from './reads.js';
export { MAX_CONSECUTIVE_ERRORS, checkLoadSpec, plannedWrites, runLoad } from './run.js';
export { TokenBucket } from './token-bucket.js';
export { LOAD_QUALIFIER, type LoadHooks, type LoadProgress, type LoadSpec, type LoadSummary } from './types.js';
