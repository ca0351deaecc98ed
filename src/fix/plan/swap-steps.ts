/**
 * Steps for co-location: hot regions stacked on one RegionServer are swapped with the quietest regions of the least
 * loaded servers (`stackedSwaps` in detection), each swap two `move` steps (HBase has no swap command), with the
 * balancer switched off before and a note on the stochastic balancer's request costs.
 *
 * @module
 */
import { type ServerLoadShare, type Swap, type SwapPlan, stackedSwaps } from '../../analysis/detect/index.js';
import { describeSwapMultipliers, swapMultipliers } from '../balancer/index.js';
import { moveRegionCommand } from '../../hbase/shell/index.js';
import { type DraftStep, balancerOffStep } from './common-steps.js';
import type { PlanInputs } from './inputs.js';
import type { StepWait } from './types.js';
import { listRegionsCommand } from './shell-text.js';

const pct = (x: number) => `${(x * 100).toFixed(1)}%`;
const SERVER_NAME_RE = /^[^,\s]+,\d+,\d+$/;
const ENCODED_RE = /^[0-9a-f]{32}$/;

/** Why the stochastic balancer would not keep swapped regions apart, and which of its costs would make it. */
export const SWAP_BALANCER_WARNING = 'swapped regions: the stochastic balancer with default weights (hbase.master.balancer.stochastic.regionCountCost 500 against readRequestCost and writeRequestCost 5) sees even region counts and no reason to keep them apart; raising readRequestCost and writeRequestCost (one at a time, e.g. to 50) makes it weigh the requests that stacked them';

/**
 * The check of a move of region `encodedName` of `table`, starting at `startKey` (toStringBinary), to `to`, and the
 * wait `fix apply` keeps for it: until a region starting at `startKey` is listed on `to` (`fix apply` reads a
 * replicated table's replicas too, each with its range's start key; no plan sends a region to a server holding
 * another copy of its range, so the copy found there is the one moved). The check of a secondary read replica
 * (`replica`) names it, as `list_regions` and `status 'detailed'` list it under its own name.
 */
export function moveCheck(table: string, encodedName: string, startKey: string, to: string, replica: boolean): { readonly check: string; readonly wait: StepWait } {
  const wait: StepWait = { kind: 'region-on-server', table, startKey, server: to };
  if (replica) return { check: `${listRegionsCommand(table)} lists the read replica ${encodedName} (starting at "${startKey}") on ${to}`, wait };
  return { check: `${listRegionsCommand(table)} shows the region starting at "${startKey}" on ${to}`, wait };
}

/**
 * A `move` step (the shell's `move 'ENCODED', 'SERVER'`) of region `encodedName` of `table`, starting at `startKey`
 * (toStringBinary), from `from` to `to` (`host,port,startcode`), undone by moving it back; `fix apply` waits until the
 * region is listed on `to` (a secondary read replica, `replica`: see {@link moveCheck}).
 */
export function moveStep(table: string, encodedName: string, startKey: string, from: string, to: string, why: string, replica = false): DraftStep {
  const { check, wait } = moveCheck(table, encodedName, startKey, to, replica);
  return {
    kind: 'move',
    title: `Move ${encodedName} from ${from} to ${to}`,
    why,
    commands: [moveRegionCommand(encodedName, to)],
    check,
    undo: [moveRegionCommand(encodedName, from)],
    undoNote: `move it back to ${from}`,
    wait,
  };
}

/** What {@link swapSteps} returns. */
export interface SwapSteps {
  /** The moves alone, two per swap. */
  readonly moves: DraftStep[];
  /** The moves with the balancer switched off before and the advice on its request costs after. */
  readonly steps: DraftStep[];
  readonly evidence: string[];
  /**
   * The detection's servers as the swaps leave them: `nowShare` moved by the swapped regions' shares over now (those
   * the swaps were chosen on), `requestsPerSec` by their shares over the window × the table's rate over the window.
   */
  readonly projectedServers: ServerLoadShare[];
  /** The regions the swaps move, encoded name → the server each goes to (those `skip` kept out are not in it). */
  readonly moved: ReadonlyMap<string, string>;
  /** {@link SWAP_BALANCER_WARNING}, with the multiplier values that make the balancer keep these swaps when the plan has the balancer's view of the placement. */
  readonly warning: string;
}

/** The warning with, from the balancer's view of the placement, the single multiplier values that make it act and keep `swaps` (`swapMultipliers`). */
function balancerWarning(inputs: PlanInputs, swaps: readonly { region: string; back: string }[]): string {
  const placement = inputs.placement;
  if (!placement || swaps.length === 0 || !swaps.every((w) => [w.region, w.back].every((n) => placement.regions.some((r) => r.encodedName === n)))) return SWAP_BALANCER_WARNING;
  return `${SWAP_BALANCER_WARNING}. With this table's loads, HBase's balancer acts and keeps these swaps with, one at a time (the others at their defaults): ${describeSwapMultipliers(swapMultipliers(placement, swaps)).join('; ')}`;
}

/** The swap plans of the detection, each swap as two moves; `skip` are the regions other steps already move or split. */
export function swapSteps(inputs: PlanInputs, skip: readonly string[] = []): SwapSteps {
  const d = inputs.detect;
  const plans: SwapPlan[] = stackedSwaps(d.servers, d.regions, d.window.endMs);
  const startOf = (name: string) => d.regions.find((r) => r.encodedName === name)?.startKey ?? '';
  const steps: DraftStep[] = [];
  const evidence: string[] = [];
  const taken: { region: string; back: string }[] = [];
  const swapped: Swap[] = [];
  for (const plan of plans) {
    for (const w of plan.swaps) {
      if (skip.includes(w.region.encodedName) || skip.includes(w.back.encodedName)) continue;
      if (![w.region.encodedName, w.back.encodedName].every((n) => ENCODED_RE.test(n)) || ![w.from, w.to].every((s) => SERVER_NAME_RE.test(s))) continue;
      const why = `swap ${1 + plan.swaps.indexOf(w)} of ${plan.swaps.length}: ${plan.server} holds several regions hot now; with the others the swaps take it from ${pct(plan.before)} to ${pct(plan.after)} of the requests, region counts unchanged`;
      taken.push({ region: w.region.encodedName, back: w.back.encodedName });
      swapped.push(w);
      steps.push(moveStep(d.table, w.region.encodedName, startOf(w.region.encodedName), w.from, w.to, `${why}; ${w.region.encodedName} takes ${pct(w.region.share)} to the least loaded server`));
      steps.push(moveStep(d.table, w.back.encodedName, startOf(w.back.encodedName), w.to, w.from, `${why}; ${w.back.encodedName} (${pct(w.back.share)}) comes back so both servers keep their region counts`));
    }
    evidence.push(`co-location: ${plan.swaps.length} swap(s) take ${plan.server} from ${pct(plan.before)} to ${pct(plan.after)} of the requests over now`);
  }
  // each measure moved by its own shares: the swaps' shares over now shift the servers' shares over now, the regions'
  // shares over the window × the table's rate over the window their averages
  const tableRate = d.servers.reduce((a, s) => a + s.requestsPerSec, 0);
  const windowShare = (name: string) => d.regions.find((r) => r.encodedName === name)?.share ?? 0;
  const nowShift = new Map<string, number>();
  const rateShift = new Map<string, number>();
  const add = (m: Map<string, number>, server: string, x: number) => m.set(server, (m.get(server) ?? 0) + x);
  // only the swaps planned: one that `skip` kept out leaves its regions where they are
  const moved = new Map<string, string>();
  for (const w of swapped) {
    moved.set(w.region.encodedName, w.to);
    moved.set(w.back.encodedName, w.from);
    const now = w.region.share - w.back.share;
    const rate = (windowShare(w.region.encodedName) - windowShare(w.back.encodedName)) * tableRate;
    add(nowShift, w.to, now);
    add(nowShift, w.from, -now);
    add(rateShift, w.to, rate);
    add(rateShift, w.from, -rate);
  }
  const projectedServers = d.servers.map((s) => ({
    ...s, nowShare: s.nowShare + (nowShift.get(s.server) ?? 0), requestsPerSec: s.requestsPerSec + (rateShift.get(s.server) ?? 0),
  }));
  const warning = balancerWarning(inputs, taken);
  if (steps.length === 0) return { moves: steps, steps, evidence, projectedServers, moved, warning };
  return {
    moves: steps,
    projectedServers,
    moved,
    warning,
    steps: [
      balancerOffStep(d.table),
      ...steps,
      {
        kind: 'advice',
        title: 'Keep the balancer off, or make it weigh request load, before switching it back on',
        why: warning,
        commands: [],
        check: 'balancer_enabled says false until the weights are changed; after that, the next balancer run leaves the swapped regions where they are',
        undo: [],
        undoNote: 'balance_switch true restores the previous state',
      },
    ],
    evidence,
  };
}
