/**
 * One interval of the timeline: its busiest server and region, every server's share, the servers hot in it.
 *
 * @module
 */
import type { RateInterval } from '../../model/index.js';
import { share } from './stats.js';
import { ratio } from './tally.js';
import type { TimelineEntry } from './types.js';
import { maxOf } from '../../util/arrays.js';

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

/** The timeline entry of interval `iv`, with the servers found hot in it. */
export function timelineEntry(iv: RateInterval, hotServers: readonly string[]): TimelineEntry {
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
    hottestServerWriteShare: writeShares.includes(null) ? null : maxOf(writeShares as number[], 0),
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

