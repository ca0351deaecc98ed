/** `fix apply`: a runbook run step by step through the shell runner, with waits and an account of what ran. */
export { applyRunbook, renderApplyReport } from './apply.js';
export { parseRunbook } from './runbook-file.js';
export type { ApplyOptions, ApplyReport, LiveRegion, StepOutcome, StepReport } from './types.js';
