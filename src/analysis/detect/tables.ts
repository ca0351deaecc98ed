/**
 * Several tables at once (a load series of format version 2 holding more than one table, analysed without
 * `--table`): each table is judged alone, its regions against its own fair share (1 / its region count), exactly as
 * if it had been recorded alone; a RegionServer is judged by the sum of every table's requests on it, against
 * 1 / the servers hosting any of the tables' regions. A server hot by that sum is traced to the table whose regions
 * put the load there (co-location across tables: a small busy side table or `hbase:meta` beside an evenly spread big
 * table).
 *
 * @module
 */
import { type LoadRates, type LoadSeries, type RateInterval, computeRates, focusTable, seriesTables } from '../../model/index.js';
import { HotspotError } from '../../util/errors.js';
import { type DetectOptions, detectFromRates } from './detect.js';
import { type CountTrust, SERVER_TEST, hotMembersTrusting, hotVerdicts } from './hot-test.js';
import { nowIndexes } from './now.js';
import { rangeCopyServers } from './replicas.js';
import { share } from './stats.js';
import { type Tally, add, newTally, perSecond, serverKey } from './tally.js';
import type { DetectResult, Finding, RegionLoadShare } from './types.js';
import { countTrust, returnedRegions, serverLoads } from './window.js';

/** One table's part of a RegionServer's load over the window. */
export interface ServerTableLoad {
  /** The table (`ns:name` outside the default namespace). */
  readonly table: string;
  /** That table's requests on the server ÷ the server's requests over the window, 0–1. */
  readonly share: number;
  /** That table's regions on the server at the window's end. */
  readonly regionCount: number;
}

/** One RegionServer judged by the sum of every table's requests on it. */
export interface ClusterServerShare {
  /** RegionServer name as last seen (`host,port,startcode`); incarnations of a restarted server are one. */
  readonly server: string;
  /** Share of all the tables' read + write requests over the window, 0–1. */
  readonly share: number;
  /** Average read + write requests per second over the window. */
  readonly requestsPerSec: number;
  /** Regions of every table it hosted at the window's end. */
  readonly regionCount: number;
  /** Its requests per second over its own time ÷ the other servers' average; `null` when they took nothing. */
  readonly peerRatio: number | null;
  /**
   * Hot: above k × the other servers' average (requests, writes or reads), or one of a group of the busiest servers
   * that hide each other from that test (`hotGroupBits` in hot-test.ts), over the window or over now, and hot in at
   * least one interval, as a table's server is (docs/detect.md).
   */
  readonly hot: boolean;
  /** Intervals in which it was hot against that interval's servers. */
  readonly hotIntervals: number;
  /** Hot in at least one interval of now. */
  readonly hotNow: boolean;
  /** Its share of all the tables' requests over now (0 when it was not there). */
  readonly nowShare: number;
  /** Each table's part of its load, largest first. */
  readonly tables: readonly ServerTableLoad[];
}

/** The cluster level of a detection over several tables. */
export interface ClusterView {
  /** The tables of the series, in its header order. */
  readonly tables: readonly string[];
  /** Time-weighted mean over the intervals of 1 / (servers hosting any region of any of the tables). */
  readonly fairServerShare: number;
  /** Servers by descending share of all the tables' requests. */
  readonly servers: readonly ClusterServerShare[];
  /** Servers hot by the sum of the tables, each naming (`table`) the table whose regions put the load there. */
  readonly findings: readonly Finding[];
  /** The table the first cluster finding points at, `null` without one. */
  readonly pointsAt: string | null;
}

/**
 * The result of {@link detectTables} over a series of several tables: the detection of the headline table (every
 * field of a one-table {@link DetectResult}, so a consumer of one table reads it unchanged), with `findings` holding
 * the cluster's findings and then every table's (each naming its `table`), plus every table's own detection and the
 * cluster level.
 */
export interface TablesDetectResult extends DetectResult {
  /** Every table's own detection, in the series' header order (its findings name the table). */
  readonly tables: readonly DetectResult[];
  /** Servers judged by the sum of the tables. */
  readonly cluster: ClusterView;
}

/** Options of {@link detectTables}: those of one table, plus each table's own. */
export interface TablesDetectOptions extends DetectOptions {
  /**
   * Each table's own key samples and read patterns, by table name (a simulation knows which table every sample came
   * from); they are used for that table alone, beside the shared options. Key samples given without a table are
   * refused for a series of several tables.
   */
  readonly perTable?: ReadonlyMap<string, Pick<DetectOptions, 'samples' | 'readPatterns'>>;
}

/** True for a {@link TablesDetectResult}. */
export function isTablesResult(result: DetectResult): result is TablesDetectResult {
  return 'cluster' in result && 'tables' in result;
}


const pct = (x: number) => `${(x * 100).toFixed(x < 0.1 ? 1 : 0)}%`;

/** A server's running sums: over the window, over now, per table, and how often hot. */
interface ServerSums {
  name: string;
  readonly tally: Tally;
  now?: Tally;
  readonly byTable: Map<string, number>;
  hotIntervals: number;
  nowHotIntervals: number;
}

/** A load's three measures, summed. */
type Load = { requests: number; reads: number | null; writes: number | null };
const plus = (a: Load, b: Load): Load => ({
  requests: a.requests + b.requests,
  reads: a.reads === null || b.reads === null ? null : a.reads + b.reads,
  writes: a.writes === null || b.writes === null ? null : a.writes + b.writes,
});

/**
 * Each server of one interval, the sum of every table's regions on it (`load`), the same with the counts since a
 * bounded restart or opening at their rate since then (`tested`, see `countTrust`), and how far its count can be trusted.
 */
function intervalServers(ivs: readonly { table: string; iv: RateInterval; returned: Set<string> | undefined }[]) {
  const out = new Map<string, { name: string; load: Load; tested: Load; byTable: Map<string, number>; trust: CountTrust }>();
  for (const { table, iv, returned } of ivs) {
    const trust = countTrust(iv, returned);
    const tested = serverLoads(iv, undefined, trust.scale);
    iv.servers.forEach((s, i) => {
      const key = serverKey(s.server);
      const zero = { requests: 0, reads: 0, writes: 0 };
      const e = out.get(key) ?? { name: s.server, load: zero, tested: zero, byTable: new Map<string, number>(), trust: 'full' as CountTrust };
      e.load = plus(e.load, s);
      e.tested = plus(e.tested, tested[i] ?? s);
      e.byTable.set(table, (e.byTable.get(table) ?? 0) + s.requests);
      const t = trust.servers.get(s.server);
      if (t === 'over' || (t === 'under' && e.trust === 'full')) e.trust = t;
      out.set(key, e);
    });
  }
  return [...out.values()];
}

/** Servers judged by the sum of every table's requests, over the window, per interval and over now. */
function clusterServers(perTable: readonly { table: string; rates: LoadRates }[], k: number) {
  const first = (perTable[0] as { rates: LoadRates }).rates;
  const now = new Set(nowIndexes(first.intervals).indexes);
  const returned = perTable.map((t) => returnedRegions(t.rates));
  const servers = new Map<string, ServerSums>();
  const total = newTally();
  const nowTotal = newTally();
  let fair = 0;
  let seconds = 0;
  first.intervals.forEach((_, i) => {
    const ivs = perTable.map((t, j) => ({ table: t.table, iv: t.rates.intervals[i] as RateInterval, returned: returned[j]?.get((t.rates.intervals[i] as RateInterval).endMs) }));
    const sec = (ivs[0] as { iv: RateInterval }).iv.durationMs / 1000;
    const members = intervalServers(ivs);
    seconds += sec;
    fair += members.length > 0 ? sec / members.length : 0;
    const hot = hotMembersTrusting(members.map((m) => m.tested), (j) => (members[j] as { trust: CountTrust }).trust, k, SERVER_TEST);
    members.forEach((m, j) => {
      const key = serverKey(m.name);
      let e = servers.get(key);
      if (!e) servers.set(key, (e = { name: m.name, tally: newTally(), byTable: new Map(), hotIntervals: 0, nowHotIntervals: 0 }));
      e.name = m.name;
      add(e.tally, m.load, sec);
      add(total, m.load, 0);
      for (const [table, n] of m.byTable) e.byTable.set(table, (e.byTable.get(table) ?? 0) + n);
      if (hot.has(j)) e.hotIntervals++;
      if (now.has(i)) {
        add((e.now ??= newTally()), m.load, sec);
        add(nowTotal, m.load, 0);
        if (hot.has(j)) e.nowHotIntervals++;
      }
    });
  });
  const list = [...servers.values()];
  const windowVerdicts = hotVerdicts(list.map((s) => perSecond(s.tally)), k, SERVER_TEST);
  const nowList = list.filter((s) => s.now);
  const nowVerdicts = new Map(hotVerdicts(nowList.map((s) => perSecond(s.now as Tally)), k, SERVER_TEST).map((v, j) => [nowList[j] as ServerSums, v]));
  return { list, windowVerdicts, nowVerdicts, total, nowTotal, fairServerShare: seconds > 0 ? fair / seconds : 0, seconds };
}

/** The table whose regions put the most load on `server` beyond what an even spread of that table would put there. */
function causingTable(server: ServerSums, tableTotals: ReadonlyMap<string, number>, serverCount: number): string {
  let best = '';
  let bestExcess = -Infinity;
  for (const [table, n] of server.byTable) {
    const excess = n - (tableTotals.get(table) ?? 0) / Math.max(1, serverCount);
    if (excess > bestExcess) [best, bestExcess] = [table, excess];
  }
  return best;
}

/**
 * The server with the smallest share of all the tables' requests other than `except` and those in `avoid` (server
 * names, e.g. those holding another copy of a replicated key range; ties: the first by name), or `undefined` when
 * there is none.
 */
export function leastLoaded(servers: readonly ClusterServerShare[], except: string, avoid: ReadonlySet<string> = new Set()): ClusterServerShare | undefined {
  const avoided = new Set([...avoid].map(serverKey));
  return servers.filter((s) => serverKey(s.server) !== serverKey(except) && !avoided.has(serverKey(s.server))).sort((a, b) => a.share - b.share || (a.server < b.server ? -1 : 1))[0];
}

/** What moving a region of `moved` (share of all the tables' requests) from `from` to `to` leaves on both servers. */
export interface MoveOutcome {
  /** The two servers' shares after the move. */
  readonly fromAfter: number;
  readonly toAfter: number;
  /** k × the average share of the servers other than `from` (`fromLimit`) or `to` (`toLimit`) after the move: above it, a server is hot alone. */
  readonly fromLimit: number;
  readonly toLimit: number;
  /**
   * `from` is still hot after the move by the server test: above `fromLimit`, or one of a group of the busiest servers
   * that hide each other from it (`hotGroupBits` in hot-test.ts). One region is too little to cool it.
   */
  readonly fromHot: boolean;
  /**
   * `to` is then hot by the server test (above `toLimit`, or one of a group of the busiest): moving the region only
   * moves the hotspot. Above `toLimit`, the region alone makes any server it goes to hot.
   */
  readonly toHot: boolean;
  /** Neither server is then hot by the server test: the move cools the server without making another hot. */
  readonly helps: boolean;
}

/** {@link MoveOutcome} of moving `moved` from server `from` to server `to` among `servers`, hot factor `k`. */
export function moveOutcome(servers: readonly ClusterServerShare[], from: string, to: string, moved: number, k: number): MoveOutcome {
  const after = servers.map((s) => (s.server === from ? s.share - moved : s.server === to ? s.share + moved : s.share));
  const sum = after.reduce((a, x) => a + x, 0);
  const n = servers.length;
  const limit = (x: number) => (n > 1 ? (k * (sum - x)) / (n - 1) : Infinity);
  const verdicts = hotVerdicts(after.map((x) => ({ requests: x, reads: null, writes: null })), k, SERVER_TEST);
  const fromAt = servers.findIndex((s) => s.server === from);
  const toAt = servers.findIndex((s) => s.server === to);
  const fromAfter = after[fromAt] ?? 0;
  const toAfter = after[toAt] ?? 0;
  const fromHot = verdicts[fromAt]?.hot ?? false;
  const toHot = verdicts[toAt]?.hot ?? false;
  return { fromAfter, toAfter, fromLimit: limit(fromAfter), toLimit: limit(toAfter), fromHot, toHot, helps: !fromHot && !toHot };
}

/** The cluster finding for a hot server: which table's regions put the load there, and what moving one gives. */
function serverFinding(s: ClusterServerShare, cause: DetectResult, causeTotal: number, all: readonly ClusterServerShare[], grand: number, fair: number, k: number): Finding {
  const key = serverKey(s.server);
  const mine = cause.regions.filter((r) => serverKey(r.server) === key && r.lastSeenMs === cause.window.endMs);
  const ofAll = (r: RegionLoadShare) => (grand > 0 ? (r.share * causeTotal) / grand : 0);
  const busiest = [...mine].sort((a, b) => b.share - a.share)[0];
  // never onto a server holding another copy of its key range (a table with read replicas)
  const quietest = busiest ? leastLoaded(all, s.server, rangeCopyServers(cause.regions, busiest, cause.window.endMs)) : undefined;
  const hotHere = mine.filter((r) => r.hot);
  const kind = hotHere.length > 0 ? 'server-hotspot' : 'co-location';
  const others = all.filter((x) => x !== s);
  const othersAvg = others.length > 0 ? others.reduce((a, x) => a + x.share, 0) / others.length : 0;
  const evidence = [
    `${s.server} took ${pct(s.share)} of the requests of all ${s.tables.length > 1 ? 'the tables it serves' : 'tables'} (fair share ${pct(fair)}: 1 / the servers hosting any table's regions), ${s.peerRatio === null ? 'all' : `${s.peerRatio.toFixed(1)}×`} the average of the other servers (${pct(othersAvg)} each)`,
    `of its requests: ${s.tables.map((t) => `${t.table} ${pct(t.share)} (${t.regionCount} region(s))`).join(', ')}`,
    hotHere.length > 0
      ? `in table ${cause.table} alone, ${hotHere.map((r) => `region ${r.encodedName} ["${r.startKey}", "${r.endKey}")`).join(', ')} ${hotHere.length > 1 ? 'are' : 'is'} hot against that table's other regions`
      : `in table ${cause.table} alone, none of its regions here is hot (${cause.regions.length === 1 ? 'its one region has no peers' : 'each is within k × the average of that table\'s other regions'}): the server is hot because of which regions it holds`,
  ];
  if (busiest && quietest) {
    const moved = ofAll(busiest);
    const out = moveOutcome(all, s.server, quietest.server, moved, k);
    const spread = cause.table === 'hbase:meta'
      ? 'meta replicas read in LoadBalance mode, clients caching region locations longer; hbase:meta cannot be split'
      : 'replicas, a split, a client cache';
    const verdict = out.helps
      ? ', with neither then hot (above k × the other servers, alone or as one of a group of the busiest)'
      : out.toHot
        ? out.toAfter > out.toLimit
          ? `, above k × the other servers there (${pct(out.toLimit)}): the region alone is above k × the other servers wherever it goes, so moving it only moves the hotspot (spread its own load: ${spread}; or keep other regions off its server)`
          : `: ${quietest.server} would then be one of a group of the busiest servers, hot together, so moving it only moves the hotspot (spread its own load: ${spread}; or keep other regions off its server)`
        : `: ${s.server} stays ${out.fromAfter > out.fromLimit ? `above k × the other servers (${pct(out.fromLimit)})` : 'hot as one of a group of the busiest servers'}, ${mine.length > 1 ? `its ${mine.length} regions of ${cause.table} being busy together, not one alone: they need spreading over the servers` : 'by the other tables\' regions on it'}`;
    evidence.push(`moving region ${busiest.encodedName} of ${cause.table} (${pct(moved)} of all the tables' requests) to the least loaded server ${quietest.server} would take ${s.server} from ${pct(s.share)} to ${pct(out.fromAfter)} and ${quietest.server} from ${pct(quietest.share)} to ${pct(out.toAfter)}${verdict}`);
  }
  return {
    kind,
    level: 'server',
    table: cause.table,
    summary: `${s.server} is hot by the sum of the tables it serves (${pct(s.share)} of their requests, fair share ${pct(fair)}), caused by table ${cause.table}'s region(s) on it: co-location across tables`,
    evidence,
    servers: [s.server],
    regions: mine.map((r) => r.encodedName),
  };
}

/** The detection of one table with every finding naming the table. */
function ofTable(result: DetectResult): DetectResult {
  return { ...result, findings: result.findings.map((f) => ({ ...f, table: result.table })) };
}

/** The headline table: the busiest region hot now of any table; else the table the cluster finding points at; else the first. */
function headlineOf(tables: readonly DetectResult[], pointsAt: string | null): DetectResult {
  const hotNow = tables.filter((t) => t.shape !== 'none' && t.now.region !== null).sort((a, b) => b.now.regionRequestsPerSec - a.now.regionRequestsPerSec)[0];
  return hotNow ?? tables.find((t) => t.table === pointsAt) ?? (tables[0] as DetectResult);
}

/**
 * Detects hotspots in a series of one or several tables. One table: {@link detectFromRates} on its rates. Several:
 * each table is detected alone (its regions and its servers against its own fair share, see {@link focusTable}), and
 * the servers are judged again by the sum of every table's requests, against 1 / the servers hosting any table's
 * regions; each server hot that way is a finding (`co-location` when none of the regions it holds is hot in its own
 * table, `server-hotspot` when some are) naming the table whose regions put the load there. Key samples carry no
 * table, so with several tables they are refused unless given per table (`perTable`).
 * @throws {@link HotspotError} `DETECT_SAMPLES_TABLE` for key samples with several tables; those of
 *   {@link detectFromRates}.
 */
export function detectTables(series: LoadSeries, options: TablesDetectOptions = {}): DetectResult | TablesDetectResult {
  const names = seriesTables(series);
  const { perTable: own, ...shared } = options;
  const forTable = (table: string): DetectOptions => ({ ...shared, ...own?.get(table) });
  if (names.length <= 1) return detectFromRates(computeRates(series), forTable(names[0] ?? series.table));
  if (options.samples) {
    throw new HotspotError('DETECT_SAMPLES_TABLE', `key samples carry no table and the series holds ${names.length} tables (${names.join(', ')}): give --table T with --samples`, { field: '--samples' });
  }
  const perTable = names.map((table) => ({ table, rates: computeRates(focusTable(series, table)) }));
  const tables = perTable.map(({ table, rates }) => ofTable(detectFromRates(rates, forTable(table))));
  const k = (tables[0] as DetectResult).k;
  const c = clusterServers(perTable, k);
  const tableTotals = new Map<string, number>();
  for (const s of c.list) for (const [t, n] of s.byTable) tableTotals.set(t, (tableTotals.get(t) ?? 0) + n);
  const lastRegions = new Map<string, Map<string, number>>();
  for (const t of tables) {
    for (const r of t.regions) {
      if (r.lastSeenMs !== t.window.endMs) continue;
      const byTable = lastRegions.get(serverKey(r.server)) ?? new Map<string, number>();
      byTable.set(t.table, (byTable.get(t.table) ?? 0) + 1);
      lastRegions.set(serverKey(r.server), byTable);
    }
  }
  const servers: ClusterServerShare[] = c.list.map((s, i) => {
    const w = c.windowVerdicts[i] as ReturnType<typeof hotVerdicts>[number];
    const n = c.nowVerdicts.get(s);
    const counts = lastRegions.get(serverKey(s.name)) ?? new Map<string, number>();
    return {
      server: s.name,
      share: share(s.tally.requests, c.total.requests),
      requestsPerSec: c.seconds > 0 ? s.tally.requests / c.seconds : 0,
      regionCount: [...counts.values()].reduce((a, x) => a + x, 0),
      peerRatio: w.peerRatio,
      hot: s.hotIntervals > 0 && (w.hot || (n?.hot ?? false)),
      hotIntervals: s.hotIntervals,
      hotNow: s.nowHotIntervals > 0,
      nowShare: s.now ? share(s.now.requests, c.nowTotal.requests) : 0,
      tables: [...s.byTable.entries()]
        .map(([table, x]) => ({ table, share: share(x, s.tally.requests), regionCount: counts.get(table) ?? 0 }))
        .sort((a, b) => b.share - a.share || (a.table < b.table ? -1 : 1)),
    };
  }).sort((a, b) => b.share - a.share || (a.server < b.server ? -1 : 1));
  const findings = servers.filter((s) => s.hot).map((s) => {
    const sums = c.list.find((x) => serverKey(x.name) === serverKey(s.server)) as ServerSums;
    const cause = tables.find((t) => t.table === causingTable(sums, tableTotals, c.list.length)) as DetectResult;
    return serverFinding(s, cause, tableTotals.get(cause.table) ?? 0, servers, c.total.requests, c.fairServerShare, k);
  });
  const pointsAt = findings[0]?.table ?? null;
  const headline = headlineOf(tables, pointsAt);
  return {
    ...headline,
    findings: [...findings, ...tables.flatMap((t) => t.findings)],
    tables,
    cluster: { tables: names, fairServerShare: c.fairServerShare, servers, findings, pointsAt },
  };
}

/**
 * Which table a one-table step (a runbook, a balancer what-if, a report) should be asked for, in words: the table a
 * cluster finding points at (with the server), the table with a hotspot hot now, or that none shows one.
 */
export function tableAdvice(result: TablesDetectResult): string {
  const cluster = result.cluster.findings[0];
  const hot = result.tables.filter((t) => t.shape !== 'none').map((t) => `"${t.table}" (${t.shape} hot now)`);
  const parts = [
    ...(cluster ? [`the cluster-level finding points at table "${cluster.table}" (${cluster.kind} on ${cluster.servers.join(', ')}): --table ${cluster.table}`] : []),
    ...(hot.length > 0 ? [`a hotspot is hot now in ${hot.join(', ')}`] : []),
  ];
  return parts.length > 0 ? parts.join('; ') : 'no table shows a hotspot or a cluster-level finding (`detect` without --table judges them all)';
}

/**
 * The one table a one-table step can take without `--table`: the only table with a hotspot hot now or named by a
 * cluster finding; `undefined` when none or several are (the step is then ambiguous).
 */
export function unambiguousTable(result: TablesDetectResult): string | undefined {
  const concerned = new Set([...result.tables.filter((t) => t.shape !== 'none').map((t) => t.table), ...result.cluster.findings.map((f) => f.table as string)]);
  return concerned.size === 1 ? [...concerned][0] : undefined;
}
