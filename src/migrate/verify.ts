/**
 * Verification of a key migration: row counts per time range and per salt bucket on both sides, and a sampled
 * cell-by-cell comparison (family, qualifier, timestamp, value of every version) reporting every difference,
 * including the one that matters most: the newest version of a column differing between the tables.
 *
 * @module
 */
import { createRng } from '../util/rng.js';
import { equalBytes, toHex, toStringBinary } from '../bytes/index.js';
import type { Cell, HBaseRestClient, Row } from '../hbase/rest/index.js';
import type { RowkeyTemplate } from '../keys/types.js';
import { HotspotError } from '../util/errors.js';
import type { KeyMapper } from './key-map.js';

/** Options of {@link verifyMigration}. */
export interface VerifyOptions {
  readonly client: HBaseRestClient;
  readonly oldTable: string;
  readonly newTable: string;
  readonly mapKey: KeyMapper;
  /** The new key's template: rows are counted per salt bucket of its first salt part (none: one bucket). */
  readonly newTemplate?: RowkeyTemplate;
  /** Time range boundaries, epoch ms ascending: ranges `[b0,b1)`, `[b1,b2)`...; a row counts in each range one of its cells falls in. */
  readonly timeBoundsMs?: readonly number[];
  /** Share of old rows compared cell by cell, 0..1 (default 0.01); 1 compares every row. */
  readonly sampleRate?: number;
  /** Seed of the sampling (default 1). */
  readonly seed?: number;
  /** Differences kept in the report (default 1000); the counts are always complete. */
  readonly maxDifferences?: number;
  readonly signal?: AbortSignal;
}

/** Kinds of difference. */
export type DifferenceKind = 'row-missing' | 'cell-missing' | 'cell-value' | 'cell-extra' | 'newest-differs';

/** One difference found by the sampled comparison. */
export interface Difference {
  readonly kind: DifferenceKind;
  /** Old rowkey (toStringBinary). */
  readonly oldKey: string;
  readonly newKey: string;
  /** `family:qualifier` (toStringBinary), absent for a whole missing row. */
  readonly column?: string;
  readonly timestamp?: number;
  readonly detail: string;
}

/** Counts of one side. */
export interface SideCounts {
  readonly rows: number;
  readonly cells: number;
  /** Rows per time range (index i = `[b_i, b_i+1)`). */
  readonly rowsPerTimeRange: readonly number[];
  /** Rows per salt bucket of the new key. */
  readonly rowsPerBucket: readonly number[];
}

/**
 * The verification report. `ok` when rows, cells, rows per salt bucket and rows per time range agree between the old
 * table's mappable rows and the new table, and the sampled comparison found no difference.
 */
export interface VerifyReport {
  readonly ok: boolean;
  /** The old table's rows whose key maps to a new key (unmappable rows are counted apart, below). */
  readonly old: SideCounts;
  readonly new: SideCounts;
  /** Each count that differs between the sides, in words (`cells: 76001 old, 76000 new`); empty when all agree. */
  readonly countMismatches: readonly string[];
  readonly sampledRows: number;
  readonly comparedCells: number;
  readonly differenceCounts: Readonly<Record<DifferenceKind, number>>;
  /** The first `maxDifferences` differences found; `differenceCounts` has the totals. */
  readonly differences: readonly Difference[];
  /** Old rows whose key could not be mapped (not compared, not in `old`). */
  readonly unmappable: number;
  /** Cells of those rows. */
  readonly unmappableCells: number;
}

/** Most time ranges a verification counts in (each row is checked against every range). */
export const MAX_TIME_RANGES = 10_000;

/**
 * The salt buckets of a new key's template: the bytes of each bucket of its first salt part, which keys hold at
 * `offset` (the width of the literals before it). No salt part right after the leading literals: no prefixes (one
 * bucket). The MapReduce verify job gets these bytes, so both engines put a row in the same bucket.
 */
export function saltBucketPrefixes(template: RowkeyTemplate | undefined): { offset: number; prefixes: Uint8Array[] } {
  const parts = template?.parts ?? [];
  let offset = 0;
  let i = 0;
  while (parts[i]?.kind === 'literal') offset += parts[i++]?.fixedWidth ?? 0;
  const salt = parts[i];
  if (!salt || salt.buckets === undefined || !salt.bucketBytes) return { offset, prefixes: [] };
  return { offset, prefixes: Array.from({ length: salt.buckets }, (_, b) => (salt.bucketBytes as (n: number) => Uint8Array)(b)) };
}

/** Salt bucket of a new key: index of the first salt part's bucket bytes it starts with after leading literals. */
function bucketOf(template: RowkeyTemplate | undefined): { count: number; of: (key: Uint8Array) => number } {
  const { offset, prefixes } = saltBucketPrefixes(template);
  if (prefixes.length === 0) return { count: 1, of: () => 0 };
  return {
    count: prefixes.length,
    of: (key) => prefixes.findIndex((b) => b.every((x, j) => key[offset + j] === x)),
  };
}

/** Index i of the range `[bounds[i], bounds[i + 1])` holding `t`, or -1 outside them all. */
function rangeOf(bounds: readonly number[], t: number): number {
  let lo = 0;
  let hi = bounds.length - 1;
  if (hi < 1 || t < (bounds[0] as number) || t >= (bounds[hi] as number)) return -1;
  while (hi - lo > 1) {
    const mid = (lo + hi) >> 1;
    if ((bounds[mid] as number) <= t) lo = mid;
    else hi = mid;
  }
  return lo;
}

class Counter {
  rows = 0;
  cells = 0;
  readonly perRange: number[];
  readonly perBucket: number[];
  constructor(private readonly bounds: readonly number[], buckets: number) {
    this.perRange = new Array<number>(Math.max(0, bounds.length - 1)).fill(0);
    this.perBucket = new Array<number>(buckets).fill(0);
  }
  add(row: Row, bucket: number): void {
    this.rows++;
    this.cells += row.cells.length;
    if (bucket >= 0) this.perBucket[bucket] = (this.perBucket[bucket] ?? 0) + 1;
    // Each cell's range by binary search over the bounds; a row counts once in each range one of its cells falls in.
    const ranges = new Set<number>();
    for (const c of row.cells) {
      const i = rangeOf(this.bounds, c.timestamp);
      if (i >= 0) ranges.add(i);
    }
    for (const i of ranges) this.perRange[i] = (this.perRange[i] ?? 0) + 1;
  }
  done(): SideCounts {
    return { rows: this.rows, cells: this.cells, rowsPerTimeRange: this.perRange, rowsPerBucket: this.perBucket };
  }
}

const colKey = (c: Cell) => `${toHex(c.family)}:${toHex(c.qualifier)}`;
const colText = (c: Cell) => `${toStringBinary(c.family)}:${toStringBinary(c.qualifier)}`;

/** Compares one sampled row's cells (every version) and the newest version per column. */
function compareRow(oldRow: Row, newKey: Uint8Array, newRow: Row | undefined, out: (d: Difference) => void): number {
  const ok = toStringBinary(oldRow.key), nk = toStringBinary(newKey);
  if (!newRow) {
    out({ kind: 'row-missing', oldKey: ok, newKey: nk, detail: `${oldRow.cells.length} cell(s) not in the new table` });
    return 0;
  }
  const index = new Map<string, Cell>(newRow.cells.map((c) => [`${colKey(c)}@${c.timestamp}`, c]));
  const newest = new Map<string, Cell>();
  for (const c of newRow.cells) { const k = colKey(c); const n = newest.get(k); if (!n || c.timestamp > n.timestamp) newest.set(k, c); }
  const oldNewest = new Map<string, Cell>();
  const valueDiffers = new Set<string>();
  for (const c of oldRow.cells) {
    const k = colKey(c);
    const n = oldNewest.get(k);
    if (!n || c.timestamp > n.timestamp) oldNewest.set(k, c);
    const got = index.get(`${k}@${c.timestamp}`);
    if (!got) out({ kind: 'cell-missing', oldKey: ok, newKey: nk, column: colText(c), timestamp: c.timestamp, detail: 'version not in the new table' });
    else if (!equalBytes(got.value, c.value)) {
      valueDiffers.add(`${k}@${c.timestamp}`);
      out({ kind: 'cell-value', oldKey: ok, newKey: nk, column: colText(c), timestamp: c.timestamp, detail: `old ${toStringBinary(c.value)}, new ${toStringBinary(got.value)}` });
    }
    index.delete(`${k}@${c.timestamp}`);
  }
  for (const c of index.values()) out({ kind: 'cell-extra', oldKey: ok, newKey: nk, column: colText(c), timestamp: c.timestamp, detail: 'version only in the new table' });
  for (const [k, c] of oldNewest) {
    const n = newest.get(k);
    // A newest version whose value differs at the same timestamp is already a cell-value difference.
    if (n && (n.timestamp !== c.timestamp || (!equalBytes(n.value, c.value) && !valueDiffers.has(`${k}@${c.timestamp}`)))) {
      out({ kind: 'newest-differs', oldKey: ok, newKey: nk, column: colText(c), timestamp: c.timestamp, detail: `newest old @${c.timestamp} ${toStringBinary(c.value)}, newest new @${n.timestamp} ${toStringBinary(n.value)}` });
    }
  }
  return oldRow.cells.length;
}

/**
 * Scans both tables once (streaming) for the counts, and compares a seeded sample of old rows with the new table
 * (multi-get of the mapped keys, all versions). Run it with the dual writer paused, or expect differences for rows
 * written meanwhile.
 * @throws HotspotError `MIGRATE_OPTION_INVALID` for a sample rate outside 0..1 or time bounds not ascending; REST
 *   errors as the client throws them.
 */
export async function verifyMigration(o: VerifyOptions): Promise<VerifyReport> {
  const sampleRate = o.sampleRate ?? 0.01;
  if (!(sampleRate >= 0 && sampleRate <= 1)) throw new HotspotError('MIGRATE_OPTION_INVALID', `--sample ${sampleRate}: give a share of rows between 0 and 1`, { field: 'sample' });
  const bounds = o.timeBoundsMs ?? [];
  if (bounds.length - 1 > MAX_TIME_RANGES) {
    throw new HotspotError('MIGRATE_OPTION_INVALID', `${bounds.length - 1} time ranges to count rows in; at most ${MAX_TIME_RANGES}: give a wider --time-bucket or a later --since`, { field: 'timeBoundsMs' });
  }
  for (let i = 1; i < bounds.length; i++) {
    if (!((bounds[i] as number) > (bounds[i - 1] as number))) throw new HotspotError('MIGRATE_OPTION_INVALID', `time bounds must ascend: ${bounds[i - 1]} then ${bounds[i]}`, { field: 'timeBoundsMs' });
  }
  const max = o.maxDifferences ?? 1000;
  const buckets = bucketOf(o.newTemplate);
  const call = o.signal ? { signal: o.signal } : {};
  const generator = createRng(o.seed ?? 1);
  const random = (): number => generator.next();
  const counts: Record<DifferenceKind, number> = { 'row-missing': 0, 'cell-missing': 0, 'cell-value': 0, 'cell-extra': 0, 'newest-differs': 0 };
  const differences: Difference[] = [];
  const out = (d: Difference) => { counts[d.kind]++; if (differences.length < max) differences.push(d); };
  const oldCounts = new Counter(bounds, buckets.count);
  let unmappable = 0, unmappableCells = 0, sampledRows = 0, comparedCells = 0;
  let pending: { row: Row; key: Uint8Array }[] = [];
  const compareBatch = async () => {
    if (pending.length === 0) return;
    const got = await o.client.multiGet(o.newTable, pending.map((p) => p.key), { maxVersions: 2147483647, ...call });
    const byKey = new Map(got.map((r) => [toHex(r.key), r]));
    for (const p of pending) comparedCells += compareRow(p.row, p.key, byKey.get(toHex(p.key)), out);
    sampledRows += pending.length;
    pending = [];
  };
  for await (const row of o.client.scan(o.oldTable, { maxVersions: 2147483647, batch: 2000, cacheBlocks: false, ...call })) {
    let key: Uint8Array;
    try {
      key = o.mapKey(row.key);
    } catch {
      unmappable++;
      unmappableCells += row.cells.length;
      continue;
    }
    oldCounts.add(row, buckets.of(key));
    if (sampleRate > 0 && random() < sampleRate) {
      pending.push({ row, key });
      if (pending.length >= 200) await compareBatch();
    }
  }
  await compareBatch();
  const newCounts = new Counter(bounds, buckets.count);
  for await (const row of o.client.scan(o.newTable, { maxVersions: 2147483647, batch: 2000, cacheBlocks: false, ...call })) newCounts.add(row, buckets.of(row.key));
  const a = oldCounts.done(), b = newCounts.done();
  const countMismatches: string[] = [];
  const check = (what: string, x: number, y: number) => { if (x !== y) countMismatches.push(`${what}: ${x} old, ${y} new`); };
  check('rows', a.rows, b.rows);
  check('cells', a.cells, b.cells);
  a.rowsPerBucket.forEach((x, i) => check(`rows in salt bucket ${i}`, x, b.rowsPerBucket[i] ?? 0));
  a.rowsPerTimeRange.forEach((x, i) => check(`rows with a cell in [${new Date(bounds[i] as number).toISOString()}, ${new Date(bounds[i + 1] as number).toISOString()})`, x, b.rowsPerTimeRange[i] ?? 0));
  const ok = countMismatches.length === 0 && Object.values(counts).every((n) => n === 0);
  return { ok, old: a, new: b, countMismatches, sampledRows, comparedCells, differenceCounts: counts, differences, unmappable, unmappableCells };
}

