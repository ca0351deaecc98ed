import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { utf8Bytes, toStringBinary } from '../../src/bytes/index.js';
import { prepareDesigns } from '../../src/simulate/design.js';
import { simulateDesign, type DesignRun } from '../../src/simulate/engine.js';
import { entityIdFormatter, idsNeverHold, pickRepresentatives } from '../../src/simulate/entities.js';
import { KeySketch } from '../../src/simulate/key-sketch.js';
import { writeRateAt, writesBetween } from '../../src/simulate/rate-curve.js';
import { createRng } from '../../src/simulate/rng.js';
import { parseScenario } from '../../src/simulate/scenario/parse.js';
import type { WorkloadSpec } from '../../src/simulate/scenario/types.js';
import { sizeToCheckBytes } from '../../src/simulate/split-policy.js';

const fixture = (name: string) => readFileSync(new URL(`../fixtures/scenarios/${name}`, import.meta.url), 'utf8');

describe('split policy (HBase SteppingSplitPolicy / ConstantSizeRegionSplitPolicy)', () => {
  const stepping = { kind: 'stepping', flushSizeBytes: 128 * 2 ** 20, maxFileSizeBytes: 10 * 2 ** 30 } as const;
  it('splits at 2 x flush size while the server holds one region of the table, else at the max file size', () => {
    expect(sizeToCheckBytes(stepping, 1)).toBe(268_435_456);
    expect(sizeToCheckBytes(stepping, 2)).toBe(10_737_418_240);
    expect(sizeToCheckBytes({ kind: 'max-size', maxFileSizeBytes: 1000 }, 1)).toBe(1000);
    expect(sizeToCheckBytes({ kind: 'none' }, 1)).toBe(Number.POSITIVE_INFINITY);
  });
});

describe('daily write curve', () => {
  const workload: WorkloadSpec = {
    entities: { field: 'd', count: 1, idFormat: '%d', popularity: { kind: 'uniform' } },
    timeField: 'ts', writeRatePerSec: 46_296, peakWriteRatePerSec: 60_000, peakHourUtc: 14, reads: [],
  };
  it('peaks at the peak hour, and a day holds average x 86400 writes', () => {
    expect(writeRateAt(workload, 14 * 3_600_000)).toBeCloseTo(60_000, 6);
    expect(writeRateAt(workload, 2 * 3_600_000)).toBeCloseTo(2 * 46_296 - 60_000, 6);
    expect(writesBetween(workload, 0, 86_400_000)).toBeCloseTo(46_296 * 86_400, 0);
    expect(writesBetween(workload, 0, 3_600_000) + writesBetween(workload, 3_600_000, 86_400_000)).toBeCloseTo(46_296 * 86_400, 0);
  });
});

describe('entities', () => {
  it('formats ids like printf', () => {
    expect(entityIdFormatter('sensor-%06d')(123)).toBe('sensor-000123');
    expect(entityIdFormatter('t%x!')(255)).toBe('tff!');
  });
  it('tells when no id can hold a text', () => {
    // sensor-000000..sensor-999999: no '_'; '-' is in the fixed text; '1' and '-1' can be written by the number
    expect(['_', '-', '1', '-1', 'sensor-', 'x'].map((t) => idsNeverHold('sensor-%06d', t))).toEqual([true, false, false, false, false, true]);
    // hex ids write a to f; a format without a number is its own only id
    expect(['a', 'g', '!'].map((t) => idsNeverHold('t%x!', t))).toEqual([false, true, false]);
    expect(['_', 'k'].map((t) => idsNeverHold('key', t))).toEqual([true, false]);
  });
  it('representatives carry shares summing to 1, the head exactly (zipf s=1 over 4 entities: 12/25, 6/25, 4/25, 3/25)', () => {
    const exact = pickRepresentatives({ field: 'd', count: 4, idFormat: '%d', popularity: { kind: 'zipf', exponent: 1 } }, 10, createRng(1));
    expect(Array.from(exact.shares).map((s) => s * 25)).toEqual([12, 6, 4, 3].map((x) => expect.closeTo(x, 9) as unknown as number));
    const sampled = pickRepresentatives({ field: 'd', count: 1_000_000, idFormat: '%d', popularity: { kind: 'hot-set', fraction: 0.001, share: 0.9 } }, 1000, createRng(1));
    expect(sampled.ids).toHaveLength(1000);
    expect(Array.from(sampled.shares).reduce((a, b) => a + b, 0)).toBeCloseTo(1, 9);
    // the 1,000 hot entities take 90%: the 250 head representatives are hot entities with 0.9/1000 each
    expect(sampled.shares[0]).toBeCloseTo(0.0009, 12);
  });
});

describe('key sketch', () => {
  it('finds the weighted median and splits there', () => {
    const sketch = new KeySketch();
    for (const [k, w] of [['a', 1], ['b', 1], ['c', 5], ['d', 1]] as const) sketch.add(utf8Bytes(k), w);
    expect(toStringBinary(sketch.median() ?? new Uint8Array())).toBe('c'); // cumulative 1, 2, 7 >= 4
    const { lowerFraction } = sketch.splitAt(utf8Bytes('c'));
    expect(lowerFraction).toBeCloseTo(2 / 8, 12);
  });
});

describe('aggregated engine agrees with the exact per-write engine', () => {
  const scenario = parseScenario(fixture('agreement.yaml'), 'agreement.yaml');
  const designs = prepareDesigns(scenario);
  const shares = (run: DesignRun) => {
    const total = run.serverWrites.reduce((a, b) => a + b, 0);
    return run.serverWrites.map((w) => w / total);
  };
  const hottestPerStep = (run: DesignRun) => run.steps.map((s) => Math.max(...s.serverWrites) / s.serverWrites.reduce((a, b) => a + b, 0));
  const runs = designs.map((design) => ({
    design,
    fast: simulateDesign(scenario, design, { mode: 'aggregated' }),
    exact: simulateDesign(scenario, design, { mode: 'exact' }),
  }));

  it('the exact run writes every write, splits and sees the servers join', () => {
    for (const { fast, exact } of runs) {
      expect(exact.servers).toHaveLength(6); // 4 + 2 joined at 10 minutes
      expect(exact.steps.reduce((n, s) => n + s.serverWrites.reduce((a, b) => a + b, 0), 0)).toBe(500 * 1200);
      expect(fast.series.snapshots).toHaveLength(21); // the table at creation + one per minute
    }
    expect(runs[0]?.exact.splits.length).toBeGreaterThan(5);
    expect(runs[0]?.fast.splits.length).toBeGreaterThan(5);
  });

  it("each interval's hottest-server share and the run's hottest-server share agree within 1 point", () => {
    for (const { fast, exact } of runs) {
      const h = hottestPerStep(fast);
      hottestPerStep(exact).forEach((share, i) => expect(Math.abs(share - (h[i] ?? 0))).toBeLessThan(0.01));
      expect(Math.abs(Math.max(...shares(fast)) - Math.max(...shares(exact)))).toBeLessThan(0.01);
    }
  });

  it("every RegionServer's write share over the run agrees within 1 point, for the tail as for the spread key", () => {
    for (const { fast, exact } of runs) {
      const a = shares(fast);
      shares(exact).forEach((share, i) => expect(Math.abs(share - (a[i] ?? 0))).toBeLessThan(0.01));
    }
  });
});
