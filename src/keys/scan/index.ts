/** Scan planning: prefix stop rows, time ranges over time-ordered key parts, per-bucket scans and their ordered merge. */
export { planScans } from './plan.js';
export { mergeBucketScans, compareWithoutSalt, type MergeOptions } from './merge.js';
export { checkTimeRange } from './time-range.js';
export type { PlannedScan, SaltSpan, ScanPlan, ScanPlanOptions, TimeRangeMs } from './types.js';
