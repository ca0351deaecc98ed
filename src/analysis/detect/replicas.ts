/**
 * Secondary read replicas (a table with `REGION_REPLICATION` above 1): each region of the table is then served by its
 * primary and by N - 1 replicas of the same key range on other RegionServers, which take no writes and only the
 * reads a client sends with `Consistency.TIMELINE`. `status 'detailed'`, `/status/cluster` and the native client list
 * every replica as a region of its own (`table,start,id_RRRR.<encoded>.`).
 *
 * Detection judges key ranges, so the primaries alone are the region-level tests' peers (with two idle replicas per
 * region, every primary would otherwise stand at about 3 × its peers' average), and a replica does not count toward
 * the regions' fair share. A replica is tested against the primaries as one more member beside them: a TIMELINE read
 * reaches a replica only when the primary has not answered in time (or the client names the replica), so a replica
 * above k × the primaries' average is a range read harder than its primary's server keeps up with. Its load still counts on the RegionServer that served it and in
 * the table's totals, and it is listed among the regions with its `replicaId`.
 *
 * @module
 */
import { replicaIdOfName } from '../../regions/index.js';
import type { RegionLoadShare } from './types.js';

const known = new WeakMap<readonly { readonly name: string }[], Uint8Array | null>();

/**
 * Which of `regions` (an interval's or a snapshot's list, never changed after it is made) are secondary replicas:
 * 1 at their positions; `undefined` when none is (the usual case, no array). Kept per list.
 */
export function secondaryReplicas(regions: readonly { readonly name: string }[]): Uint8Array | undefined {
  let flags = known.get(regions);
  if (flags === undefined) {
    flags = null;
    for (let i = 0; i < regions.length; i++) {
      if (replicaIdOfName((regions[i] as { name: string }).name) > 0) (flags ??= new Uint8Array(regions.length))[i] = 1;
    }
    known.set(regions, flags);
  }
  return flags ?? undefined;
}

/** How many of `regions` are primaries (not secondary replicas), given their {@link secondaryReplicas} flags. */
export function primaryCount(regions: readonly unknown[], replicas: Uint8Array | undefined): number {
  if (!replicas) return regions.length;
  let n = 0;
  for (let i = 0; i < replicas.length; i++) if (replicas[i] === 0) n++;
  return n;
}

/**
 * The other copies of `region`'s key range among `regions` listed at `endMs` (the window's end): its primary and its
 * other secondary read replicas, or, for a primary, its replicas. Empty for a table without replicas.
 */
export function rangeCopies(regions: readonly RegionLoadShare[], region: RegionLoadShare, endMs: number): RegionLoadShare[] {
  if (!regions.some((r) => r.replicaId !== undefined)) return [];
  return regions.filter((r) => r !== region && r.lastSeenMs === endMs && r.startKey === region.startKey && r.endKey === region.endKey && (r.replicaId !== undefined || region.replicaId !== undefined));
}

/**
 * The servers holding another copy of `region`'s key range ({@link rangeCopies}). No move sends `region` there:
 * HBase's balancer keeps a range's replicas on separate servers (its region replica host cost), and one server
 * holding two copies serves the range alone. Empty for a table without replicas.
 */
export function rangeCopyServers(regions: readonly RegionLoadShare[], region: RegionLoadShare, endMs: number): Set<string> {
  return new Set(rangeCopies(regions, region, endMs).map((r) => r.server));
}
