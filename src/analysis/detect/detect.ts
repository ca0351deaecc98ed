/**
 * Hotspot detection: rates from the load series, shares against the fair share, hot servers and regions by the peer
 * test, the shape of the main hotspot with its evidence, and the other findings.
 *
 * @module
 */
import { type KeySample, type LoadRates, type LoadSeries, computeRates } from '../../model/index.js';
import { HotspotError } from '../../util/errors.js';
import { findFindings } from './findings.js';
import { type KeyRange, MIN_SAMPLES, shapeFromSamples } from './shape-samples.js';
import { shapeFromHistory } from './shape-history.js';
import type { ShapeVerdict } from './shape-verdict.js';
import type { DetectResult } from './types.js';
import { type WindowShares, windowShares } from './window.js';

/** Default hot factor: a server or region is hot when its load exceeds 3 × its peers' average. */
export const DEFAULT_K = 3;

/** Options of {@link detectHotspots}. */
export interface DetectOptions {
  /** Hot factor, > 1 (default {@link DEFAULT_K}). */
  readonly k?: number;
  /** Key samples; when enough fall in the hot regions they decide the shape. */
  readonly samples?: readonly KeySample[];
}

function noHotspot(shares: WindowShares, k: number): ShapeVerdict {
  const spread = shares.hotByInterval.filter((h) => h.spreadHot > 0).length;
  const evidence = spread > 0
    ? `regions were above ${k} × their peers in ${spread} interval(s), but never on a RegionServer above ${k} × its peers: placement spreads the load`
    : `no region was above ${k} × the average of the other regions on a server above ${k} × its peers in any interval`;
  return { shape: 'none', alternatives: [], evidence: [evidence], decidedBy: 'none' };
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
  const shares = windowShares(rates, k);
  const hotRegions = new Map<string, KeyRange>();
  for (const { hot } of shares.hotByInterval) for (const r of hot) hotRegions.set(r.encodedName, r);
  let verdict = noHotspot(shares, k);
  if (hotRegions.size > 0) {
    const history = shapeFromHistory(rates, shares);
    const fromSamples = options.samples ? shapeFromSamples(options.samples, [...hotRegions.values()], first.startMs, last.endMs) : undefined;
    verdict = fromSamples
      ? { ...fromSamples, evidence: [...fromSamples.evidence, `region history alone says ${history.shape}: ${history.evidence.join('; ')}`] }
      : options.samples
        ? { ...history, evidence: [...history.evidence, `too few key samples (under ${MIN_SAMPLES}) fell in the hot regions during the series' window to decide; region history decided`] }
        : history;
  }
  return {
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
    findings: findFindings(rates, shares, options.samples),
    servers: shares.servers,
    regions: shares.regions,
    timeline: shares.timeline,
    events: rates.events,
  };
}

/**
 * Detects hotspots in a load series: {@link computeRates}, then {@link detectFromRates}.
 * @throws {@link HotspotError} as those two.
 */
export function detectHotspots(series: LoadSeries, options: DetectOptions = {}): DetectResult {
  return detectFromRates(computeRates(series), options);
}
