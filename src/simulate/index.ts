/** The simulator: scenario files, the engine (aggregated and exact), read costs and the `simulate --json` document. */
export { parseScenario, DEFAULT_BALANCER_INTERVAL_MS } from './scenario/parse.js';
export type * from './scenario/types.js';
export { prepareDesigns, type PreparedDesign } from './design.js';
export { simulateDesign, type DesignRun, type SimulationOptions, type StepWrites } from './engine.js';
export { simulateScenario, type DesignOutcome, type ScenarioOutcome, type SimulateScenarioOptions } from './simulate.js';
export { readCosts, SCANNER_MAX_RESULT_BYTES, type ReadCost } from './read-cost.js';
export { scenarioJson, type DesignJson } from './json.js';
export { sizeToCheckBytes } from './split-policy.js';
export type { MoveEvent, SplitEvent } from './cluster.js';
