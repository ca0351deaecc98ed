/**
 * The next steps for a hot range when no key samples were given: the traffic median is unknown, so the plan moves the
 * hot region to the least loaded RegionServer when that spreads load (not when the region is the hotspot by itself:
 * see `weighMove`), names HBase's own size-midpoint split as a labelled fallback with its
 * risk, says how to get key samples, and offers containment by a request quota (throttling the whole table).
 *
 * @module
 */
import { type RegionLoadShare, rangeCopies, rangeCopyServers } from '../../analysis/detect/index.js';
import { balanceSwitchCommand, moveRegionCommand, rubyName } from '../../hbase/shell/index.js';
import { type DraftStep, balancerOffStep } from './common-steps.js';
import { type PlanInputs, type PlanLoads, loadText, perSecondOver, planLoads } from './inputs.js';
import { listRegionsCommand } from './shell-text.js';
import { moveCheck } from './swap-steps.js';
import type { Refusal } from './types.js';

const pct = (x: number) => `${(x * 100).toFixed(1)}%`;
const SERVER_NAME_RE = /^[^,\s]+,\d+,\d+$/;
const ENCODED_RE = /^[0-9a-f]{32}$/;

/**
 * The RegionServers of the series that have left: those holding none of the table's regions at the window's end and
 * not among the live servers given (`inputs.servers`); their regions were reassigned (a crash, a decommission), and
 * their load is low only because they hold nothing now.
 */
function leftServers(inputs: PlanInputs): Set<string> {
  return new Set(inputs.detect.servers.filter((s) => s.regionCount === 0 && !(inputs.servers ?? []).includes(s.server)).map((s) => s.server));
}

/**
 * The least loaded RegionServer other than `except` and those in `avoid`, by `loads` (requests per second of every
 * known server, over the span of the hotspot acted on: see `planLoads`; ties by name), among those still there: a
 * server of the series that hosts none of the table's regions at the window's end and is not among the live servers
 * given (`inputs.servers`) has left (its regions were reassigned: a crash, a decommission), and its load is low only
 * because it holds nothing now.
 */
export function leastLoadedServer(inputs: PlanInputs, loads: ReadonlyMap<string, number>, except: string, avoid: ReadonlySet<string> = new Set()): [string, number] | undefined {
  const left = leftServers(inputs);
  return [...loads.entries()].filter(([s]) => s !== except && !left.has(s) && !avoid.has(s)).sort((a, b) => a[1] - b[1] || a[0].localeCompare(b[0]))[0];
}

/**
 * The primary of `region`'s key range when `region` is a secondary read replica (the region listed at the window's end
 * with the same key range and no replica id); `undefined` for a primary or when the primary is not listed.
 */
export function primaryOf(inputs: PlanInputs, region: RegionLoadShare): RegionLoadShare | undefined {
  if (region.replicaId === undefined) return undefined;
  return rangeCopies(inputs.detect.regions, region, inputs.detect.window.endMs).find((r) => r.replicaId === undefined);
}

/** How to get key samples, one sentence per source. */
export const KEY_SAMPLE_SOURCES = [
  'writers using this library: createKeyReservoir (src/client) keeps a fair sample of request rowkeys; write them one toStringBinary key per line',
  'Java writers: log 1 in N request rowkeys at the client (Bytes.toStringBinary) in the key-sample format of docs/load-series.md, from any cluster they reach',
  'the application log: the rowkeys of requests it already logs, one per line',
  'the region\'s own rows (scan with STARTROW/STOPROW and LIMIT): they show how its keys are laid out, not which are requested, so they place a split by rows, not by traffic',
];

/** A step suggesting containment by a table request quota, when the operator gave no `--quota`. */
export function containmentAdvice(table: string): DraftStep {
  return {
    kind: 'advice',
    title: `If the hot server hurts other tables meanwhile: throttle table ${table} (or its user) with a request quota`,
    why: `set_quota TYPE => THROTTLE, TABLE => ${rubyName(table)}, LIMIT => "Nreq/sec", SCOPE => MACHINE (or USER => "name") throttles the whole table (or every table of the user) on each RegionServer by itself, every region there alike, not just the hot one: it contains, it does not fix. Give --quota to plan it with its removal, the share of the requests it would throttle on each server and the retry figures`,
    commands: [],
    check: 'hbase.quota.enabled is true in hbase-site.xml on the master and RegionServers (changing it needs their restart); list_quotas shows the throttle once set',
    undo: [],
    undoNote: `set_quota TYPE => THROTTLE, TABLE => ${rubyName(table)}, LIMIT => NONE`,
  };
}

/**
 * What moving the hot region to a server leaves, in requests per second over the span of `PlanLoads` (`loads.planned`:
 * the servers as the runbook's co-location swaps leave them), among the servers still there (see
 * `leastLoadedServer`).
 */
export interface MoveWeighing {
  /** The load that moves (the hot region's own, or a daughter's): its share of the table's requests × the servers' total. */
  readonly region: number;
  /** Its server's load before the move. */
  readonly from: number;
  /** The destination's load after the move: its load before + `region`. */
  readonly destination: number;
  /** The average load of the servers other than the hot region's, before the move (0 when there is none). */
  readonly othersBefore: number;
  /** The average load of the servers other than the destination, after the move (its old server less `region`). */
  readonly othersAfter: number;
  /** The hot factor k of the detection. */
  readonly k: number;
  /**
   * True when the region alone is above k × `othersBefore`: whichever server takes it is hot by the region alone, as
   * its server is; the region is the hotspot by itself.
   */
  readonly byItself: boolean;
  /**
   * True when the move is worth it: the destination is then not hot (`destination` at most k × `othersAfter`, the
   * detector's own test of a hot server) and the busier of the two servers carries less than `from`.
   */
  readonly spreads: boolean;
}

/**
 * {@link MoveWeighing} of moving `hot` to `target` (`[server, its load before]`, from `leastLoadedServer`) by `loads`,
 * hot factor `inputs.detect.k`; `undefined` when the servers carry no load at all (nothing to weigh).
 * @param share - the share (0–1) of the table's requests over `loads.span` that moves: the hot region's own
 *   (`loads.hotShare`, the default), or a daughter's after a split of it on its server (its share of the region's
 *   sampled requests × `loads.hotShare`); what moves leaves `hot.server` for `target`.
 */
export function weighMove(inputs: PlanInputs, loads: PlanLoads, hot: RegionLoadShare, target: readonly [string, number], share: number = loads.hotShare): MoveWeighing | undefined {
  const left = leftServers(inputs);
  const servers = [...loads.planned.entries()].filter(([s]) => !left.has(s) || s === hot.server || s === target[0]);
  const total = servers.reduce((a, [, x]) => a + x, 0);
  if (total <= 0) return undefined;
  const k = inputs.detect.k;
  const from = loads.planned.get(hot.server) ?? 0;
  const region = share * total;
  const destination = target[1] + region;
  const average = (xs: readonly number[]) => (xs.length > 0 ? xs.reduce((a, x) => a + x, 0) / xs.length : 0);
  const othersBefore = average(servers.filter(([s]) => s !== hot.server).map(([, x]) => x));
  const othersAfter = average(servers.filter(([s]) => s !== target[0]).map(([s, x]) => (s === hot.server ? x - region : x)));
  const byItself = region > k * othersBefore;
  const spreads = destination <= k * othersAfter && Math.max(from - region, destination) < from * (1 - 1e-9);
  return { region, from, destination, othersBefore, othersAfter, k, byItself, spreads };
}

/**
 * A region's load beside its server's, each figure saying what it is of: `40025.6 req/s over now, 92.9% of
 * rs4,16020,1's 43073.7` (`region` and `from` in req/s over `over`, the server's load including the region's; `swapped`
 * is appended to the server's figure when the runbook's swaps change it). Throws nothing.
 */
export function ofServerText(region: number, from: number, over: string, server: string, swapped: string): string {
  const share = from > 0 ? `${pct(region / from)} of ` : 'of ';
  return `${region.toFixed(1)} ${over}, ${share}${server}'s ${from.toFixed(1)}${swapped}`;
}

/**
 * Why moving `hot` to `target` would not spread the load, or `undefined` when it does (see {@link weighMove}): the
 * destination must not be made hot (its load after the move at most k × the average of the other servers then, the
 * detector's test of a hot server and the rule the move across tables follows), and the busier of the two servers must
 * carry less than the hot region's server did. A region above k × the other servers' average by itself (the figures
 * in req/s over the span of the hotspot, `loads.span`; its load is its share of the table's requests over that span,
 * `loads.hotShare`) is the hotspot by itself: moving it only relocates the hotspot, since whichever server takes it is
 * then hot as its server is.
 * @returns `why`, the refusal with its figures, and `byItself`, whether the region is the hotspot by itself (see
 *   {@link MoveWeighing}); `undefined` when the move spreads load or no server carries any load. Throws nothing.
 */
export function relocatedHotspot(inputs: PlanInputs, loads: PlanLoads, hot: RegionLoadShare, target: readonly [string, number]): { why: string; byItself: boolean } | undefined {
  const w = weighMove(inputs, loads, hot, target);
  if (!w || w.spreads) return undefined;
  const over = perSecondOver(loads.span);
  const f = (x: number) => `${x.toFixed(1)} ${over}`;
  const swapped = loads.planned === loads.current ? '' : ' as the co-location swaps of this runbook leave the servers';
  const carry = `so ${target[0]}, the least loaded server (${f(target[1])}), would carry ${f(w.destination)}`;
  const verdict = w.destination > w.k * w.othersAfter
    ? `above ${w.k} × the average of the other servers then (${f(w.othersAfter)}): a hot server`
    : `while ${hot.server} carries ${f(w.from)}: the busiest server's load would not fall`;
  if (w.byItself) {
    return {
      byItself: true,
      why: `moving ${hot.encodedName} only relocates the hotspot: it takes ${pct(loads.hotShare)} of the table's requests by itself (${ofServerText(w.region, w.from, over, hot.server, swapped)}), ${carry}, ${verdict}. By itself the region is above ${w.k} × the other servers' average (${f(w.othersBefore)}), so whichever server takes it is hot: it is the hotspot by itself; the range runbook below divides it (a split at the traffic median of sampled keys)`,
    };
  }
  return {
    byItself: false,
    why: `moving ${hot.encodedName} does not spread the load: it takes ${pct(loads.hotShare)} of the table's requests (${ofServerText(w.region, w.from, over, hot.server, swapped)}), ${carry}, ${verdict}; the range runbook below divides the region (a split at the traffic median of sampled keys)`,
  };
}

/**
 * Steps for a hot range in region `hot` without key samples (none given, or none in the region).
 * @param splitWhy - why the traffic-median split is refused, when not for want of any sample.
 * @param loads - the servers' loads and the region's share the move is weighed with (default: over the span of the
 *   hotspot, without swaps; see `planLoads`).
 */
export function hotRangeWithoutSamples(
  inputs: PlanInputs,
  hot: RegionLoadShare,
  quota: { set: DraftStep[]; remove: DraftStep[] },
  splitWhy?: string,
  loads: PlanLoads = planLoads(inputs, hot),
): { steps: DraftStep[]; refused: Refusal[]; warnings: string[] } {
  const table = inputs.detect.table;
  const refused: Refusal[] = [{ action: 'split', why: splitWhy ?? 'no key samples: a split at the traffic median needs request rowkeys (HBase\'s own split point is the midpoint of the largest store file, which divides bytes, not traffic); give --samples' }];
  const warnings: string[] = [];
  const steps: DraftStep[] = [...quota.set];
  if (quota.set.length === 0) steps.push(containmentAdvice(table));
  // never onto a server holding one of its replicas
  const replicasOn = rangeCopyServers(inputs.detect.regions, hot, inputs.detect.window.endMs);
  const target = leastLoadedServer(inputs, loads.planned, hot.server, replicasOn);
  const relocates = target ? relocatedHotspot(inputs, loads, hot, target) : undefined;
  if (!target) {
    refused.push({ action: 'move', why: `no RegionServer other than ${hot.server} is known (give --rest so the live servers are read)` });
  } else if (relocates) {
    refused.push({ action: 'move', why: relocates.why });
    warnings.push(relocates.byItself
      ? 'the region is the hotspot by itself: moving it only relocates the hotspot; split it at the traffic median of its keys (key samples), or, if one row takes its load, treat that row'
      : 'moving the region does not spread the load: split it at the traffic median of its keys (key samples), or, if one row takes its load, treat that row');
  } else if (!SERVER_NAME_RE.test(target[0]) || !ENCODED_RE.test(hot.encodedName)) {
    refused.push({ action: 'move', why: `the region or RegionServer name is not in HBase's form (encoded name, host,port,startcode): read the series through --rest` });
  } else {
    // a secondary read replica: checked by its own name (see moveCheck)
    const moved = moveCheck(table, hot.encodedName, hot.startKey, target[0], hot.replicaId !== undefined);
    const w = weighMove(inputs, loads, hot, target);
    const over = perSecondOver(loads.span);
    const spread = w ? `; after the move ${target[0]} carries ${w.destination.toFixed(1)} and ${hot.server} ${(w.from - w.region).toFixed(1)} ${over}, ${target[0]} within ${w.k} × the average of the other servers then (${w.othersAfter.toFixed(1)} ${over})` : ''
    steps.push(balancerOffStep(table));
    steps.push({
      kind: 'move',
      title: `Move the hot region ${hot.encodedName} to the least loaded RegionServer ${target[0]}`,
      why: `it takes ${pct(loads.hotShare)} of the table's requests${loads.span === 'now' ? ' over now' : ''} on ${hot.server} (${loadText(loads, hot.server)}); ${target[0]} is the least loaded (${loadText(loads, target[0])})${replicasOn.size > 0 ? ` not holding a replica of its range (${[...replicasOn].join(', ')} hold(s) one)` : ''}${spread}. This spreads the server's load; the region stays one region, so its own ceiling stays until it is split`,
      commands: [moveRegionCommand(hot.encodedName, target[0])],
      check: `${moved.check}, and its server's share falls in the next detect`,
      undo: [moveRegionCommand(hot.encodedName, hot.server)],
      undoNote: 'move it back',
      wait: moved.wait,
    });
    steps.push({
      kind: 'balancer-on',
      title: 'Switch the balancer back on',
      why: 'leaving it off lets region counts drift; with default weights it may move the region back to even the counts (raise hbase.master.balancer.stochastic.readRequestCost / writeRequestCost, or keep it off until the split below)',
      commands: [balanceSwitchCommand(true)],
      check: `after the next balancer run, ${listRegionsCommand(table)} still shows ${hot.replicaId === undefined ? 'the region' : `the read replica ${hot.encodedName}`} on ${target[0]}`,
      undo: [balanceSwitchCommand(false)],
      undoNote: 'switch it off again',
    });
  }
  // HBase splits a range through its primary and refuses a replica's name (HBASE-11903; the 2.6 shell answers
  // "Unknown table" for a replica's encoded name); the replicas follow
  // (a primary not listed at the window's end: named by its range, never by the replica's name)
  const primary = primaryOf(inputs, hot)?.encodedName;
  const splitName = primary ?? (hot.replicaId === undefined ? hot.encodedName : undefined);
  const throughPrimary = hot.replicaId === undefined ? '' : ` The hot region is read replica ${hot.replicaId} of the range; HBase splits a range through its primary, ${primary ?? `the region of status 'detailed' starting at "${hot.startKey}" with no _0001 (or higher) after its region id`}, and refuses a replica's name, and the range's replicas split with it.`;
  steps.push({
    kind: 'advice',
    title: splitName === undefined
      ? `Fallback, with its risk: let HBase split the primary of the range ["${hot.startKey}", "${hot.endKey}") at its size midpoint (split 'ENCODED' with the primary's encoded name)`
      : `Fallback, with its risk: let HBase split ${splitName} at its size midpoint (split ${rubyName(splitName)})`,
    why: `HBase picks the midpoint of the largest store file: it divides the region's bytes, not its requests. A hot range spread over the region's keys divides too; a hot row, or a tail at the region's end, stays whole in one daughter, and the split costs a compaction of both daughters for nothing.${throughPrimary}`,
    commands: [],
    check: `${listRegionsCommand(table)} shows two daughters; the next detect shows whether the load divided (a daughter keeping 80% or more: not a range)`,
    undo: [],
    undoNote: 'merge_region the two daughters once they have compacted',
  });
  steps.push({
    kind: 'advice',
    title: 'Get key samples, then plan again for a split at the traffic median',
    why: KEY_SAMPLE_SOURCES.join('; '),
    commands: [],
    check: `at least a few hundred sampled request keys fall in ["${hot.startKey}", "${hot.endKey}"); fix plan --samples FILE then splits where the requests divide`,
    undo: [],
    undoNote: 'nothing to undo',
  });
  steps.push(...quota.remove);
  warnings.push(steps.some((st) => st.kind === 'move')
    ? 'without key samples the split point is a guess: the runbook moves the region first and splits only as a labelled fallback'
    : 'without key samples the split point is a guess: the runbook splits only as a labelled fallback');
  return { steps, refused, warnings };
}
