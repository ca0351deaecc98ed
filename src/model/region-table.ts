/**
 * Per-region state kept over a run of region lists (the intervals of a `LoadRates`), looked up by encoded name.
 * A region keeps its position from one list to the next unless regions split, merge, vanish or return, so each
 * lookup tries the entry found at the same position of the previous list first and the name map only when another
 * region stands there: a pass over a long series costs one string comparison per region and interval, not a map
 * lookup. The name map itself is built only when it is first needed (a region not where it stood, a lookup by name),
 * so a series whose regions keep their places never hashes a name. Entries are exactly those of a plain `Map` by
 * encoded name.
 *
 * @module
 */

/** Entries of type `T` by encoded region name, remembered by position in the latest list. */
export class RegionTable<T> {
  /** Every entry by encoded name, once built (see {@link RegionTable.byName}). */
  private map: Map<string, T> | undefined;
  /** Names and entries added while there is no map, in the order they were added. */
  private addedNames: string[] = [];
  private addedEntries: T[] = [];
  /** Encoded name and entry of the region last looked up or added at each position. */
  private names: string[] = [];
  private slots: T[] = [];
  /**
   * A first list taken whole ({@link RegionTable.addFirst}): the region at position `p` of `list` has entry `entryOf(p)`.
   * Entered name by name only when a lookup needs it.
   */
  private first: { list: readonly { readonly encodedName: string }[]; entryOf: (position: number) => T } | undefined;

  /**
   * Adds every region of `list`, the first list, its names unique: the region at position `p` gets entry `entryOf(p)`.
   * Nothing is entered until a lookup asks (a window of one interval never does).
   * @throws Error when the table has entries already.
   */
  addFirst(list: readonly { readonly encodedName: string }[], entryOf: (position: number) => T): void {
    // an empty list adds nothing (a window whose first intervals list no region takes the next whole)
    if (list.length === 0) return;
    if (this.first !== undefined || this.map !== undefined || this.addedNames.length > 0) throw new Error('addFirst: the table has entries already');
    this.first = { list, entryOf };
  }

  /** Enters the first list taken whole, if any, as {@link RegionTable.add} would have, region by region. */
  private enterFirst(): void {
    const first = this.first;
    if (first === undefined) return;
    this.first = undefined;
    const n = first.list.length;
    const names = new Array<string>(n);
    const entries = new Array<T>(n);
    for (let p = 0; p < n; p++) {
      names[p] = (first.list[p] as { encodedName: string }).encodedName;
      entries[p] = first.entryOf(p);
    }
    this.addedNames = names;
    this.addedEntries = entries;
    this.names = names.slice();
    this.slots = entries.slice();
  }

  /** Every entry by encoded name, in the order they were added (built on the first call, then kept up to date). */
  get byName(): Map<string, T> {
    this.enterFirst();
    if (this.map === undefined) {
      const map = new Map<string, T>();
      const names = this.addedNames;
      const entries = this.addedEntries;
      for (let i = 0; i < names.length; i++) map.set(names[i] as string, entries[i] as T);
      this.map = map;
      this.addedNames = [];
      this.addedEntries = [];
    }
    return this.map;
  }

  /** The entry of region `name`, which stands at `position` of the current list; `undefined` when it has none yet. */
  get(position: number, name: string): T | undefined {
    this.enterFirst();
    if (this.names[position] === name) return this.slots[position];
    const entry = this.byName.get(name);
    if (entry !== undefined) this.remember(position, name, entry);
    return entry;
  }

  /** Adds the entry of region `name` (which has none yet), standing at `position` of the current list. */
  add(position: number, name: string, entry: T): void {
    this.enterFirst();
    if (this.map === undefined) {
      this.addedNames.push(name);
      this.addedEntries.push(entry);
    } else {
      this.map.set(name, entry);
    }
    this.remember(position, name, entry);
  }

  private remember(position: number, name: string, entry: T): void {
    this.names[position] = name;
    this.slots[position] = entry;
  }
}
