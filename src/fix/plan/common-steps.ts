/**
 * Steps every plan shares: containment with a throttle (and its removal), the balancer switched off and on.
 *
 * @module
 */
import { balanceSwitchCommand } from '../../hbase/shell/index.js';
import type { PlanInputs } from './inputs.js';
import { DEFAULT_CLIENT_PAUSE_MS, DEFAULT_CLIENT_RETRIES, retryExposure } from './retry.js';
import { listRegionsCommand, tableThrottleCommand, tableUnthrottleCommand } from './shell-text.js';
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

/** Quota step (a table throttle with MACHINE scope, see `tableThrottleCommand`) and its removal, or nothing without `quotaLimit`. */
export function quotaSteps(inputs: PlanInputs, table: string): { readonly set: DraftStep[]; readonly remove: DraftStep[] } {
  if (inputs.quotaLimit === undefined) return { set: [], remove: [] };
  const set = tableThrottleCommand(table, inputs.quotaLimit);
  const unset = tableUnthrottleCommand(table);
  return {
    set: [{
      kind: 'quota',
      title: `Contain: throttle table ${table} to ${inputs.quotaLimit} on each RegionServer`,
      why: `protects the other tables on the hot RegionServer while the fix runs; the limit applies on each RegionServer by itself (SCOPE => MACHINE), to the table's requests that server serves: the hot server rejects what it takes above the limit, whichever of the table's regions there it is for, and a server below the limit rejects nothing. A quota contains, it does not fix. ${throttleWarning(inputs)}`,
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
