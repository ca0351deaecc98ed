// Detection and the code around it at the size of the largest clusters: 300,000 regions, more than the ~125,000
// arguments a spread call (`Math.max(...shares)`, `push(...regions)`) can pass before the call stack overflows. The
// expected values are worked out by hand from how the data is built; there is no timing here.
import { describe, expect, it } from 'vitest';
import { detectFromRates, spreadOf } from '../../src/analysis/detect/index.js';
import type { LoadRates, RegionRate, ServerRate } from '../../src/model/rate-types.js';
import { formatLoadSeriesV2 } from '../../src/model/index.js';
import type { LoadSnapshot, RegionLoad } from '../../src/model/index.js';
import { multiTableSource } from '../../src/sources/multi-table.js';
import type { SnapshotSource } from '../../src/sources/types.js';
import { maxOf, minOf, pushAll } from '../../src/util/arrays.js';

const REGIONS = 300_000;
/** Regions 0..199,999 on rs1, 200,000..249,999 on rs2, the rest on rs3; every region 4 reads and 6 writes. */
const serverOf = (i: number) => (i < 200_000 ? 'rs1' : i < 250_000 ? 'rs2' : 'rs3');
/** Region i's start key: i as 4 big-endian bytes (empty for the first); its end key is the next one's start. */
const keyAt = (i: number) => (i === 0 || i === REGIONS ? new Uint8Array(0) : new Uint8Array([i >>> 24, (i >>> 16) & 255, (i >>> 8) & 255, i & 255]));

function rates(): LoadRates {
  const regions: RegionRate[] = [];
  for (let i = 0; i < REGIONS; i++) {
    regions.push({
      encodedName: `r${i}`,
      name: `t,${i},1.r${i}.`,
      startKey: keyAt(i),
      endKey: keyAt(i + 1),
      server: serverOf(i),
      reads: 4,
      writes: 6,
      requests: 10,
      readsPerSec: 0.4,
      writesPerSec: 0.6,
      requestsPerSec: 1,
      storeSizeBytes: 1000,
      storeGrowthBytes: 0,
      basis: 'delta',
    });
  }
  const server = (name: string, count: number): ServerRate => ({
    server: name,
    regionCount: count,
    reads: 4 * count,
    writes: 6 * count,
    requests: 10 * count,
    readsPerSec: 0.4 * count,
    writesPerSec: 0.6 * count,
    requestsPerSec: count,
  });
  const interval = { startMs: 0, endMs: 10_000, durationMs: 10_000, gap: false, regions, servers: [server('rs1', 200_000), server('rs2', 50_000), server('rs3', 50_000)] };
  return { table: 't', expectedIntervalMs: 10_000, intervals: [interval], events: [] };
}

// Generous limits for a shared machine: each test builds 300,000 objects or more; nothing here measures speed.
const ROOM_MS = 120_000;

describe('300,000 regions', { timeout: ROOM_MS }, () => {
  it('detects without overflowing the call stack, with the shares the data was built with', () => {
    const result = detectFromRates(rates());
    // 3,000,000 requests: every region 10 of them, rs1 2,000,000 of them (and 1,200,000 of the 1,800,000 writes).
    expect(result.hottestRegionShare).toBeCloseTo(1 / 300_000, 15);
    expect(result.hottestServerShare).toBeCloseTo(2 / 3, 12);
    expect(result.hottestServerWriteShare).toBeCloseTo(2 / 3, 12);
    expect(result.timeline[0]?.hottestServerWriteShare).toBeCloseTo(2 / 3, 12);
    // rs1 carries 2,000,000 against an average of 1,000,000; every region carries the average.
    expect(result.spread.servers.maxToAverage).toBeCloseTo(2, 12);
    expect(result.spread.regions.maxToAverage).toBeCloseTo(1, 12);
    expect(result.spread.regions.skew).toBe(0);
    expect(result.regions).toHaveLength(REGIONS);
    // rs1 is 4x its peers' average (2,000,000 against 500,000) while none of its regions stands out: co-location.
    const colocation = result.findings.find((f) => f.kind === 'co-location');
    expect(colocation?.summary).toMatch(/^rs1 is hot \(67% of requests/);
  });

  it('spreads, series lines and joined tables at that size', () => {
    const loads = Array.from({ length: REGIONS }, (_, i) => (i === 123_456 ? 50 : 1));
    // total 300,049, average 300,049 / 300,000: max ÷ average = 50 · 300,000 / 300,049
    expect(spreadOf(loads).maxToAverage).toBeCloseTo((50 * 300_000) / 300_049, 12);
    expect(maxOf(loads)).toBe(50);
    expect(minOf(loads)).toBe(1);
    expect(maxOf([], 0)).toBe(0);
    expect(minOf([])).toBe(Infinity);
    expect(pushAll([0], loads)).toHaveLength(REGIONS + 1);
  });

  it('writes a 300,000-region snapshot as a version 2 series: one open line per region', () => {
    const regions: RegionLoad[] = Array.from({ length: REGIONS }, (_, i) => ({
      name: `t,${i},1.r${i}.`,
      encodedName: `r${i}`,
      startKey: keyAt(i),
      endKey: keyAt(i + 1),
      server: serverOf(i),
      readRequests: i,
      writeRequests: 1,
      requests: i + 1,
      storeSizeBytes: 0,
    }));
    const text = formatLoadSeriesV2({ table: 't', source: { kind: 'recorded' }, snapshots: [{ timeMs: 1000, table: 't', regions }] });
    const lines = text.split('\n');
    // header, 300,000 opens, one counters line, and the empty string after the last newline
    expect(lines).toHaveLength(REGIONS + 3);
    expect(JSON.parse(lines[REGIONS] as string)).toMatchObject({ open: REGIONS - 1, encodedName: `r${REGIONS - 1}`, server: 'rs3' });
  });

  it('joins two tables of 150,000 regions each into one snapshot', async () => {
    const source = (table: string, from: number): SnapshotSource => ({
      kind: 'recorded',
      table,
      description: table,
      gaps: {} as SnapshotSource['gaps'],
      snapshot: async (): Promise<LoadSnapshot> => ({
        timeMs: from,
        table,
        regions: Array.from({ length: 150_000 }, (_, i) => ({
          name: `${table},${i},1.${table}${i}.`,
          encodedName: `${table}${i}`,
          startKey: keyAt(i),
          endKey: keyAt(i + 1),
          server: 'rs1',
          readRequests: null,
          writeRequests: null,
          requests: i,
          storeSizeBytes: 0,
        })),
      }),
    });
    const joined = await multiTableSource([source('a', 5), source('b', 7)]).snapshot();
    expect(joined.regions).toHaveLength(REGIONS);
    expect(joined.timeMs).toBe(7);
    expect([joined.regions[0]?.table, joined.regions[149_999]?.table, joined.regions[150_000]?.table]).toEqual(['a', 'a', 'b']);
    expect(joined.regions[REGIONS - 1]?.requests).toBe(149_999);
  });
});
