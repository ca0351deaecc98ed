/**
 * "Now": the last intervals of the window, on which the headline is judged, and the region hot in them that the
 * headline names (see docs/detect.md, "Now and the headline").
 *
 * @module
 */
import type { LoadRates, RateInterval } from '../../model/index.js';
import { share } from './stats.js';
import type { RegionColumns } from './region-columns.js';
import { ratio } from './tally.js';
import type { NowView } from './types.js';
import type { IntervalHot } from './window.js';

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

/**
 * The now view: the region named in the headline is the busiest hot region of the latest now interval that has one
 * (busiest by requests less the reads its rows explain, over now), on the server hosting it when last seen.
 */
export function nowView(rates: LoadRates, now: { indexes: number[]; gapsSkipped: number }, hotByInterval: readonly IntervalHot[], regions: RegionColumns): Omit<NowView, 'summary'> {
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
  const { now: t, nowTable } = regions;
  const pressure = (name: string) => {
    const i = regions.find(name);
    return i !== undefined && t.has(i) ? (t.requests[i] as number) - (t.rowReads[i] as number) : 0;
  };
  const top = latest?.hot.reduce((a, r) => (pressure(r.encodedName) > pressure(a.encodedName) ? r : a));
  const entry = top ? regions.find(top.encodedName) : undefined;
  // its load over now and the table's over the same intervals, when it was there in now
  const i = entry !== undefined && t.has(entry) && nowTable.has(entry) ? entry : undefined;
  const measures = top && latest ? (latest.hotBy.get(top.encodedName) ?? []) : [];
  return {
    startMs: first.startMs,
    endMs: last.endMs,
    intervals: now.indexes.length,
    gapsSkipped: now.gapsSkipped,
    region: top?.encodedName ?? null,
    server: entry === undefined ? null : (regions.last[entry] as RateInterval['regions'][number]).server,
    regionShare: i === undefined ? 0 : share(t.requests[i] as number, nowTable.requests[i] as number),
    regionWriteShare: i === undefined ? null : ratio(t.writesOf(i), nowTable.writesOf(i)),
    regionRequestsPerSec: entry !== undefined && t.has(entry) && (t.seconds[entry] as number) > 0 ? (t.requests[entry] as number) / (t.seconds[entry] as number) : 0,
    regionHotBy: measures,
    hotRegions: [...hotRegions],
    hotServers: [...hotServers],
  };
}
