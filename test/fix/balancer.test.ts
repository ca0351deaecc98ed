import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_MULTIPLIERS, balancerCost, balancerSwapWhatIf, balancerTakesSwaps, balancerWhatIf, clusterFromSeries, loadReportRate, maxSkew, minSkew, moveCost,
  scale, skewCost, sloppyServerExists, swapMultipliers, ulp, type BalancerCluster,
} from '../../src/fix/balancer/index.js';
import type { LoadSeries } from '../../src/model/index.js';

// Scenarios and the figures HBase 2.6.4's own cost functions gave for them (test/golden/java/BalancerCosts.java).
interface Scenario {
  name: string; servers: number; conf?: Record<string, string>;
  /** `count`: that many identical regions; `replicaOf` (an earlier region, counts expanded) and `replicaId`: a read replica. */
  regions: { server: number; reads: number[]; writes: number[]; storeFileMB: number; count?: number; replicaOf?: number; replicaId?: number }[];
  /** [region, to server] applied after the first costs, regions numbered with counts expanded. */
  moves?: [number, number][];
}
type GoldenFunction = { function: string; needed: boolean; multiplier: number; cost: number };
interface Golden {
  minSkew: [number, number, number, number][];
  scenarios: {
    name: string; functions: GoldenFunction[]; weightedCost: number; sumMultiplier: number; averageCost: number; needsBalance: boolean;
    afterMoves?: { moved: number; functions: GoldenFunction[]; computeCost: number };
  }[];
}
const url = (f: string) => new URL(`../golden/${f}`, import.meta.url);
const scenarios = JSON.parse(readFileSync(url('balancer-scenarios.json'), 'utf8')) as Scenario[];
const golden = JSON.parse(readFileSync(url('balancer-costs.json'), 'utf8')) as Golden;

function cluster(s: Scenario): BalancerCluster {
  const regions = s.regions.flatMap((r) => Array.from({ length: r.count ?? 1 }, () => r));
  const replicated = regions.some((r) => r.replicaOf !== undefined);
  return {
    servers: Array.from({ length: s.servers }, (_, i) => `rs${i}.example.com,16020,${1000 + i}`),
    regions: regions.map((r, i) => ({
      encodedName: `r${i}`, server: r.server, readsPerReport: loadReportRate(r.reads), writesPerReport: loadReportRate(r.writes),
      storeFileMB: r.storeFileMB, memStoreMB: 0,
      // a replica serves its primary's key range
      ...(replicated ? { replica: { range: `range ${r.replicaOf ?? i}`, id: r.replicaId ?? 0 } } : {}),
    })),
  };
}
function multipliers(s: Scenario) {
  const read = s.conf?.['hbase.master.balancer.stochastic.readRequestCost'];
  const write = s.conf?.['hbase.master.balancer.stochastic.writeRequestCost'];
  return { ...DEFAULT_MULTIPLIERS, ...(read ? { readRequestCost: Number(read) } : {}), ...(write ? { writeRequestCost: Number(write) } : {}) };
}

describe('DoubleArrayCost skew bounds against HBase', () => {
  it.each(golden.minSkew)('total %d over %d servers', (total, servers, min, max) => {
    expect(minSkew(total, servers)).toBe(min);
    expect(maxSkew(total, servers)).toBe(max);
  });
});

describe('balancer cost against HBase 2.6.4 cost functions', () => {
  it.each(scenarios.map((s, i) => [s.name, s, golden.scenarios[i]!] as const))('%s', (_name, s, g) => {
    const ours = balancerCost(cluster(s), multipliers(s));
    for (const f of g.functions.filter((x) => x.needed)) {
      const mine = ours.functions.find((x) => x.function === f.function);
      expect(mine, f.function).toBeDefined();
      expect(mine!.multiplier).toBe(f.multiplier);
      expect(mine!.cost).toBeCloseTo(f.cost, 12);
    }
    expect(ours.functions.map((f) => f.function).sort()).toEqual(g.functions.filter((x) => x.needed).map((x) => x.function).sort());
    expect(ours.sumMultiplier).toBe(g.sumMultiplier);
    expect(ours.weightedCost).toBeCloseTo(g.weightedCost, 10);
    expect(ours.averageCost).toBeCloseTo(g.averageCost, 12);
    expect(ours.needsBalance).toBe(g.needsBalance);
  });
});

describe('costs after moves against HBase 2.6.4 (doAction + updateCostsAndWeightsWithAction)', () => {
  const moving = scenarios.flatMap((s, i) => (s.moves ? [[s.name, s, golden.scenarios[i]!] as const] : []));
  it('has scenarios with moves, one above 600 regions, one of a table with read replicas', () => {
    expect(moving.map(([name]) => name)).toEqual(['hot-region-two-moves', '800-regions-ten-moves', 'replicas-hot-primary-moves']);
  });
  it.each(moving)('%s', (_name, s, g) => {
    const start = cluster(s);
    const after: BalancerCluster = { ...start, regions: start.regions.map((r, i) => ({ ...r, server: s.moves?.find(([region]) => region === i)?.[1] ?? r.server })) };
    const moved = after.regions.filter((r, i) => r.server !== start.regions[i]?.server).length;
    expect(moved).toBe(g.afterMoves?.moved);
    const ours = balancerCost(after, multipliers(s), moved);
    for (const f of g.afterMoves?.functions.filter((x) => x.needed) ?? []) {
      expect(ours.functions.find((x) => x.function === f.function)?.cost, f.function).toBeCloseTo(f.cost, 12);
    }
    expect(ours.weightedCost).toBeCloseTo(g.afterMoves?.computeCost ?? Number.NaN, 10);
  });
  it('move cost is moved ÷ regions with the 2.6 default maxMovePercent 1.0: 10 of 800 = 0.0125', () => {
    expect(moveCost(10, 800)).toBe(0.0125);
    // With the older default 0.25, the scale stops at max(⌊800 × 0.25⌋, 600) = 600 and 601 moves cost 1e6.
    expect(moveCost(10, 800, 0.25)).toBe(10 / 600);
    expect(moveCost(601, 800, 0.25)).toBe(1_000_000);
    expect(moveCost(601, 800)).toBeCloseTo(601 / 800, 15);
  });
});

describe('helpers', () => {
  it('scale clamps and zeroes as CostFunction.scale', () => {
    expect(scale(0, 10, 5)).toBe(0.5);
    expect(scale(0, 10, 20)).toBe(1);
    expect(scale(5, 5, 7)).toBe(0);
    expect(scale(2, 10, 1)).toBe(0);
  });
  it('ulp matches Math.ulp', () => {
    expect(ulp(1)).toBe(2 ** -52);
    expect(ulp(1.5)).toBe(2 ** -52);
    expect(ulp(2)).toBe(2 ** -51);
    expect(ulp(0)).toBe(2 ** -1074);
    // the bit pattern's low 32 bits all ones: adding one carries into the high half (Java: Math.ulp gives 2^-52 for both)
    expect(ulp(1 + (2 ** 32 - 1) * 2 ** -52)).toBe(2 ** -52);
    expect(ulp(2 - 2 ** -52)).toBe(2 ** -52);
    expect(ulp(-3)).toBe(2 ** -51);
  });
  it('skew cost: even 0, all on one 1', () => {
    expect(skewCost([3, 3, 3])).toBe(0);
    expect(skewCost([9, 0, 0])).toBe(1);
    expect(skewCost([])).toBe(0);
  });
  it('load report rate: mean increase, a reset counts its new value', () => {
    expect(loadReportRate([10, 20, 40])).toBe(15);
    expect(loadReportRate([500, 800, 200])).toBe(250);
    expect(loadReportRate([7])).toBe(0);
  });
  it('sloppy server: avg 2, slop 0.2 allows 1..3', () => {
    expect(sloppyServerExists([4, 1, 1])).toBe(true);
    expect(sloppyServerExists([3, 2, 1])).toBe(false);
  });
  it('move cost: 1 of 8 regions moved, scaled over min(8, 600)', () => {
    expect(moveCost(1, 8)).toBe(0.125);
    expect(moveCost(0, 8)).toBe(0);
  });
});

describe('what-if', () => {
  const hot = scenarios.find((s) => s.name === 'hot-region')!;
  it('default weights: the balancer leaves a hot region where it is', () => {
    const w = balancerWhatIf(cluster(hot));
    expect(w.current.needsBalance).toBe(false);
    expect(w.moves).toEqual([]);
  });
  it('raised request weights: it would run, yet no single move lowers the cost of one hot region', () => {
    const w = balancerWhatIf(cluster(hot), { ...DEFAULT_MULTIPLIERS, readRequestCost: 500, writeRequestCost: 500 });
    expect(w.current.needsBalance).toBe(true);
    // Hand check: writes per report by server 9100 / 200 / 200. Moving the cold r1 off rs0 gives region counts
    // 1 / 3 / 2: region skew sqrt(2) / sqrt(24) = 0.289 × (500 + 35) = +154, while the write skew only falls from
    // 0.937 to 0.921 (× 500 = −8). The hot region is alone in its load: moving cannot spread it; splitting can.
    expect(w.moves).toEqual([]);
  });
  it('two hot regions on one server: it moves one of them to the server with fewest writes', () => {
    const c: BalancerCluster = {
      servers: ['s0', 's1', 's2', 's3'],
      regions: [
        { encodedName: 'h1', server: 0, readsPerReport: 0, writesPerReport: 5000, storeFileMB: 10, memStoreMB: 0 },
        { encodedName: 'h2', server: 0, readsPerReport: 0, writesPerReport: 5000, storeFileMB: 10, memStoreMB: 0 },
        { encodedName: 'c1', server: 1, readsPerReport: 0, writesPerReport: 10, storeFileMB: 10, memStoreMB: 0 },
        { encodedName: 'c2', server: 2, readsPerReport: 0, writesPerReport: 10, storeFileMB: 10, memStoreMB: 0 },
        { encodedName: 'c3', server: 2, readsPerReport: 0, writesPerReport: 10, storeFileMB: 10, memStoreMB: 0 },
        { encodedName: 'c4', server: 3, readsPerReport: 0, writesPerReport: 10, storeFileMB: 10, memStoreMB: 0 },
      ],
    };
    const w = balancerWhatIf(c, { ...DEFAULT_MULTIPLIERS, writeRequestCost: 500 });
    // Moving h1 or h2 to s1 or s3 keeps region counts 1/2/2/1 (same skew) and halves s0's writes.
    expect(w.moves[0]?.from).toBe('s0');
    expect(['h1', 'h2']).toContain(w.moves[0]?.encodedName);
    expect(['s1', 's3']).toContain(w.moves[0]?.to);
    expect(w.after.weightedCost).toBeLessThan(w.current.weightedCost);
  });
  it('cluster from a series: rates per 3 s report, servers sorted, store MB truncated', () => {
    const region = (t: number, server: string, w: number) => ({
      name: `t,,1.${'a'.repeat(32)}.`, encodedName: 'a'.repeat(32), startKey: new Uint8Array(), endKey: new Uint8Array(),
      server, readRequests: 0, writeRequests: w, requests: w, storeSizeBytes: 3.5 * 2 ** 20 + t,
    });
    const series: LoadSeries = { table: 't', source: { kind: 'recorded' }, snapshots: [0, 1, 2].map((i) => ({ timeMs: i * 30_000, table: 't', regions: [region(i, 'b,1,1', i * 600)] })) };
    const c = clusterFromSeries(series, ['a,1,1']);
    expect(c.servers).toEqual(['a,1,1', 'b,1,1']);
    expect(c.regions[0]).toMatchObject({ server: 1, writesPerReport: 60, readsPerReport: 0, storeFileMB: 3 });
    expect(c.regions[0]?.replica).toBeUndefined();
  });
  it('cluster from a series: the rates of the region loads the balancer remembers (15, a minute apart), not a longer recording', () => {
    // a, b, c on three servers at `w(i)[j]` writes in interval i; snapshots `stepMs` apart
    const layout = [['a', 's1,1,1'], ['b', 's2,1,1'], ['c', 's3,1,1']] as const;
    const seriesOf = (stepMs: number, w: (i: number) => number[], intervals: number): LoadSeries => {
      const totals = [0, 0, 0];
      return {
        table: 't', source: { kind: 'recorded' }, snapshots: Array.from({ length: intervals + 1 }, (_, i) => {
          if (i > 0) w(i).forEach((n, j) => void (totals[j]! += n));
          return {
            timeMs: i * stepMs, table: 't', regions: layout.map(([e, server], j) => ({
              name: `t,${e},1.${e.repeat(32)}.`, encodedName: e.repeat(32), startKey: new Uint8Array(), endKey: new Uint8Array(),
              server, readRequests: 0, writeRequests: totals[j]!, requests: totals[j]!, storeSizeBytes: 0,
            })),
          };
        }),
      };
    };
    // one-minute snapshots, 20 intervals, b at 12,000 writes a minute in the last 7 after 13 at 600: the balancer
    // remembers 15 loads a minute apart, so it sees the last 14 minutes: b (7 × 600 + 7 × 12,000) ÷ 14 = 6,300 a
    // minute, 315 per 3 s report; a and c 600, 30 (the whole recording's mean would make b 4,590, 229.5)
    const minutes = clusterFromSeries(seriesOf(60_000, (i) => [600, i > 13 ? 12_000 : 600, 600], 20));
    expect(minutes.regions.map((r) => r.writesPerReport)).toEqual([30, 315, 30]);
    // its write cost: loads 30, 315, 30 (mean 125): √(95² + 190² + 95²) = √54,150 over the all-on-one
    // √(250² + 125² + 125²) = √93,750, the even spread costing 0
    const write = balancerCost(minutes).functions.find((f) => f.function === 'WriteRequestCostFunction');
    expect(write?.cost).toBeCloseTo(Math.sqrt(54_150) / Math.sqrt(93_750), 12);
    // ten-second snapshots, 100 intervals: the last 14 minutes are the last 84 intervals, b at 1,000 writes in the
    // last 14 and 100 in the 70 before: (70 × 100 + 14 × 1,000) ÷ 84 = 250 per 10 s, 75 per 3 s; a and c 30
    const seconds = clusterFromSeries(seriesOf(10_000, (i) => [100, i > 86 ? 1000 : 100, 100], 100));
    expect(seconds.regions.map((r) => r.writesPerReport)).toEqual([30, 75, 30]);
    // a recording shorter than 14 minutes is taken whole: 10 one-minute intervals, b hot in the last, (9 × 600 +
    // 12,000) ÷ 10 = 1,740 a minute, 87 per report
    expect(clusterFromSeries(seriesOf(60_000, (i) => [600, i === 10 ? 12_000 : 600, 600], 10)).regions.map((r) => r.writesPerReport)).toEqual([30, 87, 30]);
  });

  it('cluster from a series of a table with read replicas: each region\'s key range and replica id', () => {
    // names as HBase 2.6 wrote them for REGION_REPLICATION => 2 (recorded from the local cluster)
    const names = [
      'rep,,1796244772287.76987f444085a812d92b1146d3378a5a.', 'rep,,1796244772287_0001.af40dba0a4d0d2ca9921f278da797073.',
      'rep,g,1796244772287.5cae798286cbc129060114343f14d4d6.', 'rep,g,1796244772287_0001.aaa2026c9283960c0c354e73a7f32cb4.',
    ];
    const region = (name: string, i: number, t: number) => ({
      name, encodedName: name.slice(-33, -1), startKey: new Uint8Array(), endKey: new Uint8Array(),
      server: `rs${i % 3},16020,1`, readRequests: 0, writeRequests: i % 2 === 0 ? t * 300 : 0, requests: i % 2 === 0 ? t * 300 : 0, storeSizeBytes: 0,
    });
    const series: LoadSeries = { table: 'rep', source: { kind: 'recorded' }, snapshots: [0, 1].map((t) => ({ timeMs: t * 3000, table: 'rep', regions: names.map((n, i) => region(n, i, t)) })) };
    const c = clusterFromSeries(series);
    expect(c.regions.map((r) => r.replica)).toEqual([
      { range: 'rep,,1796244772287', id: 0 }, { range: 'rep,,1796244772287', id: 1 },
      { range: 'rep,g,1796244772287', id: 0 }, { range: 'rep,g,1796244772287', id: 1 },
    ]);
    // the replica functions are needed: 500 + 100,000 + 10,000 more in the multiplier sum than without
    const cost = balancerCost(c);
    expect(cost.sumMultiplier).toBe(balancerCost({ ...c, regions: c.regions.map(({ replica: _r, ...r }) => r) }).sumMultiplier + 110_500);
  });
});

describe('swaps beside the moves', () => {
  // Four servers with two regions each; h1 and h2, 1000 writes per report each, stacked on s0; six cold regions with
  // 10 each; no reads, no store files. Write loads by server 2000 / 20 / 20 / 20: total 2060, mean 515, min skew 0
  // (2060 divides evenly), max skew sqrt(1545² + 3 × 515²); current skew sqrt(1485² + 3 × 495²).
  const region = (encodedName: string, server: number, writes: number) => ({ encodedName, server, readsPerReport: 0, writesPerReport: writes, storeFileMB: 0, memStoreMB: 0 });
  const stacked: BalancerCluster = {
    servers: ['s0', 's1', 's2', 's3'],
    regions: [region('h1', 0, 1000), region('h2', 0, 1000), region('c1', 1, 10), region('c2', 1, 10), region('c3', 2, 10), region('c4', 2, 10), region('c5', 3, 10), region('c6', 3, 10)],
  };
  const max = Math.sqrt(1545 ** 2 + 3 * 515 ** 2);
  const before = Math.sqrt(1485 ** 2 + 3 * 495 ** 2) / max;
  // after one swap of a hot region with a cold one: 1010 / 1010 / 20 / 20, every server 495 from the mean
  const after = Math.sqrt(4 * 495 ** 2) / max;
  const raised = { ...DEFAULT_MULTIPLIERS, readRequestCost: 50, writeRequestCost: 50 };

  it('default weights: the balancer skips the table (5 × 0.961 ÷ 602 < 0.025), so neither moves nor swaps', () => {
    const s = balancerSwapWhatIf(stacked);
    expect(s.current.averageCost).toBeCloseTo((5 * before) / 602, 12);
    expect(s.current.needsBalance).toBe(false);
    expect(s.swaps).toEqual([]);
  });

  it('raised request weights: no single move lowers the cost, one swap does, and the move search is unchanged', () => {
    // any single move unbalances the counts (2 regions each): at best 1 / 3 / 2 / 2, region skew sqrt(2) ÷ sqrt(6² + 3 × 2²)
    // = 0.204 × (500 + 35) = +109, more than the write cost can fall (50 × 0.961 = 48)
    expect(balancerWhatIf(stacked, raised).moves).toEqual([]);
    const s = balancerSwapWhatIf(stacked, raised);
    expect(s.current.weightedCost).toBeCloseTo(50 * before, 10);
    // ties between the eight equal swaps go to the first pair in region order: h1 with c1
    expect(s.swaps.map((w) => [w.region, w.from, w.back, w.to])).toEqual([['h1', 's0', 'c1', 's1']]);
    // write skew 50 × 0.555 plus 2 of 8 regions moved × 7; a second swap only moves load between servers
    expect(s.swaps[0]!.weightedCostAfter).toBeCloseTo(50 * after + (7 * 2) / 8, 10);
    expect(s.after.weightedCost).toBeCloseTo(50 * after + (7 * 2) / 8, 10);
    expect(s.after.functions.find((f) => f.function === 'RegionCountSkewCostFunction')?.cost).toBe(0);
    // shares of the 2060 requests per report: s0 2000 → 1010, s1 20 → 1010
    expect(s.serverShares.map((x) => [x.server, x.before, x.after])).toEqual([
      ['s0', 2000 / 2060, 1010 / 2060], ['s1', 20 / 2060, 1010 / 2060], ['s2', 20 / 2060, 20 / 2060], ['s3', 20 / 2060, 20 / 2060],
    ].map(([server, b, a]) => [server, expect.closeTo(b as number, 12), expect.closeTo(a as number, 12)]));
  });

  it('names the single multiplier values that make HBase act and keep the swap', () => {
    const needed = swapMultipliers(stacked, [{ region: 'h1', back: 'c1' }]);
    const value = Object.fromEntries(needed.map((m) => [m.name, m.value]));
    // writeRequestCost m: needsBalance when m × 0.961 ÷ (597 + m) ≥ 0.025, m ≥ 14.925 ÷ (0.961 − 0.025) = 15.9; the
    // swap lowers the cost once m × (0.961 − 0.555) > 7 × 2 ÷ 8 = 1.75, m > 4.3: 16
    expect(14.925 / (before - 0.025)).toBeGreaterThan(15);
    expect(14.925 / (before - 0.025)).toBeLessThan(16);
    expect(value.writeRequestCost).toBe(16);
    // no reads: raising readRequestCost only lowers the average
    expect(value.readRequestCost).toBeNull();
    // regionCountCost r: 5 × 0.961 ÷ (102 + r) ≥ 0.025, r ≤ 200 × 0.961 − 102 = 90.2; the swap gains 5 × 0.406 = 2.03 > 1.75
    expect(200 * before - 102).toBeCloseTo(90.23, 2);
    expect(value.regionCountCost).toBe(90);
    // moveCost: 5 × 0.961 ÷ (595 + m) stays under 0.025 even at 0
    expect(value.moveCost).toBeNull();
    expect(needed.find((m) => m.name === 'writeRequestCost')).toMatchObject({ property: 'hbase.master.balancer.stochastic.writeRequestCost', defaultValue: 5, direction: 'at-least' });
    expect(balancerTakesSwaps(stacked, [{ region: 'h1', back: 'c1' }], { ...DEFAULT_MULTIPLIERS, writeRequestCost: 15 })).toBe(false);
    expect(() => balancerTakesSwaps(stacked, [{ region: 'h1', back: 'zz' }], DEFAULT_MULTIPLIERS)).toThrow('swap 1 (h1 ⇄ zz): region zz is not in the cluster');
  });

  it('three hot regions on one of three servers: two swaps take it from 98% of the requests to a third', () => {
    // three servers with three regions each; h1..h3 1000 writes per report on s0, six cold regions of 10 on s1 and s2.
    // Write loads 3000 / 30 / 30 of 3060, mean 1020, min skew 0; max skew sqrt(2040² + 2 × 1020²).
    const three: BalancerCluster = {
      servers: ['s0', 's1', 's2'],
      regions: [
        region('h1', 0, 1000), region('h2', 0, 1000), region('h3', 0, 1000),
        region('c1', 1, 10), region('c2', 1, 10), region('c3', 1, 10), region('c4', 2, 10), region('c5', 2, 10), region('c6', 2, 10),
      ],
    };
    const top = Math.sqrt(2040 ** 2 + 2 * 1020 ** 2);
    // first swap h1 ⇄ c1: 2010 / 1020 / 30, sqrt(2 × 990²); then h2 ⇄ c4: 1020 each, skew 0, 4 of 9 regions moved
    expect(balancerWhatIf(three, raised).moves).toEqual([]);
    const s = balancerSwapWhatIf(three, raised);
    expect(s.current.weightedCost).toBeCloseTo((50 * Math.sqrt(1980 ** 2 + 2 * 990 ** 2)) / top, 10);
    expect(s.swaps.map((w) => [w.region, w.from, w.back, w.to])).toEqual([['h1', 's0', 'c1', 's1'], ['h2', 's0', 'c4', 's2']]);
    expect(s.swaps.map((w) => w.weightedCostAfter)).toEqual([
      expect.closeTo((50 * Math.sqrt(2 * 990 ** 2)) / top + (7 * 2) / 9, 10), expect.closeTo((7 * 4) / 9, 10),
    ]);
    expect(s.serverShares.map((x) => x.after)).toEqual([1020 / 3060, 1020 / 3060, 1020 / 3060].map((x) => expect.closeTo(x, 12)));
    expect(s.serverShares[0]!.before).toBeCloseTo(3000 / 3060, 12);
    // at most the cap: one swap when asked for one
    expect(balancerSwapWhatIf(three, raised, 1).swaps).toHaveLength(1);
  });
});
