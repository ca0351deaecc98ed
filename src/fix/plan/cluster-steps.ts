/**
 * Steps for a RegionServer hot by the sum of several tables (co-location across tables, see `detectTables`): when
 * moving the planned table's busiest region there to the least loaded server cools it without making that server hot,
 * the move, with the balancer switched off first (its region-count cost would undo a hand placement); when the region
 * is above k × the other servers by itself, the move is refused (it only moves the hotspot) and the step is to
 * spread the region's own load; when the server stays hot after that move because many of the table's regions, none
 * too busy alone, are stacked on it, those regions are spread over the servers (moves to the least loaded server, one
 * at a time, until the server is within one region's load of it), then the balancer is switched back on balancing
 * each table by itself so it keeps them spread.
 *
 * @module
 */
import { MATERIAL_SHARE } from '../../analysis/detect/hot-test.js';
import { type ClusterServerShare, type ClusterView, type DetectResult, type MoveOutcome, type MovedLoad, type RegionLoadShare, isSystemTable, leastLoaded, measureVolume, moveOutcome, rangeCopyServers, regionMovedLoad } from '../../analysis/detect/index.js';
import { serverKey } from '../../analysis/detect/tally.js';
import { balanceSwitchCommand, moveRegionCommand } from '../../hbase/shell/index.js';
import { sloppyServerExists } from '../balancer/index.js';
import { type DraftStep, balancerOffStep } from './common-steps.js';
import { listRegionsCommand } from './shell-text.js';
import { moveCheck, moveStep } from './swap-steps.js';
import type { Refusal } from './types.js';

const SERVER_NAME_RE = /^[^,\s]+,\d+,\d+$/;
const ENCODED_RE = /^[0-9a-f]{32}$/;
const pct = (x: number) => `${(x * 100).toFixed(1)}%`;

/** What {@link clusterSteps} returns: the steps, the region they act on first, the refused moves and the evidence. */
export interface ClusterSteps {
  readonly steps: DraftStep[];
  readonly region: RegionLoadShare | undefined;
  readonly refused: Refusal[];
  readonly evidence: string[];
}

/**
 * The step that spreads a region's own load when no server can take it whole: `out`, its move to `target` (the least
 * loaded server), says why: the region alone above k × the other servers there, or the target one of a group of the
 * busiest servers, hot together, once it holds the region.
 */
function spreadStep(table: string, region: RegionLoadShare, share: number, out: MoveOutcome, target: string): DraftStep {
  const alone = out.toAfter > out.toLimit
    ? `region ${region.encodedName} of ${table} takes ${pct(share)} of all the tables' requests by itself, above k × the other servers wherever it goes`
    : `region ${region.encodedName} of ${table} takes ${pct(share)} of all the tables' requests by itself: moved to the least loaded server, ${target}, it would make that server one of a group of the busiest, hot together`;
  return isSystemTable(table) && table === 'hbase:meta'
    ? {
      kind: 'advice',
      title: 'Spread the reads of hbase:meta: meta replicas read in LoadBalance mode, clients that keep their region locations',
      why: `${alone}. hbase:meta cannot be split; HBase 2.4 and later serve meta lookups from meta region replicas when the clients set hbase.locator.meta.replicas.mode to LoadBalance (HBASE-25126); clients that open one Connection and keep it hold the locations in their cache and stop asking; a balancer that isolates meta keeps user regions off its server`,
      commands: [],
      check: 'detect the tables again without --table: the share of the server hosting hbase:meta falls toward the fair share',
      undo: [],
      undoNote: 'set hbase.locator.meta.replicas.mode back to None on the clients',
    }
    : {
      kind: 'advice',
      title: `Spread region ${region.encodedName} of ${table} itself: split it so its halves sit on different servers, or serve its reads from region replicas or a client cache`,
      why: `${alone}; a small table read by every request (a reference or lookup table) is better cached by its readers or split into regions the balancer can spread`,
      commands: [],
      check: 'detect the tables again without --table: no server is hot by the sum of the tables',
      undo: [],
      undoNote: 'no cluster change to undo',
    };
}

/** One move of a spread: the region, its load (share of all the tables' requests) and where it goes. */
interface SpreadMove {
  readonly region: RegionLoadShare;
  readonly moved: number;
  readonly to: string;
}

/** The moves spreading a table's regions off a hot server, and the servers' shares of all the tables' requests after them. */
interface SpreadPlan {
  readonly moves: readonly SpreadMove[];
  /** Share by server name (`present`'s names) after the moves. */
  readonly after: ReadonlyMap<string, number>;
  /** The table's regions on the hot server that are hot in the table. */
  readonly hotCount: number;
}

/**
 * A greedy spread of the table's regions on `hot` (at the window's end) over the other servers: busiest region
 * first (ties by encoded name), each to the server with the smallest share as the moves so far leave them (ties: the
 * first by name; never one holding another copy of its key range), when the move narrows the gap between the two
 * (`hot`'s share − the target's > the region's) and does not put the target above k × the other servers, in requests
 * nor, when the servers and the table have them, in writes or reads. Shares are of all the tables' load over the
 * window (a region's: its share of the table × the table's, `tableLoad`).
 */
function spreadMoves(detect: DetectResult, present: readonly ClusterServerShare[], hot: ClusterServerShare, tableLoad: MovedLoad): SpreadPlan {
  const load = new Map(present.map((s) => [s.server, s.share]));
  const total = present.reduce((a, s) => a + s.share, 0);
  const n = present.length;
  // writes and reads, each kept only when every server and the table have it (their shares sum to 1 over the servers)
  const measures = (['writes', 'reads'] as const).flatMap((m) => {
    const of = (s: ClusterServerShare) => (m === 'writes' ? s.writeShare : s.readShare);
    // as the server test: a measure under MATERIAL_SHARE of the requests is not tested
    if (tableLoad[m] === null || !present.every((s) => typeof of(s) === 'number') || measureVolume(present, m) < MATERIAL_SHARE) return [];
    const values = new Map(present.map((s) => [s.server, of(s) as number]));
    return [{ m, values, sum: [...values.values()].reduce((a, v) => a + v, 0) }];
  });
  // the target above k × the average of the other servers once it takes x: that region would only make another hotspot
  const targetHot = (values: ReadonlyMap<string, number>, sum: number, to: string, x: number) => {
    const there = (values.get(to) as number) + x;
    return n > 1 && there > (detect.k * (sum - there)) / (n - 1);
  };
  const end = detect.window.endMs;
  const candidates = detect.regions
    .filter((r) => serverKey(r.server) === serverKey(hot.server) && r.lastSeenMs === end && ENCODED_RE.test(r.encodedName))
    .sort((a, b) => b.share - a.share || (a.encodedName < b.encodedName ? -1 : 1));
  const moves: SpreadMove[] = [];
  for (const region of candidates) {
    const shares = regionMovedLoad(region, tableLoad);
    const moved = shares.requests;
    const avoid = new Set([...rangeCopyServers(detect.regions, region, end)].map(serverKey));
    const to = present
      .filter((s) => serverKey(s.server) !== serverKey(hot.server) && !avoid.has(serverKey(s.server)) && SERVER_NAME_RE.test(s.server))
      .map((s) => s.server)
      .sort((a, b) => (load.get(a) as number) - (load.get(b) as number) || (a < b ? -1 : 1))[0];
    if (to === undefined || moved <= 0) continue;
    const from = load.get(hot.server) as number;
    const there = load.get(to) as number;
    if (from - there <= moved) continue;
    const movedIn = measures.map(({ m }) => shares[m] ?? 0);
    if (targetHot(load, total, to, moved) || measures.some(({ values, sum }, i) => targetHot(values, sum, to, movedIn[i] as number))) continue;
    load.set(hot.server, from - moved);
    load.set(to, there + moved);
    measures.forEach(({ values }, i) => {
      values.set(hot.server, (values.get(hot.server) as number) - (movedIn[i] as number));
      values.set(to, (values.get(to) as number) + (movedIn[i] as number));
    });
    moves.push({ region, moved, to });
  }
  return { moves, after: load, hotCount: candidates.filter((r) => r.hot).length };
}

/**
 * The moves of a spread as steps, one per target server (its `move` commands in the order chosen), each undone by
 * moving its regions back; `fix apply` waits for the last of them on the target.
 */
function spreadSteps(table: string, hot: ClusterServerShare, busiest: RegionLoadShare, single: MoveOutcome, plan: SpreadPlan, servers: readonly ClusterServerShare[]): DraftStep[] {
  const targets = [...new Set(plan.moves.map((m) => m.to))];
  const before = (server: string) => servers.find((s) => s.server === server)?.share ?? 0;
  const count = hot.tables.find((t) => t.table === table)?.regionCount ?? plan.moves.length;
  const largest = Math.max(...plan.moves.map((m) => m.moved));
  const why = `${hot.server} holds ${count} regions of ${table}, ${plan.hotCount === 0 ? 'none' : plan.hotCount} hot in the table (the busiest moved ${pct(largest)} of all the tables' requests); moving only region ${busiest.encodedName} would leave ${hot.server} at ${pct(single.fromAfter)}, above k × the other servers (${pct(single.fromLimit)}): the regions need spreading, not one of them. ${plan.moves.length} moves, each region (busiest first) to the least loaded server as the moves before leave it, take ${hot.server} from ${pct(hot.share)} to ${pct(plan.after.get(hot.server) ?? 0)} of all the tables' requests`;
  return targets.map((to, i) => {
    const mine = plan.moves.filter((m) => m.to === to);
    const last = mine.at(-1) as SpreadMove;
    const { check, wait } = moveCheck(table, last.region.encodedName, last.region.startKey, to, last.region.replicaId !== undefined);
    return {
      kind: 'move' as const,
      title: `Move ${mine.length} region(s) of ${table} from ${hot.server} to ${to} (${i + 1} of ${targets.length} servers)`,
      why: `${i === 0 ? why : `the spread of ${table}'s regions off ${hot.server} goes on (${plan.moves.length} moves in all, see the first)`}; these ${mine.length} take ${to} from ${pct(before(to))} to ${pct(plan.after.get(to) ?? 0)}`,
      commands: mine.map((m) => moveRegionCommand(m.region.encodedName, to)),
      check: mine.length === 1 ? check : `${listRegionsCommand(table)} shows the ${mine.length} regions on ${to}, the last of them starting at "${last.region.startKey}"`,
      undo: mine.map((m) => moveRegionCommand(m.region.encodedName, hot.server)),
      undoNote: `move them back to ${hot.server}`,
      wait,
    };
  });
}

/**
 * After a spread: balance each table by itself, then switch the balancer back on so it keeps the table spread. When
 * the servers' region counts (`present`, all the tables') are outside the balancer's slop (`sloppyServerExists`), the
 * default balancer would have moved regions off the stacked server by itself, so first an advice step: it has not been
 * running, which balancing by table does not cure.
 */
function byTableSteps(table: string, hot: ClusterServerShare, present: readonly ClusterServerShare[]): { before: DraftStep[]; after: DraftStep[] } {
  const counts = present.map((s) => s.regionCount);
  const average = counts.reduce((a, x) => a + x, 0) / Math.max(1, counts.length);
  const notRunning: DraftStep[] = sloppyServerExists(counts) ? [{
    kind: 'advice',
    title: 'Find out why the balancer left the regions stacked',
    why: `${hot.server} holds ${hot.regionCount} regions of all the tables against an average of ${average.toFixed(1)}, beyond the balancer's region-count slop (hbase.regions.slop 0.2): the default balancer, by table or not, would have moved regions off it, so it has not been running or not been able to (switched off, regions in transition, or a balancer that skips the table)`,
    commands: ['balancer_enabled', 'rit'],
    check: 'balancer_enabled prints true (before the next step switches it off), rit lists no region in transition, and the HMaster log shows balancer runs (the balancer chore every hbase.balancer.period); if not, that is what to fix for the regions to stay spread',
    undo: [],
    undoNote: 'nothing to undo (read-only commands)',
  }] : [];
  return { before: notRunning, after: [
    {
      kind: 'advice',
      title: 'Balance each table by itself: hbase.master.loadbalance.bytable true in the HMaster\'s hbase-site.xml',
      why: `with it false (the default) the balancer weighs all the tables as one cluster: once the region counts over all of them are even (regionCountCost 500), one table's regions can still sit on few servers, its spread weighing less (tableSkewCost 35); true, it balances each table's regions over the servers, keeping ${table}'s spread as it splits further`,
      commands: [],
      check: 'the HMaster was restarted with hbase.master.loadbalance.bytable true in its hbase-site.xml (the balancer stays off: balance_switch is kept in ZooKeeper)',
      undo: [],
      undoNote: 'set hbase.master.loadbalance.bytable back to false and restart the HMaster',
    },
    {
      kind: 'balancer-on',
      title: 'Switch the balancer back on',
      why: 'leaving it off lets region counts drift as the tables split; balancing by table it keeps the regions spread',
      commands: [balanceSwitchCommand(true)],
      check: `after the next balancer run (hbase.balancer.period), ${listRegionsCommand(table)} still shows the table's regions spread over the servers, and detect without --table finds no server hot by the sum of the tables`,
      undo: [balanceSwitchCommand(false)],
      undoNote: 'switch it off again',
    },
  ] };
}

/**
 * The steps for every cluster finding that names `detect.table`: per hot server, the table's busiest region there (by
 * its share of the table over the window) and the server with the smallest share of all the tables' requests; a move
 * when it helps (see `moveOutcome`); when the region would make that server hot too, the move refused and a step
 * spreading the region's own load; when the hot server stays hot after the move but no server would become hot, the
 * table's regions on it spread over the servers (`spreadMoves`), then balancing by table and the balancer back on.
 * A move refused otherwise (no region of the table can go anywhere without making its target the busiest) says so,
 * with the figures. Empty when no finding names the table or a server name carries no start code (the shell's `move`
 * needs one).
 */
export function clusterSteps(detect: DetectResult, cluster: ClusterView): ClusterSteps {
  const moves: DraftStep[] = [];
  const spread: DraftStep[] = [];
  const refused: Refusal[] = [];
  const evidence: string[] = [];
  let first: RegionLoadShare | undefined;
  // the first hot server whose regions a spread moves off (then balancing by table follows the moves)
  let rebalancedFrom: ClusterServerShare | undefined;
  const tableShare = cluster.servers.reduce((a, s) => a + s.share * (s.tables.find((t) => t.table === detect.table)?.share ?? 0), 0);
  // the table's shares of all the tables' writes and reads too, so a move is judged in the measure a server is hot in
  const tableLoad: MovedLoad = cluster.tableShares?.find((t) => t.table === detect.table) ?? { requests: tableShare, writes: null, reads: null };
  // a server holding no region of any table at the window's end has left (its regions were reassigned): no target,
  // and no peer after the move
  const present = cluster.servers.filter((s) => s.regionCount > 0);
  for (const f of cluster.findings.filter((x) => x.table === detect.table)) {
    const hot = cluster.servers.find((s) => f.servers[0] !== undefined && serverKey(s.server) === serverKey(f.servers[0]));
    const region = detect.regions.filter((r) => f.regions.includes(r.encodedName) && r.lastSeenMs === detect.window.endMs).sort((a, b) => b.share - a.share)[0];
    // never onto a server holding another copy of its key range (a table with read replicas)
    const target = hot && region ? leastLoaded(present, hot.server, rangeCopyServers(detect.regions, region, detect.window.endMs)) : undefined;
    if (!hot || !region || !target || ![region.server, target.server].every((s) => SERVER_NAME_RE.test(s))) continue;
    first ??= region;
    evidence.push(`${f.kind} across tables: ${f.summary}`, ...f.evidence);
    const load = regionMovedLoad(region, tableLoad);
    const moved = load.requests;
    const out = moveOutcome(present, hot.server, target.server, load, detect.k);
    if (out.helps) {
      moves.push(moveStep(detect.table, region.encodedName, region.startKey, region.server, target.server, `${f.summary}; the move takes ${hot.server} from ${pct(hot.share)} to ${pct(out.fromAfter)} and ${target.server} from ${pct(target.share)} to ${pct(out.toAfter)} of all the tables' requests`, region.replicaId !== undefined));
      continue;
    }
    const spreadOver = out.toHot ? undefined : spreadMoves(detect, present, hot, tableLoad);
    if (spreadOver && spreadOver.moves.length > 0) {
      moves.push(...spreadSteps(detect.table, hot, region, out, spreadOver, present));
      rebalancedFrom ??= hot;
      continue;
    }
    const why = out.toHot
      ? out.toAfter > out.toLimit
        ? `the region alone is above k × the other servers (${pct(out.toLimit)} there after the move), so a move only moves the hotspot`
        : `${target.server} would then be one of a group of the busiest servers, hot together, so a move only moves the hotspot`
      : `${hot.server} would stay at ${pct(out.fromAfter)}, ${out.fromAfter > out.fromLimit ? `above k × the other servers (${pct(out.fromLimit)})` : 'hot as one of a group of the busiest servers'}, and no region of ${detect.table} on it can go to a server without making that one the busiest`;
    const movedText = out.by === 'requests' ? `${pct(moved)} of all the tables' requests` : `${pct(moved)} of all the tables' requests, ${pct(load[out.by] ?? 0)} of their ${out.by}`;
    refused.push({ action: 'move', why: `moving region ${region.encodedName} (${movedText}) to ${target.server} would take that server from ${pct(out.toBefore)} to ${pct(out.toAfter)} and ${hot.server} from ${pct(out.fromBefore)} to ${pct(out.fromAfter)} of all the tables' ${out.by}: ${why}` });
    if (out.toHot) spread.push(spreadStep(detect.table, region, moved, out, target.server));
  }
  const byTable = rebalancedFrom ? byTableSteps(detect.table, rebalancedFrom, present) : { before: [], after: [] };
  const steps = moves.length > 0 ? [...byTable.before, balancerOffStep(detect.table), ...moves, ...byTable.after, ...spread] : spread;
  return { steps, region: first, refused, evidence };
}
