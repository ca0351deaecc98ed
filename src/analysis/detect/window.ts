/**
 * Shares over the analysed window and per interval: who took what part of the table's requests, against the fair
 * share, with the peer test for hot servers and regions.
 *
 * @module
 */
import { compareBytes, toStringBinary } from '../../bytes/index.js';
import type { LoadRates, RateInterval, RegionRate } from '../../model/index.js';
import { RegionTable } from '../../model/region-table.js';
import { type LoadMeasure, hotMembers, hotVerdicts } from './hot-test.js';
import { share, spreadOf } from './stats.js';
import type { DetectResult, RegionLoadShare, ServerLoadShare, TimelineEntry } from './types.js';

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
}

/** Window-level figures, before shapes and findings. */
export type WindowShares = Pick<
  DetectResult,
  'fairServerShare' | 'fairRegionShare' | 'hottestServerShare' | 'hottestServerWriteShare' | 'hottestRegionShare' | 'spread' | 'servers' | 'regions' | 'timeline'
> & {
  /** Per interval, the hot regions. */
  readonly hotByInterval: readonly IntervalHot[];
};

interface Tally {
  reads: number | null;
  writes: number | null;
  requests: number;
  seconds: number;
}

function add(t: Tally, r: { reads: number | null; writes: number | null; requests: number }, seconds: number): void {
  t.reads = t.reads === null || r.reads === null ? null : t.reads + r.reads;
  t.writes = t.writes === null || r.writes === null ? null : t.writes + r.writes;
  t.requests += r.requests;
  t.seconds += seconds;
}

/** One region's load over the window so far, its latest rates, when it was first and last seen, and how often hot. */
interface RegionTally {
  readonly tally: Tally;
  last: RegionRate;
  readonly first: number;
  lastMs: number;
  hotIntervals: number;
}

type HotVerdictFields = ReturnType<typeof hotVerdicts>[number];
const newTally = (): Tally => ({ reads: 0, writes: 0, requests: 0, seconds: 0 });
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

/**
 * Computes the window shares of a rate result with hot factor `k`.
 * Server load over the window is the sum of its regions' interval counts (each interval counted on the server hosting
 * the region at its end); fair shares are time-weighted means of the per-interval 1 / count.
 */
export function windowShares(rates: LoadRates, k: number): WindowShares {
  const servers = new Map<string, { tally: Tally; hotIntervals: number }>();
  const regions = new RegionTable<RegionTally>();
  const table = newTally();
  let fairServer = 0;
  let fairRegion = 0;
  let totalSeconds = 0;
  const hotByInterval: IntervalHot[] = [];
  const timeline: TimelineEntry[] = [];
  for (const iv of rates.intervals) {
    const seconds = iv.durationMs / 1000;
    totalSeconds += seconds;
    fairServer += seconds * (iv.servers.length ? 1 / iv.servers.length : 0);
    fairRegion += seconds * (iv.regions.length ? 1 / iv.regions.length : 0);
    const serverVerdicts = hotVerdicts(iv.servers, k);
    const hotServers = iv.servers.filter((_, i) => serverVerdicts[i]?.hot).map((s) => s.server);
    iv.servers.forEach((s, i) => {
      const entry = servers.get(s.server) ?? { tally: newTally(), hotIntervals: 0 };
      add(entry.tally, s, seconds);
      if (serverVerdicts[i]?.hot) entry.hotIntervals++;
      servers.set(s.server, entry);
    });
    const hotBy = new Map<string, readonly LoadMeasure[]>();
    let spreadHot = 0;
    for (const [i, measures] of hotMembers(iv.regions, k)) {
      const r = iv.regions[i] as RegionRate;
      if (hotServers.includes(r.server)) hotBy.set(r.encodedName, measures);
      else spreadHot++;
    }
    const hot = hotBy.size === 0 ? [] : iv.regions.filter((r) => hotBy.has(r.encodedName)).sort((a, b) => b.requests - a.requests);
    hotByInterval.push({ interval: iv, hot, hotBy, hotServers, spreadHot });
    for (let i = 0; i < iv.regions.length; i++) {
      const r = iv.regions[i] as RegionRate;
      add(table, r, 0);
      let entry = regions.get(i, r.encodedName);
      if (!entry) regions.add(i, r.encodedName, (entry = { tally: newTally(), last: r, first: iv.startMs, lastMs: iv.endMs, hotIntervals: 0 }));
      add(entry.tally, r, seconds);
      entry.last = r;
      entry.lastMs = iv.endMs;
      if (hotBy.size > 0 && hotBy.has(r.encodedName)) entry.hotIntervals++;
    }
    timeline.push(timelineEntry(iv, hotServers));
  }
  const lastServers = rates.intervals.at(-1)?.servers ?? [];
  const serverList = [...servers.entries()];
  const serverVerdicts = hotVerdicts(serverList.map(([, s]) => s.tally), k);
  const serverShares: ServerLoadShare[] = serverList
    .map(([server, { tally: t, hotIntervals }], i) => ({
      server,
      share: share(t.requests, table.requests),
      readShare: ratio(t.reads, table.reads),
      writeShare: ratio(t.writes, table.writes),
      requestsPerSec: totalSeconds > 0 ? t.requests / totalSeconds : 0,
      regionCount: lastServers.find((s) => s.server === server)?.regionCount ?? 0,
      ...(serverVerdicts[i] as HotVerdictFields),
      hotIntervals,
    }))
    .sort((a, b) => b.share - a.share || (a.server < b.server ? -1 : 1));
  const regionList = [...regions.byName.values()].sort((a, b) => compareBytes(a.last.startKey, b.last.startKey) || a.first - b.first);
  const regionVerdicts = hotVerdicts(regionList.map((r) => r.tally), k);
  const regionShares: RegionLoadShare[] = regionList.map((r, i) => ({
    encodedName: r.last.encodedName,
    name: r.last.name,
    startKey: toStringBinary(r.last.startKey),
    endKey: toStringBinary(r.last.endKey),
    server: r.last.server,
    share: share(r.tally.requests, table.requests),
    readShare: ratio(r.tally.reads, table.reads),
    writeShare: ratio(r.tally.writes, table.writes),
    requestsPerSec: r.tally.seconds > 0 ? r.tally.requests / r.tally.seconds : 0,
    ...(regionVerdicts[i] as HotVerdictFields),
    hotIntervals: r.hotIntervals,
    firstSeenMs: r.first,
    lastSeenMs: r.lastMs,
  }));
  const writeShares = serverShares.map((s) => s.writeShare);
  return {
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
  };
}
