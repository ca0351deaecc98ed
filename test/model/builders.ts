/** Small builders for hand-made load series in tests. Keys are given in toStringBinary form. */
import { toBytesBinary } from '../../src/bytes/index.js';
import { type LoadSeries, LoadSeriesParser, type LoadSnapshot, type RegionLoad } from '../../src/model/index.js';
import { numberedLines } from '../../src/model/ndjson.js';
import type { FastSnapshotReader } from '../../src/model/series-fast.js';

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

/** Region layout entry: encoded name, start key, end key, server. */
export type Layout = [encodedName: string, startKey: string, endKey: string, server: string];

/**
 * A series over a fixed layout: snapshot 0 has zero counters, snapshot i+1 adds `writes[i][r]` writes (and
 * `reads[i][r]` reads) to region r; store size grows by `bytesPerWrite` per write. Snapshots `intervalMs` apart from 0.
 */
export function steadySeries(layout: Layout[], writes: number[][], options: { reads?: number[][]; bytesPerWrite?: number; intervalMs?: number } = {}): LoadSeries {
  const intervalMs = options.intervalMs ?? 60_000;
  const bytes = options.bytesPerWrite ?? 100;
  const w = layout.map(() => 0);
  const r = layout.map(() => 0);
  const snaps = [snap(0, layout.map(([e, s, end, srv]) => region(e, s, end, srv, 0, 0)))];
  writes.forEach((row, i) => {
    row.forEach((n, j) => {
      w[j]! += n;
      r[j]! += options.reads?.[i]?.[j] ?? 0;
    });
    snaps.push(snap((i + 1) * intervalMs, layout.map(([e, s, end, srv], j) => region(e, s, end, srv, r[j]!, w[j]!, w[j]! * bytes))));
  });
  return series(snaps, intervalMs);
}

/** `n` copies of `row`. */
export function repeat<T>(n: number, row: T): T[] {
  return Array.from({ length: n }, () => row);
}

/**
 * Version 1 series `text` (file name `s.ndjson`) read by the validating reader alone, the fast path switched off:
 * every snapshot's regions are objects. @throws what the reader throws for bad text.
 */
export function validated(text: string): LoadSeries {
  const parser = new LoadSeriesParser('s.ndjson');
  (parser as unknown as { fast: Pick<FastSnapshotReader, 'read'> }).fast = { read: () => undefined };
  for (const [line, content] of numberedLines(text)) parser.push(line, content);
  return parser.finish();
}
