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

/** The index of names known to be unique, its positions mapped by `mapPositions` when first asked for. */
function lazyUniqueIndex(mapPositions: () => Map<string, number>): NameIndex {
  let positions: Map<string, number> | undefined;
  return {
    unique: true,
    get positions() {
      return (positions ??= mapPositions());
    },
  };
}

/**
 * Records that no encoded name of `list` is listed twice (a reader that refuses a name open twice knows it), leaving
 * the positions to be mapped when first asked for: the rate step of snapshots that list the same regions in the same
 * order matches them by position and asks only whether the names are unique.
 */
export function rememberUniqueNames(list: readonly { readonly encodedName: string }[]): void {
  known.set(list, lazyUniqueIndex(() => positionsOf(list)));
}

/**
 * The name index of encoded names `names` (a region list's, in its order) when no name is listed twice, its positions
 * mapped only when first asked for; `undefined` when a name is listed twice. The check hashes each name into a table
 * of positions of its own (FNV-1a over the name's UTF-16 code units, linear probing), which costs a fraction of
 * entering every name in a `Map`: a snapshot reader checks every snapshot whose names changed, and the rate step of
 * snapshots listing the same regions in the same order never asks for the positions.
 */
export function uniqueNameIndex(names: readonly string[]): NameIndex | undefined {
  const n = names.length;
  // a power of two at least twice the names: probes stay short
  const size = 2 ** Math.ceil(Math.log2(Math.max(2, 2 * n)));
  const mask = size - 1;
  // position + 1 of the name in each slot, 0 for an empty slot
  const slots = new Int32Array(size);
  for (let i = 0; i < n; i++) {
    const name = names[i] as string;
    let hash = 0x811c9dc5;
    for (let c = 0; c < name.length; c++) hash = Math.imul(hash ^ name.charCodeAt(c), 0x01000193);
    for (let slot = hash & mask; ; slot = (slot + 1) & mask) {
      const at = slots[slot] as number;
      if (at === 0) {
        slots[slot] = i + 1;
        break;
      }
      if (names[at - 1] === name) return undefined;
    }
  }
  return uniqueNamesIndex(names);
}

/**
 * The name index of encoded names `names` that the caller knows hold no name twice (a reader that refuses a name open
 * twice), its positions mapped only when first asked for.
 */
export function uniqueNamesIndex(names: readonly string[]): NameIndex {
  return lazyUniqueIndex(() => new Map(names.map((name, i) => [name, i])));
}

/** The name index of `list` when one is recorded for it (no map is built), else `undefined`. */
export function knownNameIndex(list: readonly { readonly encodedName: string }[]): NameIndex | undefined {
  return known.get(list);
}
