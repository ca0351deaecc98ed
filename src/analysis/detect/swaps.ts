/**
 * Swaps that take stacked hot regions off one RegionServer: HBase's default balancer evens region counts, not load,
 * so several hot regions can sit on one server. Each swap moves one of them to the least loaded server and that
 * server's quietest region back, keeping region counts even (HBase has no swap command: a swap is two moves).
 * In a table with read replicas, a secondary replica is never swapped (`fix apply` finds a region in the table's
 * region list, which has no entry of a replica's own), and no swap leaves two replicas of one key range on one server:
 * HBase's balancer keeps them apart (its region replica host cost,
 * `hbase.master.balancer.stochastic.regionReplicaHostCostKey`, 100000 by default), and a RegionServer holding both
 * serves the range from one server.
 *
 * @module
 */

/** A region as the swap search sees it: where it is and its share of the requests over now. */
export interface SwapRegion {
  readonly encodedName: string;
  readonly server: string;
  readonly share: number;
  /**
   * Its table and key range as one text, the same for every replica of a range (a table with read replicas); no two
   * regions of one range are placed on one server. Absent: a range of its own.
   */
  readonly range?: string;
  /**
   * A secondary read replica: never swapped back (a runbook step finds its region by encoded name or start key in the
   * table's region list, which lists a key range once, under its primary's name), only kept apart from its range.
   */
  readonly replica?: boolean;
}

/** One swap: `region` from `from` to `to`, and `back` (the quietest region of `to`) from `to` to `from`. */
export interface Swap {
  readonly region: SwapRegion;
  readonly back: SwapRegion;
  readonly from: string;
  readonly to: string;
}

/** The swaps found and the stacked server's share of the requests before and after them. */
export interface SwapPlan {
  readonly server: string;
  readonly swaps: readonly Swap[];
  readonly before: number;
  readonly after: number;
}

/** Most swaps planned for one server. */
export const MAX_SWAPS = 4;

/**
 * Swaps for `server`, whose regions `stacked` (hot now, busiest first) sit together: every one but the busiest is
 * swapped with the quietest region of the then least loaded other server, while that lowers the larger of the two
 * servers' shares. `servers` maps every server to its share over now; `regions` are the live regions.
 */
export function swapPlan(server: string, stacked: readonly SwapRegion[], servers: ReadonlyMap<string, number>, regions: readonly SwapRegion[]): SwapPlan {
  const loads = new Map(servers);
  const used = new Set(stacked.map((r) => r.encodedName));
  const swaps: Swap[] = [];
  const before = loads.get(server) ?? 0;
  // where each region is as the swaps so far leave it
  const at = new Map(regions.map((r) => [r.encodedName, r.server]));
  const ofRange = new Map<string, SwapRegion[]>();
  for (const r of regions) if (r.range !== undefined) ofRange.set(r.range, [...(ofRange.get(r.range) ?? []), r]);
  // another region of `range` would be on `host` once `leaving` left it and `coming` came
  const shared = (range: string | undefined, host: string, leaving: string, coming: string) =>
    range !== undefined && (ofRange.get(range) ?? []).some((r) => r.encodedName !== leaving && r.encodedName !== coming && at.get(r.encodedName) === host);
  for (const region of stacked.slice(1)) {
    if (swaps.length >= MAX_SWAPS) break;
    // a secondary read replica hot now stays where it is, as it is never brought back (its range is split instead)
    if (region.replica === true) continue;
    const to = [...loads.entries()].filter(([s]) => s !== server).sort((a, b) => a[1] - b[1] || a[0].localeCompare(b[0]))[0];
    if (!to) break;
    const back = regions
      .filter((r) => r.server === to[0] && !used.has(r.encodedName) && r.replica !== true)
      .filter((r) => !shared(region.range, to[0], r.encodedName, region.encodedName) && !shared(r.range, server, region.encodedName, r.encodedName))
      .sort((a, b) => a.share - b.share)[0];
    if (!back) continue;
    const s = (loads.get(server) ?? 0) - region.share + back.share;
    const t = to[1] + region.share - back.share;
    if (Math.max(s, t) >= (loads.get(server) ?? 0)) continue;
    loads.set(server, s);
    loads.set(to[0], t);
    used.add(back.encodedName);
    at.set(region.encodedName, to[0]);
    at.set(back.encodedName, server);
    swaps.push({ region, back, from: server, to: to[0] });
  }
  return { server, swaps, before, after: loads.get(server) ?? 0 };
}
