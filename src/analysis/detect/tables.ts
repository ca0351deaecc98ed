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
import { type CountTrust, type LoadMeasure, SERVER_TEST, hotMembersTrusting, hotVerdicts } from './hot-test.js';
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
  /** Share of all the tables' writes over the window, 0–1; `null` when the source gives no read/write split. */
  readonly writeShare: number | null;
  /** Share of all the tables' reads over the window, 0–1; `null` when the source gives no read/write split. */
  readonly readShare: number | null;
  /** Average read + write requests per second over the window. */
  readonly requestsPerSec: number;
  /** Average writes per second over the window; `null` when the source gives no read/write split. */
  readonly writesPerSec: number | null;
  /** Average reads per second over the window; `null` as for `writesPerSec`. */
  readonly readsPerSec: number | null;
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
  /** The measures it is hot in (over the window or over now), in the order requests, writes, reads; empty when not hot. */
  readonly hotBy: readonly LoadMeasure[];
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
  /** Each table's share of all the tables' requests, writes and reads over the window, in {@link ClusterView.tables} order. */
  readonly tableShares: readonly TableLoadShare[];
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
  const byTable = new Map(perTable.map((t) => [t.table, newTally()]));
  first.intervals.forEach((_, i) => {
    const ivs = perTable.map((t, j) => ({ table: t.table, iv: t.rates.intervals[i] as RateInterval, returned: returned[j]?.get((t.rates.intervals[i] as RateInterval).endMs) }));
    for (const { table, iv } of ivs) for (const s of iv.servers) add(byTable.get(table) as Tally, s, 0);
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
  return { list, windowVerdicts, nowVerdicts, total, nowTotal, byTable, fairServerShare: seconds > 0 ? fair / seconds : 0, seconds };
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

/** A table's share of all the tables' requests, writes and reads over the window, 0–1 (`null`: no read/write split). */
export interface TableLoadShare extends MovedLoad {
  readonly table: string;
}

/**
 * The load `region` (of the table whose {@link TableLoadShare} is `table`) takes, as shares of all the tables'
 * requests, writes and reads: its share of its table's, times the table's share of all.
 */
export function regionMovedLoad(region: RegionLoadShare, table: MovedLoad): MovedLoad {
  const of = (x: number | null, t: number | null) => (x === null || t === null ? null : x * t);
  return { requests: region.share * table.requests, writes: of(region.writeShare, table.writes), reads: of(region.readShare, table.reads) };
}

/** The load a region takes, as shares of all the tables' requests, writes and reads (`null`: no read/write split). */
export interface MovedLoad {
  readonly requests: number;
  readonly writes: number | null;
  readonly reads: number | null;
}

/**
 * What moving a region of `moved` load from `from` to `to` leaves on both servers, judged in each measure the servers'
 * shares give (requests, and writes and reads when every server has them), as the server test judges them. The figures
 * are in the measure `by`: the one `to` would then be hot in, else the one `from` stays hot in, else requests.
 */
export interface MoveOutcome {
  /** The measure of the figures below: the first (requests, writes, reads) in which the move leaves a server hot; requests when none. */
  readonly by: LoadMeasure;
  /** The two servers' shares of all the tables' `by` before and after the move. */
  readonly fromBefore: number;
  readonly toBefore: number;
  readonly fromAfter: number;
  readonly toAfter: number;
  /** k × the average share (in `by`) of the servers other than `from` (`fromLimit`) or `to` (`toLimit`) after the move: above it, a server is hot alone. */
  readonly fromLimit: number;
  readonly toLimit: number;
  /**
   * `from` is still hot after the move by the server test, in some measure: above k × the other servers' average, or
   * one of a group of the busiest servers that hide each other from it (`hotGroupBits` in hot-test.ts). One region is
   * too little to cool it.
   */
  readonly fromHot: boolean;
  /**
   * `to` is then hot by the server test in some measure: moving the region only moves the hotspot. Above `toLimit`,
   * the region alone makes any server it goes to hot.
   */
  readonly toHot: boolean;
  /** Neither server is then hot in any measure: the move cools the server without making another hot. */
  readonly helps: boolean;
}

const MEASURE_ORDER: readonly LoadMeasure[] = ['requests', 'writes', 'reads'];

/**
 * The servers' writes or reads per second ÷ their requests per second (their volume beside the requests, 0–1); 1 when
 * the servers do not give their rates (shares alone).
 */
export function measureVolume(servers: readonly ClusterServerShare[], m: 'writes' | 'reads'): number {
  let requests = 0;
  let part = 0;
  for (const s of servers) {
    const x = m === 'writes' ? s.writesPerSec : s.readsPerSec;
    if (typeof x !== 'number' || typeof s.requestsPerSec !== 'number') return 1;
    requests += s.requestsPerSec;
    part += x;
  }
  return requests > 0 ? part / requests : 1;
}

/**
 * {@link MoveOutcome} of moving a region from server `from` to server `to` among `servers`, hot factor `k`; `moved` is
 * its {@link MovedLoad} (a number: its share of the requests alone, with no write or read share).
 */
export function moveOutcome(servers: readonly ClusterServerShare[], from: string, to: string, moved: number | MovedLoad, k: number): MoveOutcome {
  const load: MovedLoad = typeof moved === 'number' ? { requests: moved, writes: null, reads: null } : moved;
  const fromAt = servers.findIndex((s) => s.server === from);
  const toAt = servers.findIndex((s) => s.server === to);
  // the servers' shares in measure m before the move; null unless the region and every server have it
  const sharesIn = (m: LoadMeasure): number[] | null => {
    if (load[m] === null) return null;
    const before = servers.map((s) => (m === 'requests' ? s.share : m === 'writes' ? s.writeShare : s.readShare));
    return before.some((v) => typeof v !== 'number') ? null : (before as number[]);
  };
  const moveIn = (m: LoadMeasure, before: number[] | null) => before?.map((v, i) => (i === fromAt ? v - (load[m] as number) : i === toAt ? v + (load[m] as number) : v)) ?? null;
  const before = { requests: sharesIn('requests') as number[], writes: sharesIn('writes'), reads: sharesIn('reads') };
  const after = { requests: moveIn('requests', before.requests) as number[], writes: moveIn('writes', before.writes), reads: moveIn('reads', before.reads) };
  // the test sees each measure at its volume (shares × the measure's rate ÷ the requests'), so writes or reads under
  // MATERIAL_SHARE of the requests are left out of it as they are for the servers themselves
  const weight = { requests: 1, writes: measureVolume(servers, 'writes'), reads: measureVolume(servers, 'reads') };
  const verdicts = hotVerdicts(servers.map((_, i) => ({
    requests: after.requests[i] as number,
    writes: after.writes === null ? null : (after.writes[i] as number) * weight.writes,
    reads: after.reads === null ? null : (after.reads[i] as number) * weight.reads,
  })), k, SERVER_TEST);
  const fromBy = verdicts[fromAt]?.hotBy ?? [];
  const toBy = verdicts[toAt]?.hotBy ?? [];
  const by = MEASURE_ORDER.find((m) => toBy.includes(m)) ?? MEASURE_ORDER.find((m) => fromBy.includes(m)) ?? 'requests';
  const values = after[by] as number[];
  const sum = values.reduce((a, x) => a + x, 0);
  const n = servers.length;
  const limit = (x: number) => (n > 1 ? (k * (sum - x)) / (n - 1) : Infinity);
  const fromAfter = values[fromAt] ?? 0;
  const toAfter = values[toAt] ?? 0;
  const was = before[by] as number[];
  const fromHot = fromBy.length > 0;
  const toHot = toBy.length > 0;
  return { by, fromBefore: was[fromAt] ?? 0, toBefore: was[toAt] ?? 0, fromAfter, toAfter, fromLimit: limit(fromAfter), toLimit: limit(toAfter), fromHot, toHot, helps: !fromHot && !toHot };
}

/**
 * A hot server's share of all the tables' load in the measure it is hot in: requests when it is hot in them (or its
 * measures are unknown), else writes or reads, e.g. `63% of their writes, 43% of their requests`.
 */
function hotFigure(s: ClusterServerShare): string {
  const requests = `${pct(s.share)} of their requests`;
  const by = (s.hotBy ?? []).includes('requests') ? undefined : s.hotBy?.[0];
  const other = by === 'writes' ? s.writeShare : by === 'reads' ? s.readShare : null;
  return by === undefined || other === null ? requests : `${pct(other)} of their ${by}, ${requests}`;
}

/** The cluster finding for a hot server: which table's regions put the load there, and what moving one gives. */
function serverFinding(s: ClusterServerShare, cause: DetectResult, causeShare: TableLoadShare, all: readonly ClusterServerShare[], fair: number, k: number): Finding {
  const key = serverKey(s.server);
  const mine = cause.regions.filter((r) => serverKey(r.server) === key && r.lastSeenMs === cause.window.endMs);
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
    const load = regionMovedLoad(busiest, causeShare);
    const moved = load.requests;
    const out = moveOutcome(all, s.server, quietest.server, load, k);
    // the figures' measure when a server would be hot in writes or reads rather than requests
    const inBy = out.by === 'requests' ? '' : ` of all the tables' ${out.by}`;
    // what spreads the region's own load: replicas and a client cache take reads, not writes; a tail's writes follow
    // the newest key wherever it is split or moved
    const spread = cause.table === 'hbase:meta'
      ? 'meta replicas read in LoadBalance mode, clients caching region locations longer; hbase:meta cannot be split'
      : cause.shape === 'monotonic-tail'
        ? 'a key that spreads the writes, such as a salted one, since a split only makes a new tail'
        : out.by === 'writes' ? 'a split at the traffic median, or a key that spreads the writes' : 'replicas, a split, a client cache';
    const verdict = out.helps
      ? ', with neither then hot (above k × the other servers, alone or as one of a group of the busiest)'
      : out.toHot
        ? out.toAfter > out.toLimit
          ? `, above k × the other servers there (${pct(out.toLimit)}): the region alone is above k × the other servers wherever it goes, so moving it only moves the hotspot (spread its own load: ${spread}; or keep other regions off its server)`
          : `: ${quietest.server} would then be one of a group of the busiest servers, hot together, so moving it only moves the hotspot (spread its own load: ${spread}; or keep other regions off its server)`
        : `: ${s.server} stays ${out.fromAfter > out.fromLimit ? `above k × the other servers (${pct(out.fromLimit)})` : 'hot as one of a group of the busiest servers'}, ${mine.length > 1 ? `its ${mine.length} regions of ${cause.table} being busy together, not one alone: they need spreading over the servers` : 'by the other tables\' regions on it'}`;
    const movedText = out.by === 'requests' ? `${pct(moved)} of all the tables' requests` : `${pct(moved)} of all the tables' requests, ${pct(load[out.by] ?? 0)} of their ${out.by}`;
    evidence.push(`moving region ${busiest.encodedName} of ${cause.table} (${movedText}) to the least loaded server ${quietest.server} would take ${s.server} from ${pct(out.fromBefore)} to ${pct(out.fromAfter)} and ${quietest.server} from ${pct(out.toBefore)} to ${pct(out.toAfter)}${inBy}${verdict}`);
  }
  return {
    kind,
    level: 'server',
    table: cause.table,
    summary: `${s.server} is hot by the sum of the tables it serves (${hotFigure(s)}, fair share ${pct(fair)}), caused by ${kind === 'co-location' ? `table ${cause.table}'s region(s) on it, none hot in that table: co-location across tables` : `the hot region(s) of table ${cause.table} on it`}`,
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
    const hot = s.hotIntervals > 0 && (w.hot || (n?.hot ?? false));
    const part = (x: number | null, all: number | null) => (x === null || all === null ? null : share(x, all));
    return {
      server: s.name,
      share: share(s.tally.requests, c.total.requests),
      writeShare: part(s.tally.writes, c.total.writes),
      readShare: part(s.tally.reads, c.total.reads),
      requestsPerSec: c.seconds > 0 ? s.tally.requests / c.seconds : 0,
      writesPerSec: s.tally.writes === null ? null : c.seconds > 0 ? s.tally.writes / c.seconds : 0,
      readsPerSec: s.tally.reads === null ? null : c.seconds > 0 ? s.tally.reads / c.seconds : 0,
      regionCount: [...counts.values()].reduce((a, x) => a + x, 0),
      peerRatio: w.peerRatio,
      hot,
      hotBy: hot ? MEASURE_ORDER.filter((m) => w.hotBy.includes(m) || (n?.hotBy.includes(m) ?? false)) : [],
      hotIntervals: s.hotIntervals,
      hotNow: s.nowHotIntervals > 0,
      nowShare: s.now ? share(s.now.requests, c.nowTotal.requests) : 0,
      tables: [...s.byTable.entries()]
        .map(([table, x]) => ({ table, share: share(x, s.tally.requests), regionCount: counts.get(table) ?? 0 }))
        .sort((a, b) => b.share - a.share || (a.table < b.table ? -1 : 1)),
    };
  }).sort((a, b) => b.share - a.share || (a.server < b.server ? -1 : 1));
  const part = (x: number | null, all: number | null) => (x === null || all === null ? null : share(x, all));
  const tableShares: TableLoadShare[] = names.map((table) => {
    const t = c.byTable.get(table) as Tally;
    return { table, requests: share(t.requests, c.total.requests), writes: part(t.writes, c.total.writes), reads: part(t.reads, c.total.reads) };
  });
  const findings = servers.filter((s) => s.hot).map((s) => {
    const sums = c.list.find((x) => serverKey(x.name) === serverKey(s.server)) as ServerSums;
    const cause = tables.find((t) => t.table === causingTable(sums, tableTotals, c.list.length)) as DetectResult;
    return serverFinding(s, cause, tableShares.find((t) => t.table === cause.table) as TableLoadShare, servers, c.fairServerShare, k);
  });
  const pointsAt = findings[0]?.table ?? null;
  const headline = headlineOf(tables, pointsAt);
  return {
    ...headline,
    findings: [...findings, ...tables.flatMap((t) => t.findings)],
    tables,
    cluster: { tables: names, fairServerShare: c.fairServerShare, servers, tableShares, findings, pointsAt },
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
