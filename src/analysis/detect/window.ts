/**
 * Shares over the analysed window and per interval: who took what part of the table's requests, against the fair
 * share, with the peer test for hot servers and regions.
 *
 * @module
 */
import { compareBytes } from '../../bytes/index.js';
import type { LoadRates, RateInterval, RegionRate, ServerRate } from '../../model/index.js';
import { knownNameIndex } from '../../model/name-index.js';
import { replicaIdOfName } from '../../regions/index.js';
import { type CountTrust, type LoadMeasure, type MeasuredLoad, SERVER_TEST, columnsOf, hotBesides, hotColumns, hotMembersTrusting, hotVerdicts } from './hot-test.js';
import { type ColumnSums, type MeasureFigure, columnSums, measureFigure } from './measure-figures.js';
import { nowIndexes, nowView } from './now.js';
import { RegionColumns } from './region-columns.js';
import { RegionShares } from './region-shares.js';
import { primaryCount, secondaryReplicas } from './replicas.js';
import { type RowReadProfile, rowReadProfile } from './row-reads.js';
import { share, spreadOf } from './stats.js';
import { type ServerTally, type Tally, add, newTally, perSecond, ratio, serverKey } from './tally.js';
import { timelineEntry } from './timeline.js';
import type { DetectResult, NowView, RegionLoadShare, ServerLoadShare, TimelineEntry } from './types.js';
import { maxOf } from '../../util/arrays.js';

/** The hot regions of one interval. */
export interface IntervalHot {
  readonly interval: RateInterval;
  /**
   * Regions hot against the interval's other regions, idle ones included (in any material measure), whether or not
   * their RegionServer is hot: a region above k × its peers caps the table at one region's throughput and grows with
   * traffic, even when placement keeps the servers even. Busiest first by read + write requests.
   */
  readonly hot: readonly RegionRate[];
  /** Encoded name of each hot region → the measures it is hot in. */
  readonly hotBy: ReadonlyMap<string, readonly LoadMeasure[]>;
  /** Servers hot against the interval's other servers. */
  readonly hotServers: readonly string[];
  /** Name of each hot server (as in `hotServers`) → the measures it is hot in. */
  readonly hotServerBy: ReadonlyMap<string, readonly LoadMeasure[]>;
  /** Hot regions on servers that are not hot (region hotspots the server figures do not show). */
  readonly spreadHot: number;
  /** Set when the interval's reads follow the regions' rows (see `row-reads.ts`). */
  readonly rowReads?: RowReadProfile;
  /** Regions that would be hot against their peers if the reads their rows explain were counted (rows-read regions). */
  readonly setAside: readonly string[];
  /** Regions whose count here is not a whole interval's (reset inside it, or back after missing snapshots): not peers. */
  readonly untrusted: readonly string[];
  /**
   * Regions counted since a restart or an opening inside the interval whose time their reading bounds (the server's
   * start code, the region id): tested, and used as peers, on their rate since then (count × interval ÷ time since).
   */
  readonly sinceRestart: readonly string[];
}

/** Window-level figures, before shapes and findings. */
export type WindowShares = Pick<
  DetectResult,
  'k' | 'fairServerShare' | 'fairRegionShare' | 'hottestServerShare' | 'hottestServerWriteShare' | 'hottestRegionShare' | 'spread' | 'servers' | 'timeline'
> & {
  /** The regions in key order, in columns (the result's `regions`, built when read). */
  readonly regions: RegionShares;
  /** Per interval, the hot regions. */
  readonly hotByInterval: readonly IntervalHot[];
  /** The last intervals ("now"), with the region and server hot in them (the summary is the detector's). */
  readonly now: Omit<NowView, 'summary'>;
  /** Indexes into `hotByInterval` of the intervals that make up now. */
  readonly nowIndexes: readonly number[];
  /**
   * A server's figures over now in a measure ({@link MeasureFigure}), by its name in `servers`: its share of the
   * table's load in it over now and its rate against the other servers' average rate over now. `undefined` when the
   * server was not there in now or the measure is unknown.
   */
  readonly serverNowFigure: (server: string, measure: LoadMeasure) => MeasureFigure | undefined;
};

type HotVerdictFields = ReturnType<typeof hotVerdicts>[number];

/** Per interval end, the regions back in it after missing from snapshots (their missed requests counted there). */
export function returnedRegions(rates: LoadRates): Map<number, Set<string>> {
  const out = new Map<number, Set<string>>();
  for (const e of rates.events) {
    if (e.kind !== 'region-returned' || e.region === undefined) continue;
    const set = out.get(e.timeMs) ?? new Set<string>();
    set.add(e.region);
    out.set(e.timeMs, set);
  }
  return out;
}

/** The region id of a full region name `table,startKey,regionId.encodedName.` (its creation time, epoch ms), or NaN. */
function regionIdOf(name: string, encodedName: string): number {
  const tail = `.${encodedName}.`;
  if (!name.endsWith(tail)) return Number.NaN;
  const head = name.slice(0, -tail.length);
  return Number(head.slice(head.lastIndexOf(',') + 1));
}

/**
 * How long before the interval's end a region's counters started at most, when its reading says so: a region counted
 * since a reset whose RegionServer's start code (`host,port,startcode`, the server's start time in epoch ms) falls
 * inside the interval (the server started there and the region reopened on it no earlier); a region counted since it
 * opened whose region id (the time HBase created it: a split's daughters and a merge's result carry the time of the
 * split or merge) falls inside the interval. `undefined` otherwise (a move to a server started long ago: the reopen
 * time is then unknown; a region first seen that was created before the interval).
 */
export function sinceOpenMs(r: Pick<RegionRate, 'basis' | 'server' | 'name' | 'encodedName'>, iv: Pick<RateInterval, 'startMs' | 'endMs'>): number | undefined {
  let started = Number.NaN;
  if (r.basis === 'since-reset') {
    const parts = r.server.split(',');
    if (parts.length === 3) started = Number(parts[2]);
  } else if (r.basis === 'since-open') started = regionIdOf(r.name, r.encodedName);
  return Number.isInteger(started) && started > iv.startMs && started < iv.endMs ? iv.endMs - started : undefined;
}

/** How far an interval's counts can be trusted (see {@link countTrust}). */
export interface IntervalTrust {
  /** Regions whose count is not a whole interval's and cannot be scaled to one: `under` or `over`. */
  readonly regions: Map<string, CountTrust>;
  /** Servers hosting such a region (`over` wins). */
  readonly servers: Map<string, CountTrust>;
  /**
   * Regions counted since a restart or an opening whose time is bounded ({@link sinceOpenMs}) → the factor (interval ÷
   * time since then) that turns their count into the interval's at their rate since then; they are peers then.
   */
  readonly scale: Map<string, number>;
}

/**
 * Which counts of an interval are not to be trusted as they are: regions counted since a reset inside it (under),
 * regions back after missing snapshots (over), and the servers hosting them (over wins). A region counted since a
 * restart or an opening whose time its reading bounds (the server's start code, the region id) is tested, and used
 * as a peer, on its rate since then (`scale`).
 */
export function countTrust(iv: RateInterval, returned: Set<string> | undefined): IntervalTrust {
  const regions = new Map<string, CountTrust>();
  const servers = new Map<string, CountTrust>();
  const scale = new Map<string, number>();
  for (const r of iv.regions) {
    const over = returned?.has(r.encodedName) === true;
    const since = over ? undefined : sinceOpenMs(r, iv);
    if (since !== undefined) {
      scale.set(r.encodedName, iv.durationMs / since);
      continue;
    }
    const t: CountTrust | undefined = over ? 'over' : r.basis === 'since-reset' ? 'under' : undefined;
    if (!t) continue;
    regions.set(r.encodedName, t);
    if (servers.get(r.server) !== 'over') servers.set(r.server, t);
  }
  return { regions, servers, scale };
}

/** A load with its counts times `factor` (a count since a restart, as the interval's at the same rate). */
function scaled<T extends MeasuredLoad>(m: T, factor: number | undefined): MeasuredLoad {
  if (factor === undefined) return m;
  const by = (x: number | null) => (x === null ? null : x * factor);
  return { requests: m.requests * factor, reads: by(m.reads), writes: by(m.writes), ...(m.rowReads ? { rowReads: m.rowReads } : {}) };
}

/** The regions' measured loads of an interval, with the reads their rows explain when its reads follow rows. */
function regionLoads(iv: RateInterval, profile: RowReadProfile | undefined, scale: ReadonlyMap<string, number>): readonly MeasuredLoad[] {
  if (!profile && scale.size === 0) return iv.regions;
  return iv.regions.map((r, i) => scaled({ requests: r.requests, reads: r.reads, writes: r.writes, rowReads: profile ? (profile.rowReads[i] as number) : 0 }, scale.get(r.encodedName)));
}

/**
 * Each server's load, with its share of the reads its regions' rows explain (`profile`), in the interval's server
 * order; a server hosting regions counted since a bounded restart or opening sums their counts times `scale`.
 */
export function serverLoads(iv: RateInterval, profile: RowReadProfile | undefined, scale: ReadonlyMap<string, number>): readonly MeasuredLoad[] {
  if (!profile && scale.size === 0) return iv.servers;
  const byServer = new Map<string, { rowReads: number; sum: MeasuredLoad }>();
  iv.regions.forEach((r, i) => {
    const e = byServer.get(r.server) ?? { rowReads: 0, sum: { requests: 0, reads: 0, writes: 0 } };
    const m = scaled(r, scale.get(r.encodedName));
    const plus = (a: number | null, b: number | null) => (a === null || b === null ? null : a + b);
    e.sum = { requests: e.sum.requests + m.requests, reads: plus(e.sum.reads, m.reads), writes: plus(e.sum.writes, m.writes) };
    e.rowReads += profile ? (profile.rowReads[i] as number) : 0;
    byServer.set(r.server, e);
  });
  return iv.servers.map((s) => {
    const e = byServer.get(s.server);
    return { ...(scale.size > 0 && e ? e.sum : { requests: s.requests, reads: s.reads, writes: s.writes }), rowReads: e?.rowReads ?? 0 };
  });
}

const measureOrder: readonly LoadMeasure[] = ['requests', 'writes', 'reads'];
const union = (a: readonly LoadMeasure[], b: readonly LoadMeasure[]) => measureOrder.filter((m) => a.includes(m) || b.includes(m));

/**
 * The indexes of `regions` in key order of their latest start keys, then by first sighting (a stable sort of the
 * first-seen order). Regions first seen in key order, as a reader lists them, are found so in one pass and not sorted.
 */
function keyOrder(regions: RegionColumns): number[] {
  const { last, first } = regions;
  const before = (a: number, b: number) => compareBytes((last[a] as RegionRate).startKey, (last[b] as RegionRate).startKey) || (first[a] as number) - (first[b] as number);
  const order: number[] = [];
  let sorted = true;
  for (let i = 0; i < regions.length; i++) {
    if (sorted && i > 0 && before(i - 1, i) > 0) sorted = false;
    order.push(i);
  }
  return sorted ? order : order.sort(before);
}

/** Mean of `values[0..n)`, 0 for none. */
function meanOf(values: Float64Array, n: number): number {
  let sum = 0;
  for (let i = 0; i < n; i++) sum += values[i] as number;
  return n > 0 ? sum / n : 0;
}

/**
 * Every region's {@link RegionLoadShare} over the window, in key order (then by first sighting), in the columns they are
 * built from ({@link RegionShares}): hot against the window's regions (rates over each region's own time) or over now,
 * if hot in some interval. Secondary read replicas are not tested and are no peers (`replicas.ts`): their ratios are to
 * the primaries' average, and each is tested against the primaries. Also the largest share and the primaries' requests
 * over the window, in the same order (for the spread).
 */
function regionSharesOf(regions: RegionColumns, table: Tally, nowTable: Tally, k: number): { regionShares: RegionShares; hottestRegionShare: number; requests: Float64Array } {
  const { window: w, now, last } = regions;
  const order = keyOrder(regions);
  let replicaIds: Uint16Array | undefined;
  for (let i = 0; i < regions.length; i++) {
    const id = replicaIdOfName((last[i] as RegionRate).name);
    if (id > 0) (replicaIds ??= new Uint16Array(regions.length))[i] = id;
  }
  const ids = replicaIds;
  const tested = ids ? order.filter((i) => ids[i] === 0) : order;
  const windowColumns = w.perSecond(tested);
  const windowHot = hotColumns(windowColumns, k);
  // now kept as the window's own columns: the same members and the same figures, tested once
  const nowOrder = now === w ? tested : tested.filter((i) => now.has(i));
  const nowColumns = now === w ? windowColumns : now.perSecond(nowOrder);
  const nowHot = now === w ? windowHot : hotColumns(nowColumns, k);
  // each region's position among those tested (over the window and over now), -1 for none
  const testedAt = ids ? new Int32Array(regions.length).fill(-1) : undefined;
  if (testedAt) for (let j = 0; j < tested.length; j++) testedAt[tested[j] as number] = j;
  const nowAt = new Int32Array(regions.length).fill(-1);
  for (let j = 0; j < nowOrder.length; j++) nowAt[nowOrder[j] as number] = j;
  // and each replica is tested against the primaries (a range read through a replica is hot there), no peer of them
  const replicaOrder = ids ? order.filter((i) => ids[i] !== 0) : [];
  const replicaAt = ids ? new Int32Array(regions.length).fill(-1) : undefined;
  if (replicaAt) for (let j = 0; j < replicaOrder.length; j++) replicaAt[replicaOrder[j] as number] = j;
  const nowReplicas = replicaOrder.filter((i) => now.has(i));
  const nowReplicaAt = ids ? new Int32Array(regions.length).fill(-1) : undefined;
  if (nowReplicaAt) for (let j = 0; j < nowReplicas.length; j++) nowReplicaAt[nowReplicas[j] as number] = j;
  const regionShares = new RegionShares({
    regions, order, table, nowTable, k, ids, testedAt, nowAt, replicaAt, nowReplicaAt, windowHot, nowHot, nowColumns,
    windowReplicaHot: hotBesides(windowColumns, w.perSecond(replicaOrder), k),
    nowReplicaHot: hotBesides(nowColumns, now.perSecond(nowReplicas), k),
    // a replica's ratios are to the primaries' average rate (all of them are its "others")
    primaryMean: ids ? meanOf(windowColumns.requests, tested.length) : 0,
    nowPrimaryMean: ids ? meanOf(nowColumns.requests, nowOrder.length) : 0,
  });
  const requests = new Float64Array(tested.length);
  let hottestRegionShare = 0;
  for (let j = 0; j < order.length; j++) {
    const i = order[j] as number;
    const t = testedAt ? (testedAt[i] as number) : j;
    const windowRequests = w.requests[i] as number;
    if (t >= 0) requests[t] = windowRequests;
    hottestRegionShare = Math.max(hottestRegionShare, share(windowRequests, table.requests));
  }
  return { regionShares, hottestRegionShare, requests };
}

/**
 * Computes the window shares of a rate result with hot factor `k`.
 * Server load over the window is the sum of its regions' interval counts (each interval counted on the server hosting
 * the region at its end); fair shares are time-weighted means of the per-interval 1 / count.
 */
export function windowShares(rates: LoadRates, k: number): WindowShares {
  const servers = new Map<string, ServerTally>();
  const now = nowIndexes(rates.intervals);
  // now spans the whole window (a window of a few intervals, two snapshots among them): its region tallies are the
  // window's, kept once
  const nowIsWindow = now.indexes.length === rates.intervals.length;
  const regions = new RegionColumns(rates.intervals[0]?.regions.length ?? 0, nowIsWindow);
  const table = newTally();
  const nowTallied = newTally();
  let fairServer = 0;
  let fairRegion = 0;
  let totalSeconds = 0;
  const hotByInterval: IntervalHot[] = [];
  const timeline: TimelineEntry[] = [];
  const returned = returnedRegions(rates);
  const nowSet = new Set(now.indexes);
  rates.intervals.forEach((iv, index) => {
    const inNow = nowSet.has(index);
    const seconds = iv.durationMs / 1000;
    totalSeconds += seconds;
    fairServer += seconds * (iv.servers.length ? 1 / iv.servers.length : 0);
    // a key range's fair share: secondary read replicas are not ranges of their own (replicas.ts)
    const replicas = secondaryReplicas(iv.regions);
    const primaries = primaryCount(iv.regions, replicas);
    fairRegion += seconds * (primaries ? 1 / primaries : 0);
    const profile = rowReadProfile(iv, k);
    const trust = countTrust(iv, returned.get(iv.endMs));
    const serverMeasured = serverLoads(iv, profile, trust.scale);
    // servers alone and as a group of the busiest (hot-test.ts): two busy servers of four hide each other from the
    // test alone
    const serverHot = hotMembersTrusting(serverMeasured, (i) => trust.servers.get((iv.servers[i] as ServerRate).server) ?? 'full', k, SERVER_TEST);
    const hotServers = iv.servers.filter((_, i) => serverHot.has(i)).map((s) => s.server);
    const hotServerBy = new Map<string, readonly LoadMeasure[]>();
    for (const [i, measures] of serverHot) hotServerBy.set((iv.servers[i] as ServerRate).server, measures);
    iv.servers.forEach((s, i) => {
      const key = serverKey(s.server);
      let entry = servers.get(key);
      if (!entry) servers.set(key, (entry = { name: s.server, tally: newTally(), hotIntervals: 0, nowHotIntervals: 0 }));
      entry.name = s.server;
      const rowReads = serverMeasured[i]?.rowReads ?? 0;
      add(entry.tally, s, seconds, rowReads);
      if (serverHot.has(i)) entry.hotIntervals++;
      if (inNow) {
        add((entry.now ??= newTally()), s, seconds, rowReads);
        if (serverHot.has(i)) entry.nowHotIntervals++;
      }
    });
    const hotBy = new Map<string, readonly LoadMeasure[]>();
    let spreadHot = 0;
    const counted = trust.regions.size === 0 ? () => 'full' as const : (i: number) => trust.regions.get((iv.regions[i] as RegionRate).encodedName) ?? 'full';
    // a replica is no peer, as an under-count is not, and is tested against the primaries like one (without being
    // listed as one); a replica's over-count is not tested
    const regionTrust = replicas ? (i: number): CountTrust => (replicas[i] && counted(i) !== 'over' ? 'under' : counted(i)) : counted;
    const adjusted = hotMembersTrusting(regionLoads(iv, profile, trust.scale), regionTrust, k);
    // names known to be unique: a region is hot where its position is (no lookup of every region's name)
    const unique = knownNameIndex(iv.regions)?.unique === true;
    const hotAt = unique && adjusted.size > 0 ? new Uint8Array(iv.regions.length) : undefined;
    for (const [i, measures] of adjusted) {
      const r = iv.regions[i] as RegionRate;
      hotBy.set(r.encodedName, measures);
      if (hotAt) hotAt[i] = 1;
      if (!hotServers.includes(r.server)) spreadHot++;
    }
    const setAside = profile ? [...hotMembersTrusting(iv.regions.map((r) => scaled(r, trust.scale.get(r.encodedName))), regionTrust, k).keys()].filter((i) => !adjusted.has(i)).map((i) => (iv.regions[i] as RegionRate).encodedName) : [];
    // `adjusted` lists the hot positions in list order, as a pass over the list finds them
    const hot = hotBy.size === 0 ? []
      : (unique ? [...adjusted.keys()].map((i) => iv.regions[i] as RegionRate) : iv.regions.filter((r) => hotBy.has(r.encodedName))).sort((a, b) => b.requests - a.requests);
    hotByInterval.push({ interval: iv, hot, hotBy, hotServers, hotServerBy, spreadHot, ...(profile ? { rowReads: profile } : {}), setAside, untrusted: [...trust.regions.keys()], sinceRestart: [...trust.scale.keys()] });
    const indexes = new Int32Array(iv.regions.length);
    // the first interval's regions, their names known to be unique, are all new: none is looked up
    const fresh = regions.length === 0 && unique;
    if (fresh) regions.addFirst(iv.regions, iv.startMs);
    for (let i = 0; i < iv.regions.length; i++) {
      const r = iv.regions[i] as RegionRate;
      const rowReads = profile ? (profile.rowReads[i] as number) : 0;
      add(table, r, 0);
      const at = fresh ? i : regions.indexOf(i, r, iv.startMs);
      indexes[i] = at;
      regions.window.add(at, r, seconds, rowReads);
      regions.last[at] = r;
      regions.lastMs[at] = iv.endMs;
      if (hotAt ? hotAt[i] === 1 : hotBy.size > 0 && !unique && hotBy.has(r.encodedName)) regions.countHot(at, r.encodedName, inNow);
      if (inNow && !nowIsWindow) {
        add(nowTallied, r, 0);
        regions.now.add(at, r, seconds, rowReads);
      }
    }
    if (inNow) {
      let ivRequests = 0;
      let ivReads: number | null = 0;
      let ivWrites: number | null = 0;
      for (const r of iv.regions) {
        ivRequests += r.requests;
        ivReads = ivReads === null || r.reads === null ? null : ivReads + r.reads;
        ivWrites = ivWrites === null || r.writes === null ? null : ivWrites + r.writes;
      }
      const ivLoad = { requests: ivRequests, reads: ivReads, writes: ivWrites };
      for (let i = 0; i < iv.regions.length; i++) regions.nowTable.add(indexes[i] as number, ivLoad, seconds);
    }
    timeline.push(timelineEntry(iv, hotServers));
  });
  // the table over now: the same sums as over the window when now is the window, added in the same order
  const nowTable = nowIsWindow ? table : nowTallied;
  // each server's region count at the window's end, by its identity (the first incarnation listed, as a search would find)
  const lastRegionCounts = new Map<string, number>();
  for (const s of rates.intervals.at(-1)?.servers ?? []) {
    const key = serverKey(s.server);
    if (!lastRegionCounts.has(key)) lastRegionCounts.set(key, s.regionCount);
  }
  const serverList = [...servers.values()].map((s): [string, ServerTally] => [s.name, s]);
  // window verdicts compare rates over each member's own time, not totals: a server that joined late or a region
  // that lived an hour is not judged by what it had no time to take
  const serverVerdicts = hotVerdicts(serverList.map(([, s]) => perSecond(s.tally)), k, SERVER_TEST);
  const nowServerList = serverList.filter(([, s]) => s.now);
  const nowServerRates = nowServerList.map(([, s]) => perSecond(s.now as Tally));
  const nowServerVerdicts = new Map(hotVerdicts(nowServerRates, k, SERVER_TEST).map((v, i) => [(nowServerList[i] as [string, ServerTally])[0], v]));
  const serverShares: ServerLoadShare[] = serverList
    .map(([server, { tally: t, hotIntervals, now: nowTally, nowHotIntervals }], i) => {
      const windowVerdict = serverVerdicts[i] as HotVerdictFields;
      const nowVerdict = nowServerVerdicts.get(server);
      // hot in no interval is not hot: a window total can add up what no single interval shows (see docs/detect.md)
      const hot = hotIntervals > 0 && (windowVerdict.hot || (nowVerdict?.hot ?? false));
      return {
        server,
        share: share(t.requests, table.requests),
        readShare: ratio(t.reads, table.reads),
        writeShare: ratio(t.writes, table.writes),
        requestsPerSec: totalSeconds > 0 ? t.requests / totalSeconds : 0,
        regionCount: lastRegionCounts.get(serverKey(server)) ?? 0,
        ...windowVerdict,
        hot,
        hotBy: hot ? union(windowVerdict.hotBy, nowVerdict?.hotBy ?? []) : [],
        hotIntervals,
        hotNow: nowHotIntervals > 0,
        nowShare: nowTally ? share(nowTally.requests, nowTable.requests) : 0,
        nowPeerRatio: nowVerdict?.peerRatio ?? null,
      };
    })
    .sort((a, b) => b.share - a.share || (a.server < b.server ? -1 : 1));
  const { regionShares, hottestRegionShare, requests: regionRequests } = regionSharesOf(regions, table, nowTable, k);
  const writeShares = serverShares.map((s) => s.writeShare);
  return {
    k,
    fairServerShare: totalSeconds > 0 ? fairServer / totalSeconds : 0,
    fairRegionShare: totalSeconds > 0 ? fairRegion / totalSeconds : 0,
    hottestServerShare: serverShares[0]?.share ?? 0,
    hottestServerWriteShare: writeShares.includes(null) ? null : maxOf(writeShares as number[], 0),
    hottestRegionShare,
    spread: { servers: spreadOf(serverList.map(([, s]) => s.tally.requests)), regions: spreadOf(regionRequests) },
    servers: serverShares,
    regions: regionShares,
    timeline,
    hotByInterval,
    now: nowView(rates, now, hotByInterval, regions),
    nowIndexes: now.indexes,
    serverNowFigure: serverNowFigures(nowServerList, nowServerRates, nowTable),
  };
}

/**
 * {@link WindowShares.serverNowFigure} over `servers` (name and tallies of the servers there in now) whose rates over
 * now are `rates` (in the same order), the table's tally over now being `table`.
 */
function serverNowFigures(servers: readonly [string, ServerTally][], rates: readonly MeasuredLoad[], table: Tally): (server: string, measure: LoadMeasure) => MeasureFigure | undefined {
  let sums: ColumnSums | undefined;
  let at: Map<string, number> | undefined;
  let rowReads = 0;
  return (server, measure) => {
    if (!at) {
      at = new Map(servers.map(([name], i) => [name, i]));
      sums = columnSums(columnsOf(rates));
      for (const [, s] of servers) rowReads += s.now?.rowReads ?? 0;
    }
    const i = at.get(server);
    const mine = i === undefined ? undefined : (servers[i] as [string, ServerTally])[1].now;
    if (i === undefined || !mine || !sums) return undefined;
    const rate = rates[i] as MeasuredLoad;
    return measureFigure(measure, mine, { ...table, rowReads }, { ...rate, rowReads: rate.rowReads ?? 0 }, { sums, count: rates.length, self: true });
  };
}
