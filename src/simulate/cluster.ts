/**
 * The simulated cluster's state for one table: its regions in key order (each with its RegionServer, cumulative
 * request counters, store size and key sketch) and its RegionServers. Regions split and move here; the engine
 * decides when.
 *
 * Counters follow HBase: they live on the open region (`HRegion.readRequestsCount` / `writeRequestsCount`), so they
 * restart at 0 when a region is reopened on another server and daughters of a split start at 0.
 *
 * @module
 */
import type { LoadSnapshot, RegionLoad } from '../model/types.js';
import { PackedKeys } from '../regions/packed-keys.js';
import { regionName } from '../regions/region-name.js';
import { HotspotError } from '../util/errors.js';
import { KeySketch } from './key-sketch.js';

/** One simulated region. */
export interface SimRegion {
  startKey: Uint8Array;
  /** Exclusive; empty for the last region. */
  endKey: Uint8Array;
  /** Index into {@link SimCluster.servers}. */
  server: number;
  name: string;
  encodedName: string;
  /** Cumulative since the region was opened on its server. */
  readRequests: number;
  writeRequests: number;
  /** Store size, bytes. */
  sizeBytes: number;
  /** Requests in the current balancer interval (for the request-aware balancer). */
  recentRequests: number;
  sketch: KeySketch;
  /**
   * The reading this region gave in the latest snapshot: the next snapshot lists the same object again when nothing
   * it reports changed (an idle region), so a day of snapshots of a mostly idle table holds one reading per change,
   * not one per region per step.
   */
  lastLoad?: RegionLoad | undefined;
}

/** A region split that happened. */
export interface SplitEvent {
  readonly timeMs: number;
  readonly parent: string;
  readonly splitKey: Uint8Array;
  readonly server: string;
}

/** A region move made by the balancer. */
export interface MoveEvent {
  readonly timeMs: number;
  readonly region: string;
  readonly from: string;
  readonly to: string;
}

const EMPTY = new Uint8Array(0);

/** Server name `rsNN.example.com,16020,<startcode>` as HBase's `ServerName.toString` prints it. */
export function serverName(index: number, startMs: number): string {
  return `rs${String(index + 1).padStart(2, '0')}.example.com,16020,${startMs}`;
}

/** Regions and servers of one simulated table. */
export class SimCluster {
  readonly regions: SimRegion[] = [];
  readonly splits: SplitEvent[] = [];
  readonly moves: MoveEvent[] = [];
  /** The regions' start keys after the first, packed for {@link locate}; rebuilt after a split. */
  private splitPoints: PackedKeys | undefined;

  readonly servers: string[];

  /**
   * A table created with `splits` at `timeMs`, regions assigned round-robin from server `first` (region i on server
   * (first + i) mod n) as HBase's `roundRobinAssignment` does for a new table, or each to the server `assignment`
   * gives it.
   * @param servers - a number of servers of the table's own, or the server list of tables already created (shared:
   *   a server added through any of them is every table's).
   * @param first - the server index of the first region (0 by default).
   * @param assignment - the server index of each region in key order (splits + 1 entries), overriding round-robin.
   * @throws HotspotError `SCENARIO_PRESPLIT` when `assignment` does not give one server of the list per region (the
   *   scenario parser checks it first, with the file and line).
   */
  constructor(readonly table: string, splits: readonly Uint8Array[], servers: number | string[], timeMs: number, first = 0, assignment?: readonly number[]) {
    if (typeof servers === 'number') {
      this.servers = [];
      for (let s = 0; s < servers; s++) this.servers.push(serverName(s, timeMs));
    } else this.servers = servers;
    const n = this.servers.length;
    const bounds = [EMPTY, ...splits, EMPTY];
    if (assignment && (assignment.length !== bounds.length - 1 || assignment.some((s) => !Number.isInteger(s) || s < 0 || s >= n))) {
      throw new HotspotError('SCENARIO_PRESPLIT', `table ${table}: a region assignment needs one server index from 0 to ${n - 1} per region (${bounds.length - 1}), got [${assignment.join(', ')}]`, { field: 'preSplit.servers' });
    }
    for (let i = 0; i + 1 < bounds.length; i++) {
      this.regions.push(this.newRegion(bounds[i] ?? EMPTY, bounds[i + 1] ?? EMPTY, assignment?.[i] ?? (first + i) % n, timeMs));
    }
  }

  private newRegion(startKey: Uint8Array, endKey: Uint8Array, server: number, timeMs: number): SimRegion {
    const name = regionName(this.table, startKey, timeMs);
    return {
      startKey, endKey, server, name: name.nameText, encodedName: name.encodedName,
      readRequests: 0, writeRequests: 0, sizeBytes: 0, recentRequests: 0, sketch: new KeySketch(), lastLoad: undefined,
    };
  }

  /**
   * Index of the region holding `key` (binary search over start keys, like the client's `MetaCache.floorEntry`),
   * over the split points packed once per region layout: most comparisons are two integer compares after the bytes
   * every split point shares (a salted table's `07_sensor-`), not a walk through them. The key may be
   * `key[at, at + length)` of a buffer of keys written back to back (the whole of `key` by default).
   */
  locate(key: Uint8Array, at = 0, length = key.length - at): number {
    if (this.splitPoints?.length !== this.regions.length - 1) this.splitPoints = new PackedKeys(this.regions.slice(1).map((r) => r.startKey));
    return this.splitPoints.countAtOrBelow(key, at, length);
  }

  /** Adds a RegionServer (empty until the balancer gives it regions). */
  addServer(timeMs: number): void {
    this.servers.push(serverName(this.servers.length, timeMs));
  }

  /** Regions per server index. */
  regionCounts(): number[] {
    const counts = this.servers.map(() => 0);
    for (const r of this.regions) counts[r.server] = (counts[r.server] ?? 0) + 1;
    return counts;
  }

  /**
   * Splits region `index` at `splitKey` (strictly inside it). Daughters stay on the parent's server, counters at 0,
   * store size and key sketch divided where the key falls. HBase's daughters get a new region id (the split time).
   */
  split(index: number, splitKey: Uint8Array, timeMs: number): void {
    const parent = this.regions[index] as SimRegion;
    const { lower, upper, lowerFraction } = parent.sketch.splitAt(splitKey);
    const a = this.newRegion(parent.startKey, splitKey, parent.server, timeMs);
    const b = this.newRegion(splitKey, parent.endKey, parent.server, timeMs);
    a.sizeBytes = parent.sizeBytes * lowerFraction;
    b.sizeBytes = parent.sizeBytes - a.sizeBytes;
    a.sketch = lower;
    b.sketch = upper;
    this.regions.splice(index, 1, a, b);
    this.splitPoints = undefined;
    this.splits.push({ timeMs, parent: parent.name, splitKey, server: this.servers[parent.server] ?? '' });
  }

  /** Moves region `index` to server `to`; it reopens there with counters at 0. */
  move(index: number, to: number, timeMs: number): void {
    const region = this.regions[index] as SimRegion;
    if (region.server === to) return;
    this.moves.push({ timeMs, region: region.name, from: this.servers[region.server] ?? '', to: this.servers[to] ?? '' });
    region.server = to;
    region.readRequests = 0;
    region.writeRequests = 0;
  }

  /**
   * The table as HBase would report it now. A region whose reading is the same as in the previous snapshot (same
   * server, counters and size) is listed with that snapshot's object: readings are never changed after they are made.
   */
  snapshot(timeMs: number): LoadSnapshot {
    const regions: RegionLoad[] = this.regions.map((r) => {
      const server = this.servers[r.server] ?? '';
      const readRequests = Math.round(r.readRequests);
      const writeRequests = Math.round(r.writeRequests);
      const storeSizeBytes = Math.round(r.sizeBytes);
      const last = r.lastLoad;
      if (last && last.server === server && last.readRequests === readRequests && last.writeRequests === writeRequests && last.storeSizeBytes === storeSizeBytes) return last;
      return (r.lastLoad = {
        name: r.name, encodedName: r.encodedName, startKey: r.startKey, endKey: r.endKey, server,
        readRequests, writeRequests, requests: readRequests + writeRequests, storeSizeBytes,
      });
    });
    return { timeMs, table: this.table, regions };
  }
}

/**
 * What the balancer sees and changes: regions (each with its server), the RegionServers, and moves. A
 * {@link SimCluster} is one table; a {@link ClusterGroup} is several tables on the same servers.
 */
export interface Placement {
  readonly regions: readonly SimRegion[];
  readonly servers: readonly string[];
  /** Regions per server index. */
  regionCounts(): number[];
  /** Moves region `index` (of {@link regions}) to server `to` at `timeMs`. */
  move(index: number, to: number, timeMs: number): void;
}

/**
 * Several tables' regions on the same RegionServers, seen as one list (the first table's regions, then the next's)
 * for one balancer pass: regions do not split during a pass, so the list is made once.
 */
export class ClusterGroup implements Placement {
  readonly regions: readonly SimRegion[];
  private readonly owner: { cluster: SimCluster; index: number }[] = [];

  /** @param clusters - tables sharing one server list, the first's list used. */
  constructor(private readonly clusters: readonly SimCluster[]) {
    const regions: SimRegion[] = [];
    for (const cluster of clusters) {
      cluster.regions.forEach((r, index) => {
        regions.push(r);
        this.owner.push({ cluster, index });
      });
    }
    this.regions = regions;
  }

  get servers(): readonly string[] {
    return this.clusters[0]?.servers ?? [];
  }

  regionCounts(): number[] {
    const counts = this.servers.map(() => 0);
    for (const r of this.regions) counts[r.server] = (counts[r.server] ?? 0) + 1;
    return counts;
  }

  move(index: number, to: number, timeMs: number): void {
    const o = this.owner[index];
    if (o) o.cluster.move(o.index, to, timeMs);
  }
}
