/**
 * Hotspot detection: rates from the load series, shares against the fair share, hot servers and regions by the peer
 * test, the shape of the main hotspot with its evidence, and the other findings.
 *
 * @module
 */
import { type KeySample, type LoadRates, type LoadSeries, type RateInterval, type RegionRate, type ServerRate, computeRates } from '../../model/index.js';
import { HotspotError } from '../../util/errors.js';
import { coLocatedSplits, findFindings } from './findings.js';
import { type KeyRange, MIN_SAMPLES, shapeFromSamples } from './shape-samples.js';
import { shapeFromHistory } from './shape-history.js';
import type { ShapeVerdict } from './shape-verdict.js';
import type { DetectResult, WindowStory } from './types.js';
import type { LoadMeasure } from './hot-test.js';
import { serverKey } from './tally.js';
import { replicaIdOfName } from '../../regions/index.js';
import { attachRegionShares } from './region-shares.js';
import { secondaryReplicas } from './replicas.js';
import { type WindowShares, windowShares } from './window.js';

/**
 * Times the region history must have seen the hot spot follow the newest keys (upper daughters keeping the writes,
 * moves to the next region) for it to stand against key samples that saw a range: twice cannot be chance placement.
 */
export const HISTORY_OVERRULES = 2;

/** Default hot factor: a server or region is hot when its load exceeds 3 × its peers' average. */
export const DEFAULT_K = 3;

/** Options of {@link detectHotspots}. */
export interface DetectOptions {
  /** Hot factor, > 1 (default {@link DEFAULT_K}). */
  readonly k?: number;
  /** Key samples; when enough fall in the hot regions they decide the shape. */
  readonly samples?: readonly KeySample[];
  /**
   * Names of the read patterns known to read more rows than they return (a scenario's scans that a filter narrows):
   * the `scan-amplification` finding names them when the reads follow the rows.
   */
  readonly readPatterns?: readonly string[];
}

const time = (ms: number) => new Date(ms).toISOString().replace('.000Z', 'Z');
const pct = (x: number) => `${(x * 100).toFixed(x < 0.1 ? 1 : 0)}%`;

/** Where now is, in words. */
function nowWords(shares: WindowShares): string {
  const n = shares.now;
  return `now (the last ${n.intervals} interval(s), ${time(n.startMs)} to ${time(n.endMs)}${n.gapsSkipped > 0 ? `, ${n.gapsSkipped} gap interval(s) passed over` : ''})`;
}

/** The headline's own line: the region hot now and its server. */
function nowEvidence(shares: WindowShares): string {
  const n = shares.now;
  const r = n.region === null ? undefined : shares.regions.named(n.region);
  const range = r ? ` ["${r.startKey}", "${r.endKey}")${r.replicaId === undefined ? '' : ` (read replica ${r.replicaId})`}` : '';
  const writes = n.regionWriteShare === null ? '' : ` and ${pct(n.regionWriteShare)} of the writes`;
  const others = n.hotRegions.length > 1 ? `; ${n.hotRegions.length} regions were hot in some interval of now` : '';
  const hot = n.regionHotBy.length > 0 ? `is hot (in ${n.regionHotBy.join(', ')})` : 'is the table\'s only region';
  return `${nowWords(shares)}: region ${n.region}${range} on ${n.server} ${hot}, with ${pct(n.regionShare)} of the requests${writes}, ${n.regionRequestsPerSec.toFixed(0)} requests/s${others}`;
}

/**
 * `""` when every sample lies in the window `[startMs, endMs]`, else how many do (samples recorded at another time than
 * the series, a file of another day among them, are not counted by the shape test).
 */
function outsideWindow(samples: readonly KeySample[], startMs: number, endMs: number): string {
  const inside = samples.filter((s) => s.timeMs >= startMs && s.timeMs <= endMs).length;
  return inside === samples.length ? '' : ` (${inside} of the ${samples.length} key samples are from the window, ${time(startMs)} to ${time(endMs)})`;
}

function storyOf(shares: WindowShares, shape: ShapeVerdict['shape']): WindowStory {
  const hotIntervals = shares.hotByInterval.filter((h) => h.hot.length > 0);
  const hotRegions = shares.regions.everHot.length;
  const firstHotMs = hotIntervals[0]?.interval.endMs ?? null;
  const lastHotMs = hotIntervals.at(-1)?.interval.endMs ?? null;
  // the sentence spans the hot intervals, from the start of the first (`firstHotMs`, its end, would leave it out)
  const firstHotStartMs = hotIntervals[0]?.interval.startMs ?? null;
  const summary = firstHotStartMs === null || lastHotMs === null
    ? `no region was hot in any of the ${shares.hotByInterval.length} interval(s)`
    : `${hotRegions} region(s) were hot in ${hotIntervals.length} of ${shares.hotByInterval.length} interval(s), from ${time(firstHotStartMs)} to ${time(lastHotMs)}${shape === 'none' ? '' : `; over the whole window they show a ${shape}`}`;
  const untrusted = shares.hotByInterval.filter((h) => h.untrusted.length > 0);
  const regions = new Set(untrusted.flatMap((h) => h.untrusted)).size;
  const events = untrusted.length === 0
    ? ''
    : `; in ${untrusted.length} interval(s) ${regions} region(s) had counters reset inside the interval or came back after missing snapshots: they (and their servers) were not used as peers there, and a region back after missing snapshots was not tested`;
  const restarted = shares.hotByInterval.filter((h) => h.sinceRestart.length > 0);
  const bounded = restarted.length === 0
    ? ''
    : `; in ${restarted.length} interval(s) ${new Set(restarted.flatMap((h) => h.sinceRestart)).size} region(s) reopened on a RegionServer that started inside the interval (its start code says when) or opened inside it (a split's daughters, a merge's result: the region id says when): they were tested, and used as peers, on their rate since then`;
  return { shape, hotRegions, hotIntervals: hotIntervals.length, firstHotMs, lastHotMs, summary: summary + events + bounded };
}

function noHotspot(k: number): ShapeVerdict {
  return { shape: 'none', alternatives: [], evidence: [`no region was above ${k} × the average of the table's other regions in any interval`], decidedBy: 'none' };
}

/**
 * Standard deviations by which a region hot in one interval, and neither over the window nor over now, must clear k ×
 * its peers' mean in that interval's count to be a hotspot all the same (a hot region that split or moved away at
 * once: its daughters took its load before the window could show it).
 */
export const BURST_SIGNIFICANCE_Z = 4;

/**
 * A table taking fewer requests per second than this in every interval has no hotspot, whatever one region took
 * against the others: a RegionServer's handlers serve thousands a second, and a table this quiet has no load to spread.
 */
export const MIN_HOTSPOT_RATE = 1;

/** One member's counts in an interval (a region's or a server's). */
type Counted = Pick<RegionRate, 'requests' | 'reads' | 'writes'>;

/** The sums of `members`' counts in each measure (a member's unknown count adds 0). */
function sumsOf(members: readonly Counted[]): Counted {
  let requests = 0;
  let reads = 0;
  let writes = 0;
  for (const x of members) {
    requests += x.requests;
    reads += x.reads ?? 0;
    writes += x.writes ?? 0;
  }
  return { requests, reads, writes };
}

const countIn = (x: Counted, m: LoadMeasure) => (m === 'requests' ? x.requests : (m === 'writes' ? x.writes : x.reads) ?? 0);

/**
 * Whether member `me` of an interval's `n` members, whose counts sum to `totals`, has in one of `measures` a count
 * above k × the other members' mean by more than {@link BURST_SIGNIFICANCE_Z} × √(k × that mean) (√1 when they took
 * nothing). Request counters count events, whose count at the threshold spreads by about its square root: 21 reads
 * against the others' 5.8 (3.6 over a threshold of 17.4, where chance alone spreads 4.2) is not beyond chance, 6,000
 * writes against 200 is.
 */
function countBeyondChance(me: Counted, totals: Counted, n: number, measures: readonly LoadMeasure[], k: number): boolean {
  if (n < 2) return false;
  return measures.some((m) => {
    const threshold = k * ((countIn(totals, m) - countIn(me, m)) / (n - 1));
    return countIn(me, m) - threshold > BURST_SIGNIFICANCE_Z * Math.sqrt(Math.max(threshold, 1));
  });
}

const ALL_MEASURES: readonly LoadMeasure[] = ['requests', 'writes', 'reads'];

/**
 * Of the `regions` (encoded names) and `servers` (by {@link serverKey}) asked about, those hot in some interval with a
 * count beyond chance ({@link countBeyondChance}); each interval's sums are taken once, and only where one is hot. A
 * server is beyond chance against all the other servers of the interval or, with two or more hot there, against
 * those not hot (the servers outside its group, as the group test compares it).
 */
function beyondChance(shares: WindowShares, k: number, asked: { regions: Set<string>; servers: Set<string> }): { regions: Set<string>; servers: Set<string> } {
  const regions = new Set<string>();
  const servers = new Set<string>();
  for (const h of shares.hotByInterval) {
    const iv = h.interval;
    const hotRegions = h.hot.filter((r) => asked.regions.has(r.encodedName) && !regions.has(r.encodedName));
    if (hotRegions.length > 0) {
      // the primaries were the hot test's members (replicas.ts): their sums and their count, a replica tested as one
      // more member beside them
      const replicas = secondaryReplicas(iv.regions);
      const members = replicas ? iv.regions.filter((_, i) => replicas[i] === 0) : iv.regions;
      const totals = sumsOf(members);
      for (const r of hotRegions) {
        const beside = replicas !== undefined && replicaIdOfName(r.name) > 0;
        const sums = beside ? sumsOf([totals, r]) : totals;
        if (countBeyondChance(r, sums, members.length + (beside ? 1 : 0), h.hotBy.get(r.encodedName) ?? [], k)) regions.add(r.encodedName);
      }
    }
    const hotServers = iv.servers.filter((x) => h.hotServers.includes(x.server) && asked.servers.has(serverKey(x.server)) && !servers.has(serverKey(x.server)));
    if (hotServers.length > 0) {
      const totals = sumsOf(iv.servers);
      // a server hot as one of a group of the busiest (hot-test.ts) is measured as its test measured it: against the
      // servers outside the group, those not hot in the interval
      const outside = iv.servers.filter((x) => !h.hotServers.includes(x.server));
      const outsideTotals = sumsOf(outside);
      const beyond = (x: ServerRate) => countBeyondChance(x, totals, iv.servers.length, ALL_MEASURES, k)
        || (h.hotServers.length > 1 && outside.length > 0 && countBeyondChance(x, sumsOf([outsideTotals, x]), outside.length + 1, ALL_MEASURES, k));
      for (const x of hotServers) if (beyond(x)) servers.add(serverKey(x.server));
    }
  }
  return { regions, servers };
}

/**
 * The shares with every burst's `hotNow` cleared: a region or server hot in some interval (of now) but neither over
 * the window nor over now, and with no interval's count beyond chance, is not hot now, so no finding names it; nor is
 * any region or server of a table under {@link MIN_HOTSPOT_RATE} in every interval (`idle`).
 */
function withoutBursts(shares: WindowShares, k: number): { shares: WindowShares; standing: boolean; idle: boolean } {
  // an idle table: under MIN_HOTSPOT_RATE requests/s in every interval (its servers' requests are the table's)
  const idle = shares.hotByInterval.every(({ interval: iv }) => iv.durationMs <= 0 || sumsOf(iv.servers).requests / (iv.durationMs / 1000) < MIN_HOTSPOT_RATE);
  // only what was hot in an interval but not over the window or now can be a burst (the rows of regions hot in some
  // interval: a region hot in none is no burst)
  const regions = shares.regions;
  const everHot = regions.everHot;
  const asked = {
    regions: new Set(everHot.filter((j) => !regions.hot(j)).map((j) => regions.encodedName(j))),
    servers: new Set(shares.servers.filter((x) => x.hotIntervals > 0 && !x.hot).map((x) => serverKey(x.server))),
  };
  const beyond = idle ? { regions: new Set<string>(), servers: new Set<string>() } : beyondChance(shares, k, asked);
  const regionBurst = (j: number) => idle || (!regions.hot(j) && !beyond.regions.has(regions.encodedName(j)));
  const serverBurst = (x: WindowShares['servers'][number]) => x.hotIntervals > 0 && (idle || (!x.hot && !beyond.servers.has(serverKey(x.server))));
  const standing = everHot.some((j) => !regionBurst(j));
  const quieted = regions.hotNowRows().filter(regionBurst);
  if (quieted.length === 0 && !shares.servers.some((x) => x.hotNow && serverBurst(x))) return { shares, standing, idle };
  return {
    standing,
    idle,
    shares: {
      ...shares,
      regions: quieted.length === 0 ? regions : regions.withHotNowCleared(quieted),
      servers: shares.servers.map((x) => (x.hotNow && serverBurst(x) ? { ...x, hotNow: false } : x)),
    },
  };
}

/** No hotspot in a table under {@link MIN_HOTSPOT_RATE} in every interval, though a region was above k × its peers. */
function idleTable(k: number): ShapeVerdict {
  return {
    shape: 'none',
    alternatives: [],
    evidence: [`a region was above ${k} × the average of the table's other regions, but the table took under ${MIN_HOTSPOT_RATE} request/s in every interval: no load to spread`],
    decidedBy: 'none',
  };
}

/**
 * No hotspot although `count` region(s) were above k × their peers in some interval: none of them was also above k ×
 * its peers over the window or over now, so each was a burst of one interval's counts (the story lists them).
 */
function bursts(k: number, count: number): ShapeVerdict {
  return {
    shape: 'none',
    alternatives: [],
    evidence: [`${count} region(s) were above ${k} × the average of the table's other regions in some interval, but none of them over the window or over now: bursts of an interval, not a hotspot`],
    decidedBy: 'none',
  };
}

/**
 * A one-region table: no region has peers, so none is ever hot by the peer test. When key samples show one key taking
 * at least half of its sampled requests, that row is the hotspot: `single-row` comes before `unsplit-table` (which
 * stays a finding), since a pre-split cannot cool one row. The now view then names the table's only region.
 */
function oneRegionRow(rates: LoadRates, shares: WindowShares, samples: readonly KeySample[]): { verdict: ShapeVerdict; now: WindowShares['now'] } | undefined {
  const intervals = shares.nowIndexes.map((i) => rates.intervals[i] as RateInterval);
  const only = intervals.at(-1)?.regions[0];
  if (!only || intervals.some((iv) => iv.regions.length !== 1 || iv.regions[0]?.encodedName !== only.encodedName)) return undefined;
  const first = rates.intervals[0] as RateInterval;
  const fromSamples = shapeFromSamples(samples, [only], first.startMs, (rates.intervals.at(-1) as RateInterval).endMs);
  if (fromSamples?.shape !== 'single-row') return undefined;
  const region = shares.regions.named(only.encodedName);
  return {
    verdict: { ...fromSamples, evidence: ['the table has one region in every interval of now, so no region has peers to be hot against; the key samples decide', ...fromSamples.evidence] },
    now: {
      ...shares.now,
      region: only.encodedName,
      server: region?.server ?? only.server,
      regionShare: 1,
      regionWriteShare: only.writes === null ? null : 1,
      regionRequestsPerSec: region?.nowRequestsPerSec ?? 0,
    },
  };
}

/**
 * Detects hotspots from already computed rates (the simulator calls this with its own series' rates).
 * @throws {@link HotspotError} `DETECT_K_INVALID` for k ≤ 1 or not finite; `SERIES_TOO_SHORT` with no interval.
 */
export function detectFromRates(rates: LoadRates, options: DetectOptions = {}): DetectResult {
  const k = options.k ?? DEFAULT_K;
  if (!Number.isFinite(k) || k <= 1) {
    throw new HotspotError('DETECT_K_INVALID', `k = ${k}: the hot factor must be a number above 1 (a load above k × the peers' average is hot); the default is ${DEFAULT_K}`, { field: 'k' });
  }
  const first = rates.intervals[0];
  const last = rates.intervals.at(-1);
  if (!first || !last) {
    throw new HotspotError('SERIES_TOO_SHORT', `the load series of table "${rates.table}" has fewer than two snapshots; rates need at least two (counters are cumulative)`);
  }
  const measured = windowShares(rates, k);
  // a region hot in some interval is a hotspot when it also holds over the window or over now (its `hot`), or when that
  // interval's count is far beyond chance; one interval's handful of requests (four short scans on one region of a
  // quiet salted table) is a burst, not a hotspot, and no finding names it hot now
  const unburst = withoutBursts(measured, k);
  const standing = unburst.standing;
  let shares = unburst.shares;
  const hotRegions = new Map<string, KeyRange>();
  for (const { hot } of shares.hotByInterval) for (const r of hot) hotRegions.set(r.encodedName, r);
  let windowVerdict = noHotspot(k);
  if (hotRegions.size > 0 && !standing) windowVerdict = unburst.idle ? idleTable(k) : bursts(k, hotRegions.size);
  if (hotRegions.size > 0 && standing) {
    const history = shapeFromHistory(rates, shares);
    const fromSamples = options.samples ? shapeFromSamples(options.samples, [...hotRegions.values()], first.startMs, last.endMs) : undefined;
    // a moving front seen again and again in the region history is not overruled by a sample test that saw a range
    const historyHolds = fromSamples?.shape === 'hot-range' && history.shape === 'monotonic-tail' && (history.support ?? 0) >= HISTORY_OVERRULES;
    windowVerdict = historyHolds && fromSamples
      ? { ...history, evidence: [...history.evidence, `the key samples alone say hot-range (${fromSamples.evidence.join('; ')}), but the region history saw the hot spot follow the newest keys ${history.support} times, which a range does not do: region history decides`] }
      : fromSamples
      ? { ...fromSamples, evidence: [...fromSamples.evidence, `region history alone says ${history.shape}: ${history.evidence.join('; ')}`] }
      : options.samples
        ? { ...history, evidence: [...history.evidence, `too few key samples (under ${MIN_SAMPLES}) fell in the hot regions during the series' window to decide${outsideWindow(options.samples, first.startMs, last.endMs)}; region history decided`] }
        : history;
  }
  if (hotRegions.size > 0 && !standing && shares.now.region !== null) {
    // the burst's region is not named hot now either
    shares = { ...shares, now: { ...shares.now, region: null, server: null, regionShare: 0, regionWriteShare: null, regionRequestsPerSec: 0, regionHotBy: [] } };
  }
  const row = hotRegions.size === 0 && options.samples ? oneRegionRow(rates, shares, options.samples) : undefined;
  if (row) {
    windowVerdict = row.verdict;
    shares = { ...shares, now: row.now };
  }
  const story = storyOf(shares, windowVerdict.shape);
  // a hot range split into daughters that all stayed on one server hot now is still hot now, though no daughter alone
  // is above k × its peers (its sibling is one of them): the window's verdict stands, beside a co-location finding
  const splits = standing && shares.now.region === null ? coLocatedSplits(rates, shares) : [];
  // The headline is judged on now: a hotspot of the window's story that is no longer hot is not the one to fix.
  const verdict: ShapeVerdict = splits.length > 0
    ? { ...windowVerdict, evidence: [...windowVerdict.evidence, ...splits.map((c) => `no region is hot ${nowWords(shares)} by itself, but the daughters ${c.daughters.join(', ')} of hot region ${c.parent} all stayed on ${c.server} and together took ${c.ratio === null ? 'all of the requests' : `${c.ratio.toFixed(1)} × the average of the table's other regions`} over now: the hot range is still hot, on one server (co-location below)`)] }
    : shares.now.region !== null || !standing
    ? windowVerdict
    : hotRegions.size > 0
      ? { shape: 'none', alternatives: [], decidedBy: 'none', evidence: [`no region is hot ${nowWords(shares)}; earlier in the window ${story.summary}`] }
      : windowVerdict;
  const result: DetectResult = {
    table: rates.table,
    window: { startMs: first.startMs, endMs: last.endMs, intervals: rates.intervals.length },
    k,
    fairServerShare: shares.fairServerShare,
    fairRegionShare: shares.fairRegionShare,
    hottestServerShare: shares.hottestServerShare,
    hottestServerWriteShare: shares.hottestServerWriteShare,
    hottestRegionShare: shares.hottestRegionShare,
    spread: shares.spread,
    shape: verdict.shape,
    alternatives: verdict.alternatives,
    evidence: verdict.evidence,
    decidedBy: verdict.decidedBy,
    // lumpy-presplit needs overloaded regions beside the idle ones: bursts and an idle table have none
    findings: findFindings(rates, shares, options.samples, options.readPatterns, splits).filter((f) => standing || f.kind !== 'lumpy-presplit'),
    servers: shares.servers,
    // built when read: a placeholder keeps the field's place (attachRegionShares)
    regions: [],
    timeline: shares.timeline,
    events: rates.events,
    now: { ...shares.now, summary: shares.now.region !== null ? nowEvidence(shares) : `no region is hot ${nowWords(shares)}` },
    story,
  };
  return attachRegionShares(result, shares.regions);
}

/**
 * Detects hotspots in a load series: {@link computeRates}, then {@link detectFromRates}.
 * @throws {@link HotspotError} as those two.
 */
export function detectHotspots(series: LoadSeries, options: DetectOptions = {}): DetectResult {
  return detectFromRates(computeRates(series), options);
}
