/**
 * The window's regions as the detector's result lists them ({@link RegionLoadShare}, in key order), held in the
 * columns they are computed from and built into objects one at a time, when asked for: a table of a hundred thousand
 * regions whose text report names a handful builds a handful. The shape, findings and text steps read the columns
 * through {@link RegionShares}' accessors; {@link RegionShares.rows} builds every row (the JSON output, a caller reading
 * `DetectResult.regions`), each the same object {@link RegionShares.row} gives.
 *
 * @module
 */
import { toStringBinary } from '../../bytes/index.js';
import type { RegionRate } from '../../model/index.js';
import { type HotColumns, type LoadColumns, type LoadMeasure, MEASURES_OF } from './hot-test.js';
import { type ColumnSums, type MeasureCounts, type MeasureFigure, columnSums, measureFigure } from './measure-figures.js';
import type { RegionColumns, TallyColumns } from './region-columns.js';
import { share } from './stats.js';
import { type Tally, ratio } from './tally.js';
import type { DetectResult, RegionLoadShare } from './types.js';
import { builtOnRead } from '../../util/built-on-read.js';

/** What the rows are computed from: the window's region columns and the hot tests over the window and over now. */
export interface RegionShareInputs {
  readonly regions: RegionColumns;
  /** Row `j` (key order, then first sighting) → the region's index in {@link RegionShareInputs.regions}. */
  readonly order: readonly number[];
  /** The table's tallies over the window and over now. */
  readonly table: Tally;
  readonly nowTable: Tally;
  readonly k: number;
  /** Each region's replica id (0 for a primary); `undefined` when the table has no secondary replica. */
  readonly ids: Uint16Array | undefined;
  /** Region index → its position among the primaries tested over the window (-1 for a replica); `undefined`: row order. */
  readonly testedAt: Int32Array | undefined;
  /** Region index → its position among those tested over now, -1 for none. */
  readonly nowAt: Int32Array;
  /** Region index → its position among the replicas tested beside the primaries (over the window, over now), -1 for none. */
  readonly replicaAt: Int32Array | undefined;
  readonly nowReplicaAt: Int32Array | undefined;
  readonly windowHot: HotColumns;
  readonly nowHot: HotColumns;
  /** The rates over now of the regions tested over now, by their position (what {@link RegionShareInputs.nowHot} tested). */
  readonly nowColumns: LoadColumns;
  /** The replicas' hot measures beside the primaries (bits), by their position. */
  readonly windowReplicaHot: Uint8Array;
  readonly nowReplicaHot: Uint8Array;
  /** The primaries' mean rate over the window and over now (a replica's ratios are to them). */
  readonly primaryMean: number;
  readonly nowPrimaryMean: number;
}

/** A region's rate in tally `t`: requests over its own seconds (1 s for none). */
const rateOf = (t: TallyColumns, i: number) => (t.requests[i] as number) / ((t.seconds[i] as number) > 0 ? (t.seconds[i] as number) : 1);

/**
 * The window's region rows in key order, from their columns. Row `j` is built on the first call of
 * {@link RegionShares.row} for it (or of {@link RegionShares.rows}) and kept: the same object every time.
 */
export class RegionShares {
  /** Number of rows. */
  readonly length: number;
  /** Rows built so far, by row index. */
  private readonly built: (RegionLoadShare | undefined)[];
  private all: RegionLoadShare[] | undefined;
  /** Row of each region index (the inverse of the order), made when a row is first looked up by name. */
  private rowOfIndex: Int32Array | undefined;
  /** Rows whose `hotNow` is cleared (bursts, see {@link RegionShares.withHotNowCleared}). */
  private readonly cleared: ReadonlySet<number>;
  /** The rows of the regions hot in some interval, in key order. */
  readonly everHot: readonly number[];

  constructor(
    private readonly inputs: RegionShareInputs,
    cleared: ReadonlySet<number> = new Set(),
    everHot?: readonly number[],
  ) {
    this.length = inputs.order.length;
    this.built = new Array<RegionLoadShare | undefined>(this.length);
    this.cleared = cleared;
    this.everHot = everHot ?? this.findEverHot();
  }

  private findEverHot(): number[] {
    const { order, regions } = this.inputs;
    const out: number[] = [];
    for (let j = 0; j < order.length; j++) if ((regions.hotIntervals[order[j] as number] as number) > 0) out.push(j);
    return out;
  }

  /** The region index of row `j`. */
  private at(j: number): number {
    return this.inputs.order[j] as number;
  }

  private last(j: number): RegionRate {
    return this.inputs.regions.last[this.at(j)] as RegionRate;
  }

  /** Row `j`'s encoded name. */
  encodedName(j: number): string {
    return this.last(j).encodedName;
  }

  /** Row `j`'s full region name. */
  name(j: number): string {
    return this.last(j).name;
  }

  /** The RegionServer hosting row `j`'s region when last seen. */
  server(j: number): string {
    return this.last(j).server;
  }

  /** Row `j`'s replica id; `undefined` for a primary. */
  replicaId(j: number): number | undefined {
    const id = this.inputs.ids?.[this.at(j)] ?? 0;
    return id > 0 ? id : undefined;
  }

  /** True when some row is a secondary read replica. */
  get hasReplicas(): boolean {
    return this.inputs.ids !== undefined;
  }

  /** Intervals in which row `j`'s region was hot ({@link RegionLoadShare.hotIntervals}). */
  hotIntervals(j: number): number {
    return this.inputs.regions.hotIntervals[this.at(j)] as number;
  }

  /** End of the last interval row `j`'s region was part of, epoch ms. */
  lastSeenMs(j: number): number {
    return this.inputs.regions.lastMs[this.at(j)] as number;
  }

  /** Start of the first interval row `j`'s region was part of, epoch ms. */
  firstSeenMs(j: number): number {
    return this.inputs.regions.first[this.at(j)] as number;
  }

  /** Row `j`'s share of the table's requests over the window. */
  share(j: number): number {
    return share(this.inputs.regions.window.requests[this.at(j)] as number, this.inputs.table.requests);
  }

  /**
   * Row `j`'s write requests per second over the window (its writes over its own seconds there, 0 for none); `null`
   * when the source has no read/write split.
   */
  writesPerSec(j: number): number | null {
    const { window: w } = this.inputs.regions;
    const i = this.at(j);
    const writes = w.writesOf(i);
    if (writes === null) return null;
    const seconds = w.seconds[i] as number;
    return seconds > 0 ? writes / seconds : 0;
  }

  /** Row `j`'s store-file size when last seen, bytes. */
  storeSizeBytes(j: number): number {
    return this.last(j).storeSizeBytes;
  }

  /** {@link RegionLoadShare.hotNow} of row `j`. */
  hotNow(j: number): boolean {
    return (this.inputs.regions.nowHotIntervals[this.at(j)] as number) > 0 && !this.cleared.has(j);
  }

  /** {@link RegionLoadShare.hot} of row `j`. */
  hot(j: number): boolean {
    return this.hotIntervals(j) > 0 && this.hotBits(j) !== 0;
  }

  /**
   * Row `j`'s figures over now in `measure` ({@link MeasureFigure}): its share of the table's load in it over now and
   * its rate against the average rate of the regions tested with it over now (a secondary read replica: of the
   * primaries). `undefined` when the region was not in now or the measure is unknown.
   */
  nowFigure(j: number, measure: LoadMeasure): MeasureFigure | undefined {
    const { regions, nowTable, nowAt, nowColumns } = this.inputs;
    const { now } = regions;
    const i = this.at(j);
    if (!now.has(i)) return undefined;
    const seconds = (now.seconds[i] as number) > 0 ? (now.seconds[i] as number) : 1;
    const reads = now.readsOf(i);
    const writes = now.writesOf(i);
    const mine: MeasureCounts = { requests: now.requests[i] as number, reads, writes, rowReads: now.rowReads[i] as number };
    const rate: MeasureCounts = { requests: mine.requests / seconds, reads: reads === null ? null : reads / seconds, writes: writes === null ? null : writes / seconds, rowReads: mine.rowReads / seconds };
    const table: MeasureCounts = { requests: nowTable.requests, reads: nowTable.reads, writes: nowTable.writes, rowReads: this.nowRowReads() };
    this.nowSums ??= columnSums(nowColumns);
    return measureFigure(measure, mine, table, rate, { sums: this.nowSums, count: nowColumns.length, self: (nowAt[i] as number) >= 0 });
  }

  /** The sums of the rates over now of the regions tested over now (cached). */
  private nowSums: ColumnSums | undefined;
  /** The reads the rows explain over now, summed over every region (cached). */
  private nowRowReadsSum: number | undefined;

  private nowRowReads(): number {
    if (this.nowRowReadsSum === undefined) {
      const { now, length } = this.inputs.regions;
      let sum = 0;
      for (let i = 0; i < length; i++) if (now.has(i)) sum += now.rowReads[i] as number;
      this.nowRowReadsSum = sum;
    }
    return this.nowRowReadsSum;
  }

  /** The rows of the regions hot now ({@link RegionLoadShare.hotNow}), in key order. */
  hotNowRows(): number[] {
    return this.everHot.filter((j) => this.hotNow(j));
  }

  /** Row `j`'s hot measures over the window and over now, as bits. */
  private hotBits(j: number): number {
    const { testedAt, nowAt, replicaAt, nowReplicaAt, windowHot, nowHot, windowReplicaHot, nowReplicaHot } = this.inputs;
    const i = this.at(j);
    const t = testedAt ? (testedAt[i] as number) : j;
    if (t < 0) {
      const nowReplica = nowReplicaAt?.[i] as number;
      return (windowReplicaHot[replicaAt?.[i] as number] as number) | (nowReplica >= 0 ? (nowReplicaHot[nowReplica] as number) : 0);
    }
    const n = nowAt[i] as number;
    return (windowHot.hotBy[t] as number) | (n >= 0 ? (nowHot.hotBy[n] as number) : 0);
  }

  /** The row of the region with encoded name `name`; -1 when the window has none. */
  indexOf(name: string): number {
    const i = this.inputs.regions.find(name);
    if (i === undefined) return -1;
    if (this.rowOfIndex === undefined) {
      const order = this.inputs.order;
      this.rowOfIndex = new Int32Array(this.inputs.regions.length).fill(-1);
      for (let j = 0; j < order.length; j++) this.rowOfIndex[order[j] as number] = j;
    }
    return this.rowOfIndex[i] as number;
  }

  /** The row of the region with encoded name `name`; `undefined` when the window has none. */
  named(name: string): RegionLoadShare | undefined {
    const j = this.indexOf(name);
    return j < 0 ? undefined : this.row(j);
  }

  /** Row `j` as the result lists it. */
  row(j: number): RegionLoadShare {
    return (this.built[j] ??= this.make(j));
  }

  /** Every row, in key order (built once). */
  rows(): RegionLoadShare[] {
    if (this.all === undefined) {
      const out = new Array<RegionLoadShare>(this.length);
      for (let j = 0; j < this.length; j++) out[j] = this.row(j);
      this.all = out;
    }
    return this.all;
  }

  /** The rows `js`, built. */
  rowsAt(js: readonly number[]): RegionLoadShare[] {
    return js.map((j) => this.row(j));
  }

  /**
   * These rows with `hotNow` cleared for rows `js` (bursts: hot in an interval of now, but neither over the window
   * nor over now, nor beyond chance). Rows built already are copied with the flag cleared; the others are built so.
   */
  withHotNowCleared(js: readonly number[]): RegionShares {
    const cleared = new Set([...this.cleared, ...js]);
    const next = new RegionShares(this.inputs, cleared, this.everHot);
    this.built.forEach((r, j) => {
      if (r !== undefined) next.built[j] = cleared.has(j) && r.hotNow ? { ...r, hotNow: false } : r;
    });
    return next;
  }

  private make(j: number): RegionLoadShare {
    const { regions, table, nowTable, k, ids, testedAt, nowAt, windowHot, nowHot, primaryMean, nowPrimaryMean } = this.inputs;
    const { window: w, now } = regions;
    const i = this.at(j);
    const r = regions.last[i] as RegionRate;
    const t = testedAt ? (testedAt[i] as number) : j;
    const replica = t < 0;
    const n = replica ? -1 : (nowAt[i] as number);
    // a replica was in now when it has a tally there; its ratios are to the primaries' mean (NaN: they took nothing)
    const inNow = n >= 0 || (replica && now.has(i));
    const toPrimaries = replica && primaryMean > 0 ? rateOf(w, i) / primaryMean : Number.NaN;
    const bits = this.hotBits(j);
    const hotIntervals = regions.hotIntervals[i] as number;
    const hot = hotIntervals > 0 && bits !== 0;
    const peerRatio = replica ? toPrimaries : (windowHot.peerRatio[t] as number);
    const averageRatio = replica ? (Number.isNaN(toPrimaries) ? 0 : toPrimaries) : (windowHot.averageRatio[t] as number);
    const nowPeerRatio = n >= 0 ? (nowHot.peerRatio[n] as number) : inNow && nowPrimaryMean > 0 ? rateOf(now, i) / nowPrimaryMean : Number.NaN;
    const seconds = w.seconds[i] as number;
    const nowSeconds = now.seconds[i] as number;
    const windowRequests = w.requests[i] as number;
    // a region's start key is most often its predecessor's end key, the same bytes (the reader shares them): one text
    const before = j > 0 ? this.built[j - 1] : undefined;
    const startKey = before !== undefined && this.last(j - 1).endKey === r.startKey ? before.endKey : toStringBinary(r.startKey);
    // the fields in the order the result has always listed them (--json output stays byte for byte the same)
    const row: RegionLoadShare = {
      encodedName: r.encodedName,
      name: r.name,
      startKey,
      endKey: r.endKey === r.startKey ? startKey : toStringBinary(r.endKey),
      server: r.server,
      share: share(windowRequests, table.requests),
      readShare: ratio(w.readsOf(i), table.reads),
      writeShare: ratio(w.writesOf(i), table.writes),
      requestsPerSec: seconds > 0 ? windowRequests / seconds : 0,
      peerRatio: Number.isNaN(peerRatio) ? null : peerRatio,
      averageRatio,
      hot,
      hotByAverage: averageRatio > k,
      hotBy: MEASURES_OF[hot ? bits : 0] as readonly LoadMeasure[],
      hotIntervals,
      firstSeenMs: regions.first[i] as number,
      lastSeenMs: regions.lastMs[i] as number,
      hotNow: this.hotNow(j),
      nowShare: inNow ? share(now.requests[i] as number, nowTable.requests) : null,
      nowRequestsPerSec: inNow && nowSeconds > 0 ? (now.requests[i] as number) / nowSeconds : null,
      nowPeerRatio: Number.isNaN(nowPeerRatio) ? null : nowPeerRatio,
    };
    return replica ? { ...row, replicaId: ids?.[i] as number } : row;
  }
}

/**
 * The column-backed rows of each detection result whose `regions` are neither read nor assigned yet: reading them
 * builds every row and drops the result from here (the columns are then let go), and so does assigning them (see
 * {@link attachRegionShares}).
 */
const ofResult = new WeakMap<object, RegionShares>();

/**
 * Makes `result.regions` the rows of `shares`, built when first read (then kept as a plain property): a caller that
 * never reads them (the text report) never builds them. The property keeps its place among the result's fields. A
 * caller may assign `regions` (before or after reading them) as on any result: it becomes a plain field holding what
 * was assigned, and {@link resultHotRegions} and {@link resultRegionNamed} then read those rows. `util.inspect` shows
 * the result with its rows ({@link builtOnRead}).
 */
export function attachRegionShares<T extends Pick<DetectResult, 'regions'>>(result: T, shares: RegionShares): T {
  ofResult.set(result, shares);
  // once the rows are all built (or others assigned), the columns are let go, and the helpers below read the rows
  builtOnRead(result, 'regions', () => shares.rows() as T['regions'], (r) => ofResult.delete(r));
  return result;
}

/**
 * The column-backed rows of `result` while its `regions` are not yet read nor assigned; `undefined` otherwise (the
 * helpers then read `result.regions`).
 */
function columnsOf(result: DetectResult): RegionShares | undefined {
  const columns = ofResult.get(result);
  // held only while `regions` is the accessor (reading or assigning it lets the columns go); a copy made by a spread
  // is not in the map
  return columns !== undefined && Object.getOwnPropertyDescriptor(result, 'regions')?.get !== undefined ? columns : undefined;
}

/** The region of `result` with encoded name `name` (built alone when the result holds its rows in columns). */
export function resultRegionNamed(result: DetectResult, name: string): RegionLoadShare | undefined {
  const columns = columnsOf(result);
  return columns ? columns.named(name) : result.regions.find((r) => r.encodedName === name);
}

/**
 * The regions of `result` hot over the window or in some interval, in key order (built alone when the result holds
 * its rows in columns).
 */
export function resultHotRegions(result: DetectResult): RegionLoadShare[] {
  const columns = columnsOf(result);
  return columns ? columns.rowsAt(columns.everHot) : result.regions.filter((r) => r.hot || r.hotIntervals > 0);
}
