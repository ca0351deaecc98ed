/** A small hand-made load series for the report tests: regions with given keys, servers and cumulative writes. */
import { utf8Bytes } from '../../src/bytes/index.js';
import type { LoadSeries, RegionLoad } from '../../src/model/index.js';

/** One region of the fixture: start key, server, and cumulative writes and reads at each snapshot. */
export interface FixtureRegion {
  readonly start: string;
  readonly server: string;
  readonly writes: readonly number[];
  readonly reads?: readonly number[];
}

/** 32-hex encoded name made from an index (fixture only; the analysis treats it as an opaque identity). */
export function encoded(i: number): string {
  return i.toString(16).padStart(32, '0');
}

/**
 * A series of `snapshots` snapshots 60 s apart from 1,700,000,000,000 ms; region i ends where region i + 1 starts.
 * The first region's start must be '' and starts must be in key order.
 */
export function fixtureSeries(table: string, regions: readonly FixtureRegion[], snapshots: number): LoadSeries {
  return {
    table,
    source: { kind: 'recorded', description: 'fixture', intervalMs: 60_000 },
    snapshots: Array.from({ length: snapshots }, (_, t) => ({
      timeMs: 1_700_000_000_000 + t * 60_000,
      table,
      regions: regions.map((r, i): RegionLoad => {
        const writes = r.writes[t] ?? 0;
        const reads = r.reads?.[t] ?? 0;
        return {
          name: `${table},${r.start},1700000000000.${encoded(i)}.`,
          encodedName: encoded(i),
          startKey: utf8Bytes(r.start),
          endKey: utf8Bytes(regions[i + 1]?.start ?? ''),
          server: r.server,
          readRequests: reads,
          writeRequests: writes,
          requests: reads + writes,
          storeSizeBytes: 0,
        };
      }),
    })),
  };
}
