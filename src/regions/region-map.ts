/**
 * A table's regions as HBase lays them out: split points cut the key space into regions `[startKey, endKey)`, the
 * first region starting at the empty key and the last ending at the empty key ("to the end of the table"). Locating
 * the region of a rowkey is what a client's region cache does (`MetaCache`, a `TreeMap.floorEntry` over start keys).
 */
import { compareBytes, toStringBinary } from '../bytes/index.js';
import { HotspotError } from '../util/errors.js';
import { PackedKeys } from './packed-keys.js';
import { regionName, type RegionName } from './region-name.js';

/** How regions are placed on RegionServers. */
export interface RegionMapOptions {
  /**
   * RegionServer names (e.g. `rs1.example.com,16020,1709251200000`) to place regions on round-robin, region i on
   * server i mod n, as HBase's `roundRobinAssignment` does for a new table. Ignored when `assignment` is given.
   */
  readonly servers?: readonly string[];
  /** The RegionServer of each region, in region order (one entry per region). */
  readonly assignment?: readonly string[];
  /** Table name, for region names (`ns:name` or `name`). */
  readonly table?: string;
  /** Region id (creation time, epoch ms) shared by every region, for region names. */
  readonly regionId?: number | bigint;
}

/** One region of a {@link RegionMap}. */
export interface Region {
  /** 0-based position in key order. */
  readonly index: number;
  /** Inclusive start key; empty for the first region. */
  readonly startKey: Uint8Array;
  /** Exclusive end key; empty for the last region. */
  readonly endKey: Uint8Array;
  /** The RegionServer hosting it, when servers were given. */
  readonly server: string | undefined;
  /** Its region name, when the table and region id were given. */
  readonly name: RegionName | undefined;
}

const EMPTY = new Uint8Array(0);

/** Regions of one table, from its split points. Immutable. */
export class RegionMap {
  private readonly splits: PackedKeys;
  private readonly serverOfRegion: readonly string[] | undefined;
  private readonly table: string | undefined;
  private readonly regionId: number | bigint | undefined;

  private constructor(splits: PackedKeys, servers: readonly string[] | undefined, options: RegionMapOptions) {
    this.splits = splits;
    this.serverOfRegion = servers;
    this.table = options.table;
    this.regionId = options.regionId;
  }

  /**
   * Builds the map from split points (any order; sorted here as `Admin.createTable` sorts them): n split points make
   * n + 1 regions.
   * @throws HotspotError `REGION_SPLIT_EMPTY` for an empty split point (HBase refuses it), `REGION_SPLIT_DUPLICATE`
   *   for a split point given twice, `REGION_ASSIGNMENT_INVALID` when `assignment` does not name one server per
   *   region or `servers` is empty.
   */
  static fromSplitPoints(splitPoints: readonly Uint8Array[], options: RegionMapOptions = {}): RegionMap {
    const sorted = [...splitPoints].sort(compareBytes);
    sorted.forEach((key, i) => {
      if (key.length === 0) {
        throw new HotspotError('REGION_SPLIT_EMPTY', 'an empty split point was given; the empty key is already the start of the first region, remove it');
      }
      const prev = sorted[i - 1];
      if (prev !== undefined && compareBytes(prev, key) === 0) {
        throw new HotspotError('REGION_SPLIT_DUPLICATE', `split point "${toStringBinary(key)}" is given twice; list each split point once`);
      }
    });
    const regionCount = sorted.length + 1;
    let servers: readonly string[] | undefined;
    if (options.assignment !== undefined) {
      if (options.assignment.length !== regionCount) {
        throw new HotspotError(
          'REGION_ASSIGNMENT_INVALID',
          `assignment names ${options.assignment.length} RegionServers for ${regionCount} regions; give exactly one per region`,
        );
      }
      servers = [...options.assignment];
    } else if (options.servers !== undefined) {
      const pool = options.servers;
      if (pool.length === 0) throw new HotspotError('REGION_ASSIGNMENT_INVALID', 'servers is empty; name at least one RegionServer or leave it out');
      servers = Array.from({ length: regionCount }, (_, i) => pool[i % pool.length] as string);
    }
    return new RegionMap(new PackedKeys(sorted), servers, options);
  }

  /** Number of regions (split points + 1). */
  get regionCount(): number {
    return this.splits.length + 1;
  }

  /**
   * The index of the region holding `key`: the region whose start key is the greatest one at or below `key`.
   * O(log n) and allocation-free; safe on the hot path of a simulation.
   */
  locate(key: Uint8Array): number {
    return this.splits.countAtOrBelow(key);
  }

  /** Start key of region `i` (a view; do not modify). Empty for region 0. */
  startKey(i: number): Uint8Array {
    this.checkIndex(i);
    return i === 0 ? EMPTY : this.splits.key(i - 1);
  }

  /** End key of region `i` (a view; do not modify). Empty for the last region. */
  endKey(i: number): Uint8Array {
    this.checkIndex(i);
    return i === this.splits.length ? EMPTY : this.splits.key(i);
  }

  /** The split points, ascending (views). */
  splitPoints(): Uint8Array[] {
    return Array.from({ length: this.splits.length }, (_, i) => this.splits.key(i));
  }

  /** The RegionServer of region `i`, when servers were given. */
  serverOf(i: number): string | undefined {
    this.checkIndex(i);
    return this.serverOfRegion?.[i];
  }

  /** Region `i` in full (allocates; not for hot paths). */
  region(i: number): Region {
    const startKey = this.startKey(i);
    const name = this.table !== undefined && this.regionId !== undefined ? regionName(this.table, startKey, this.regionId) : undefined;
    return { index: i, startKey, endKey: this.endKey(i), server: this.serverOf(i), name };
  }

  /** Every region in key order. */
  regions(): Region[] {
    return Array.from({ length: this.regionCount }, (_, i) => this.region(i));
  }

  private checkIndex(i: number): void {
    if (!Number.isInteger(i) || i < 0 || i >= this.regionCount) {
      throw new RangeError(`region index ${i} is outside 0..${this.regionCount - 1}`);
    }
  }
}
