/**
 * The servers mode (hbtop's REGIONSERVER mode): one row per RegionServer, summing the shown tables' regions it
 * hosts at the interval's end (the rate step's per-server rates, added across tables), sorted by the chosen measure;
 * each server is tested as `detect` tests it (above k × the other servers' average, or one of a group of the busiest
 * that hide each other from that test: `hotGroupBits` in `hot-test.ts`), and its share of the requests
 * is shown beside the fair share `1 / servers`. When the reading knows every live RegionServer (the cluster-wide
 * reading), servers hosting none of the shown tables' regions are listed at zero and count in the fair share, so a
 * table packed onto one server of three shows as such; otherwise only hosting servers are listed.
 *
 * @module
 */
import { SERVER_TEST, hotVerdicts } from '../analysis/detect/hot-test.js';
import { limitRows, sortRows } from './sort.js';
import type { ModeStrategy, TopRow } from './types.js';

interface ServerSum {
  regionCount: number;
  requests: number;
  reads: number | null;
  writes: number | null;
  requestsPerSec: number;
  readsPerSec: number | null;
  writesPerSec: number | null;
  storeSizeBytes: number;
}

const add = (a: number | null, b: number | null): number | null => (a === null || b === null ? null : a + b);

/** One group, `servers`, over every table's interval. */
export const serversMode: ModeStrategy = {
  mode: 'servers',
  groups(intervals, options) {
    const sums = new Map<string, ServerSum>();
    const empty = (): ServerSum => ({ regionCount: 0, requests: 0, reads: 0, writes: 0, requestsPerSec: 0, readsPerSec: 0, writesPerSec: 0, storeSizeBytes: 0 });
    for (const server of options.liveServers ?? []) sums.set(server, empty());
    for (const { interval } of intervals) {
      for (const s of interval.servers) {
        const sum = sums.get(s.server) ?? empty();
        sum.regionCount += s.regionCount;
        sum.requests += s.requests;
        sum.reads = add(sum.reads, s.reads);
        sum.writes = add(sum.writes, s.writes);
        sum.requestsPerSec += s.requestsPerSec;
        sum.readsPerSec = add(sum.readsPerSec, s.readsPerSec);
        sum.writesPerSec = add(sum.writesPerSec, s.writesPerSec);
        sums.set(s.server, sum);
      }
      for (const r of interval.regions) {
        const sum = sums.get(r.server);
        if (sum) sum.storeSizeBytes += r.storeSizeBytes;
      }
    }
    if (sums.size === 0) return [];
    const servers = [...sums.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    const total = servers.reduce((a, [, s]) => a + s.requests, 0);
    const verdicts = hotVerdicts(servers.map(([, s]) => s), options.k, SERVER_TEST);
    const rows: TopRow[] = servers.map(([server, s], i) => ({
      id: server,
      startKey: null,
      server,
      regionCount: s.regionCount,
      requestsPerSec: s.requestsPerSec,
      readsPerSec: s.readsPerSec,
      writesPerSec: s.writesPerSec,
      storeSizeBytes: s.storeSizeBytes,
      share: total > 0 ? s.requests / total : 0,
      hotBy: verdicts[i]?.hotBy ?? [],
    }));
    return [{
      title: 'servers',
      memberCount: servers.length,
      requestsPerSec: servers.reduce((a, [, s]) => a + s.requestsPerSec, 0),
      fairShare: 1 / servers.length,
      rows: limitRows(sortRows(rows, options.sort), options.limit),
      hotCount: rows.filter((r) => r.hotBy.length > 0).length,
    }];
  },
};
