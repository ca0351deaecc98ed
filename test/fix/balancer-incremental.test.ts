// The incremental balancer state and searches against the full recompute (test/support/balancer-oracle.ts) on random
// clusters: the same moves and swaps in the same order at the same costs, to the bit.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_MULTIPLIERS, balancerCost, balancerSwapWhatIf, balancerTakesSwaps, balancerWhatIf, movedFrom, placedAt,
  type BalancerCluster, type BalancerMultipliers,
} from '../../src/fix/balancer/index.js';
import { BalancerState } from '../../src/fix/balancer/state.js';
import { fullSwapWhatIf, fullWhatIf } from '../support/balancer-oracle.js';

// Loads mix whole numbers (equal loads make exact ties between candidates) with rates of the kind loadReportRate and
// the report rescaling give (thirds, tenths), and now and then a hot region.
const load = fc.oneof(
  fc.integer({ min: 0, max: 5 }).map((n) => n * 100),
  fc.integer({ min: 0, max: 3000 }).map((n) => (n / 3) * 0.1),
  fc.constant(20_000),
  fc.double({ min: 0, max: 1e4, noNaN: true }),
);
const clusterArb = fc.integer({ min: 2, max: 6 }).chain((servers) =>
  fc.record({
    servers: fc.constant(Array.from({ length: servers }, (_, i) => `rs${i}`)),
    regions: fc.array(
      fc.record({
        server: fc.integer({ min: 0, max: servers - 1 }),
        readsPerReport: load,
        writesPerReport: load,
        storeFileMB: fc.integer({ min: 0, max: 2000 }),
        memStoreMB: fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 128 })),
      }),
      { minLength: 1, maxLength: 24 },
    ).map((rs) => rs.map((r, i) => ({ ...r, encodedName: `r${i}` }))),
  }),
);
// Half the clusters are of a table with read replicas: every region serves one of a few key ranges as its primary or
// a replica, and now and then two servers share a host (the host cost then groups by host).
const replicatedArb = fc.tuple(clusterArb, fc.boolean(), fc.boolean(), fc.array(fc.tuple(fc.nat(3), fc.nat(2)), { minLength: 24, maxLength: 24 })).map(
  ([cluster, replicated, sharedHost, layout]): BalancerCluster => {
    if (!replicated) return cluster;
    const servers = sharedHost ? cluster.servers.map((_, i) => `h${i % 2},${16020 + i},1`) : cluster.servers;
    return { servers, regions: cluster.regions.map((r, i) => ({ ...r, replica: { range: `k${layout[i]?.[0]}`, id: layout[i]?.[1] ?? 0 } })) };
  },
);
const weight = (usual: number, max: number) => fc.oneof(fc.constant(usual), fc.constant(0), fc.integer({ min: 0, max }));
const multipliersArb: fc.Arbitrary<BalancerMultipliers> = fc.record({
  regionCountCost: weight(500, 600),
  tableSkewCost: weight(35, 100),
  readRequestCost: weight(500, 1000),
  writeRequestCost: weight(500, 1000),
  memstoreSizeCost: weight(5, 50),
  storefileSizeCost: weight(5, 50),
  moveCost: weight(7, 20),
  localityCost: fc.constant(25),
  rackLocalityCost: fc.constant(15),
  primaryRegionCountCost: weight(500, 600),
  regionReplicaHostCost: weight(100_000, 200_000),
  regionReplicaRackCost: fc.constant(10_000),
});

describe('BalancerState', () => {
  it('exact costs equal balancerCost of the changed placement to the bit; estimates within the tolerance', () => {
    fc.assert(
      fc.property(replicatedArb, multipliersArb, fc.array(fc.tuple(fc.nat(), fc.nat()), { maxLength: 4 }), (cluster, m, walk) => {
        const state = new BalancerState(cluster, m);
        const home = cluster.regions.map((r) => r.server);
        const cost = (placement: number[]) => balancerCost(placedAt(cluster, placement), m, movedFrom(home, placement)).weightedCost;
        for (const [r, s] of walk) state.applyMove(r % cluster.regions.length, s % cluster.servers.length);
        const placement = Array.from(state.placement);
        expect(state.moved).toBe(movedFrom(home, placement));
        expect(state.weightedCost()).toBe(cost(placement));
        const estimates = new Float64Array(cluster.servers.length);
        placement.forEach((from, region) => {
          state.estimateMoves(region, estimates);
          cluster.servers.forEach((_, to) => {
            if (to === from) return;
            const next = [...placement];
            next[region] = to;
            const exact = state.exactAfterMove(region, to);
            expect(exact).toBe(cost(next));
            const estimate = estimates[to] as number;
            if (!Number.isNaN(estimate)) expect(Math.abs(estimate - exact)).toBeLessThanOrEqual(state.tolerance);
          });
          for (let j = region + 1; j < placement.length; j++) {
            if (placement[j] === from) continue;
            const next = [...placement];
            next[region] = placement[j] as number;
            next[j] = from;
            const exact = state.exactAfterSwap(region, j);
            expect(exact).toBe(cost(next));
            const estimate = state.estimateAfterSwap(region, j);
            if (!Number.isNaN(estimate)) expect(Math.abs(estimate - exact)).toBeLessThanOrEqual(state.tolerance);
          }
        });
      }),
      { numRuns: 150 },
    );
  });

  it('a move to the server the region is on changes nothing; a swap back restores the cost', () => {
    const cluster: BalancerCluster = {
      servers: ['a', 'b'],
      regions: [0, 0, 1].map((server, i) => ({ encodedName: `r${i}`, server, readsPerReport: 0.1 * (i + 1), writesPerReport: 0, storeFileMB: 3, memStoreMB: 0 })),
    };
    const state = new BalancerState(cluster, DEFAULT_MULTIPLIERS);
    const start = state.weightedCost();
    state.applyMove(0, 0);
    expect(state.weightedCost()).toBe(start);
    state.applySwap(0, 2);
    expect(state.moved).toBe(2);
    state.applySwap(0, 2);
    expect(state.moved).toBe(0);
    expect(state.weightedCost()).toBe(start);
  });
});

/** Checks `check` on `runs` random clusters and multipliers. */
const onRandomClusters = (runs: number, check: (cluster: BalancerCluster, m: BalancerMultipliers) => void) =>
  fc.assert(fc.property(replicatedArb, multipliersArb, check), { numRuns: runs });

describe('incremental searches against the full recompute', () => {
  it('balancerWhatIf: the same moves in the same order at the same costs', () => {
    onRandomClusters(300, (cluster, m) => {
      const oracle = fullWhatIf(cluster, m, 6);
      const w = balancerWhatIf(cluster, m, 6);
      expect(w.moves).toEqual(oracle.moves);
      expect(w.after.weightedCost).toBe(oracle.afterCost);
    });
  });

  it('balancerSwapWhatIf: the same swaps in the same order at the same costs', () => {
    onRandomClusters(200, (cluster, m) => {
      const oracle = fullSwapWhatIf(cluster, m, 3);
      const s = balancerSwapWhatIf(cluster, m, 3);
      expect(s.swaps).toEqual(oracle.swaps);
      expect(s.after.weightedCost).toBe(oracle.afterCost);
      // the swaps found are the ones the balancer keeps, swap after swap
      if (s.swaps.length > 0) expect(balancerTakesSwaps(cluster, s.swaps, m)).toBe(true);
    });
  });
});
