/** Small builders for hand-made load series in tests. Keys are given in toStringBinary form. */
import { toBytesBinary } from '../../src/bytes/index.js';
import type { LoadSeries, LoadSnapshot, RegionLoad } from '../../src/model/index.js';

/** A region with read/write counters; the encoded name doubles as the region id in the full name. */
export function region(encodedName: string, startKey: string, endKey: string, server: string, reads: number, writes: number, storeSizeBytes = 0): RegionLoad {
  return {
    name: `t,${startKey},1.${encodedName}.`,
    encodedName,
    startKey: toBytesBinary(startKey),
    endKey: toBytesBinary(endKey),
    server,
    readRequests: reads,
    writeRequests: writes,
    requests: reads + writes,
    storeSizeBytes,
  };
}

/** A snapshot of table `t` at `timeMs`. */
export function snap(timeMs: number, regions: RegionLoad[]): LoadSnapshot {
  return { timeMs, table: 't', regions };
}

/** A recorded series of table `t`. */
export function series(snapshots: LoadSnapshot[], intervalMs?: number): LoadSeries {
  return { table: 't', source: intervalMs === undefined ? { kind: 'recorded' } : { kind: 'recorded', intervalMs }, snapshots };
}
