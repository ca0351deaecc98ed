/** The StochasticLoadBalancer's costs (HBase 2.6) and a what-if of its verdict and moves. */
export { minSkew, maxSkew, scale, skewCost, ulp, loadReportRate } from './skew.js';
export {
  DEFAULT_MAX_MOVE_PERCENT, DEFAULT_MULTIPLIERS, DEFAULT_SLOP, MIN_COST_NEED_BALANCE, balancerCost, moveCost, sloppyServerExists,
  type BalancerCluster, type BalancerCost, type BalancerMultipliers, type BalancerRegion, type FunctionCost,
} from './costs.js';
export { DEFAULT_REPORT_INTERVAL_MS, balancerWhatIf, clusterFromSeries, movedFrom, placedAt, type BalancerMove, type BalancerWhatIf } from './what-if.js';
export {
  balancerSwapWhatIf, balancerTakesSwaps, describeSwapMultipliers, swapMultipliers,
  type BalancerSwap, type BalancerSwapWhatIf, type SwapMultiplier, type SwapMultiplierName,
} from './swaps.js';
