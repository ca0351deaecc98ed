/**
 * Where each encoded region name stands in a region list, built once per list: the snapshot reader, which has to
 * check a snapshot's names for duplicates anyway, keeps the map it checked them with, and the rate step and the
 * detector look it up here instead of hashing a hundred thousand names again. Lists are the identity: a list is
 * never changed after it is made (a snapshot's regions, an interval's rates).
 *
 * @module
 */

/** A region list's names: name → its position (the last one, should a hand-built list name a region twice). */
export interface NameIndex {
  readonly positions: ReadonlyMap<string, number>;
  /** No name is listed twice. */
  readonly unique: boolean;
}

const known = new WeakMap<readonly { readonly encodedName: string }[], NameIndex>();

/** Records `index` as the name index of `list` (whose names must stand at those positions, and never change). */
export function rememberNameIndex(list: readonly { readonly encodedName: string }[], index: NameIndex): void {
  known.set(list, index);
}

/** Each encoded name of `list` → its position (the last one, for a name listed twice). */
function positionsOf(list: readonly { readonly encodedName: string }[]): Map<string, number> {
  const positions = new Map<string, number>();
  for (let i = 0; i < list.length; i++) positions.set((list[i] as { encodedName: string }).encodedName, i);
  return positions;
}

/** The name index of `list`: the one recorded for it, else built from its names (and recorded). */
export function nameIndexOf(list: readonly { readonly encodedName: string }[]): NameIndex {
  let index = known.get(list);
  if (index === undefined) {
    const positions = positionsOf(list);
    index = { positions, unique: positions.size === list.length };
    known.set(list, index);
  }
  return index;
}

/**
 * Records that no encoded name of `list` is listed twice (a reader that refuses a name open twice knows it), leaving
 * the positions to be mapped when first asked for: the rate step of snapshots that list the same regions in the same
 * order matches them by position and asks only whether the names are unique.
 */
export function rememberUniqueNames(list: readonly { readonly encodedName: string }[]): void {
  let positions: Map<string, number> | undefined;
  known.set(list, {
    unique: true,
    get positions() {
      return (positions ??= positionsOf(list));
    },
  });
}

/** The name index of `list` when one is recorded for it (no map is built), else `undefined`. */
export function knownNameIndex(list: readonly { readonly encodedName: string }[]): NameIndex | undefined {
  return known.get(list);
}
