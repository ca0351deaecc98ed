/**
 * The MapReduce verify job's answer (`hbasehotspot.migrate.VerifyJob`, one JSON line) turned into the report
 * `migrate verify` prints: the REST verify's {@link VerifyReport} (rows, cells, rows per salt bucket and per time
 * range on both sides, sampled differences, unmappable rows) plus, per partition (time range, salt bucket), the rows,
 * cells and order-independent hash of the cells under the new key on both sides, as HBase's `HashTable` / `SyncTable`
 * compare two tables batch by batch.
 *
 * @module
 */
import { HotspotError } from '../util/errors.js';
import type { Difference, DifferenceKind, SideCounts, VerifyReport } from './verify.js';

/** One side's sums over a partition. */
export interface PartitionSums {
  readonly rows: number;
  readonly cells: number;
  /**
   * 32 hex digits: the sums (modulo 2^64 each) of the two halves of every cell's MD5 over new row key, family,
   * qualifier, timestamp, type and value. Equal sets of cells give equal hashes whatever their order; all zeros for none.
   */
  readonly hash: string;
}

/** A partition compared between the sides. */
export interface PartitionComparison {
  /** Index of the time range `[bounds[range], bounds[range+1])`; -1 for every cell whatever its timestamp. */
  readonly range: number;
  /** The range's start and end, epoch ms (absent for range -1). */
  readonly fromMs?: number;
  readonly toMs?: number;
  /** Salt bucket of the new key; -1 for keys in none of the buckets. */
  readonly bucket: number;
  readonly old: PartitionSums;
  readonly new: PartitionSums;
  /** Rows, cells and hash all equal. */
  readonly equal: boolean;
}

/** A row of the old table whose key did not map, as the job lists it (the first ones). */
export interface JobReject {
  /** The old key, base64. */
  readonly key: string;
  readonly cells: number;
  /** The template error's code and message. */
  readonly code: string;
  readonly message: string;
}

/** What `migrate verify --engine mapreduce` reports: the REST verify's report plus the partitions and the job's facts. */
export interface MapReduceVerifyReport extends VerifyReport {
  readonly engine: 'mapreduce';
  /** Every partition either side has, range -1 (whole buckets) first, by range then bucket. */
  readonly partitions: readonly PartitionComparison[];
  /** Partitions whose rows, cells or hash differ. */
  readonly partitionsDiffering: number;
  /** The first unmappable old rows (all of them are counted in `unmappable`). */
  readonly rejects: readonly JobReject[];
  /** The snapshots read: old table's, new table's. */
  readonly snapshots: readonly [string, string];
  readonly elapsedMs: number;
}

/** The job's stdout line, as `VerifyJob` prints it. */
export interface VerifyJobAnswer {
  readonly snapshots: [string, string];
  /** Rows read with a mapped key on the old side, rows read on the new side. */
  readonly rows: [number, number];
  readonly rejectedRows: number;
  readonly rejectedCells: number;
  readonly rejects: JobReject[];
  /** `[side (0 old, 1 new), range, bucket, rows, cells, hash]`. */
  readonly partitions: [number, number, number, number, number, string][];
  readonly sampledRows: number;
  readonly comparedCells: number;
  readonly differenceCounts: Record<DifferenceKind, number>;
  readonly differences: Difference[];
  readonly elapsedMs: number;
}

/**
 * Parses the job's answer line.
 * @throws HotspotError `MIGRATE_JOB_FAILED` when it is not the JSON object `VerifyJob` prints.
 */
export function parseVerifyJobAnswer(line: string): VerifyJobAnswer {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch (cause) {
    throw new HotspotError('MIGRATE_JOB_FAILED', `the verify job's answer is not JSON (${(cause as Error).message}): ${line.slice(0, 200)}`, { cause });
  }
  const a = value as Partial<VerifyJobAnswer> | null;
  const ok = a !== null && typeof a === 'object' && Array.isArray(a.partitions) && Array.isArray(a.rows) && Array.isArray(a.differences) && Array.isArray(a.rejects) &&
    typeof a.rejectedRows === 'number' && typeof a.sampledRows === 'number' && typeof a.differenceCounts === 'object' &&
    a.partitions.every((p) => Array.isArray(p) && p.length === 6 && p.slice(0, 5).every((n) => Number.isInteger(n)) && /^[0-9a-f]{32}$/.test(String(p[5])));
  if (!ok) throw new HotspotError('MIGRATE_JOB_FAILED', `the verify job's answer lacks partitions, rows, differences or rejects: ${line.slice(0, 200)}`);
  return a as VerifyJobAnswer;
}

const NO_CELLS: PartitionSums = { rows: 0, cells: 0, hash: '0'.repeat(32) };

/**
 * The report of a job answer: each side's counts summed from its partitions (rows and cells from the whole-bucket
 * partitions, rows per time range across buckets), every count that differs named as the REST verify names them,
 * plus the cells and hash of every partition that differs; `ok` when nothing differs and no sampled cell did.
 * @param bounds - the time range boundaries given to the job, epoch ms ascending.
 * @param buckets - the new key's salt buckets (1 without a salt part).
 */
export function verifyJobReport(answer: VerifyJobAnswer, bounds: readonly number[], buckets: number): MapReduceVerifyReport {
  const ranges = Math.max(0, bounds.length - 1);
  const byKey = new Map<string, { range: number; bucket: number; old: PartitionSums; new: PartitionSums }>();
  for (const [side, range, bucket, rows, cells, hash] of answer.partitions) {
    const k = `${range} ${bucket}`;
    const p = byKey.get(k) ?? { range, bucket, old: NO_CELLS, new: NO_CELLS };
    p[side === 0 ? 'old' : 'new'] = { rows, cells, hash };
    byKey.set(k, p);
  }
  const partitions: PartitionComparison[] = [...byKey.values()]
    .sort((a, b) => (a.range === b.range ? a.bucket - b.bucket : a.range === -1 ? -1 : b.range === -1 ? 1 : a.range - b.range))
    .map((p) => ({
      range: p.range, ...(p.range >= 0 ? { fromMs: bounds[p.range] as number, toMs: bounds[p.range + 1] as number } : {}), bucket: p.bucket,
      old: p.old, new: p.new, equal: p.old.rows === p.new.rows && p.old.cells === p.new.cells && p.old.hash === p.new.hash,
    }));
  const side = (s: 'old' | 'new'): SideCounts => {
    const whole = partitions.filter((p) => p.range === -1);
    const rowsPerBucket = new Array<number>(buckets).fill(0);
    for (const p of whole) if (p.bucket >= 0 && p.bucket < buckets) rowsPerBucket[p.bucket] = p[s].rows;
    const rowsPerTimeRange = new Array<number>(ranges).fill(0);
    for (const p of partitions) if (p.range >= 0 && p.range < ranges) rowsPerTimeRange[p.range] = (rowsPerTimeRange[p.range] as number) + p[s].rows;
    return { rows: whole.reduce((n, p) => n + p[s].rows, 0), cells: whole.reduce((n, p) => n + p[s].cells, 0), rowsPerTimeRange, rowsPerBucket };
  };
  const a = side('old'), b = side('new');
  const countMismatches: string[] = [];
  const check = (what: string, x: number | string, y: number | string) => { if (x !== y) countMismatches.push(`${what}: ${x} old, ${y} new`); };
  check('rows', a.rows, b.rows);
  check('cells', a.cells, b.cells);
  a.rowsPerBucket.forEach((x, i) => check(`rows in salt bucket ${i}`, x, b.rowsPerBucket[i] ?? 0));
  a.rowsPerTimeRange.forEach((x, i) => check(`rows with a cell in ${rangeText(bounds, i)}`, x, b.rowsPerTimeRange[i] ?? 0));
  for (const p of partitions) {
    if (p.equal) continue;
    const where = `${p.bucket >= 0 ? `salt bucket ${p.bucket}` : 'keys in no salt bucket'}${p.range >= 0 ? ` with a timestamp in ${rangeText(bounds, p.range)}` : ''}`;
    if (p.range === -1 && p.bucket === -1) check(`rows of ${where}`, p.old.rows, p.new.rows);
    check(`cells of ${where}`, p.old.cells, p.new.cells);
    check(`hash of the cells of ${where}`, p.old.hash, p.new.hash);
  }
  const differenceCounts = answer.differenceCounts;
  const ok = countMismatches.length === 0 && Object.values(differenceCounts).every((n) => n === 0);
  return {
    engine: 'mapreduce', ok, old: a, new: b, countMismatches, sampledRows: answer.sampledRows, comparedCells: answer.comparedCells,
    differenceCounts, differences: answer.differences, unmappable: answer.rejectedRows, unmappableCells: answer.rejectedCells,
    partitions, partitionsDiffering: partitions.filter((p) => !p.equal).length, rejects: answer.rejects, snapshots: answer.snapshots, elapsedMs: answer.elapsedMs,
  };
}

/** `[from, to)` of time range i in ISO times. */
function rangeText(bounds: readonly number[], i: number): string {
  return `[${new Date(bounds[i] as number).toISOString()}, ${new Date(bounds[i + 1] as number).toISOString()})`;
}
