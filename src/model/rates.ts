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
 * Regions are matched between snapshots by encoded name. Two consecutive snapshots that list the same regions in the
 * same order (the usual case: nothing split, merged, vanished or came back) are matched position by position, so a
 * long series costs one pass over its readings; a name map is built only for a snapshot whose region list changed.
 *
 * @module
 */
import { equalBytes } from '../bytes/index.js';
import { HotspotError } from '../util/errors.js';
import { hostPortOf as hostPort } from '../util/server-name.js';
import { type Lineage, matchLineage } from './lineage.js';
import { type NameIndex, nameIndexOf, rememberNameIndex } from './name-index.js';
import type { LoadRates, RateBasis, RateEvent, RateInterval, RegionRate, ServerRate } from './rate-types.js';
import { snapshotColumns } from './snapshot-columns.js';
import type { LoadSeries, LoadSnapshot, RegionLoad } from './types.js';

/** The names map of a steady pair, which matches by position and looks up no name. */
const NO_NAMES: ReadonlyMap<string, number> = new Map();

/** An interval is a gap when it is longer than this many expected intervals. */
export const GAP_FACTOR = 1.5;


/**
 * Whether a region seen on `before` and then on `after` is known to have been reopened: the names differ, and not
 * only because one of them lacks the start code (`host:port` beside `host,port,startcode` of the same host and port
 * is the same server written by a source that did not know the start code; whether it restarted is unknown, so
 * only a counter that went down says so).
 */
function reopenedOn(before: string, after: string): boolean {
  if (before === after) return false;
  return hostPort(before) !== hostPort(after) || (hasStartCode(before) && hasStartCode(after));
}

/** True for a full server name, `host,port,startcode`. */
function hasStartCode(server: string): boolean {
  return server.split(',').length === 3;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? (sorted[mid] as number) : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

/** True when a cumulative counter went down between two readings where both are known (a reset). */
function wentDown(later: number | null, earlier: number | null): boolean {
  return later !== null && earlier !== null && !(later >= earlier);
}

/** Counter difference `later − earlier`, or `later` when either reading is unknown. */
function counted(later: number | null, earlier: number | null): number | null {
  return later === null || earlier === null ? later : later - earlier;
}

/** `count` per second of an interval `seconds` long; `null` for an unknown count. */
function perSecond(count: number | null, seconds: number): number | null {
  return count === null ? null : count / seconds;
}

/**
 * One region's rates over an interval `seconds` long, from its reading `r` at the interval's end and `base`, its
 * latest earlier reading (`undefined` for a region never seen before). `reopened`: it changed server since `base`.
 * The basis is `'since-reset'` exactly when a counter reset is to be reported.
 */
function regionRate(r: RegionLoad, base: RegionLoad | undefined, seconds: number, reopened: boolean): RegionRate {
  return rateOf(
    r.table, r.encodedName, r.name, r.startKey, r.endKey, r.server, r.readRequests, r.writeRequests, r.requests, r.storeSizeBytes,
    base !== undefined, base?.readRequests ?? null, base?.writeRequests ?? null, base?.requests ?? 0, base?.storeSizeBytes ?? 0,
    seconds, reopened,
  );
}

/**
 * {@link regionRate} of a reading given by its fields (`table` to `storeSizeBytes`, as {@link RegionLoad}'s) and its
 * base's counters (`hasBase` false for none), so that a snapshot held in columns is read without an object per region.
 */
function rateOf(
  table: string | undefined, encodedName: string, name: string, startKey: Uint8Array, endKey: Uint8Array, server: string,
  readRequests: number | null, writeRequests: number | null, requestsNow: number, storeSizeBytes: number,
  hasBase: boolean, baseReads: number | null, baseWrites: number | null, baseRequests: number, baseSize: number,
  seconds: number, reopened: boolean,
): RegionRate {
  let basis: RateBasis = 'since-open';
  let reads = readRequests;
  let writes = writeRequests;
  let requests = requestsNow;
  if (hasBase) {
    const reset = reopened || wentDown(readRequests, baseReads) || wentDown(writeRequests, baseWrites) || wentDown(requestsNow, baseRequests);
    basis = reset ? 'since-reset' : 'delta';
    if (!reset) {
      reads = counted(readRequests, baseReads);
      writes = counted(writeRequests, baseWrites);
      requests = counted(requestsNow, baseRequests) as number;
    }
  }
  const readsPerSec = perSecond(reads, seconds);
  const writesPerSec = perSecond(writes, seconds);
  const requestsPerSec = requests / seconds;
  const storeGrowthBytes = hasBase ? storeSizeBytes - baseSize : null;
  // two literals rather than a spread of an optional `table`: a spread object is built property by property and
  // takes a sixth more memory, and a day of rates holds one of these per region per interval
  return table === undefined
    ? { encodedName, name, startKey, endKey, server, reads, writes, requests, readsPerSec, writesPerSec, requestsPerSec, storeSizeBytes, storeGrowthBytes, basis }
    : { table, encodedName, name, startKey, endKey, server, reads, writes, requests, readsPerSec, writesPerSec, requestsPerSec, storeSizeBytes, storeGrowthBytes, basis };
}

const sameKey = (a: Uint8Array, b: Uint8Array) => a === b || equalBytes(a, b);

/** True when two region rates hold the same values (numbers compared with `Object.is`, keys by bytes). */
function sameRate(a: RegionRate, b: RegionRate): boolean {
  return (
    a.table === b.table && a.encodedName === b.encodedName && a.name === b.name && a.server === b.server && a.basis === b.basis &&
    Object.is(a.reads, b.reads) && Object.is(a.writes, b.writes) && Object.is(a.requests, b.requests) &&
    Object.is(a.readsPerSec, b.readsPerSec) && Object.is(a.writesPerSec, b.writesPerSec) && Object.is(a.requestsPerSec, b.requestsPerSec) &&
    Object.is(a.storeSizeBytes, b.storeSizeBytes) && Object.is(a.storeGrowthBytes, b.storeGrowthBytes) &&
    sameKey(a.startKey, b.startKey) && sameKey(a.endKey, b.endKey)
  );
}

/** One server's running sums over an interval's regions (`null` once a region lacks the read/write split). */
interface ServerSums {
  readonly server: string;
  regionCount: number;
  reads: number | null;
  writes: number | null;
  requests: number;
}

/** Per-server sums of an interval's region rates, by server name, in one pass over the regions. */
function serverRates(regions: readonly RegionRate[], seconds: number): ServerRate[] {
  const byServer = new Map<string, ServerSums>();
  for (const r of regions) {
    let sums = byServer.get(r.server);
    if (!sums) byServer.set(r.server, (sums = { server: r.server, regionCount: 0, reads: 0, writes: 0, requests: 0 }));
    sums.regionCount++;
    sums.reads = sums.reads === null || r.reads === null ? null : sums.reads + r.reads;
    sums.writes = sums.writes === null || r.writes === null ? null : sums.writes + r.writes;
    sums.requests += r.requests;
  }
  return [...byServer.values()]
    .sort((a, b) => (a.server < b.server ? -1 : a.server > b.server ? 1 : 0))
    .map(({ server, regionCount, reads, writes, requests }) => ({
      server, regionCount, reads, writes, requests,
      readsPerSec: perSecond(reads, seconds),
      writesPerSec: perSecond(writes, seconds),
      requestsPerSec: requests / seconds,
    }));
}

/**
 * The regions with one name per RegionServer. A snapshot that names a server both `host,port,startcode` and
 * `host:port` (a source that fell back to the short form for some of its regions) lists one server, not two: the
 * short form's regions are put on the full name, so the interval's fair share and its peers count it once. Two full
 * names of one host and port (two start codes) are left apart. The distinct names are compared, not every region,
 * and the regions are copied only when two forms meet.
 */
function oneNamePerServer(regions: RegionRate[]): RegionRate[] {
  const distinct = new Set<string>();
  let last: string | undefined;
  for (const r of regions) {
    if (r.server === last) continue;
    last = r.server;
    distinct.add(last);
  }
  const full = new Map<string, string>();
  for (const name of distinct) if (hasStartCode(name) && !full.has(hostPort(name))) full.set(hostPort(name), name);
  if (full.size === 0 || full.size === distinct.size) return regions;
  const rename = new Map<string, string>();
  for (const name of distinct) {
    const to = hasStartCode(name) ? undefined : full.get(name);
    if (to !== undefined) rename.set(name, to);
  }
  if (rename.size === 0) return regions;
  return regions.map((r) => {
    const to = rename.get(r.server);
    return to === undefined ? r : { ...r, server: to };
  });
}

/**
 * True when both snapshots name the same regions in the same order (held in columns, their encoded names are compared
 * there: no region object is built).
 */
function sameNames(a: LoadSnapshot, b: LoadSnapshot): boolean {
  const ac = snapshotColumns(a);
  const bc = ac && snapshotColumns(b);
  if (ac && bc) {
    if (ac.encodedNames === bc.encodedNames) return true;
    if (ac.length !== bc.length) return false;
    for (let i = 0; i < ac.length; i++) if (ac.encodedNames[i] !== bc.encodedNames[i]) return false;
    return true;
  }
  const ar = a.regions;
  const br = b.regions;
  if (ar.length !== br.length) return false;
  for (let i = 0; i < ar.length; i++) if ((ar[i] as RegionLoad).encodedName !== (br[i] as RegionLoad).encodedName) return false;
  return true;
}

/** The name index of a snapshot's regions: its columns' when it is held in columns (no region object is built). */
function snapshotNameIndex(snapshot: LoadSnapshot | undefined): NameIndex {
  if (snapshot === undefined) return nameIndexOf([]);
  return snapshotColumns(snapshot)?.index ?? nameIndexOf(snapshot.regions);
}

/**
 * Every region's latest sighting (encoded name → its reading in the latest snapshot that listed it), for regions that
 * miss a snapshot and come back, and to tell a region seen before from a new one. While snapshots keep listing the
 * same regions nothing is written: the latest snapshot is only remembered, and entered when the map is next read.
 */
class Sightings {
  private readonly byName = new Map<string, RegionLoad>();
  private pending: LoadSnapshot | undefined;

  /**
   * Takes the regions of `snapshot` as the latest sightings of their names (read only when the map is: a snapshot
   * held in columns builds its regions then).
   */
  defer(snapshot: LoadSnapshot | undefined): void {
    this.pending = snapshot;
  }

  /** The map, up to date; the caller enters the sightings of the snapshot it is reading. */
  latest(): Map<string, RegionLoad> {
    for (const r of this.pending?.regions ?? []) this.byName.set(r.encodedName, r);
    this.pending = undefined;
    return this.byName;
  }
}

/** The two snapshots of an interval, their name indexes, and whether they list the same regions in the same order. */
interface Pair {
  readonly prev: LoadSnapshot;
  readonly next: LoadSnapshot;
  readonly prevIndex: NameIndex;
  readonly nextIndex: NameIndex;
  /** Same unique names in the same order: each region is matched by position, and none appeared or vanished. */
  readonly steady: boolean;
}

/**
 * Rates of one interval, its events appended to `events`. In a steady pair each region is diffed against the region
 * at the same position of the earlier snapshot; otherwise against its entry there by name, or else its latest
 * sighting (and split, merge, appeared and gone regions are matched by key range).
 */
function interval(pair: Pair, expectedMs: number, sightings: Sightings, events: RateEvent[], previous: readonly RegionRate[] | undefined): RateInterval {
  const { prev, next } = pair;
  const durationMs = next.timeMs - prev.timeMs;
  const seconds = durationMs / 1000;
  const at = { startMs: prev.timeMs, timeMs: next.timeMs };
  // a steady pair matches by position: its names are never mapped (a map of a hundred thousand names costs more than
  // the interval's own rates)
  let before: ReadonlyMap<string, number> = NO_NAMES;
  let lastSeen: Map<string, RegionLoad> | undefined;
  let lineage: Lineage | undefined;
  if (pair.steady) sightings.defer(next);
  else {
    before = pair.prevIndex.positions;
    lastSeen = sightings.latest();
    const seen = lastSeen;
    const appeared = next.regions.filter((r) => !before.has(r.encodedName) && !seen.has(r.encodedName));
    lineage = matchLineage(prev.regions.filter((r) => !pair.nextIndex.positions.has(r.encodedName)), appeared);
  }
  const restarted = new Set<string>();
  const regions: RegionRate[] = [];
  /** The events of region `i` reopened on `server` after `fromServer` (a server restarted, or the region moved). */
  const reopenedEvents = (encodedName: string, name: string, server: string, fromServer: string): void => {
    if (hostPort(fromServer) === hostPort(server)) {
      if (!restarted.has(server)) events.push({ kind: 'server-restarted', ...at, server, fromServer, detail: `RegionServer ${hostPort(server)} restarted (start code changed); its regions' counters restarted from 0` });
      restarted.add(server);
    } else {
      events.push({ kind: 'region-moved', ...at, region: encodedName, server, fromServer, detail: `region ${name} moved from ${fromServer} to ${server}; the interval's load counts on ${server}` });
    }
  };
  // a steady pair of snapshots held in columns is read from them: no region object is built for either
  const nc = pair.steady ? snapshotColumns(next) : undefined;
  const pc = nc ? snapshotColumns(prev) : undefined;
  const count = pc && nc ? nc.length : next.regions.length;
  for (let i = 0; i < count; i++) {
    let rate: RegionRate;
    let reopened: boolean;
    if (pc && nc) {
      const server = nc.servers[i] as string;
      const fromServer = pc.servers[i] as string;
      reopened = reopenedOn(fromServer, server);
      if (reopened) reopenedEvents(nc.encodedNames[i] as string, nc.names[i] as string, server, fromServer);
      rate = rateOf(
        undefined, nc.encodedNames[i] as string, nc.names[i] as string, nc.startKeys[i] as Uint8Array, nc.endKeys[i] as Uint8Array, server,
        nc.readRequests[i] as number | null, nc.writeRequests[i] as number | null, nc.requests[i] as number, nc.storeSizeBytes[i] as number,
        true, pc.readRequests[i] as number | null, pc.writeRequests[i] as number | null, pc.requests[i] as number, pc.storeSizeBytes[i] as number,
        seconds, reopened,
      );
    } else {
      const r = next.regions[i] as RegionLoad;
      let base: RegionLoad | undefined;
      if (!lastSeen) base = prev.regions[i];
      else {
        const position = before.get(r.encodedName);
        base = position === undefined ? lastSeen.get(r.encodedName) : prev.regions[position];
        if (base && position === undefined) {
          events.push({ kind: 'region-returned', ...at, region: r.encodedName, server: r.server, detail: `region ${r.name} is back after missing from a snapshot; its counts since it was last seen are put in this interval` });
        }
        lastSeen.set(r.encodedName, r);
      }
      reopened = base !== undefined && reopenedOn(base.server, r.server);
      if (base && reopened) reopenedEvents(r.encodedName, r.name, r.server, base.server);
      rate = regionRate(r, base, seconds, reopened);
    }
    if (rate.basis === 'since-reset') {
      const why = reopened ? `reopened on ${rate.server}, so its counters restarted from 0` : 'went down (reopened or server restarted)';
      events.push({ kind: 'counter-reset', ...at, region: rate.encodedName, server: rate.server, detail: `counters of region ${rate.name} ${why}; the later value is taken as the count since the reset` });
    }
    // an idle region's rates repeat interval after interval: a steady pair lists the previous interval's object again
    // (rates are never changed after they are made), so a long series of a mostly idle table stays small
    const earlier = pair.steady ? previous?.[i] : undefined;
    regions.push(earlier !== undefined && sameRate(earlier, rate) ? earlier : rate);
  }
  const named = oneNamePerServer(regions);
  // the rates list the regions of `next` in its order: its name index is theirs
  rememberNameIndex(named, pair.nextIndex);
  if (lineage) lineageEvents(lineage, at, events);
  const gap = expectedMs > 0 && durationMs > GAP_FACTOR * expectedMs;
  if (gap) events.push({ kind: 'gap', ...at, detail: `${durationMs} ms between snapshots where ${expectedMs} ms was expected; rates are averages over the whole gap` });
  return { ...at, endMs: next.timeMs, durationMs, gap, regions: named, servers: serverRates(named, seconds) };
}

/** Appends the events of an interval's splits, merges, and regions that appeared or went without either. */
function lineageEvents(lineage: Lineage, at: { startMs: number; timeMs: number }, events: RateEvent[]): void {
  for (const [parent, daughters] of lineage.splits) {
    events.push({ kind: 'region-split', ...at, region: parent.encodedName, server: parent.server, related: daughters.map((d) => d.encodedName), detail: `region ${parent.name} split into ${daughters.map((d) => d.name).join(', ')}; the daughters' counters since they opened are their interval counts` });
  }
  for (const [merged, parents] of lineage.merges) {
    events.push({ kind: 'region-merged', ...at, region: merged.encodedName, server: merged.server, related: parents.map((p) => p.encodedName), detail: `regions ${parents.map((p) => p.name).join(', ')} merged into ${merged.name}; its counters since it opened are its interval counts` });
  }
  for (const r of lineage.appeared) events.push({ kind: 'region-appeared', ...at, region: r.encodedName, server: r.server, detail: `region ${r.name} appeared; its counters since it opened are its interval counts` });
  for (const r of lineage.gone) events.push({ kind: 'region-gone', ...at, region: r.encodedName, server: r.server, detail: `region ${r.name} is missing from the later snapshot; its load in this interval is unknown` });
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
  const sightings = new Sightings();
  sightings.defer(snaps[0]);
  const intervals: RateInterval[] = [];
  const events: RateEvent[] = [];
  let prevIndex = snapshotNameIndex(snaps[0]);
  for (let i = 1; i < snaps.length; i++) {
    const prev = snaps[i - 1] as LoadSnapshot;
    const next = snaps[i] as LoadSnapshot;
    const same = sameNames(prev, next);
    const nextIndex = same ? prevIndex : snapshotNameIndex(next);
    // the previous interval's rates are listed in `prev`'s region order, which a steady pair shares
    intervals.push(interval({ prev, next, prevIndex, nextIndex, steady: same && prevIndex.unique }, expectedIntervalMs, sightings, events, intervals.at(-1)?.regions));
    prevIndex = nextIndex;
  }
  return { table: series.table, expectedIntervalMs, intervals, events };
}
