/**
 * Where a time range's rows are read: one entity's rows of a timestamp-first key lie among every entity's rows of the
 * range, so the rows the query returns (HBase's `readRequestsCount`, one per row returned) fall on each region of the
 * range in proportion to the rows it holds there.
 */
import { describe, expect, it } from 'vitest';
import { parseScenario } from '../../src/simulate/scenario/parse.js';
import { simulateScenario } from '../../src/simulate/simulate.js';

// Regions hold 10, 20 and 30 minutes of rows: split at minute 10 and minute 30 of a one-hour run.
const SCENARIO = `
name: reads follow the rows
start: 2024-06-01T00:00:00Z
duration: 1h
cluster: { regionServers: 3, balancer: none }
table:
  name: t
  rowSizeBytes: 100
  preSplit: { splits: ['20240601001000', '20240601003000'] }
workload:
  entities: { field: device, count: 10, idFormat: d%02d }
  writeRatePerSec: 100
  reads:
    - { name: last hour of one device, kind: time-range, range: 1h, ratePerSec: 1 }
designs:
  - { name: time first, template: '{date(ts,"yyyyMMddHHmmss")}-{device}' }
  - { name: device first, template: '{device}-{date(ts,"yyyyMMddHHmmss")}' }
`;

describe('a filtered time range reads the regions in proportion to their rows', () => {
  const outcome = simulateScenario(parseScenario(SCENARIO, 'reads.yaml'));
  it("time first: the last minute's reads fall 10 : 20 : 29.5 on the three regions, not evenly", () => {
    const snaps = outcome.designs[0]!.run.series.snapshots;
    const [before, after] = [snaps.at(-2)!, snaps.at(-1)!];
    const reads = after.regions.map((r, i) => (r.readRequests ?? 0) - (before.regions[i]?.readRequests ?? 0));
    const total = reads.reduce((a, b) => a + b, 0);
    // 60 queries in the minute, each returning one device's rows of the hour: 100 writes/s × 3600 s ÷ 10 devices =
    // 36,000 rows, 2,160,000 rows in all
    expect(total).toBeCloseTo(2_160_000, -1);
    // the range ends at the step's middle (59:30): minutes 0-10, 10-30 and 30-59.5 of rows, 59.5 minutes in all
    const shares = reads.map((n) => n / total);
    expect(shares[0]).toBeCloseTo(10 / 59.5, 2);
    expect(shares[1]).toBeCloseTo(20 / 59.5, 2);
    expect(shares[2]).toBeCloseTo(29.5 / 59.5, 2);
  });
  it("device first: each device's rows are in one region, so the reads are where the devices are", () => {
    // the split points begin with "2" (0x32), before every "d.." key (0x64): all rows and reads are in the last region
    const last = outcome.designs[1]!.run.series.snapshots.at(-1)!;
    expect(last.regions.map((r) => (r.readRequests ?? 0) > 0)).toEqual([false, false, true]);
  });
});
