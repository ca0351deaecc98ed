/**
 * Hand-built readings for the top view's tests. Table `t`: regions aaa ['', g) and bbb [g, p) on rs1, ccc [p, ∞) on
 * rs2; table `u`: one region ddd on rs2 that took nothing. Ten seconds apart, the counters moved by
 * aaa 20 reads + 10 writes, bbb 5 + 5, ccc 10 + 2000 (2050 requests in all: 205 requests/s).
 */
import type { LoadSnapshot, RegionLoad } from '../../src/model/index.js';
import type { TopReading } from '../../src/top/index.js';

export const T0 = 1_800_000_000_000;
export const T1 = T0 + 10_000;
export const MB = 1_048_576;
const key = (s: string) => new TextEncoder().encode(s);

function region(table: string, encodedName: string, start: string, end: string, server: string, reads: number, writes: number, storeSizeBytes: number): RegionLoad {
  return {
    name: `${table},${start},1.${encodedName}.`, encodedName, startKey: key(start), endKey: key(end), server,
    readRequests: reads, writeRequests: writes, requests: reads + writes, storeSizeBytes,
  };
}

function snapshots(timeMs: number, c: { a: [number, number]; b: [number, number]; c: [number, number] }): LoadSnapshot[] {
  return [
    { timeMs, table: 't', regions: [
      region('t', 'aaa', '', 'g', 'rs1,16020,1', ...c.a, 2 * MB),
      region('t', 'bbb', 'g', 'p', 'rs1,16020,1', ...c.b, 0),
      region('t', 'ccc', 'p', '', 'rs2,16020,1', ...c.c, 5 * MB),
    ] },
    { timeMs, table: 'u', regions: [region('u', 'ddd', '', '', 'rs2,16020,1', 7, 7, 0)] },
  ];
}

export const BEFORE: TopReading = { timeMs: T0, tables: snapshots(T0, { a: [100, 50], b: [0, 0], c: [10, 1000] }) };
export const AFTER: TopReading = { timeMs: T1, tables: snapshots(T1, { a: [120, 60], b: [5, 5], c: [20, 3000] }) };
