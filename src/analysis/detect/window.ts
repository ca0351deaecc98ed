/**
 * Shares over the analysed window and per interval: who took what part of the table's requests, against the fair
 * share, with the peer test for hot servers and regions.
 *
 * @module
 */
import { compareBytes, toStringBinary } from '../../bytes/index.js';
import type { LoadRates, RateInterval, RegionRate, ServerRate } from '../../model/index.js';
import { RegionTable } from '../../model/region-table.js';
import { type CountTrust, type LoadMeasure, type MeasuredLoad, hotMembersTrusting, hotVerdicts } from './hot-test.js';
import { nowIndexes, nowView } from './now.js';
import { type RowReadProfile, rowReadProfile } from './row-reads.js';
import { share, spreadOf } from './stats.js';
import { type RegionTally, type ServerTally, type Tally, add, newTally, perSecond, ratio, serverKey } from './tally.js';
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
  'k' | 'fairServerShare' | 'fairRegionShare' | 'hottestServerShare' | 'hottestServerWriteShare' | 'hottestRegionShare' | 'spread' | 'servers' | 'regions' | 'timeline'
> & {
  /** Per interval, the hot regions. */
  readonly hotByInterval: readonly IntervalHot[];
  /** The last intervals ("now"), with the region and server hot in them (the summary is the detector's). */
  readonly now: Omit<NowView, 'summary'>;
  /** Indexes into `hotByInterval` of the intervals that make up now. */
  readonly nowIndexes: readonly number[];
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
 * Computes the window shares of a rate result with hot factor `k`.
 * Server load over the window is the sum of its regions' interval counts (each interval counted on the server hosting
 * the region at its end); fair shares are time-weighted means of the per-interval 1 / count.
 */
export function windowShares(rates: LoadRates, k: number): WindowShares {
  const servers = new Map<string, ServerTally>();
  const regions = new RegionTable<RegionTally>();
  const table = newTally();
  const nowTable = newTally();
  let fairServer = 0;
  let fairRegion = 0;
  let totalSeconds = 0;
  const hotByInterval: IntervalHot[] = [];
  const timeline: TimelineEntry[] = [];
  const now = nowIndexes(rates.intervals);
  const returned = returnedRegions(rates);
  const nowSet = new Set(now.indexes);
  rates.intervals.forEach((iv, index) => {
    const inNow = nowSet.has(index);
    const seconds = iv.durationMs / 1000;
    totalSeconds += seconds;
    fairServer += seconds * (iv.servers.length ? 1 / iv.servers.length : 0);
    fairRegion += seconds * (iv.regions.length ? 1 / iv.regions.length : 0);
    const profile = rowReadProfile(iv, k);
    const trust = countTrust(iv, returned.get(iv.endMs));
    const serverMeasured = serverLoads(iv, profile, trust.scale);
    const serverHot = hotMembersTrusting(serverMeasured, (i) => trust.servers.get((iv.servers[i] as ServerRate).server) ?? 'full', k);
    const hotServers = iv.servers.filter((_, i) => serverHot.has(i)).map((s) => s.server);
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
    const regionTrust = (i: number) => trust.regions.get((iv.regions[i] as RegionRate).encodedName) ?? 'full';
    const adjusted = hotMembersTrusting(regionLoads(iv, profile, trust.scale), regionTrust, k);
    for (const [i, measures] of adjusted) {
      const r = iv.regions[i] as RegionRate;
      hotBy.set(r.encodedName, measures);
      if (!hotServers.includes(r.server)) spreadHot++;
    }
    const setAside = profile ? [...hotMembersTrusting(iv.regions.map((r) => scaled(r, trust.scale.get(r.encodedName))), regionTrust, k).keys()].filter((i) => !adjusted.has(i)).map((i) => (iv.regions[i] as RegionRate).encodedName) : [];
    const hot = hotBy.size === 0 ? [] : iv.regions.filter((r) => hotBy.has(r.encodedName)).sort((a, b) => b.requests - a.requests);
    hotByInterval.push({ interval: iv, hot, hotBy, hotServers, spreadHot, ...(profile ? { rowReads: profile } : {}), setAside, untrusted: [...trust.regions.keys()], sinceRestart: [...trust.scale.keys()] });
    for (let i = 0; i < iv.regions.length; i++) {
      const r = iv.regions[i] as RegionRate;
      const rowReads = profile ? (profile.rowReads[i] as number) : 0;
      add(table, r, 0);
      let entry = regions.get(i, r.encodedName);
      if (!entry) regions.add(i, r.encodedName, (entry = { tally: newTally(), last: r, first: iv.startMs, lastMs: iv.endMs, hotIntervals: 0, nowHotIntervals: 0 }));
      add(entry.tally, r, seconds, rowReads);
      entry.last = r;
      entry.lastMs = iv.endMs;
      const isHot = hotBy.size > 0 && hotBy.has(r.encodedName);
      if (isHot) entry.hotIntervals++;
      if (inNow) {
        add(nowTable, r, 0);
        add((entry.now ??= newTally()), r, seconds, rowReads);
        if (isHot) entry.nowHotIntervals++;
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
      for (let i = 0; i < iv.regions.length; i++) {
        const entry = regions.get(i, (iv.regions[i] as RegionRate).encodedName) as RegionTally;
        add((entry.nowTable ??= newTally()), { requests: ivRequests, reads: ivReads, writes: ivWrites }, seconds);
      }
    }
    timeline.push(timelineEntry(iv, hotServers));
  });
  const lastServers = rates.intervals.at(-1)?.servers ?? [];
  const serverList = [...servers.values()].map((s): [string, ServerTally] => [s.name, s]);
  // window verdicts compare rates over each member's own time, not totals: a server that joined late or a region
  // that lived an hour is not judged by what it had no time to take
  const serverVerdicts = hotVerdicts(serverList.map(([, s]) => perSecond(s.tally)), k);
  const nowServerList = serverList.filter(([, s]) => s.now);
  const nowServerVerdicts = new Map(hotVerdicts(nowServerList.map(([, s]) => perSecond(s.now as Tally)), k).map((v, i) => [(nowServerList[i] as [string, ServerTally])[0], v]));
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
        regionCount: lastServers.find((s) => serverKey(s.server) === serverKey(server))?.regionCount ?? 0,
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
  const regionList = [...regions.byName.values()].sort((a, b) => compareBytes(a.last.startKey, b.last.startKey) || a.first - b.first);
  const regionVerdicts = hotVerdicts(regionList.map((r) => perSecond(r.tally)), k);
  const nowRegionList = regionList.filter((r) => r.now);
  const nowRegionVerdicts = new Map(hotVerdicts(nowRegionList.map((r) => perSecond(r.now as Tally)), k).map((v, i) => [nowRegionList[i] as RegionTally, v]));
  const regionShares: RegionLoadShare[] = regionList.map((r, i) => {
    const windowVerdict = regionVerdicts[i] as HotVerdictFields;
    const nowVerdict = nowRegionVerdicts.get(r);
    const hot = r.hotIntervals > 0 && (windowVerdict.hot || (nowVerdict?.hot ?? false));
    return {
      encodedName: r.last.encodedName,
      name: r.last.name,
      startKey: toStringBinary(r.last.startKey),
      endKey: toStringBinary(r.last.endKey),
      server: r.last.server,
      share: share(r.tally.requests, table.requests),
      readShare: ratio(r.tally.reads, table.reads),
      writeShare: ratio(r.tally.writes, table.writes),
      requestsPerSec: r.tally.seconds > 0 ? r.tally.requests / r.tally.seconds : 0,
      ...windowVerdict,
      hot,
      hotBy: hot ? union(windowVerdict.hotBy, nowVerdict?.hotBy ?? []) : [],
      hotIntervals: r.hotIntervals,
      firstSeenMs: r.first,
      lastSeenMs: r.lastMs,
      hotNow: r.nowHotIntervals > 0,
      nowShare: r.now ? share(r.now.requests, nowTable.requests) : null,
      nowRequestsPerSec: r.now && r.now.seconds > 0 ? r.now.requests / r.now.seconds : null,
      nowPeerRatio: nowVerdict?.peerRatio ?? null,
    };
  });
  const writeShares = serverShares.map((s) => s.writeShare);
  return {
    k,
    fairServerShare: totalSeconds > 0 ? fairServer / totalSeconds : 0,
    fairRegionShare: totalSeconds > 0 ? fairRegion / totalSeconds : 0,
    hottestServerShare: serverShares[0]?.share ?? 0,
    hottestServerWriteShare: writeShares.includes(null) ? null : maxOf(writeShares as number[], 0),
    hottestRegionShare: maxOf(regionShares.map((r) => r.share), 0),
    spread: { servers: spreadOf(serverList.map(([, s]) => s.tally.requests)), regions: spreadOf(regionList.map((r) => r.tally.requests)) },
    servers: serverShares,
    regions: regionShares,
    timeline,
    hotByInterval,
    now: nowView(rates, now, hotByInterval, regions),
    nowIndexes: now.indexes,
  };
}
