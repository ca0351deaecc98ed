// The balancer what-if over a table with read replicas: HBase's region replica host cost (100,000) keeps two replicas
// of one key range off one server, in the moves and in the swaps.
import { describe, expect, it } from 'vitest';
import { DEFAULT_MULTIPLIERS, balancerCost, balancerSwapWhatIf, balancerWhatIf, clusterFromSeries } from '../../src/fix/balancer/index.js';
import { placedSeries } from '../analysis/replica-series.js';

// ranges '' b c … j with an idle replica each; c and d take 9,000 writes a minute on rs1, rs4 holds the replicas of
// a, b and d and the primary of i
const placement: [string, string, number][] = [
  ['rs2', 'rs4', 300], ['rs3', 'rs4', 300], ['rs1', 'rs2', 9000], ['rs1', 'rs4', 9000], ['rs3', 'rs2', 300],
  ['rs3', 'rs1', 300], ['rs2', 'rs3', 300], ['rs3', 'rs2', 300], ['rs4', 'rs1', 300], ['rs2', 'rs3', 300],
];
const series = placedSeries(placement);
const cluster = clusterFromSeries(series);
/** Each region's server after `changes` ([region, server] in order), as "server range" per region. */
function rangesOn(changes: readonly [string, string][]): string[] {
  const last = series.snapshots.at(-1)!;
  const at = new Map(last.regions.map((r) => [r.encodedName, r.server]));
  for (const [region, server] of changes) at.set(region, server);
  return last.regions.map((r) => `${at.get(r.encodedName)} ${new TextDecoder().decode(r.startKey)}`);
}

describe('balancer what-if in a table with read replicas', () => {
  it('with default weights the replica multipliers (110,500 more) keep the balancer from acting on the writes', () => {
    const cost = balancerCost(cluster);
    expect(cost.sumMultiplier).toBe(111_102);
    expect(cost.needsBalance).toBe(false);
  });

  it('moves the hot primary whose replica is elsewhere, not the one that would join its own replica', () => {
    // a and b take 9,000 writes a minute on rs1; rs3 (300 + 300) is quieter than rs2 (400 + 400) and holds a's
    // replica; every server holds 4 regions. Moving a to rs3 evens the writes most but puts a beside its replica:
    // at 100,000 × (1 ÷ 6, one range's (2 − 1)² of the 6 ranges' most) no write weight pays for it, so b goes there.
    const three = placedSeries([['rs1', 'rs3', 9000], ['rs1', 'rs2', 9000], ['rs2', 'rs1', 400], ['rs3', 'rs2', 300], ['rs2', 'rs3', 400], ['rs3', 'rs1', 300]]);
    const c = clusterFromSeries(three);
    const heavy = { ...DEFAULT_MULTIPLIERS, writeRequestCost: 10_000 };
    const first = balancerWhatIf(c, heavy, 1).moves[0];
    const name = (i: number) => three.snapshots[0]!.regions[i]!.encodedName;
    expect(first).toMatchObject({ encodedName: name(2), from: 'rs1,16020,1', to: 'rs3,16020,1' });
    // without the host cost the same search sends a there
    expect(balancerWhatIf(c, { ...heavy, regionReplicaHostCost: 0 }, 1).moves[0]).toMatchObject({ encodedName: name(0), to: 'rs3,16020,1' });
  });

  it('with the writes weighed enough to act, neither a move nor a swap puts two replicas of a range on one server', () => {
    const heavy = { ...DEFAULT_MULTIPLIERS, writeRequestCost: 1_000_000 };
    const w = balancerWhatIf(cluster, heavy);
    expect(w.moves.length).toBeGreaterThan(0);
    const moved = rangesOn(w.moves.map((m) => [m.encodedName, m.to]));
    expect(new Set(moved).size).toBe(moved.length);
    const s = balancerSwapWhatIf(cluster, heavy);
    expect(s.swaps.length).toBeGreaterThan(0);
    const swapped = rangesOn(s.swaps.flatMap((x): [string, string][] => [[x.region, x.to], [x.back, x.from]]));
    expect(new Set(swapped).size).toBe(swapped.length);
  });
});
