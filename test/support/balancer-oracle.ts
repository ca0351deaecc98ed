/**
 * The balancer what-if searches as they were before the incremental state: every candidate's placement copied and
 * every cost recomputed over all regions with `balancerCost`. Slow (regions² × servers per step), kept only as the
 * oracle the incremental searches are compared with (test/fix/balancer-incremental.test.ts).
 */
import {
  type BalancerCluster, type BalancerMove, type BalancerMultipliers, type BalancerSwap, balancerCost, moveCost, placedAt, movedFrom, skewCost,
} from '../../src/fix/balancer/index.js';

/** `balancerWhatIf` by full recompute: the moves (region then server order, strictly lower cost replaces the best). */
export function fullWhatIf(cluster: BalancerCluster, multipliers: BalancerMultipliers, maxMoves = 20): { moves: BalancerMove[]; afterCost: number } {
  const current = balancerCost(cluster, multipliers);
  const moves: BalancerMove[] = [];
  if (!current.needsBalance) return { moves, afterCost: current.weightedCost };
  const home = cluster.regions.map((r) => r.server);
  let placement = [...home];
  let cost = current.weightedCost;
  for (let step = 0; step < maxMoves; step++) {
    let best: { region: number; to: number; cost: number } | undefined;
    for (let region = 0; region < placement.length; region++) {
      for (let to = 0; to < cluster.servers.length; to++) {
        if (to === placement[region]) continue;
        const next = [...placement];
        next[region] = to;
        const c = balancerCost(placedAt(cluster, next), multipliers, movedFrom(home, next)).weightedCost;
        if (c < cost - 1e-12 && (!best || c < best.cost)) best = { region, to, cost: c };
      }
    }
    if (!best) break;
    moves.push({
      encodedName: cluster.regions[best.region]?.encodedName as string,
      from: cluster.servers[placement[best.region] as number] as string,
      to: cluster.servers[best.to] as string,
      weightedCostAfter: best.cost,
    });
    placement = [...placement];
    placement[best.region] = best.to;
    cost = best.cost;
  }
  return { moves, afterCost: balancerCost(placedAt(cluster, placement), multipliers, movedFrom(home, placement)).weightedCost };
}

const LOADS = [
  { of: (r: BalancerCluster['regions'][number]) => r.readsPerReport, weight: (m: BalancerMultipliers) => m.readRequestCost },
  { of: (r: BalancerCluster['regions'][number]) => r.writesPerReport, weight: (m: BalancerMultipliers) => m.writeRequestCost },
  { of: (r: BalancerCluster['regions'][number]) => r.memStoreMB, weight: (m: BalancerMultipliers) => m.memstoreSizeCost },
  { of: (r: BalancerCluster['regions'][number]) => r.storeFileMB, weight: (m: BalancerMultipliers) => m.storefileSizeCost },
];

/** `balancerSwapWhatIf` by full recompute: pairs ranked on the skews a swap changes, each swap taken checked with `balancerCost`. */
export function fullSwapWhatIf(cluster: BalancerCluster, multipliers: BalancerMultipliers, maxSwaps: number): { swaps: BalancerSwap[]; afterCost: number } {
  const current = balancerCost(cluster, multipliers);
  const swaps: BalancerSwap[] = [];
  if (!current.needsBalance) return { swaps, afterCost: current.weightedCost };
  const home = cluster.regions.map((r) => r.server);
  let placement = [...home];
  const n = cluster.regions.length;
  const values = LOADS.map((l) => cluster.regions.map(l.of));
  const weights = LOADS.map((l) => l.weight(multipliers));
  let cost = current.weightedCost;
  const replicated = cluster.regions.some((r) => r.replica !== undefined);
  for (let step = 0; step < maxSwaps; step++) {
    const sums = values.map((v) => {
      const s = cluster.servers.map(() => 0);
      v.forEach((x, i) => (s[placement[i] as number] = (s[placement[i] as number] ?? 0) + x));
      return s;
    });
    const moved = movedFrom(home, placement);
    const fixed = cost - weights.reduce((a, w, k) => a + w * skewCost(sums[k] as number[]), 0) - multipliers.moveCost * moveCost(moved, n);
    let best: { i: number; j: number; rank: number } | undefined;
    for (let i = 0; i < n; i++) {
      const a = placement[i] as number;
      for (let j = i + 1; j < n; j++) {
        const b = placement[j] as number;
        if (a === b) continue;
        const movedAfter = moved - (a !== home[i] ? 1 : 0) - (b !== home[j] ? 1 : 0) + (b !== home[i] ? 1 : 0) + (a !== home[j] ? 1 : 0);
        let rank = fixed + multipliers.moveCost * moveCost(movedAfter, n);
        // with read replicas a swap also changes the primary count skew and the replica host cost: the full recompute
        if (replicated) {
          const next = [...placement];
          next[i] = b;
          next[j] = a;
          rank = balancerCost(placedAt(cluster, next), multipliers, movedAfter).weightedCost;
        }
        for (let k = 0; k < LOADS.length && !replicated; k++) {
          const w = weights[k] as number;
          if (w === 0) continue;
          const s = [...(sums[k] as number[])];
          const delta = (values[k]?.[i] as number) - (values[k]?.[j] as number);
          s[a] = (s[a] as number) - delta;
          s[b] = (s[b] as number) + delta;
          rank += w * skewCost(s);
        }
        if (rank < cost - 1e-12 && (!best || rank < best.rank - 1e-9 * Math.max(1, Math.abs(best.rank)))) best = { i, j, rank };
      }
    }
    if (!best) break;
    const next = [...placement];
    next[best.i] = placement[best.j] as number;
    next[best.j] = placement[best.i] as number;
    const exact = balancerCost(placedAt(cluster, next), multipliers, movedFrom(home, next)).weightedCost;
    if (!(exact < cost - 1e-12)) break;
    swaps.push({
      region: cluster.regions[best.i]?.encodedName as string,
      back: cluster.regions[best.j]?.encodedName as string,
      from: cluster.servers[placement[best.i] as number] as string,
      to: cluster.servers[placement[best.j] as number] as string,
      weightedCostAfter: exact,
    });
    placement = next;
    cost = exact;
  }
  return { swaps, afterCost: balancerCost(placedAt(cluster, placement), multipliers, movedFrom(home, placement)).weightedCost };
}
