/**
 * Steps every plan shares: containment with a throttle (and its removal), the balancer switched off and on.
 *
 * @module
 */
import { balanceSwitchCommand } from '../../hbase/shell/index.js';
import type { PlanInputs } from './inputs.js';
import { DEFAULT_CLIENT_PAUSE_MS, DEFAULT_CLIENT_RETRIES, retryExposure } from './retry.js';
import { listRegionsCommand, quotaRequestsPerSec, tableThrottleCommand, tableUnthrottleCommand } from './shell-text.js';
import type { RunbookStep } from './types.js';

/** A step before numbering. */
export type DraftStep = Omit<RunbookStep, 'number'>;

/** The retry-storm warning for a throttle, with figures from the client's retry settings. */
export function throttleWarning(inputs: PlanInputs): string {
  const settings = inputs.clientRetry ?? { retries: DEFAULT_CLIENT_RETRIES, pauseMs: DEFAULT_CLIENT_PAUSE_MS };
  const e = retryExposure(settings);
  const assumed = inputs.clientRetry ? '' : ' (HBase defaults assumed; give the clients\' real settings)';
  return `throttle and retries: with hbase.client.retries.number=${settings.retries} and hbase.client.pause=${settings.pauseMs} ms${assumed}, ` +
    `each throttled request is sent ${e.attemptsInFirstSecond} time(s) in its first second and up to ${e.totalAttempts} times over ${(e.giveUpAfterMs / 1000).toFixed(1)} s; ` +
    `${e.attemptsInFirstSecond >= 3 ? 'that multiplies the load the throttle rejects: a retry storm; raise the pause or lower the retries before throttling' : 'the backoff is slow enough not to multiply the rejected load'}`;
}

/**
 * What a table throttle of `limit` does to the table at `rate`, its read + write requests per second over now (see
 * `tableRateNow`): for a request-count limit below the rate, the share of the current requests it would reject; at or
 * above it, that it rejects none now; for a size limit, that the series cannot compare it (it counts requests, not
 * bytes). `undefined` for a rate of 0 or less (nothing to compare with).
 * @throws {@link HotspotError} `FIX_QUOTA_INVALID` for a limit that is not one (see `checkQuotaLimit`).
 */
export function quotaRateWarning(limit: string, rate: number): string | undefined {
  const perSec = quotaRequestsPerSec(limit);
  if (!(rate > 0)) return undefined;
  const rateText = `the table's ${rate.toFixed(1)} req/s over now`;
  if (perSec === undefined) {
    return `the quota ${limit} is a size limit: the series counts requests, not bytes, so the share of ${rateText} it would throttle cannot be worked out; compare it with the table's read and write throughput in bytes (the RegionServers' metrics) before setting it`;
  }
  // a limit per minute, hour or day is said as given, with what it allows a second
  const limitText = limit.endsWith('/sec') ? `${perSec} req/s` : `${limit} (${perSec < 10 ? perSec.toPrecision(2) : perSec.toFixed(1)} req/s)`;
  if (perSec >= rate) return `the limit ${limitText} is at or above ${rateText}: it throttles none of its current requests, only a further rise`;
  const share = perSec / rate;
  // whole percents, but a tenth near 0 and 100, where a whole percent would read as none or all
  const p = (x: number) => `${x < 0.01 || x > 0.99 ? (x * 100).toFixed(1) : (x * 100).toFixed(0)}%`;
  return `the limit ${limitText} is ${p(share)} of ${rateText}: about ${p(1 - share)} of its requests would be throttled (RpcThrottlingException, retried by clients)`;
}

/** Quota step and its removal, or nothing without `quotaLimit`. */
export function quotaSteps(inputs: PlanInputs, table: string): { readonly set: DraftStep[]; readonly remove: DraftStep[] } {
  if (inputs.quotaLimit === undefined) return { set: [], remove: [] };
  const set = tableThrottleCommand(table, inputs.quotaLimit);
  const unset = tableUnthrottleCommand(table);
  return {
    set: [{
      kind: 'quota',
      title: `Contain: throttle table ${table} to ${inputs.quotaLimit}`,
      why: `protects the other tables on the hot RegionServer while the fix runs; it throttles the whole table, every region alike, not just the hot one: a quota contains, it does not fix. ${throttleWarning(inputs)}`,
      commands: [set, 'list_quotas'],
      check: 'first: hbase.quota.enabled is true on the master and RegionServers (set_quota is refused otherwise, and changing it needs their restart); then list_quotas shows the throttle; the hot server\'s p99 falls and the clients\' error rate stays flat (a rising one means retries are multiplying)',
      undo: [unset],
      undoNote: 'remove the throttle',
    }],
    remove: [{
      kind: 'quota-remove',
      title: `Remove the throttle on ${table}`,
      why: 'the quota was containment; once the load is spread it only costs throughput',
      commands: [unset, 'list_quotas'],
      check: 'list_quotas no longer lists the table',
      undo: [set],
      undoNote: 'throttle again',
    }],
  };
}

/**
 * `balance_switch false` before manual placement; `placed` names what the runbook places by hand (`region`, or
 * `daughter` after a split), as its why says the balancer would move it back.
 */
export function balancerOffStep(table: string, placed: 'region' | 'daughter' = 'region'): DraftStep {
  return {
    kind: 'balancer-off',
    title: 'Switch the balancer off while regions are placed by hand',
    why: `a balancer run in the middle would move a hand-placed ${placed} back (it weighs region counts, 500, far above request load, 5 + 5)`,
    commands: [balanceSwitchCommand(false)],
    check: `the command returns the previous state (true when it was on); ${listRegionsCommand(table)} shows no region in transition`,
    undo: [balanceSwitchCommand(true)],
    undoNote: 'switch it back on',
  };
}
