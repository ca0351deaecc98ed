/**
 * Shares over the analysed window and per interval: who took what part of the table's requests, against the fair
 * share, with the peer test for hot servers and regions.
 *
 * @module
 */
import { compareBytes, toStringBinary } from '../../bytes/index.js';
import type { LoadRates, RateInterval, RegionRate } from '../../model/index.js';
import { RegionTable } from '../../model/region-table.js';
import { type LoadMeasure, type MeasuredLoad, hotMembers, hotVerdicts } from './hot-test.js';
import { type RowReadProfile, rowReadProfile } from './row-reads.js';
import { share, spreadOf } from './stats.js';
import type { DetectResult, NowView, RegionLoadShare, ServerLoadShare, TimelineEntry } from './types.js';

/** "Now" is at least this many intervals... */
export const NOW_MIN_INTERVALS = 3;
/** ...and at least this fraction of the window's intervals, the last ones, gaps skipped. */
export const NOW_WINDOW_FRACTION = 0.1;

/**
 * Indexes of the intervals that make up "now": the last max({@link NOW_MIN_INTERVALS}, ⌈{@link NOW_WINDOW_FRACTION} ×
 * intervals⌉) intervals not marked as gaps, in time order. When every interval is a gap, the last ones all the same.
 */
export function nowIndexes(intervals: readonly { readonly gap: boolean }[]): { indexes: number[]; gapsSkipped: number } {
  const want = Math.max(NOW_MIN_INTERVALS, Math.ceil(NOW_WINDOW_FRACTION * intervals.length));
  const indexes: number[] = [];
  let gapsSkipped = 0;
  for (let i = intervals.length - 1; i >= 0 && indexes.length < want; i--) {
    if (intervals[i]?.gap) gapsSkipped++;
    else indexes.push(i);
  }
  if (indexes.length === 0) {
    for (let i = intervals.length - 1; i >= 0 && indexes.length < want; i--) indexes.push(i);
    gapsSkipped = 0;
  }
  return { indexes: indexes.reverse(), gapsSkipped };
}

/** The hot regions of one interval. */
export interface IntervalHot {
  readonly interval: RateInterval;
  /**
   * Regions hot against the interval's other regions (in any material measure) AND hosted on a RegionServer hot
   * against the interval's other servers: a hot region whose server is not hot is spread by placement, not a hotspot.
   * Busiest first by read + write requests.
   */
  readonly hot: readonly RegionRate[];
  /** Encoded name of each hot region → the measures it is hot in. */
  readonly hotBy: ReadonlyMap<string, readonly LoadMeasure[]>;
  /** Servers hot against the interval's other servers. */
  readonly hotServers: readonly string[];
  /** Regions hot against their peers but on servers that are not hot. */
  readonly spreadHot: number;
  /** Set when the interval's reads follow the regions' rows (see `row-reads.ts`). */
  readonly rowReads?: RowReadProfile;
  /** Regions that would be hot against their peers if the reads their rows explain were counted (rows-read regions). */
  readonly setAside: readonly string[];
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

interface Tally {
  reads: number | null;
  writes: number | null;
  requests: number;
  seconds: number;
  /** Reads the member's rows explain (intervals whose reads follow rows). */
  rowReads: number;
}

function add(t: Tally, r: { reads: number | null; writes: number | null; requests: number }, seconds: number, rowReads = 0): void {
  t.reads = t.reads === null || r.reads === null ? null : t.reads + r.reads;
  t.writes = t.writes === null || r.writes === null ? null : t.writes + r.writes;
  t.requests += r.requests;
  t.seconds += seconds;
  t.rowReads += rowReads;
}

/** A tally per second of its own time: rates over the member's lifetime, for members that lived different times. */
function perSecond(t: Tally): MeasuredLoad {
  const s = t.seconds > 0 ? t.seconds : 1;
  return { requests: t.requests / s, reads: t.reads === null ? null : t.reads / s, writes: t.writes === null ? null : t.writes / s, rowReads: t.rowReads / s };
}

/** One region's load over the window so far, its latest rates, when it was first and last seen, and how often hot. */
interface RegionTally {
  readonly tally: Tally;
  last: RegionRate;
  readonly first: number;
  lastMs: number;
  hotIntervals: number;
  /** Its load over now (absent when it was not seen in now) and the now intervals it was hot in. */
  now?: Tally;
  nowHotIntervals: number;
  /** The table's load over the now intervals it was there in. */
  nowTable?: Tally;
}

interface ServerTally {
  readonly tally: Tally;
  hotIntervals: number;
  now?: Tally;
  nowHotIntervals: number;
}

type HotVerdictFields = ReturnType<typeof hotVerdicts>[number];
const newTally = (): Tally => ({ reads: 0, writes: 0, requests: 0, seconds: 0, rowReads: 0 });
const ratio = (part: number | null, whole: number | null) => (part === null || whole === null ? null : share(part, whole));

/**
 * The first item with the largest `value`: the one a stable sort by descending value puts first, found in one pass.
 * `undefined` for no items.
 */
function firstMax<T>(items: readonly T[], value: (item: T) => number): T | undefined {
  let best: T | undefined;
  let bestValue = 0;
  for (const item of items) {
    const v = value(item);
    if (best === undefined || v > bestValue) {
      best = item;
      bestValue = v;
    }
  }
  return best;
}

function timelineEntry(iv: RateInterval, hotServers: readonly string[]): TimelineEntry {
  const total = iv.servers.reduce((a, s) => a + s.requests, 0);
  const writes = iv.servers.reduce<number | null>((a, s) => (a === null || s.writes === null ? null : a + s.writes), 0);
  const serverShares = iv.servers.map((s) => ({ server: s.server, share: share(s.requests, total), writeShare: ratio(s.writes, writes) }));
  const top = firstMax(iv.servers, (s) => s.requests);
  const topRegion = firstMax(iv.regions, (r) => r.requests);
  const writeShares = serverShares.map((s) => s.writeShare);
  const topWriter = writes === null || writes <= 0 ? undefined : firstMax(iv.servers, (s) => s.writes ?? 0);
  return {
    time: iv.endMs,
    startMs: iv.startMs,
    hottestServer: top && total > 0 ? top.server : null,
    hottestServerShare: top ? share(top.requests, total) : 0,
    hottestServerWriteShare: writeShares.includes(null) ? null : Math.max(0, ...(writeShares as number[])),
    hottestWriteServer: topWriter?.server ?? null,
    hottestRegion: topRegion && total > 0 ? topRegion.encodedName : null,
    hottestRegionShare: topRegion ? share(topRegion.requests, total) : 0,
    fairServerShare: iv.servers.length ? 1 / iv.servers.length : 0,
    regions: iv.regions.length,
    servers: iv.servers.length,
    hotServers,
    serverShares,
    requestsPerSec: total / (iv.durationMs / 1000),
    gap: iv.gap,
  };
}

/** The regions' measured loads of an interval, with the reads their rows explain when its reads follow rows. */
function regionLoads(iv: RateInterval, profile: RowReadProfile | undefined): readonly MeasuredLoad[] {
  if (!profile) return iv.regions;
  return iv.regions.map((r, i) => ({ requests: r.requests, reads: r.reads, writes: r.writes, rowReads: profile.rowReads[i] as number }));
}

/** Each server's share of the reads its regions' rows explain, in the interval's server order. */
function serverLoads(iv: RateInterval, profile: RowReadProfile | undefined): readonly MeasuredLoad[] {
  if (!profile) return iv.servers;
  const byServer = new Map<string, number>();
  iv.regions.forEach((r, i) => byServer.set(r.server, (byServer.get(r.server) ?? 0) + (profile.rowReads[i] as number)));
  return iv.servers.map((s) => ({ requests: s.requests, reads: s.reads, writes: s.writes, rowReads: byServer.get(s.server) ?? 0 }));
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
  const nowSet = new Set(now.indexes);
  rates.intervals.forEach((iv, index) => {
    const inNow = nowSet.has(index);
    const seconds = iv.durationMs / 1000;
    totalSeconds += seconds;
    fairServer += seconds * (iv.servers.length ? 1 / iv.servers.length : 0);
    fairRegion += seconds * (iv.regions.length ? 1 / iv.regions.length : 0);
    const profile = rowReadProfile(iv, k);
    const serverMeasured = serverLoads(iv, profile);
    const serverVerdicts = hotVerdicts(serverMeasured, k);
    const hotServers = iv.servers.filter((_, i) => serverVerdicts[i]?.hot).map((s) => s.server);
    iv.servers.forEach((s, i) => {
      let entry = servers.get(s.server);
      if (!entry) servers.set(s.server, (entry = { tally: newTally(), hotIntervals: 0, nowHotIntervals: 0 }));
      const rowReads = serverMeasured[i]?.rowReads ?? 0;
      add(entry.tally, s, seconds, rowReads);
      if (serverVerdicts[i]?.hot) entry.hotIntervals++;
      if (inNow) {
        add((entry.now ??= newTally()), s, seconds, rowReads);
        if (serverVerdicts[i]?.hot) entry.nowHotIntervals++;
      }
    });
    const hotBy = new Map<string, readonly LoadMeasure[]>();
    let spreadHot = 0;
    for (const [i, measures] of hotMembers(regionLoads(iv, profile), k)) {
      const r = iv.regions[i] as RegionRate;
      if (hotServers.includes(r.server)) hotBy.set(r.encodedName, measures);
      else spreadHot++;
    }
    const setAside = profile ? [...hotMembers(iv.regions, k).keys()].map((i) => (iv.regions[i] as RegionRate).encodedName).filter((n) => !hotBy.has(n)) : [];
    const hot = hotBy.size === 0 ? [] : iv.regions.filter((r) => hotBy.has(r.encodedName)).sort((a, b) => b.requests - a.requests);
    hotByInterval.push({ interval: iv, hot, hotBy, hotServers, spreadHot, ...(profile ? { rowReads: profile } : {}), setAside });
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
  const serverList = [...servers.entries()];
  const serverVerdicts = hotVerdicts(serverList.map(([, s]) => s.tally), k);
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
        regionCount: lastServers.find((s) => s.server === server)?.regionCount ?? 0,
        ...windowVerdict,
        hot,
        hotBy: hot ? union(windowVerdict.hotBy, nowVerdict?.hotBy ?? []) : [],
        hotIntervals,
        hotNow: nowHotIntervals > 0,
        nowShare: nowTally ? share(nowTally.requests, nowTable.requests) : 0,
      };
    })
    .sort((a, b) => b.share - a.share || (a.server < b.server ? -1 : 1));
  const regionList = [...regions.byName.values()].sort((a, b) => compareBytes(a.last.startKey, b.last.startKey) || a.first - b.first);
  const regionVerdicts = hotVerdicts(regionList.map((r) => r.tally), k);
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
    };
  });
  const writeShares = serverShares.map((s) => s.writeShare);
  return {
    k,
    fairServerShare: totalSeconds > 0 ? fairServer / totalSeconds : 0,
    fairRegionShare: totalSeconds > 0 ? fairRegion / totalSeconds : 0,
    hottestServerShare: serverShares[0]?.share ?? 0,
    hottestServerWriteShare: writeShares.includes(null) ? null : Math.max(0, ...(writeShares as number[])),
    hottestRegionShare: Math.max(0, ...regionShares.map((r) => r.share)),
    spread: { servers: spreadOf(serverList.map(([, s]) => s.tally.requests)), regions: spreadOf(regionList.map((r) => r.tally.requests)) },
    servers: serverShares,
    regions: regionShares,
    timeline,
    hotByInterval,
    now: nowView(rates, now, hotByInterval, regions),
    nowIndexes: now.indexes,
  };
}

/**
 * The now view: the region named in the headline is the busiest hot region of the latest now interval that has one
 * (busiest by requests less the reads its rows explain, over now), on the server hosting it when last seen.
 */
function nowView(rates: LoadRates, now: { indexes: number[]; gapsSkipped: number }, hotByInterval: readonly IntervalHot[], regions: RegionTable<RegionTally>): Omit<NowView, 'summary'> {
  const first = rates.intervals[now.indexes[0] as number] as RateInterval;
  const last = rates.intervals[now.indexes.at(-1) as number] as RateInterval;
  const hotRegions = new Set<string>();
  const hotServers = new Set<string>();
  let latest: IntervalHot | undefined;
  for (const i of now.indexes) {
    const h = hotByInterval[i] as IntervalHot;
    for (const r of h.hot) hotRegions.add(r.encodedName);
    for (const s of h.hotServers) hotServers.add(s);
    if (h.hot.length > 0) latest = h;
  }
  const pressure = (name: string) => {
    const t = regions.byName.get(name)?.now;
    return t ? t.requests - t.rowReads : 0;
  };
  const top = latest?.hot.reduce((a, r) => (pressure(r.encodedName) > pressure(a.encodedName) ? r : a));
  const entry = top ? regions.byName.get(top.encodedName) : undefined;
  const t = entry?.now;
  const measures = top && latest ? (latest.hotBy.get(top.encodedName) ?? []) : [];
  return {
    startMs: first.startMs,
    endMs: last.endMs,
    intervals: now.indexes.length,
    gapsSkipped: now.gapsSkipped,
    region: top?.encodedName ?? null,
    server: entry?.last.server ?? null,
    regionShare: t && entry.nowTable ? share(t.requests, entry.nowTable.requests) : 0,
    regionWriteShare: t && entry.nowTable ? ratio(t.writes, entry.nowTable.writes) : null,
    regionRequestsPerSec: t && t.seconds > 0 ? t.requests / t.seconds : 0,
    regionHotBy: measures,
    hotRegions: [...hotRegions],
    hotServers: [...hotServers],
  };
}
