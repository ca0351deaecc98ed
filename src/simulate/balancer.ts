/**
 * The balancer run every `balancerIntervalMs`.
 *
 * - `region-count`: what HBase 2.x's `StochasticLoadBalancer` converges to with default weights, where the
 *   region-count cost (`hbase.master.balancer.stochastic.regionCountCost`, 500) dominates the request costs
 *   (`readRequestCost` / `writeRequestCost`, 5): it evens out the number of regions per RegionServer to within one
 *   (floor/ceil of the average), moving regions picked at random from the most loaded servers
 *   (its `LoadCandidateGenerator` picks a random region of the most loaded server), and ignores traffic.
 * - `request-aware`: as if the request weights were raised: first moves regions from the server with the most
 *   requests in the last interval to the one with the fewest when that lowers the busier of the two, then evens out
 *   region counts with the least busy regions.
 * - `none`: the balancer is switched off (`balance_switch false`).
 *
 * Random choices come from the seeded generator, so runs repeat.
 *
 * @module
 */
import type { Placement } from './cluster.js';
import type { Rng } from './rng.js';
import type { BalancerKind } from './scenario/types.js';

function argExtreme(values: readonly number[], pick: (a: number, b: number) => boolean): number {
  let best = 0;
  for (let i = 1; i < values.length; i++) if (pick(values[i] ?? 0, values[best] ?? 0)) best = i;
  return best;
}

function evenCounts(cluster: Placement, timeMs: number, choose: (candidates: number[]) => number): void {
  const counts = cluster.regionCounts();
  for (let guard = 0; guard < cluster.regions.length * 2; guard++) {
    const most = argExtreme(counts, (a, b) => a > b);
    const least = argExtreme(counts, (a, b) => a < b);
    if ((counts[most] ?? 0) - (counts[least] ?? 0) <= 1) return;
    const candidates = cluster.regions.flatMap((r, i) => (r.server === most ? [i] : []));
    cluster.move(choose(candidates), least, timeMs);
    counts[most] = (counts[most] ?? 0) - 1;
    counts[least] = (counts[least] ?? 0) + 1;
  }
}

function moveHotRegions(cluster: Placement, timeMs: number): void {
  const load = cluster.servers.map(() => 0);
  for (const r of cluster.regions) load[r.server] = (load[r.server] ?? 0) + r.recentRequests;
  for (let guard = 0; guard < cluster.servers.length; guard++) {
    const hot = argExtreme(load, (a, b) => a > b);
    const cold = argExtreme(load, (a, b) => a < b);
    const gap = (load[hot] ?? 0) - (load[cold] ?? 0);
    let best = -1;
    let bestScore = Number.POSITIVE_INFINITY;
    cluster.regions.forEach((r, i) => {
      if (r.server !== hot || r.recentRequests <= 0 || r.recentRequests >= gap) return;
      const score = Math.abs(gap / 2 - r.recentRequests);
      if (score < bestScore) [best, bestScore] = [i, score];
    });
    if (best < 0) return;
    const moved = cluster.regions[best]?.recentRequests ?? 0;
    cluster.move(best, cold, timeMs);
    load[hot] = (load[hot] ?? 0) - moved;
    load[cold] = (load[cold] ?? 0) + moved;
  }
}

/** Runs one balancer pass at `timeMs` over one table or several tables' regions, then starts a new request window. */
export function runBalancer(kind: BalancerKind, cluster: Placement, timeMs: number, rng: Rng): void {
  if (kind === 'region-count') {
    evenCounts(cluster, timeMs, (c) => c[Math.floor(rng.next() * c.length)] ?? 0);
  } else if (kind === 'request-aware') {
    moveHotRegions(cluster, timeMs);
    const coolest = (c: number[]) => c.reduce((a, b) => ((cluster.regions[b]?.recentRequests ?? 0) < (cluster.regions[a]?.recentRequests ?? 0) ? b : a));
    evenCounts(cluster, timeMs, coolest);
  }
  for (const r of cluster.regions) r.recentRequests = 0;
}
