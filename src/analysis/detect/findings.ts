/**
 * Findings beside the shape of a hot region: `region-hotspot`, `server-hotspot`, `co-location`, `unsplit-table`,
 * `lumpy-presplit`, `scan-amplification` (see the catalogue).
 *
 * @module
 */
import { toStringBinary } from '../../bytes/index.js';
import { keyRangeOfName } from '../../regions/index.js';
import type { KeySample, LoadRates } from '../../model/index.js';
import { findingEntry } from './catalogue.js';
import { share } from './stats.js';
import { type SwapPlan, type SwapRegion, swapPlan } from './swaps.js';
import { primaryCount, secondaryReplicas } from './replicas.js';
import type { Finding, HotOn, RegionLoadShare, ServerLoadShare } from './types.js';
import type { LoadMeasure } from './hot-test.js';
import type { MeasureFigure } from './measure-figures.js';
import type { RegionShares } from './region-shares.js';
import type { WindowShares } from './window.js';
import { maxOf } from '../../util/arrays.js';
import { hostPortOf } from '../../util/server-name.js';

/**
 * A pre-split region is idle when its share of the requests is below this fraction of the fair region share, and its
 * write rate below this fraction of the fair write rate (see `lumpy`).
 */
export const IDLE_OF_FAIR = 0.1;
/** Lumpy pre-split needs at least this fraction of the pre-split regions idle. */
export const IDLE_FRACTION = 0.25;

const pct = (x: number) => `${(x * 100).toFixed(x < 0.1 ? 1 : 0)}%`;
const range = (r: RegionLoadShare) => `["${r.startKey}", "${r.endKey}")`;

/**
 * Servers (as `host:port`) that hosted a region in an interval in which that region was hot: their load is explained by
 * that region, wherever it is at the window's end (the balancer or an operator may have moved it off since).
 */
function hostedHotRegion(shares: WindowShares): Set<string> {
  const out = new Set<string>();
  for (const h of shares.hotByInterval) for (const r of h.hot) out.add(hostPortOf(r.server));
  return out;
}

/**
 * Servers hot though no region they hold is or was hot: placement, not a key, makes them hot. A server that held a
 * region while it was hot is not one, even when the region has moved off it since.
 */
function coLocation(shares: WindowShares, rates: LoadRates): Finding[] {
  // a table of one key range and its read replicas has nothing to place otherwise: that is the unsplit table
  const regions = shares.regions;
  if (regions.hasReplicas && oneRange(rates)) return [];
  const avgRegions = shares.servers.reduce((a, s) => a + s.regionCount, 0) / Math.max(1, shares.servers.length);
  const heldHot = hostedHotRegion(shares);
  const groups = groupClauses(shares, shares.servers.filter((s) => s.hotNow));
  return shares.servers
    .filter((s) => s.hot && !heldHot.has(hostPortOf(s.server)))
    .flatMap((s) => {
      const mine: number[] = [];
      for (let j = 0; j < regions.length; j++) if (regions.server(j) === s.server) mine.push(j);
      if (mine.some((j) => regions.hotIntervals(j) > 0)) return [];
      const biggest = maxOf(mine.map((j) => regions.share(j)), 0);
      return [{
        kind: 'co-location' as const,
        level: 'server' as const,
        summary: `${s.server} is hot (${pct(s.share)} of requests, fair share ${pct(shares.fairServerShare)}) though none of its regions is: ${findingEntry('co-location').meaning}`,
        evidence: [
          `${s.server} took ${s.peerRatio === null ? 'all' : `${s.peerRatio.toFixed(1)}×`} the average load of the other servers`,
          `it hosts ${s.regionCount} of the table's regions against ${avgRegions.toFixed(1)} per server on average; its busiest region took ${pct(biggest)}`,
          ...(groups.has(s.server) ? [`it is hot as one of a group of the busiest servers: ${groups.get(s.server) as string}`] : []),
        ],
        servers: [s.server],
        regions: mine.map((j) => regions.encodedName(j)),
      }];
    });
}

/**
 * A hot range split into daughters that all stayed on one RegionServer: the parent was hot in some interval, every
 * daughter is alive at the window's end on `server`, that server is hot now, and over now the daughters together took
 * more than k × the average of the table's other regions (`ratio`, summed over the intervals of now). Each daughter
 * alone can be under k × its peers, since its sibling is one of them; together they are still the parent's hot range,
 * on one server.
 */
export interface CoLocatedSplit {
  /** Encoded name of the split region. */
  readonly parent: string;
  /** Encoded names of its daughters, all on `server`. */
  readonly daughters: readonly string[];
  /** The RegionServer hosting every daughter at the window's end. */
  readonly server: string;
  /** The daughters' requests over now ÷ the other regions' mean requests over now (null when those took nothing). */
  readonly ratio: number | null;
}

/** The hot ranges whose split left every daughter on one server hot now (see {@link CoLocatedSplit}). */
export function coLocatedSplits(rates: LoadRates, shares: WindowShares): CoLocatedSplit[] {
  const endMs = rates.intervals.at(-1)?.endMs;
  const out: CoLocatedSplit[] = [];
  const splits = rates.events.filter((e) => e.kind === 'region-split' && e.related && e.related.length >= 2);
  if (splits.length === 0) return out;
  for (const e of splits) {
    if (!e.related || e.region === undefined || (shares.regions.named(e.region)?.hotIntervals ?? 0) === 0) continue;
    const names = new Set(e.related);
    const daughters = e.related.flatMap((n) => shares.regions.named(n) ?? []);
    const server = daughters[0]?.server;
    if (daughters.length !== names.size || daughters.some((r) => r.server !== server || r.lastSeenMs !== endMs || r.hotNow)) continue;
    if (!shares.servers.some((s) => s.server === server && s.hotNow)) continue;
    // over now: the daughters' requests against the sum of each interval's mean of the other regions
    let mine = 0;
    let othersMean = 0;
    for (const i of shares.nowIndexes) {
      const iv = (shares.hotByInterval[i] as WindowShares['hotByInterval'][number]).interval;
      let d = 0;
      let n = 0;
      let others = 0;
      // the other key ranges: secondary read replicas are no peers (replicas.ts); the daughters of a hot replica are
      // replicas themselves, measured against the primaries as one more member is
      const replicas = secondaryReplicas(iv.regions);
      let members = 0;
      iv.regions.forEach((r, j) => {
        if (names.has(r.encodedName)) {
          d += r.requests;
          n++;
        } else if (!replicas?.[j]) {
          others += r.requests;
          members++;
        }
      });
      if (n === 0 || members === 0) continue;
      mine += d;
      othersMean += others / members;
    }
    if (mine > shares.k * othersMean) out.push({ parent: e.region, daughters: daughters.map((r) => r.encodedName), server: server as string, ratio: othersMean > 0 ? mine / othersMean : null });
  }
  return out;
}

/** A co-location finding for each {@link CoLocatedSplit}: the daughters of a hot range stacked on one hot server. */
function splitCoLocation(shares: WindowShares, splits: readonly CoLocatedSplit[]): Finding[] {
  return splits.map((c) => {
    const s = shares.servers.find((x) => x.server === c.server) as ServerLoadShare;
    // in key order, as the rows are listed
    const daughters = shares.regions.rowsAt(c.daughters.map((n) => shares.regions.indexOf(n)).filter((j) => j >= 0).sort((a, b) => a - b));
    return {
      kind: 'co-location' as const,
      level: 'server' as const,
      summary: `${c.server} holds every daughter of hot region ${c.parent} (${pct(s.nowShare)} of the requests over now, fair share ${pct(shares.fairServerShare)}): the split divided the hot range but left it on one server`,
      evidence: [
        `its daughters ${daughters.map((r) => `${r.encodedName} ${range(r)} ${pct(r.nowShare ?? 0)}`).join(', ')} together took ${c.ratio === null ? 'all of the requests' : `${c.ratio.toFixed(1)} × the average of the table's other regions`} over now, above ${shares.k} ×, though each alone is measured against peers that include its sibling`,
        `${c.server} took ${s.nowPeerRatio === null ? 'all' : `${s.nowPeerRatio.toFixed(1)} ×`} the average load of the other servers over now`,
      ],
      servers: [c.server],
      regions: [...c.daughters],
    };
  });
}

/** The swaps for a server hot now that holds two or more regions hot now (see `swaps.ts`), from a detection's figures. */
export function stackedSwaps(servers: readonly ServerLoadShare[], regions: readonly RegionLoadShare[], endMs: number): SwapPlan[] {
  const live = regions.filter((r) => r.lastSeenMs === endMs);
  const loads = new Map(servers.map((s) => [s.server, s.nowShare]));
  // a table with read replicas: the replicas of a range are kept on separate servers (swaps.ts)
  const replicated = live.some((r) => r.replicaId !== undefined);
  const of = (r: RegionLoadShare): SwapRegion => ({
    encodedName: r.encodedName, server: r.server, share: r.nowShare ?? 0,
    ...(replicated ? { range: keyRangeOfName(r.name), replica: r.replicaId !== undefined } : {}),
  });
  return servers.filter((s) => s.hotNow).flatMap((s) => {
    const stacked = live.filter((r) => r.hotNow && r.server === s.server).sort((a, b) => (b.nowShare ?? 0) - (a.nowShare ?? 0));
    if (stacked.length < 2) return [];
    const plan = swapPlan(s.server, stacked.map(of), loads, live.map(of));
    return plan.swaps.length > 0 ? [plan] : [];
  });
}

/** Hot regions stacked on one hot server: co-location, with the swaps that spread them. */
function stacked(shares: WindowShares, endMs: number): Finding[] {
  const regions = shares.regions;
  // no server hot now holds two live regions hot now: nothing to swap, and no row to build
  const liveHotNow = regions.hotNowRows().filter((j) => regions.lastSeenMs(j) === endMs);
  if (!shares.servers.some((s) => s.hotNow && liveHotNow.filter((j) => regions.server(j) === s.server).length >= 2)) return [];
  const rows = regions.rows();
  return stackedSwaps(shares.servers, rows, endMs).map((plan) => {
    const hot = rows.filter((r) => r.hotNow && r.server === plan.server && r.lastSeenMs === endMs);
    return {
      kind: 'co-location' as const,
      level: 'server' as const,
      summary: `${plan.server} holds ${hot.length} regions hot now (${pct(plan.before)} of the requests over now): the balancer evens region counts, not load`,
      evidence: [
        `its hot regions: ${hot.map((r) => `${r.encodedName} ${range(r)} ${pct(r.nowShare ?? 0)}`).join(', ')}`,
        `${plan.swaps.length} swap(s) with the least loaded servers, keeping region counts even, take it from ${pct(plan.before)} to ${pct(plan.after)} of the requests: ${plan.swaps.map((w) => `${w.region.encodedName} to ${w.to} and ${w.back.encodedName} back`).join('; ')}`,
      ],
      servers: [plan.server],
      regions: hot.map((r) => r.encodedName),
    };
  });
}

/** A table HBase will not let a user pre-split or rekey (the `hbase` namespace: `hbase:meta`, `hbase:namespace`, ...). */
export function isSystemTable(table: string): boolean {
  return table.startsWith('hbase:');
}

/**
 * Whether every interval of `rates` has one key range: one region, or one primary with its secondary read replicas
 * (`replicas.ts`), which serve the same range.
 */
function oneRange(rates: LoadRates): boolean {
  return rates.intervals.length > 0 && rates.intervals.every((iv) => iv.regions.length === 1 || primaryCount(iv.regions, secondaryReplicas(iv.regions)) === 1);
}

function unsplit(rates: LoadRates, shares: WindowShares): Finding[] {
  // HBase keeps its system tables as they are: a pre-split of hbase:meta is not a step anyone can take
  if (isSystemTable(rates.table) || !oneRange(rates)) return [];
  // the primary: its replicas take only timeline reads and cannot be split apart from it
  const regions = shares.regions;
  let primary = 0;
  while (primary < regions.length && regions.replicaId(primary) !== undefined) primary++;
  const only = primary < regions.length ? regions.row(primary) : undefined;
  if (!only || only.share <= 0) return [];
  const replicas = regions.length - 1;
  return [{
    kind: 'unsplit-table',
    level: 'table',
    summary: `the table has one region, so ${only.server} takes all of its requests${replicas > 0 ? ' but its replicas\' timeline reads' : ''}`,
    evidence: [`region ${only.name} was the table's only region${replicas > 0 ? ` (with ${replicas} secondary read replica(s) of its range)` : ''} in all ${rates.intervals.length} interval(s) and took ${pct(only.share)} of ${only.requestsPerSec.toFixed(1)} requests/s`],
    servers: [only.server],
    regions: [only.encodedName],
  }];
}

/**
 * A test of whether a region was in the first interval: when every later interval starts after it (as the rate step
 * makes them), a region first seen at its start was, with no set of the first interval's names.
 */
function inFirstInterval(rates: LoadRates, regions: RegionShares): (j: number) => boolean {
  const first = rates.intervals[0] as LoadRates['intervals'][number];
  if (rates.intervals.every((iv, i) => i === 0 || iv.startMs > first.startMs)) return (j) => regions.firstSeenMs(j) === first.startMs;
  const names = new Set(first.regions.map((f) => f.encodedName));
  return (j) => names.has(regions.encodedName(j));
}

/**
 * Encoded names of the first interval's regions that held rows when the window began (store size at its start above
 * 0, bytes): written before, so a key of the table's own reached them.
 */
function heldRowsAtStart(first: LoadRates['intervals'][number]): Set<string> {
  return new Set(first.regions.filter((r) => r.storeSizeBytes - (r.storeGrowthBytes ?? r.storeSizeBytes) > 0).map((r) => r.encodedName));
}

/**
 * The pre-split rows (`presplit`) the key never writes: none of `held`'s (rows held when the window began) nor holding
 * rows when last seen, and, when the source splits reads from writes, taking no writes or under {@link IDLE_OF_FAIR}
 * of the writes' fair rate: the mean write rate (writes per second over each region's own time in the window) of the
 * pre-split regions not `hot`. The hot regions' writes are left out of that mean, as a write hotspot would otherwise
 * shrink every other region's share of the writes; without a read/write split only the rows held say it.
 */
function neverWritten(regions: RegionShares, presplit: readonly number[], hot: ReadonlySet<number>, held: ReadonlySet<string>): Set<number> {
  let sum = 0;
  let count = 0;
  for (const j of presplit) {
    const rate = regions.writesPerSec(j);
    if (hot.has(j) || rate === null) continue;
    sum += rate;
    count++;
  }
  const floor = count > 0 ? IDLE_OF_FAIR * (sum / count) : 0;
  return new Set(presplit.filter((j) => {
    if (held.has(regions.encodedName(j)) || regions.storeSizeBytes(j) > 0) return false;
    const rate = regions.writesPerSec(j);
    return rate === null || rate === 0 || rate < floor;
  }));
}

/**
 * Lumpy pre-split: pre-split ranges the key never writes. At least {@link IDLE_FRACTION} of the regions present from
 * the start are idle beside a hot region: each takes under {@link IDLE_OF_FAIR} of the fair region share of the
 * requests, and is never written ({@link neverWritten}): it holds no rows (when the window began nor when last seen)
 * and takes under {@link IDLE_OF_FAIR} of the fair write rate of the regions not hot. A region quiet only because a
 * hot region soaks the table's requests (a read hotspot) is written or holds rows, so it is not idle; nor is a
 * monotonic tail's older region holding rows, idle because the key is time-ordered (no choice of split points changes
 * it), while a range the tail never wrote still is.
 */
function lumpy(rates: LoadRates, shares: WindowShares, samples: readonly KeySample[] | undefined): Finding[] {
  const first = rates.intervals[0];
  if (!first || first.regions.length < 2) return [];
  // a secondary read replica is idle by design (replicas.ts): not a pre-split range left empty
  const regions = shares.regions;
  const firstInterval = inFirstInterval(rates, regions);
  // the rows hot over the window or in some interval (a region hot is hot in some interval)
  const hot = regions.everHot;
  if (hot.length === 0) return [];
  const presplit: number[] = [];
  for (let j = 0; j < regions.length; j++) if (regions.replicaId(j) === undefined && firstInterval(j)) presplit.push(j);
  // nor is the primary of a range read through its hot replica
  const hotReplicaRanges = new Set(hot.filter((j) => regions.replicaId(j) !== undefined).map((j) => keyRangeOfName(regions.name(j))));
  const unwritten = neverWritten(regions, presplit, new Set(hot), heldRowsAtStart(first));
  const idle = presplit.filter((j) => regions.share(j) < IDLE_OF_FAIR * shares.fairRegionShare && !(hotReplicaRanges.size > 0 && hotReplicaRanges.has(keyRangeOfName(regions.name(j)))) && unwritten.has(j));
  if (idle.length < Math.max(1, IDLE_FRACTION * presplit.length)) return [];
  // without a read/write split the writes were not measured: the rows held and the requests say it
  const measured = idle.every((j) => regions.writesPerSec(j) !== null) ? 'of the requests and of the writes' : 'of the requests';
  // sizes in whole MB (list_regions, status 'detailed', REST /status/cluster): 0 MB is under 1 MB, not no rows; told
  // from the sizes when some region holds a whole number of MB above 0 and none a fraction
  const MB = 1_048_576;
  let sized = false;
  let whole = true;
  for (let j = 0; j < regions.length; j++) {
    const bytes = regions.storeSizeBytes(j);
    if (bytes > 0) sized = true;
    if (bytes % MB !== 0) whole = false;
  }
  const empty = sized && whole ? 'hold under 1 MB each (the source gives store sizes in whole MB, so 0 MB may still be a few rows)' : 'hold no rows';
  const evidence = [
    `${idle.length} of ${presplit.length} pre-split regions ${empty} and took under ${pct(IDLE_OF_FAIR)} of their fair share ${measured}, e.g. ${regions.rowsAt(idle.slice(0, 4)).map(range).join(', ')}`,
    `beside hot ${regions.rowsAt(hot.slice(0, 3)).map((r) => `${range(r)} (${pct(r.share)})`).join(', ')}`,
  ];
  if (samples && samples.length > 0) {
    const alphabet = new Set(samples.filter((s) => s.key.length > 0).map((s) => s.key[0] as number));
    const replicas = secondaryReplicas(first.regions);
    const points = first.regions.filter((_, i) => !replicas?.[i]).map((r) => r.startKey).filter((k) => k.length > 0);
    const foreign = points.filter((k) => !alphabet.has(k[0] as number));
    const letters = [...alphabet].sort((a, b) => a - b).map((b) => toStringBinary(Uint8Array.of(b))).join('');
    evidence.push(foreign.length > 0
      ? `sampled keys start with only "${letters}"; ${foreign.length} of ${points.length} split points start with other bytes: ranges the key never uses`
      : `sampled keys start with "${letters}", as the split points do: the requests fall in few of the ranges all the same (a time-ordered key writes only its newest range)`);
  }
  return [{
    kind: 'lumpy-presplit',
    level: 'table',
    summary: `${findingEntry('lumpy-presplit').meaning}`,
    evidence,
    servers: [],
    regions: idle.map((j) => regions.encodedName(j)),
  }];
}

/**
 * Reads that follow rows made regions look hot: the intervals whose reads fell in proportion to the regions' store
 * sizes (see `row-reads.ts`) and the regions those reads alone would have put above k × their peers.
 */
function scanAmplification(shares: WindowShares, readPatterns: readonly string[] | undefined): Finding[] {
  const profiled = shares.hotByInterval.filter((h) => h.rowReads);
  const aside = profiled.filter((h) => h.setAside.length > 0);
  if (aside.length === 0) return [];
  const names = new Set(aside.flatMap((h) => h.setAside));
  const overlap = profiled.reduce((a, h) => a + (h.rowReads?.overlap ?? 0), 0) / profiled.length;
  const dataRegions = profiled.reduce((a, h) => a + (h.rowReads?.dataRegions ?? 0), 0) / profiled.length;
  let reads = 0;
  let requests = 0;
  let seconds = 0;
  for (const h of profiled) {
    reads += h.rowReads?.reads ?? 0;
    requests += h.interval.regions.reduce((a, r) => a + r.requests, 0);
    seconds += h.interval.durationMs / 1000;
  }
  const nowSet = new Set(shares.nowIndexes);
  const inNow = shares.hotByInterval.filter((h, i) => h.rowReads && nowSet.has(i)).length;
  const named = readPatterns && readPatterns.length > 0
    ? `the read pattern(s) ${readPatterns.map((p) => `"${p}"`).join(', ')} read rows a filter then drops`
    : 'the request pattern that explains it: scans over wide key ranges whose filter does the selecting (a time range over a key that does not lead with the entity, a scan without start and stop rows), or gets spread evenly over every row';
  const example = [...names].slice(0, 3).map((n) => {
    const r = shares.regions.named(n);
    return r ? `${n} ${range(r)}` : n;
  });
  return [{
    kind: 'scan-amplification',
    level: 'table',
    summary: `reads land on every region in proportion to its rows, not on popular keys: ${named}. They are not the hotspot: ${names.size} region(s) that took more reads only because they hold more rows are not counted as hot`,
    evidence: [
      `in ${profiled.length} of ${shares.hotByInterval.length} interval(s) (${inNow} of the ${shares.nowIndexes.length} of now) the reads followed the rows: on average ${pct(overlap)} of an interval's reads fell on the regions in proportion to their store sizes, over ${dataRegions.toFixed(1)} regions' worth of data (effective count)`,
      `reads were ${pct(share(reads, requests))} of the requests in those intervals, ${(seconds > 0 ? reads / seconds : 0).toFixed(0)} reads/s`,
      `on those reads ${names.size} region(s) would have been above ${shares.k} × their peers in ${aside.length} interval(s), e.g. ${example.join(', ')}; the scan reads that follow their rows were set aside from the hot test`,
    ],
    servers: [],
    regions: [...names],
  }];
}

/** How many hot regions or servers a hotspot finding lists line by line. */
export const HOTSPOTS_LISTED = 5;
const ratioText = (x: number | null) => (x === null ? 'with its peers idle' : `${x.toFixed(1)} × its peers' average`);
// a secondary read replica has no peers: its ratio is to the primaries' average (replicas.ts)
const replicaRatioText = (x: number | null) => (x === null ? 'with the primaries idle' : `${x.toFixed(1)} × the primaries' average`);

/** The order in which a finding names what its members were compared in ({@link HotOn}). */
const comparedOrder: readonly HotOn[] = ['requests', 'requests-less-row-reads', 'writes', 'reads', 'reads-less-row-reads'];
/** What each comparison is called in a finding's text. */
const comparedWords: Readonly<Record<HotOn, string>> = {
  'requests': 'requests',
  'requests-less-row-reads': 'requests less the scan reads that follow the rows',
  'writes': 'writes',
  'reads': 'reads',
  'reads-less-row-reads': 'reads less the scan reads that follow the rows',
};
const comparedOf = (f: MeasureFigure): HotOn => (f.lessRowReads ? (f.measure === 'reads' ? 'reads-less-row-reads' : 'requests-less-row-reads') : f.measure);

/** A member's figures over now in a measure it was hot in, with the number of intervals of now it was hot in it. */
interface LeadFigure extends MeasureFigure {
  readonly intervals: number;
}

/**
 * The figures over now (`figure`) of each measure a member was hot in (`measures`: measure → intervals of now it was
 * hot in it) when it was not hot in all requests with nothing set aside; empty when it was (the usual case, whose
 * figures the caller's text gives: a write-only table's hotspot is hot in requests and writes alike).
 */
function leadFigures(measures: ReadonlyMap<LoadMeasure, number>, figure: (m: LoadMeasure) => MeasureFigure | undefined): LeadFigure[] {
  const out: LeadFigure[] = [];
  for (const m of ['requests', 'writes', 'reads'] as const) {
    const intervals = measures.get(m);
    if (intervals === undefined) continue;
    const f = figure(m);
    if (!f) continue;
    if (comparedOf(f) === 'requests') return [];
    out.push({ ...f, intervals });
  }
  return out;
}

/**
 * A lead figure's text: `75% of the writes over now, 14.0 × its peers' average on writes, above 3 × in 3 of the 4
 * intervals of now` (`peers`: whose average; `k` the hot factor; `nowIntervals` the intervals of now); with row reads
 * set aside, the ratio is `on requests less the reads the rows explain`, not on all requests.
 */
function figureText(f: LeadFigure, peers: string, k: number, nowIntervals: number): string {
  const words = f.lessRowReads ? `of the ${f.measure} over now once the scan reads that follow the rows are set aside` : `of the ${f.measure} over now`;
  // the ratio is on what was compared: with the member's row reads set aside, not on all its requests or reads
  const on = comparedWords[comparedOf(f)];
  const ratio = f.peerRatio === null ? `with ${peers} taking no ${f.measure}` : `${f.peerRatio.toFixed(1)} × ${peers}' average on ${on}`;
  return `${pct(f.share)} ${words}, ${ratio}, above ${k} × in ${f.intervals} of the ${nowIntervals} interval(s) of now`;
}

/**
 * Each member's lead figures ({@link leadFigures}, by `measures` and `figure` of the member) and what the members
 * were compared in: `requests` for a member hot on all requests, else its lead figures' measures.
 */
function leadsOf<T>(members: readonly T[], measures: (member: T) => ReadonlyMap<LoadMeasure, number>, figure: (member: T, m: LoadMeasure) => MeasureFigure | undefined): { leads: LeadFigure[][]; compared: Set<HotOn> } {
  const compared = new Set<HotOn>();
  const leads = members.map((x) => {
    const lead = leadFigures(measures(x), (m) => figure(x, m));
    for (const f of lead) compared.add(comparedOf(f));
    if (lead.length === 0) compared.add('requests');
    return lead;
  });
  return { leads, compared };
}

/**
 * A member's figures: `X% of the requests over now, {ratio}` (`all`: its share of all requests over now, `ratio`
 * its ratio's text) when it has no lead figures; else the lead figures (against `peers`' average) with all
 * requests beside them.
 */
function figuresText(lead: readonly LeadFigure[], all: number, ratio: string, peers: string, shares: WindowShares): string {
  if (lead.length === 0) return `${pct(all)} of the requests over now, ${ratio}`;
  return `${lead.map((f) => figureText(f, peers, shares.k, shares.nowIndexes.length)).join('; ')} (${pct(all)} of all requests over now, ${ratio} on them)`;
}

/** What was compared, in order; empty for all requests alone (the usual case). */
function comparedList(compared: ReadonlySet<HotOn>): HotOn[] {
  if (compared.size === 0 || (compared.size === 1 && compared.has('requests'))) return [];
  return comparedOrder.filter((c) => compared.has(c));
}

/** The header's words for what was compared: `''` for all requests alone, else ` on writes` (several: ` on requests or writes`). */
function comparedText(compared: ReadonlySet<HotOn>): string {
  const list = comparedList(compared);
  return list.length === 0 ? '' : ` on ${list.map((c) => comparedWords[c]).join(' or ')}`;
}

/** The finding's {@link Finding.hotOn} field for what was compared, none for all requests alone. */
function hotOnField(compared: ReadonlySet<HotOn>): Pick<Finding, 'hotOn'> {
  const list = comparedList(compared);
  return list.length === 0 ? {} : { hotOn: list };
}

/** The measures region `name` was hot in, in the intervals of now, each with the number of those intervals. */
function regionMeasuresNow(shares: WindowShares, name: string): Map<LoadMeasure, number> {
  const out = new Map<LoadMeasure, number>();
  for (const i of shares.nowIndexes) for (const m of shares.hotByInterval[i]?.hotBy.get(name) ?? []) out.set(m, (out.get(m) ?? 0) + 1);
  return out;
}

/**
 * The measures server `server` (any incarnation of its `host:port`) was hot in, in the intervals of now, each with the
 * number of those intervals.
 */
function serverMeasuresNow(shares: WindowShares, server: string): Map<LoadMeasure, number> {
  const here = hostPortOf(server);
  const out = new Map<LoadMeasure, number>();
  for (const i of shares.nowIndexes) {
    const inInterval = new Set<LoadMeasure>();
    for (const [name, measures] of shares.hotByInterval[i]?.hotServerBy ?? []) if (hostPortOf(name) === here) for (const m of measures) inInterval.add(m);
    for (const m of inInterval) out.set(m, (out.get(m) ?? 0) + 1);
  }
  return out;
}

/**
 * A server under k × its peers but at this many times their average or more does not "look even": healthy tables show
 * 1.5–2 × every day from uneven key popularity and region-count placement. Two busy servers among four that each stay
 * under k × the others (one is in the other's peers) are hot as a group of the busiest (`hotGroupBits` in
 * hot-test.ts), and their regions' lines say their server is hot; this is for a server that is not.
 */
export const EVEN_SERVER_RATIO = 2;

/** The regions hot now, each with its server's figures: a region hotspot whether or not its server is hot. */
function regionHotspots(shares: WindowShares): Finding[] {
  const regions = shares.regions;
  const hot = regions.rowsAt(regions.hotNowRows()).sort((a, b) => (b.nowShare ?? 0) - (a.nowShare ?? 0));
  if (hot.length === 0) return [];
  // a key range's fair share: secondary read replicas are not ranges of their own (replicas.ts)
  const lastInterval = shares.hotByInterval.at(-1)?.interval;
  const lastRegions = lastInterval ? primaryCount(lastInterval.regions, secondaryReplicas(lastInterval.regions)) : 0;
  const { leads, compared } = leadsOf(hot, (r) => regionMeasuresNow(shares, r.encodedName), (r, m) => regions.nowFigure(regions.indexOf(r.encodedName), m));
  const hotServers = shares.servers.filter((s) => s.hotNow).map((s) => s.server);
  const evidence = hot.slice(0, HOTSPOTS_LISTED).map((r, at) => {
    const server = shares.servers.find((s) => s.server === r.server);
    const ratio = server?.nowPeerRatio ?? null;
    const serverLead = server?.hotNow ? leadFigures(serverMeasuresNow(shares, server.server), (m) => shares.serverNowFigure(server.server, m)) : [];
    const level = server?.hotNow
      ? `its server ${r.server} is hot too (${serverLead.map((f) => `${pct(f.share)} of the ${f.measure}${f.lessRowReads ? ' less the scan reads that follow the rows' : ''}, `).join('')}${pct(server.nowShare)} of the requests)`
      : ratio !== null && ratio >= EVEN_SERVER_RATIO
        ? `its server ${r.server} is not hot (${pct(server?.nowShare ?? 0)} of the requests, ${ratioText(ratio)}, under ${shares.k} ×), but the servers are not even either: ${EVEN_SERVER_RATIO} × its peers or more is beyond what placement gives a healthy table`
        : hotServers.length > 0
          // another server is hot now: the servers do not look even, this region's is simply not the hot one
          ? `its server ${r.server} is not hot (${pct(server?.nowShare ?? 0)} of the requests, ${ratioText(ratio)}); the hot server${hotServers.length > 1 ? 's are' : ' is'} ${hotServers.join(', ')}`
          : `its server ${r.server} is not (${pct(server?.nowShare ?? 0)} of the requests, ${ratioText(ratio)}): the servers look even, the region does not`;
    const replica = r.replicaId === undefined ? '' : ` (read replica ${r.replicaId}: reads sent with Consistency.TIMELINE)`;
    // hot on another measure: its figures there lead, all requests beside them
    const replicaOf = r.replicaId !== undefined;
    const figures = figuresText(leads[at] as LeadFigure[], r.nowShare ?? 0, (replicaOf ? replicaRatioText : ratioText)(r.nowPeerRatio), replicaOf ? 'the primaries' : 'its peers', shares);
    return `region ${r.encodedName} ${range(r)}${replica}: ${figures}, fair share ${pct(lastRegions > 0 ? 1 / lastRegions : 0)}; ${level}`;
  });
  if (hot.length > HOTSPOTS_LISTED) evidence.push(`${hot.length - HOTSPOTS_LISTED} more region(s) hot now`);
  return [{
    kind: 'region-hotspot',
    level: 'region',
    summary: `${hot.length} region(s) above ${shares.k} × the average of the table's other regions${hot.some((r) => r.replicaId !== undefined) ? ' (a read replica: of the primaries)' : ''}${comparedText(compared)} in an interval of now`,
    evidence,
    servers: [...new Set(hot.map((r) => r.server))],
    regions: hot.map((r) => r.encodedName),
    ...hotOnField(compared),
  }];
}

/**
 * The regions hot now that `server` held in an interval of now in which it was hot, and that sit on another server at
 * the window's end (the balancer or an operator moved them): each as `[encoded name, its server when last seen]`, in
 * the order they were first seen there. A server is matched by host and port, so a restart is no move.
 */
function hotRegionsMovedOff(shares: WindowShares, server: string, lastServer: ReadonlyMap<string, string>): [string, string][] {
  const here = hostPortOf(server);
  const out = new Map<string, string>();
  for (const i of shares.nowIndexes) {
    const h = shares.hotByInterval[i];
    if (!h || !h.hotServers.some((x) => hostPortOf(x) === here)) continue;
    for (const r of h.hot) {
      const now = lastServer.get(r.encodedName);
      if (hostPortOf(r.server) === here && now !== undefined && hostPortOf(now) !== here) out.set(r.encodedName, now);
    }
  }
  return [...out];
}

/**
 * The words for a server hot as one of a group of the busiest (`hot-test.ts`, `hotGroupBits`), by server name: for
 * each of `described` (default `group`, the servers hot now) whose ratio to all the other servers over now on
 * requests is not above k, so that its own ratio does not say why it is hot, what the group took over now against
 * the servers outside it (those there in now and not hot now), when the group is hot over now as `hotGroupBits`
 * tests it (on the shares over now): `with rs2, 2 of the 4 servers took 90% of the requests over now (fair share 50%); it took
 * 9.0 × the average of the 2 other(s): above 3 × as one of a group of the busiest (…)`. None for a server hot alone, and none when fewer than two are hot now.
 */
function groupClauses(shares: WindowShares, group: readonly ServerLoadShare[], described: readonly ServerLoadShare[] = group): Map<string, string> {
  const out = new Map<string, string>();
  const masked = described.filter((s) => s.nowPeerRatio !== null && s.nowPeerRatio <= shares.k);
  if (group.length < 2 || masked.length === 0) return out;
  const inNow = shares.servers.filter((s) => shares.serverNowFigure(s.server, 'requests') !== undefined);
  const outside = inNow.filter((s) => !s.hotNow);
  const outsideMean = outside.reduce((a, s) => a + s.nowShare, 0) / Math.max(1, outside.length);
  const together = group.reduce((a, s) => a + s.nowShare, 0);
  // over now as a whole the group may not be hot (its members hot now in one interval, alone): no group to name. The
  // test is hot-test.ts's, on the shares over now: the least member against the load left to the others with every
  // member levelled down to it
  const least = Math.min(...group.map((s) => s.nowShare));
  const all = inNow.reduce((a, s) => a + s.nowShare, 0);
  const leftMean = outside.length > 0 ? (all - group.length * least) / outside.length : 0;
  if (outside.length === 0 || !(least > 0) || (leftMean > 0 && least <= shares.k * leftMean)) return out;
  for (const s of masked) {
    const others = group.filter((x) => x !== s).map((x) => x.server).join(', ');
    const against = outsideMean > 0 ? `it took ${(s.nowShare / outsideMean).toFixed(1)} × the average of the ${outside.length} other(s)` : `the ${outside.length} other(s) took none`;
    out.set(s.server, `with ${others}, ${group.length} of the ${inNow.length} servers took ${pct(together)} of the requests over now (fair share ${pct(inNow.length > 0 ? group.length / inNow.length : 0)}); ${against}: above ${shares.k} × as one of a group of the busiest (its peers' average counts the other busy ones)`);
  }
  return out;
}

/**
 * The servers hot now, each with the hot regions it hosts; a server whose hot regions have moved off it since says
 * which, and where they went, rather than leaving its load unexplained. A server hot as one of a group of the busiest
 * says what the group took against the servers outside it ({@link groupClauses}).
 */
function serverHotspots(shares: WindowShares): Finding[] {
  const hot = shares.servers.filter((s) => s.hotNow).sort((a, b) => b.nowShare - a.nowShare);
  if (hot.length === 0) return [];
  const fair = shares.timeline.at(-1)?.fairServerShare ?? 0;
  const regions = shares.regions;
  const hotNow = regions.hotNowRows();
  const lastServer = new Map(hotNow.map((j) => [regions.encodedName(j), regions.server(j)]));
  const { leads, compared } = leadsOf(hot, (s) => serverMeasuresNow(shares, s.server), (s, m) => shares.serverNowFigure(s.server, m));
  // a server hot on another measure is described by its lead figures in it; the group words are on requests
  const groups = groupClauses(shares, hot, hot.filter((_, at) => (leads[at] as LeadFigure[]).length === 0));
  const evidence = hot.slice(0, HOTSPOTS_LISTED).map((s, at) => {
    const mine = hotNow.filter((j) => regions.server(j) === s.server).map((j) => regions.encodedName(j));
    // hot on another measure: its figures there lead, all requests beside them
    const head = `${s.server}: ${figuresText(leads[at] as LeadFigure[], s.nowShare, ratioText(s.nowPeerRatio), 'its peers', shares)}, fair share ${pct(fair)}; ${groups.has(s.server) ? `${groups.get(s.server) as string}; ` : ''}`;
    if (mine.length > 0) return `${head}hot region(s) ${mine.join(', ')}`;
    const moved = hotRegionsMovedOff(shares, s.server, lastServer);
    return moved.length === 0
      ? `${head}none of its regions is hot now`
      : `${head}none of the regions it holds is hot now: it was hot in now while it held ${moved.map(([name, to]) => `hot region ${name}, on ${to} since`).join(', ')}`;
  });
  if (hot.length > HOTSPOTS_LISTED) evidence.push(`${hot.length - HOTSPOTS_LISTED} more server(s) hot now`);
  return [{
    kind: 'server-hotspot',
    level: 'server',
    summary: `${hot.length} RegionServer(s) above ${shares.k} × the average of the other servers${groups.size > 0 ? `, or of the servers outside a group of the busiest,` : ''}${comparedText(compared)} in an interval of now`,
    evidence,
    servers: hot.map((s) => s.server),
    regions: hotNow.filter((j) => hot.some((s) => s.server === regions.server(j))).map((j) => regions.encodedName(j)),
    ...hotOnField(compared),
  }];
}

/**
 * All findings of a window, in catalogue order; `splits` are the hot ranges left on one server by a split
 * ({@link coLocatedSplits}).
 */
export function findFindings(rates: LoadRates, shares: WindowShares, samples: readonly KeySample[] | undefined, readPatterns?: readonly string[], splits: readonly CoLocatedSplit[] = []): Finding[] {
  return [
    ...regionHotspots(shares), ...serverHotspots(shares), ...coLocation(shares, rates), ...splitCoLocation(shares, splits), ...stacked(shares, rates.intervals.at(-1)?.endMs ?? 0),
    ...unsplit(rates, shares), ...lumpy(rates, shares, samples),
    ...scanAmplification(shares, readPatterns),
  ];
}
