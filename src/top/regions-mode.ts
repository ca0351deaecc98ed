/**
 * The regions mode (hbtop's REGION mode): one row per region, grouped by table; within a table the regions are
 * sorted by the chosen measure and each is tested against the other regions of its table (hot = above k × their
 * average in requests, writes or reads, the analysis' peer test; a secondary read replica is tested against the
 * primaries and is no peer). Tables are ordered by their requests/s, busiest
 * first, then by name.
 *
 * @module
 */
import { type LoadMeasure, MEASURES_OF, columnsOf, hotBesides, hotVerdicts } from '../analysis/detect/hot-test.js';
import { secondaryReplicas } from '../analysis/detect/replicas.js';
import { toStringBinary } from '../bytes/index.js';
import { limitRows, sortRows } from './sort.js';
import type { ModeStrategy, TableInterval, TopGroup, TopRow, TopViewOptions } from './types.js';

function tableGroup({ table, interval }: TableInterval, options: TopViewOptions): TopGroup {
  const regions = interval.regions;
  const total = regions.reduce((a, r) => a + r.requests, 0);
  // secondary read replicas are no peers, as in detection (analysis/detect/replicas.ts)
  const replicas = secondaryReplicas(regions);
  const primaries = replicas ? regions.filter((_, i) => replicas[i] === 0) : regions;
  const tested = hotVerdicts(primaries, options.k);
  // each replica tested against the primaries (a range read through its replica is hot there), no peer of them
  const replicaRows = replicas ? regions.filter((_, i) => replicas[i] === 1) : [];
  const replicaHot = hotBesides(columnsOf(primaries), columnsOf(replicaRows), options.k);
  let next = 0;
  let nextReplica = 0;
  const verdicts = replicas ? regions.map((_, i) => (replicas[i] === 0 ? tested[next++] : { hotBy: MEASURES_OF[replicaHot[nextReplica++] as number] as readonly LoadMeasure[] })) : tested;
  const rows: TopRow[] = regions.map((r, i) => ({
    id: r.encodedName,
    startKey: toStringBinary(r.startKey),
    server: r.server,
    regionCount: null,
    requestsPerSec: r.requestsPerSec,
    readsPerSec: r.readsPerSec,
    writesPerSec: r.writesPerSec,
    storeSizeBytes: r.storeSizeBytes,
    share: total > 0 ? r.requests / total : 0,
    hotBy: verdicts[i]?.hotBy ?? [],
  }));
  return {
    title: `table ${table}`,
    memberCount: regions.length,
    requestsPerSec: regions.reduce((a, r) => a + r.requestsPerSec, 0),
    fairShare: primaries.length > 0 ? 1 / primaries.length : 0,
    rows: limitRows(sortRows(rows, options.sort), options.limit),
    hotCount: rows.filter((r) => r.hotBy.length > 0).length,
  };
}

/** One group per table with regions, busiest table first. */
export const regionsMode: ModeStrategy = {
  mode: 'regions',
  groups(intervals, options) {
    return intervals
      .filter((t) => t.interval.regions.length > 0)
      .map((t) => tableGroup(t, options))
      .sort((a, b) => b.requestsPerSec - a.requestsPerSec || (a.title < b.title ? -1 : a.title > b.title ? 1 : 0));
  },
};
