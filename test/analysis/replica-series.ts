// Series of a table 't' with read replicas, for the tests of detection and plans over such a table.
import { createHash } from 'node:crypto';
import type { LoadSeries, LoadSnapshot, RegionLoad } from '../../src/model/index.js';

const enc = new TextEncoder();

/** HBase's new-format region name, built here from its definition: MD5 hex of `table,start,id[_RRRR]` as the tail. */
export function fullName(table: string, start: string, regionId: number, replicaId: number): { name: string; encodedName: string } {
  const prefix = `${table},${start},${regionId}${replicaId > 0 ? `_${replicaId.toString(16).toUpperCase().padStart(4, '0')}` : ''}`;
  const encodedName = createHash('md5').update(prefix).digest('hex');
  return { name: `${prefix}.${encodedName}.`, encodedName };
}

/**
 * Five snapshots a minute apart of table 't' with ranges '' b c …, one per entry of `placement`: [primary's server,
 * replica's server, writes a minute], region id 1700000000000 + the range's index, servers `host,16020,1`; each
 * primary also takes 100 reads a minute, each replica `replicaReadsPerMin(range)` (0 by default: reads sent with
 * `Consistency.TIMELINE` that the primary was too slow to answer). Stores hold 100 MB, and with `growing` a primary's
 * store grows 1,000 bytes per write (new rows, not one row rewritten).
 */
export function placedSeries(placement: readonly (readonly [string, string, number])[], growing = false, replicaReadsPerMin: (range: number) => number = () => 0): LoadSeries {
  const snapshot = (s: number): LoadSnapshot => ({
    timeMs: 1_717_200_000_000 + s * 60_000,
    table: 't',
    regions: placement.flatMap(([primary, replica, writesPerMin], i) => {
      const start = i === 0 ? '' : String.fromCharCode(97 + i);
      const end = i === placement.length - 1 ? '' : String.fromCharCode(98 + i);
      return [0, 1].map((rep): RegionLoad => {
        const writes = rep === 0 ? writesPerMin * s : 0;
        const reads = (rep === 0 ? 100 : replicaReadsPerMin(i)) * s;
        const size = 100_000_000 + (growing ? writes * 1000 : 0);
        return { ...fullName('t', start, 1700000000000 + i, rep), startKey: enc.encode(start), endKey: enc.encode(end), server: `${rep ? replica : primary},16020,1`, readRequests: reads, writeRequests: writes, requests: reads + writes, storeSizeBytes: size };
      });
    }),
  });
  return { table: 't', source: { kind: 'recorded', intervalMs: 60_000 }, snapshots: [0, 1, 2, 3, 4].map(snapshot) };
}
