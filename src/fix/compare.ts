/**
 * Proving a fix: the same measurements before and after over the same interval length. Three checks: the hottest
 * region's share against the fair share (1 ÷ regions), the busiest RegionServer's request rate against its peers,
 * and whether the top outlier merely moved to another region or server; with JMX readings of the RegionServers, also
 * the busiest server's p99 latency per operation against its peers'. The result is a change record (JSON) that a
 * later run can be compared against (its `after` side becomes the baseline).
 *
 * @module
 */
import type { DetectResult } from '../analysis/detect/index.js';
import { compareBytes, toBytesBinary } from '../bytes/index.js';
import { LATENCY_OPERATIONS, type LatencyOperation, type ServerLatency } from '../sources/jmx-latency.js';
import { HotspotError } from '../util/errors.js';

/** One operation's 99th-percentile latency on the busiest RegionServer against the other servers read (JMX). */
export interface LatencyFigure {
  /** HBase's histogram name, e.g. `PutBatch`, `Get`. */
  readonly operation: LatencyOperation;
  /** The busiest RegionServer by requests (from detection) and its p99, ms; `null` when no reading is of it. */
  readonly busiest: { readonly server: string; readonly p99Ms: number } | null;
  /** Median p99 of the other servers read, ms; `null` when there is none. */
  readonly peersMedianP99Ms: number | null;
  /** The server with the highest p99, and that p99, ms. */
  readonly worst: { readonly server: string; readonly p99Ms: number };
}

/** One side's figures. */
export interface SideSummary {
  readonly table: string;
  /** Analysed window length, ms. */
  readonly windowMs: number;
  readonly hottestRegion: { readonly encodedName: string; readonly startKey: string; readonly endKey: string; readonly server: string; readonly share: number; readonly hot: boolean } | null;
  /** 1 ÷ regions (time-weighted). */
  /**
   * The median over the window's intervals of the hottest region's share of that interval's requests, 0-1 (absent in
   * older records). Over the window a moving tail spreads its load over every region it passes; interval by interval
   * one region takes it.
   */
  readonly medianIntervalHottestRegionShare?: number;
  readonly fairRegionShare: number;
  /** Hottest region share ÷ fair share (1 = fair). */
  readonly hotToFair: number;
  readonly worstServer: { readonly server: string; readonly requestsPerSec: number; readonly peerRatio: number | null; readonly hot: boolean } | null;
  /** The busiest RegionServer's share of the table's requests over the window (0 to 1); absent in older change records. */
  readonly busiestServerShare?: number;
  /** 1 ÷ RegionServers hosting the table's regions (time-weighted); absent in older change records. */
  readonly fairServerShare?: number;
  /** Every region hot in the window or now, key range only (a region hot after that was hot before has not moved); absent in older change records. */
  readonly hotRegions?: readonly { readonly encodedName: string; readonly startKey: string; readonly endKey: string }[];
  readonly shape: DetectResult['shape'];
  /** p99 latencies per operation, when JMX readings of the RegionServers were given (operations active in them). */
  readonly latency?: readonly LatencyFigure[];
}

/** The verdict. `moved`: a hot region or server remains, elsewhere than before. */
export type CompareVerdict = 'fixed' | 'improved' | 'moved' | 'unchanged' | 'worse';

/** A change record. */
export interface ChangeRecord {
  readonly format: 'hbase-hotspot-change/1';
  readonly before: SideSummary;
  readonly after: SideSummary;
  readonly verdict: CompareVerdict;
  /** The figures behind the verdict, one sentence each. */
  readonly findings: readonly string[];
}

/** Window lengths may differ by this fraction and still count as the same interval. */
export const INTERVAL_TOLERANCE = 0.1;

const median = (xs: readonly number[]): number | null => {
  if (xs.length === 0) return null;
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? (s[mid] as number) : ((s[mid - 1] as number) + (s[mid] as number)) / 2;
};

/**
 * Per operation with a p99 above 0 on some server: the busiest server's p99 against its peers' median, and the worst.
 * @param busiest - the busiest RegionServer's name (`host,port,startcode`), or undefined.
 */
export function latencyFigures(latencies: readonly ServerLatency[], busiest: string | undefined): LatencyFigure[] {
  const out: LatencyFigure[] = [];
  for (const operation of LATENCY_OPERATIONS) {
    const read = latencies.flatMap((l) => {
      const op = l.operations[operation];
      return op ? [{ server: l.server, p99Ms: op.p99Ms }] : [];
    });
    if (!read.some((r) => r.p99Ms > 0)) continue;
    const mine = read.find((r) => r.server === busiest);
    const worst = read.reduce((w, r) => (r.p99Ms > w.p99Ms ? r : w));
    out.push({
      operation,
      busiest: mine ?? null,
      peersMedianP99Ms: median(read.filter((r) => r !== mine).map((r) => r.p99Ms)),
      worst,
    });
  }
  return out;
}

/**
 * One side's figures from a detection, with the RegionServers' p99 latencies when their JMX readings are given.
 * @param latencies - from `parseServerLatencies`, one per RegionServer read over the same period.
 */
export function summarize(d: DetectResult, latencies?: readonly ServerLatency[]): SideSummary {
  const live = d.regions.filter((r) => r.lastSeenMs === d.window.endMs);
  // The region hot now (the headline's) when there is one: in a monotonic tail the region taking the writes at the
  // window's end is young and small over the window, and an older daughter has the larger window share.
  const nowRegion = d.now.region === null ? undefined : live.find((r) => r.encodedName === d.now.region);
  const hottest = nowRegion ?? live.reduce<(typeof live)[number] | undefined>((b, r) => (!b || r.share > b.share ? r : b), undefined);
  const worst = d.servers[0];
  return {
    table: d.table,
    windowMs: d.window.endMs - d.window.startMs,
    hottestRegion: hottest ? { encodedName: hottest.encodedName, startKey: hottest.startKey, endKey: hottest.endKey, server: hottest.server, share: hottest.share, hot: hottest.hot || hottest.hotNow } : null,
    ...(d.timeline.length > 0 ? { medianIntervalHottestRegionShare: median(d.timeline.map((e) => e.hottestRegionShare)) ?? 0 } : {}),
    fairRegionShare: d.fairRegionShare,
    hotToFair: hottest && d.fairRegionShare > 0 ? hottest.share / d.fairRegionShare : 0,
    worstServer: worst ? { server: worst.server, requestsPerSec: worst.requestsPerSec, peerRatio: worst.peerRatio, hot: worst.hot || worst.hotNow } : null,
    busiestServerShare: d.hottestServerShare,
    fairServerShare: d.fairServerShare,
    hotRegions: d.regions.filter((r) => r.hot || r.hotNow).map((r) => ({ encodedName: r.encodedName, startKey: r.startKey, endKey: r.endKey })),
    shape: d.shape,
    ...(latencies ? { latency: latencyFigures(latencies, worst?.server) } : {}),
  };
}

const ms = (x: number | null) => (x === null ? 'n/a' : `${x.toFixed(1)} ms`);

function latencyLine(f: LatencyFigure | undefined): string {
  if (!f) return 'no activity read';
  const busy = f.busiest ? `busiest RegionServer ${f.busiest.server} ${ms(f.busiest.p99Ms)}, peers' median ${ms(f.peersMedianP99Ms)}` : `busiest RegionServer not read, median ${ms(f.peersMedianP99Ms)}`;
  return f.busiest && f.worst.server === f.busiest.server ? busy : `${busy}, worst ${f.worst.server} ${ms(f.worst.p99Ms)}`;
}

/** One finding per operation with latency on either side, when both sides have JMX readings. */
function latencyFindings(before: SideSummary, after: SideSummary): string[] {
  if (!before.latency && !after.latency) return [];
  if (!before.latency || !after.latency) return [`p99 latency read on the ${before.latency ? 'before' : 'after'} side only; give JMX readings for both to compare`];
  const ops = LATENCY_OPERATIONS.filter((op) => before.latency?.some((f) => f.operation === op) || after.latency?.some((f) => f.operation === op));
  return ops.map((op) => `p99 ${op}: ${latencyLine(before.latency?.find((f) => f.operation === op))} → ${latencyLine(after.latency?.find((f) => f.operation === op))}`);
}

const overlaps = (a: { startKey: string; endKey: string }, b: { startKey: string; endKey: string }) => {
  const [as, ae, bs, be] = [a.startKey, a.endKey, b.startKey, b.endKey].map((k) => toBytesBinary(k)) as [Uint8Array, Uint8Array, Uint8Array, Uint8Array];
  const aBeforeB = ae.length > 0 && compareBytes(ae, bs) <= 0;
  const bBeforeA = be.length > 0 && compareBytes(be, as) <= 0;
  return !aBeforeB && !bBeforeA;
};

const pct = (x: number) => `${(x * 100).toFixed(1)}%`;
const ratio = (x: number | null) => (x === null ? 'n/a' : `${x.toFixed(2)}×`);

/** The files the two sides were read from, as the user gave them (`<stdin>` for standard input), for errors. */
export interface CompareFiles {
  readonly before: string;
  readonly after: string;
}

/**
 * The hottest region's median share interval by interval, beside its window share, when on either side it is more
 * than a tenth above that share: a tail hands its load from region to region, so the region hot at the window's end
 * holds a tiny share of the window while one region takes the writes in every interval, and the window figure alone
 * reads as the hotspot growing when it went. Empty when a side has no intervals or neither differs.
 */
function intervalShareFindings(before: SideSummary, after: SideSummary): string[] {
  const bm = before.medianIntervalHottestRegionShare;
  const am = after.medianIntervalHottestRegionShare;
  if (bm === undefined || am === undefined) return [];
  const differs = (m: number, s: SideSummary) => m > (s.hottestRegion?.share ?? 0) * 1.1;
  if (!differs(bm, before) && !differs(am, after)) return [];
  const toFair = (m: number, s: SideSummary) => (s.fairRegionShare > 0 ? `${(m / s.fairRegionShare).toFixed(2)}×` : 'n/a ×');
  return [`interval by interval the hottest region took ${pct(bm)} of an interval's requests (median, ${toFair(bm, before)} fair share) → ${pct(am)} (${toFair(am, after)} fair share): the window share above is of the region hottest at the window's end, which a hotspot moving from region to region leaves small`];
}

/**
 * Compares two sides.
 * @throws {@link HotspotError} `COMPARE_INTERVAL_MISMATCH` when the window lengths differ by more than 10%: with
 *   `files`, placed at the after side's file and naming the before side's; without, at the field `after`.
 */
export function compareSides(before: SideSummary, after: SideSummary, files?: CompareFiles): ChangeRecord {
  const longer = Math.max(before.windowMs, after.windowMs);
  if (longer > 0 && Math.abs(before.windowMs - after.windowMs) / longer > INTERVAL_TOLERANCE) {
    const seconds = (s: SideSummary) => `${(s.windowMs / 1000).toFixed(0)} s`;
    const same = `measure both over the same interval (within ${INTERVAL_TOLERANCE * 100}%) so their rates compare`;
    throw files === undefined
      ? new HotspotError('COMPARE_INTERVAL_MISMATCH', `before covers ${seconds(before)} and after ${seconds(after)}; ${same}`, { field: 'after' })
      : new HotspotError('COMPARE_INTERVAL_MISMATCH', `the after side covers ${seconds(after)} and the before side (${files.before}) ${seconds(before)}; ${same}`, { file: files.after });
  }
  const findings: string[] = [];
  if (before.table !== after.table) findings.push(`tables differ: ${before.table} before, ${after.table} after (a migration)`);
  findings.push(`hottest region share ${pct(before.hottestRegion?.share ?? 0)} (${before.hotToFair.toFixed(2)}× fair share ${pct(before.fairRegionShare)}) → ${pct(after.hottestRegion?.share ?? 0)} (${after.hotToFair.toFixed(2)}× fair share ${pct(after.fairRegionShare)})`);
  findings.push(...intervalShareFindings(before, after));
  const bw = before.worstServer;
  const aw = after.worstServer;
  findings.push(`busiest RegionServer ${bw?.server ?? 'none'} ${bw ? bw.requestsPerSec.toFixed(1) : 0} req/s, ${ratio(bw?.peerRatio ?? null)} its peers → ${aw?.server ?? 'none'} ${aw ? aw.requestsPerSec.toFixed(1) : 0} req/s, ${ratio(aw?.peerRatio ?? null)} its peers`);
  findings.push(...latencyFindings(before, after));
  // A hotspot shape on the after side is never fixed, whatever the shares say.
  const stillHot = Boolean(after.hottestRegion?.hot || aw?.hot || after.shape !== 'none');
  const b = before.hottestRegion;
  const a = after.hottestRegion;
  // The hot region after is "the same" when it overlaps the region hottest before or any region hot before (two
  // stacked hot regions moved apart stay hot each, and either may be the hottest on either side).
  const wasHot = [...(b ? [b] : []), ...(before.hotRegions ?? [])];
  const sameRange = b && a && before.table === after.table && wasHot.some((h) => overlaps(h, a));
  const serverChanged = Boolean(aw?.hot && bw && aw.server !== bw.server);
  const shareHeld = after.hotToFair >= before.hotToFair * 0.9;
  const serverToFair = (s: SideSummary) => (s.fairServerShare && s.busiestServerShare !== undefined ? s.busiestServerShare / s.fairServerShare : 0);
  const serverFell = serverToFair(after) < serverToFair(before) * 0.9;
  if (before.busiestServerShare !== undefined && after.busiestServerShare !== undefined) {
    findings.push(`busiest RegionServer's share ${pct(before.busiestServerShare)} (${serverToFair(before).toFixed(2)}× fair share ${pct(before.fairServerShare ?? 0)}) → ${pct(after.busiestServerShare)} (${serverToFair(after).toFixed(2)}× fair share ${pct(after.fairServerShare ?? 0)})`);
  }
  // Whether the before side had a hotspot at all. A monotonic tail's region hot now is young, so its window share
  // (and so hotToFair) can be far below an even table's: the shares alone would call its cure "improved" and its
  // arrival "moved".
  const wasHotBefore = Boolean(b?.hot || bw?.hot || before.shape !== 'none' || (before.hotRegions?.length ?? 0) > 0);
  let verdict: CompareVerdict;
  if (!stillHot && (wasHotBefore || after.hotToFair < before.hotToFair)) {
    verdict = 'fixed';
    findings.push('no hot region or RegionServer remains');
  } else if (stillHot && !wasHotBefore) {
    verdict = 'worse';
    findings.push(`nothing was hot before; now ${after.shape === 'none' ? 'a hot region or RegionServer' : `a ${after.shape} hotspot`} is`);
  } else if (stillHot && (after.hotToFair > before.hotToFair * 1.1 || serverToFair(after) > serverToFair(before) * 1.1) && !serverFell && after.hotToFair >= before.hotToFair * 0.9) {
    // hotter at one level and better at neither: a regression, wherever the hotspot now is
    verdict = 'worse';
    findings.push('the hottest region\'s or the busiest RegionServer\'s share against its fair share rose by more than a tenth');
  } else if (stillHot && b && a && (!sameRange || (serverChanged && shareHeld))) {
    verdict = 'moved';
    findings.push(`the top outlier moved: region ${a.encodedName} ["${a.startKey}", "${a.endKey}") on ${aw?.hot ? aw.server : a.server} is hot now${sameRange ? '' : ', outside the range that was hot'}`);
  } else if (after.hotToFair < before.hotToFair * 0.9) {
    verdict = 'improved';
    findings.push('the hottest region\'s share fell, but a hot region or RegionServer remains');
  } else if (serverFell) {
    verdict = 'improved';
    findings.push('the busiest RegionServer\'s share fell toward its fair share (the hot regions are spread over more servers), but each hot region remains as hot as before');
  } else {
    verdict = after.hotToFair > before.hotToFair * 1.1 ? 'worse' : 'unchanged';
  }
  return { format: 'hbase-hotspot-change/1', before, after, verdict, findings };
}

/** The change record in words. */
export function renderChangeRecord(r: ChangeRecord): string {
  return `verdict: ${r.verdict}\n${r.findings.map((f) => `  ${f}`).join('\n')}\n`;
}
