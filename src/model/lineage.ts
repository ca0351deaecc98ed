/**
 * Region lineage between two snapshots: which regions vanished, which appeared, and how they relate by key range
 * (a split: one parent, several daughters inside it; a merge: several parents, one region covering them).
 *
 * @module
 */
import { compareBytes } from '../bytes/index.js';
import { replicaIdOfName } from '../regions/index.js';
import type { RegionLoad } from './types.js';

/** How regions that appeared relate to regions that vanished between two snapshots. */
export interface Lineage {
  /** Vanished parent → its daughters (each lying inside the parent's range), for parents with two or more. */
  readonly splits: ReadonlyMap<RegionLoad, RegionLoad[]>;
  /** Appeared region → the vanished parents it covers, for regions covering two or more. */
  readonly merges: ReadonlyMap<RegionLoad, RegionLoad[]>;
  /** Appeared regions not explained by a split or merge. */
  readonly appeared: readonly RegionLoad[];
  /** Vanished regions not explained by a split or merge. */
  readonly gone: readonly RegionLoad[];
}

/**
 * True when key ranges [aStart, aEnd) and [bStart, bEnd) overlap; an empty end key means "to the end of the table".
 * Regions of different tables (a series of several) never overlap.
 */
export function rangesOverlap(a: RegionLoad, b: RegionLoad): boolean {
  if (a.table !== b.table) return false;
  const aEndsBeforeB = a.endKey.length > 0 && compareBytes(a.endKey, b.startKey) <= 0;
  const bEndsBeforeA = b.endKey.length > 0 && compareBytes(b.endKey, a.startKey) <= 0;
  return !aEndsBeforeB && !bEndsBeforeA;
}

/** True when `inner`'s range lies within `outer`'s (never across tables of a series of several). */
export function rangeContains(outer: RegionLoad, inner: RegionLoad): boolean {
  if (outer.table !== inner.table) return false;
  if (compareBytes(inner.startKey, outer.startKey) < 0) return false;
  if (outer.endKey.length === 0) return true;
  return inner.endKey.length > 0 && compareBytes(inner.endKey, outer.endKey) <= 0;
}

/**
 * Matches appeared regions to vanished ones by key range. A vanished region whose range holds two or more appeared
 * regions split; an appeared region whose range holds two or more vanished regions is their merge. Everything else is
 * reported as plainly appeared or gone (a region in transition missing from one snapshot, for example).
 * In a table with read replicas (`_RRRR` in a region's name), every replica of a range has the range: a region is
 * matched only with regions of its own replica id (replica 1 of a split parent splits into the daughters' replicas 1).
 */
export function matchLineage(vanished: readonly RegionLoad[], appeared: readonly RegionLoad[]): Lineage {
  const splits = new Map<RegionLoad, RegionLoad[]>();
  const merges = new Map<RegionLoad, RegionLoad[]>();
  const explained = new Set<RegionLoad>();
  const replicaIds = new Map<RegionLoad, number>();
  for (const r of vanished) replicaIds.set(r, replicaIdOfName(r.name));
  for (const r of appeared) replicaIds.set(r, replicaIdOfName(r.name));
  const sameReplica = (a: RegionLoad, b: RegionLoad) => replicaIds.get(a) === replicaIds.get(b);
  for (const parent of vanished) {
    const daughters = appeared.filter((d) => sameReplica(parent, d) && rangeContains(parent, d));
    if (daughters.length >= 2 || (daughters.length === 1 && !sameRange(parent, daughters[0] as RegionLoad))) {
      splits.set(parent, daughters);
      explained.add(parent);
      for (const d of daughters) explained.add(d);
    }
  }
  for (const merged of appeared) {
    if (explained.has(merged)) continue;
    const parents = vanished.filter((p) => !explained.has(p) && sameReplica(merged, p) && rangeContains(merged, p));
    if (parents.length >= 2) {
      merges.set(merged, parents);
      explained.add(merged);
      for (const p of parents) explained.add(p);
    }
  }
  return {
    splits,
    merges,
    appeared: appeared.filter((r) => !explained.has(r)),
    gone: vanished.filter((r) => !explained.has(r)),
  };
}

function sameRange(a: RegionLoad, b: RegionLoad): boolean {
  return compareBytes(a.startKey, b.startKey) === 0 && compareBytes(a.endKey, b.endKey) === 0;
}
