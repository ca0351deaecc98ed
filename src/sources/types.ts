/**
 * Layer 5 (adapters): the interface every live or captured load source implements. A source reads one table's
 * regions, their RegionServers and their cumulative request counters, and hands back a {@link LoadSnapshot} of the
 * model (`src/model/types.ts`): the REST gateway, RegionServer JMX, and pasted `list_regions` / `status 'detailed'`
 * text all produce exactly that, so the rate step and the analysis never know where the numbers came from.
 *
 * @module
 */
import type { LoadSnapshot, LoadSourceKind, RegionMetricName } from '../model/index.js';

/** Options of one {@link SnapshotSource.snapshot} call. */
export interface SnapshotOptions {
  /** Cancels the reading (the call rejects; nothing half-read is returned). */
  readonly signal?: AbortSignal;
}

/**
 * What a source cannot tell, as data: the contract test suite relaxes exactly these checks, and `docs/live.md` lists
 * them with their reasons.
 */
export interface SourceGaps {
  /** The source has no separate read and write counters, only their sum (`requests`); `null` read/write. */
  readonly noReadWriteSplit?: string;
  /** Store sizes are whole MB rounded down (HBase `storefileSizeMB`), so a small region reads 0 bytes. */
  readonly sizeInWholeMB?: string;
  /** End keys are not printed by the source and are taken from the next region's start key. */
  readonly endKeysDerived?: string;
  /** Region key ranges and servers come from another source (a region directory), not from this one. */
  readonly needsDirectory?: string;
}

/**
 * A source of snapshots of one table's load. Live sources read the cluster on every call; captured sources (pasted
 * shell text) replay their captures in order.
 */
export interface SnapshotSource {
  /** Which kind of source this is (written into the series header). */
  readonly kind: LoadSourceKind;
  /** The table, `ns:name` outside the default namespace. */
  readonly table: string;
  /** A URL or file name, for the series header and messages. */
  readonly description: string;
  /** What this source cannot tell, with the reason. */
  readonly gaps: SourceGaps;
  /** The optional per-region metrics its snapshots carry (a version 2 header's `metrics`); none when absent. */
  readonly metrics?: readonly RegionMetricName[];
  /**
   * Reads the table's regions now (or the next capture).
   * @throws {@link HotspotError} subclasses: the source's transport errors (`REST_*`, `JMX_*`), `SOURCE_*` for an
   *   answer that does not describe the table (unknown table, a region without counters), `SOURCE_EXHAUSTED` when a
   *   captured source has no more captures.
   */
  snapshot(options?: SnapshotOptions): Promise<LoadSnapshot>;
  /**
   * Connects ahead of the first reading (the native client starts its JVM), so a schedule of readings starts after
   * it; absent when reading needs no preparation. Throws what `snapshot` would throw for a source that cannot start.
   */
  start?(options?: SnapshotOptions): Promise<void>;
  /** Ends what the source holds open (the native client's JVM); absent when there is nothing to end. */
  close?(): Promise<void>;
}
