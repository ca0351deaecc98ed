/**
 * The backfill's checkpoint file: the work plan (the source's key ranges, one per region at the first run) and, per
 * range, whether it is done and the last row whose batch the target acknowledged. Written atomically (temporary file,
 * then rename), so a crash leaves either the previous or the next state, never a torn file.
 *
 * @module
 */
import { readFile, rename, writeFile } from 'node:fs/promises';
import { compareBytes, fromHex, toHex } from '../bytes/index.js';
import { HotspotError } from '../util/errors.js';
import { checkInputFile, jsonErrorText, jsonPreview, stripBom } from '../util/input-text.js';

/** One key range of the backfill: a source region as it was when the backfill started. */
export interface RangeState {
  /** Inclusive start row (empty = table start). */
  readonly startKey: Uint8Array;
  /** Exclusive end row (empty = table end). */
  readonly endKey: Uint8Array;
  /** The whole range has been copied. */
  done: boolean;
  /** Last row of the last batch the target acknowledged; resume scans from the row after it. */
  lastRow: Uint8Array | undefined;
  /** Rows copied from this range so far. */
  rows: number;
  /** Cells copied from this range so far. */
  cells: number;
}

/** A backfill's progress, as kept in the checkpoint file. */
export interface BackfillCheckpoint {
  /** Table scanned (the old table or its snapshot clone). */
  readonly source: string;
  /** Table written. */
  readonly target: string;
  /** What the keys were mapped with (e.g. the two templates), when the run said; a resume must use the same. */
  readonly mapping?: string;
  readonly ranges: RangeState[];
  /** Rows sent to the reject file so far. */
  rejects: number;
  /**
   * Length of the reject file, bytes, after the last committed batch's lines. A resumed run cuts the file back to it,
   * so lines written for a batch that was never committed (a crash between the two) are not repeated.
   */
  rejectsBytes: number;
}

interface RangeJson {
  startKey: string;
  endKey: string;
  done: boolean;
  lastRow?: string;
  rows: number;
  cells: number;
}

const FORMAT = 'hbase-hotspot.backfill-checkpoint/1';

/** Serialises a checkpoint (keys as hex). */
export function checkpointToJson(cp: BackfillCheckpoint): string {
  const ranges: RangeJson[] = cp.ranges.map((r) => ({
    startKey: toHex(r.startKey),
    endKey: toHex(r.endKey),
    done: r.done,
    ...(r.lastRow ? { lastRow: toHex(r.lastRow) } : {}),
    rows: r.rows,
    cells: r.cells,
  }));
  return `${JSON.stringify({ format: FORMAT, source: cp.source, target: cp.target, ...(cp.mapping === undefined ? {} : { mapping: cp.mapping }), rejects: cp.rejects, rejectsBytes: cp.rejectsBytes, ranges }, null, 1)}\n`;
}

function bad(file: string, why: string): HotspotError {
  return new HotspotError('MIGRATE_CHECKPOINT_INVALID', `not a usable backfill checkpoint: ${why}; fix or delete the file to start the backfill over`, { file });
}

const isCount = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v) && v >= 0;

/**
 * Parses a checkpoint file's text.
 * @throws HotspotError `MIGRATE_CHECKPOINT_INVALID` naming the file and field.
 */
export function checkpointFromJson(text: string, file: string): BackfillCheckpoint {
  let raw: unknown;
  try {
    raw = JSON.parse(stripBom(text));
  } catch (e) {
    throw bad(file, `not JSON (${jsonErrorText(e)})`);
  }
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) throw bad(file, `holds ${raw === null ? 'null' : Array.isArray(raw) ? 'a list' : typeof raw}, not the checkpoint object`);
  const o = raw as Record<string, unknown>;
  if (o['format'] !== FORMAT) throw bad(file, `"format" is ${jsonPreview(o['format'])}, expected "${FORMAT}"`);
  if (typeof o['source'] !== 'string' || typeof o['target'] !== 'string') throw bad(file, '"source" and "target" must be table names');
  if (!Array.isArray(o['ranges'])) throw bad(file, '"ranges" must be an array');
  const hex = (v: unknown, field: string): Uint8Array => {
    if (typeof v !== 'string' || !/^(?:[0-9a-f]{2})*$/.test(v)) throw bad(file, `${field} must be lower-case hex`);
    return fromHex(v);
  };
  const ranges = (o['ranges'] as unknown[]).map((r, i): RangeState => {
    if (typeof r !== 'object' || r === null || Array.isArray(r)) throw bad(file, `ranges[${i}] must be an object with startKey, endKey, done, rows and cells`);
    const x = r as Record<string, unknown>;
    const count = (k: string): number => {
      const v = x[k];
      if (!isCount(v)) throw bad(file, `ranges[${i}].${k} must be a whole number >= 0 and at most 2^53 - 1`);
      return v;
    };
    if (typeof x['done'] !== 'boolean') throw bad(file, `ranges[${i}].done must be true or false`);
    const startKey = hex(x['startKey'], `ranges[${i}].startKey`);
    const endKey = hex(x['endKey'], `ranges[${i}].endKey`);
    if (endKey.length > 0 && compareBytes(startKey, endKey) >= 0) throw bad(file, `ranges[${i}] ends before it starts (endKey <= startKey)`);
    const lastRow = x['lastRow'] === undefined ? undefined : hex(x['lastRow'], `ranges[${i}].lastRow`);
    if (lastRow !== undefined && compareBytes(lastRow, startKey) < 0) throw bad(file, `ranges[${i}].lastRow is before its startKey`);
    return { startKey, endKey, done: x['done'], lastRow, rows: count('rows'), cells: count('cells') };
  });
  const rejects = o['rejects'];
  if (!isCount(rejects)) throw bad(file, '"rejects" must be a whole number >= 0 and at most 2^53 - 1');
  const rejectsBytes = o['rejectsBytes'];
  if (!isCount(rejectsBytes)) throw bad(file, '"rejectsBytes" must be a whole number >= 0 and at most 2^53 - 1');
  const mapping = o['mapping'];
  if (mapping !== undefined && typeof mapping !== 'string') throw bad(file, '"mapping" must be text');
  return { source: o['source'], target: o['target'], ...(mapping === undefined ? {} : { mapping }), ranges, rejects, rejectsBytes };
}

/**
 * Reads a checkpoint; `undefined` when the file does not exist.
 * @throws HotspotError `MIGRATE_CHECKPOINT_INVALID`, `MIGRATE_CHECKPOINT_IO`; `FILE_NOT_REGULAR` for a FIFO or a device.
 */
export async function readCheckpoint(file: string): Promise<BackfillCheckpoint | undefined> {
  checkInputFile(file, 'checkpoint');
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw new HotspotError('MIGRATE_CHECKPOINT_IO', `cannot read the checkpoint (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})`, { file, cause: e });
  }
  return checkpointFromJson(text, file);
}

/** Writes a checkpoint atomically: `file.tmp` then rename over `file`. */
export async function writeCheckpoint(file: string, cp: BackfillCheckpoint): Promise<void> {
  const tmp = `${file}.tmp`;
  await writeFile(tmp, checkpointToJson(cp));
  await rename(tmp, file);
}
