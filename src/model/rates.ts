/**
 * THE place where cumulative request counters become rates. Nothing else in the project divides counters by time.
 *
 * For each pair of consecutive snapshots, each region of the later snapshot gets its interval counts:
 * - **same region, counters up**: later − earlier (`basis: 'delta'`);
 * - **a counter went down** (the region was reopened on another server, or its server restarted: HBase keeps the
 *   counters in memory on the region and restarts them from 0): the later value is taken as the count since the
 *   reset (`'since-reset'`), and a `counter-reset` event is reported. Requests between the earlier snapshot and the
 *   reset are lost, so this under-counts but is never negative. HBase's hbtop (`RequestCountPerSecond`) clamps such a
 *   rate to 0 instead, which drops the whole interval's load of the region; keeping the since-reset count keeps a hot
 *   region hot across a move;
 * - **a new region** (split daughters, a merged region, a region seen for the first time): its counters count since
 *   it opened, so they are its interval counts (`'since-open'`); the split or merge is reported with the parents and
 *   daughters. A region that was missing from the earlier snapshot but seen before is diffed against its last sighting
 *   (`region-returned`);
 * - a region on another server than before is reported (`region-moved`; a server that only changed start code is
 *   `server-restarted`, once per server). Either way the region was reopened, and HBase restarts a reopened region's
 *   counters from 0, so its later value is its count since the reset even when it is not below the earlier one (a busy
 *   region can pass its old count before the next snapshot). The interval's load counts on the server hosting the
 *   region at its end;
 * - an interval longer than 1.5 × the expected interval is reported as a `gap`; its rates are still averages over
 *   the whole, longer interval.
 *
 * @module
 */
import { HotspotError } from '../util/errors.js';
import { matchLineage } from './lineage.js';
import type { LoadRates, RateBasis, RateEvent, RateInterval, RegionRate, ServerRate } from './rate-types.js';
import type { LoadSeries, LoadSnapshot, RegionLoad } from './types.js';

/** An interval is a gap when it is longer than this many expected intervals. */
export const GAP_FACTOR = 1.5;

/** `host,port,startcode` → `host:port`; `host:port` unchanged. */
function hostPort(server: string): string {
  const parts = server.split(',');
  return parts.length === 3 ? `${parts[0]}:${parts[1]}` : server;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? (sorted[mid] as number) : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

/** Counter difference, or the later value when the counter went down; `null` when either side is unknown. */
function diff(later: number | null, earlier: number | null): { value: number | null; reset: boolean } {
  if (later === null || earlier === null) return { value: later, reset: false };
  return later >= earlier ? { value: later - earlier, reset: false } : { value: later, reset: true };
}

function regionRate(r: RegionLoad, base: RegionLoad | undefined, seconds: number, reopened: boolean): { rate: RegionRate; reset: boolean } {
  let basis: RateBasis = 'since-open';
  let reads = r.readRequests;
  let writes = r.writeRequests;
  let requests = r.requests;
  let reset = false;
  if (base) {
    const dr = diff(r.readRequests, base.readRequests);
    const dw = diff(r.writeRequests, base.writeRequests);
    const dt = diff(r.requests, base.requests);
    reset = reopened || dr.reset || dw.reset || dt.reset;
    basis = reset ? 'since-reset' : 'delta';
    reads = reset ? r.readRequests : dr.value;
    writes = reset ? r.writeRequests : dw.value;
    requests = reset ? r.requests : (dt.value as number);
  }
  const perSec = (n: number | null) => (n === null ? null : n / seconds);
  const rate: RegionRate = {
    encodedName: r.encodedName,
    name: r.name,
    startKey: r.startKey,
    endKey: r.endKey,
    server: r.server,
    reads,
    writes,
    requests,
    readsPerSec: perSec(reads),
    writesPerSec: perSec(writes),
    requestsPerSec: requests / seconds,
    storeSizeBytes: r.storeSizeBytes,
    storeGrowthBytes: base ? r.storeSizeBytes - base.storeSizeBytes : null,
    basis,
  };
  return { rate, reset };
}

function serverRates(regions: readonly RegionRate[], seconds: number): ServerRate[] {
  const byServer = new Map<string, RegionRate[]>();
  for (const r of regions) {
    const list = byServer.get(r.server);
    if (list) list.push(r);
    else byServer.set(r.server, [r]);
  }
  const sum = (rs: RegionRate[], f: (r: RegionRate) => number | null) =>
    rs.reduce<number | null>((acc, r) => (acc === null || f(r) === null ? null : acc + (f(r) as number)), 0);
  return [...byServer.entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([server, rs]) => {
      const reads = sum(rs, (r) => r.reads);
      const writes = sum(rs, (r) => r.writes);
      const requests = sum(rs, (r) => r.requests) as number;
      return {
        server, regionCount: rs.length, reads, writes, requests,
        readsPerSec: reads === null ? null : reads / seconds,
        writesPerSec: writes === null ? null : writes / seconds,
        requestsPerSec: requests / seconds,
      };
    });
}

/** Rates and events of one interval; `lastSeen` holds every region's latest sighting and is updated. */
function interval(prev: LoadSnapshot, next: LoadSnapshot, expectedMs: number, lastSeen: Map<string, RegionLoad>): { interval: RateInterval; events: RateEvent[] } {
  const durationMs = next.timeMs - prev.timeMs;
  const seconds = durationMs / 1000;
  const at = { startMs: prev.timeMs, timeMs: next.timeMs };
  const events: RateEvent[] = [];
  const before = new Map(prev.regions.map((r) => [r.encodedName, r]));
  const nextNames = new Set(next.regions.map((r) => r.encodedName));
  const appeared = next.regions.filter((r) => !before.has(r.encodedName) && !lastSeen.has(r.encodedName));
  const lineage = matchLineage(prev.regions.filter((r) => !nextNames.has(r.encodedName)), appeared);
  const restarted = new Set<string>();
  const regions = next.regions.map((r) => {
    const base = before.get(r.encodedName) ?? lastSeen.get(r.encodedName);
    if (base && !before.has(r.encodedName)) {
      events.push({ kind: 'region-returned', ...at, region: r.encodedName, server: r.server, detail: `region ${r.name} is back after missing from a snapshot; its counts since it was last seen are put in this interval` });
    }
    if (base && base.server !== r.server) {
      if (hostPort(base.server) === hostPort(r.server)) {
        if (!restarted.has(r.server)) events.push({ kind: 'server-restarted', ...at, server: r.server, fromServer: base.server, detail: `RegionServer ${hostPort(r.server)} restarted (start code changed); its regions' counters restarted from 0` });
        restarted.add(r.server);
      } else {
        events.push({ kind: 'region-moved', ...at, region: r.encodedName, server: r.server, fromServer: base.server, detail: `region ${r.name} moved from ${base.server} to ${r.server}; the interval's load counts on ${r.server}` });
      }
    }
    const reopened = base !== undefined && base.server !== r.server;
    const { rate, reset } = regionRate(r, base, seconds, reopened);
    if (reset) {
      const why = reopened ? `reopened on ${r.server}, so its counters restarted from 0` : 'went down (reopened or server restarted)';
      events.push({ kind: 'counter-reset', ...at, region: r.encodedName, server: r.server, detail: `counters of region ${r.name} ${why}; the later value is taken as the count since the reset` });
    }
    lastSeen.set(r.encodedName, r);
    return rate;
  });
  for (const [parent, daughters] of lineage.splits) {
    events.push({ kind: 'region-split', ...at, region: parent.encodedName, server: parent.server, related: daughters.map((d) => d.encodedName), detail: `region ${parent.name} split into ${daughters.map((d) => d.name).join(', ')}; the daughters' counters since they opened are their interval counts` });
  }
  for (const [merged, parents] of lineage.merges) {
    events.push({ kind: 'region-merged', ...at, region: merged.encodedName, server: merged.server, related: parents.map((p) => p.encodedName), detail: `regions ${parents.map((p) => p.name).join(', ')} merged into ${merged.name}; its counters since it opened are its interval counts` });
  }
  for (const r of lineage.appeared) events.push({ kind: 'region-appeared', ...at, region: r.encodedName, server: r.server, detail: `region ${r.name} appeared; its counters since it opened are its interval counts` });
  for (const r of lineage.gone) events.push({ kind: 'region-gone', ...at, region: r.encodedName, server: r.server, detail: `region ${r.name} is missing from the later snapshot; its load in this interval is unknown` });
  const gap = expectedMs > 0 && durationMs > GAP_FACTOR * expectedMs;
  if (gap) events.push({ kind: 'gap', ...at, detail: `${durationMs} ms between snapshots where ${expectedMs} ms was expected; rates are averages over the whole gap` });
  return { interval: { ...at, endMs: next.timeMs, durationMs, gap, regions, servers: serverRates(regions, seconds) }, events };
}

/**
 * Turns a load series into per-interval rates per region and per RegionServer (see the module comment for how
 * resets, moves, splits, merges and gaps are handled; each is reported as a {@link RateEvent}, never thrown).
 * @returns one {@link RateInterval} per pair of consecutive snapshots (none for fewer than two snapshots).
 * @throws {@link HotspotError} `SERIES_TIME_ORDER` when snapshot times do not strictly increase (the readers and
 *   writers already guarantee this; only a hand-built series can break it).
 */
export function computeRates(series: LoadSeries): LoadRates {
  const snaps = series.snapshots;
  const spacings = snaps.slice(1).map((s, i) => s.timeMs - (snaps[i] as LoadSnapshot).timeMs);
  const bad = spacings.findIndex((d) => !(d > 0));
  if (bad >= 0) {
    throw new HotspotError('SERIES_TIME_ORDER', `snapshot ${bad + 2} (time ${snaps[bad + 1]?.timeMs} ms) is not after snapshot ${bad + 1} (${snaps[bad]?.timeMs} ms); snapshots must be in increasing time order`);
  }
  const expectedIntervalMs = series.source.intervalMs ?? (spacings.length ? median(spacings) : 0);
  const lastSeen = new Map<string, RegionLoad>();
  for (const r of snaps[0]?.regions ?? []) lastSeen.set(r.encodedName, r);
  const intervals: RateInterval[] = [];
  const events: RateEvent[] = [];
  for (let i = 1; i < snaps.length; i++) {
    const step = interval(snaps[i - 1] as LoadSnapshot, snaps[i] as LoadSnapshot, expectedIntervalMs, lastSeen);
    intervals.push(step.interval);
    events.push(...step.events);
  }
  return { table: series.table, expectedIntervalMs, intervals, events };
}
