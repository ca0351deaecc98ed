/** Fix planner: runbooks per hotspot shape with exact `hbase shell` commands. */
export { NO_HOTSPOT_EVIDENCE, planFix } from './plan.js';
export { DEFAULT_MIN_REQUESTS_PER_SEC, hotRegionOf, tableRateNow, tableServerRatesNow, type PlanInputs } from './inputs.js';
export { machineThrottle, type MachineThrottle, type ServerThrottle } from './quota-rate.js';
export { renderRunbookShell, renderRunbookText } from './render.js';
export { DEFAULT_CLIENT_PAUSE_MS, DEFAULT_CLIENT_RETRIES, RETRY_BACKOFF, retryExposure, type ClientRetrySettings, type RetryExposure } from './retry.js';
export { checkQuotaLimit, listRegionsCommand, regionReplicationCommand, tableThrottleCommand, tableUnthrottleCommand } from './shell-text.js';
export type { DeferredMove, Refusal, Runbook, RunbookStep, StepKind, StepRegion, StepWait } from './types.js';
export { MIN_SPLIT_SAMPLES } from './types.js';
