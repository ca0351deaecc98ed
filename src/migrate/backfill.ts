/**
 * The backfill of a key migration: copies every row of the source table into the target table under its new rowkey,
 * with every cell's ORIGINAL timestamp, so that an older copied cell never hides a newer one a dual writer put there
 * (HBase orders a column's versions by timestamp, not by arrival). Cells travel in the gateway's protobuf form and are
 * never decoded: each is written back byte for byte (column, timestamp, value), only the rowkey is rewritten.
 * Scans the source one key range (region) at a time,
 * writes in bounded batches, checkpoints after every batch the target acknowledged, and resumes from the row after the
 * last acknowledged batch. Memory is bounded by the batches in flight (concurrency + 1), whatever the table's size.
 *
 * @module
 */
import { appendFile, stat, truncate } from 'node:fs/promises';
import { concatBytes, toHex, toStringBinary } from '../bytes/index.js';
import type { EncodedRow, HBaseRestClient } from '../hbase/rest/index.js';
import { TokenBucket } from '../load/token-bucket.js';
import { HotspotError } from '../util/errors.js';
import { type BackfillCheckpoint, type RangeState, readCheckpoint, writeCheckpoint } from './checkpoint.js';
import type { KeyMapper } from './key-map.js';
import { systemReason } from '../util/input-text.js';

/** Options of {@link runBackfill}. */
export interface BackfillOptions {
  readonly client: HBaseRestClient;
  /** Table scanned: the old table, or a clone of a snapshot of it. */
  readonly source: string;
  /** Table written (the new table, created beforehand). */
  readonly target: string;
  /** Old rowkey to new rowkey; a throw rejects the row. */
  readonly mapKey: KeyMapper;
  /**
   * A name of the mapping, such as the two templates (`OLD -> NEW`), kept in the checkpoint: resuming with another
   * one is refused, so one target never gets two key formats.
   */
  readonly mapping?: string;
  /** Checkpoint file; resumed from when it exists. Omitted = progress kept in memory only. */
  readonly checkpointFile?: string;
  /** Rows per put (default 500). */
  readonly batchRows?: number;
  /** Rows per second at most (default unlimited). */
  readonly rowsPerSec?: number;
  /** Cells per scanner fetch from the gateway (default 5000). */
  readonly scanBatchCells?: number;
  /** Rows the gateway's scanner fetches per RegionServer RPC (scanner caching, default 1000). */
  readonly scanCachingRows?: number;
  /** Puts in flight at once (default 4); batches are still committed to the checkpoint in scan order. */
  readonly concurrency?: number;
  /** NDJSON file receiving one line per unmappable row (`key`, `hex`, `reason`, `code`). */
  readonly rejectsFile?: string;
  /** Finish normally even when rows were rejected (default false: the run fails at the end). */
  readonly allowRejects?: boolean;
  /** Stops the run after the batch in flight; resume with the same checkpoint file. */
  readonly signal?: AbortSignal;
  /** Called after every acknowledged batch. */
  readonly onProgress?: (progress: BackfillProgress) => void;
}

/** Progress after a batch. */
export interface BackfillProgress {
  readonly rangesDone: number;
  readonly rangesTotal: number;
  /** Rows written to the target, this run and earlier runs of the same checkpoint. */
  readonly rows: number;
  readonly cells: number;
  readonly rejects: number;
  /** Batches acknowledged in this run. */
  readonly batches: number;
  /** Rows written in this run per second of this run. */
  readonly rowsPerSec: number;
  /** Estimated time to finish, ms, from the share of ranges done in this run; `undefined` before the first one. */
  readonly etaMs: number | undefined;
}

/** Outcome of a completed backfill. */
export interface BackfillResult {
  readonly rows: number;
  readonly cells: number;
  readonly rejects: number;
  readonly ranges: number;
  /** Ranges found done in the checkpoint and skipped. */
  readonly rangesSkipped: number;
  /** Whether the run continued an earlier run's checkpoint. */
  readonly resumed: boolean;
  readonly elapsedMs: number;
  /** Rows written in this run per second. */
  readonly rowsPerSec: number;
}

/** Waits `ms`, or less when `signal` fires; the abort listener is removed either way. */
const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve) => {
    const done = () => {
      clearTimeout(t);
      signal?.removeEventListener('abort', done);
      resolve();
    };
    const t = setTimeout(done, ms);
    signal?.addEventListener('abort', done, { once: true });
  });

function aborted(file: string | undefined): HotspotError {
  return new HotspotError(
    'MIGRATE_BACKFILL_ABORTED',
    file ? `backfill stopped; run it again with --checkpoint ${file} to resume from the last acknowledged batch` : 'backfill stopped (no checkpoint file: a new run starts over)',
    file ? { file } : {},
  );
}

/** Loads the checkpoint or plans the ranges from the source's regions (`GET /<table>/regions`). */
async function startState(o: BackfillOptions): Promise<{ cp: BackfillCheckpoint; resumed: boolean }> {
  const found = o.checkpointFile ? await readCheckpoint(o.checkpointFile) : undefined;
  if (found) {
    if (found.source !== o.source || found.target !== o.target) {
      throw new HotspotError(
        'MIGRATE_CHECKPOINT_MISMATCH',
        `checkpoint ${o.checkpointFile} is of a backfill from "${found.source}" to "${found.target}", not from "${o.source}" to "${o.target}"; use another --checkpoint file`,
        { file: o.checkpointFile as string },
      );
    }
    if (found.mapping !== undefined && o.mapping !== undefined && found.mapping !== o.mapping) {
      throw new HotspotError(
        'MIGRATE_CHECKPOINT_MISMATCH',
        `checkpoint ${o.checkpointFile} was written mapping keys with ${found.mapping}, not ${o.mapping}; resume with the same templates (two key formats in one table cannot be told apart), or start over with another --checkpoint file and an empty target`,
        { file: o.checkpointFile as string },
      );
    }
    return { cp: found, resumed: true };
  }
  const regions = await o.client.tableRegions(o.source, o.signal ? { signal: o.signal } : {});
  const ranges: RangeState[] = regions.regions.map((r) => ({ startKey: r.startKey, endKey: r.endKey, done: false, lastRow: undefined, rows: 0, cells: 0 }));
  return { cp: { source: o.source, target: o.target, ...(o.mapping === undefined ? {} : { mapping: o.mapping }), ranges, rejects: 0, rejectsBytes: 0 }, resumed: false };
}

/**
 * Makes the reject file exactly `bytes` long: a new run starts it empty; a resumed run drops what follows the last
 * committed batch's lines (written just before a crash). A file shorter than the checkpoint says is an error.
 */
async function alignRejects(file: string, bytes: number): Promise<void> {
  let size: number;
  try {
    size = (await stat(file)).size;
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw new HotspotError('MIGRATE_REJECTS_IO', `cannot read the reject file (${systemReason(e)})`, { file, cause: e });
    size = 0;
    if (bytes === 0) return;
  }
  if (size < bytes) {
    throw new HotspotError('MIGRATE_REJECTS_IO', `the reject file has ${size} bytes but the checkpoint counts ${bytes} bytes of rejected rows; restore the file or start the backfill over`, { file });
  }
  if (size > bytes) await truncate(file, bytes);
}

/**
 * Runs (or resumes) a backfill. Puts carry explicit timestamps, so a batch redone after a crash rewrites identical
 * cells (idempotent). Rejected rows are appended to the reject file when their batch is committed; a new run empties
 * the reject file first, a resumed one cuts it back to the length the checkpoint recorded.
 * @throws HotspotError `MIGRATE_BACKFILL_ABORTED` when `signal` fires, `MIGRATE_REJECTS` at the end when rows were
 *   rejected and `allowRejects` is not set, `MIGRATE_CHECKPOINT_INVALID` / `MIGRATE_CHECKPOINT_MISMATCH` for a bad
 *   checkpoint (or one written with another `mapping`), `MIGRATE_SAME_TABLE` when source and target are one table, `MIGRATE_REJECTS_IO` when the reject file cannot be read or is shorter than the checkpoint says,
 *   `MIGRATE_OPTION_INVALID` for a batch size or rate that is not positive; REST errors (`RestError`) as the
 *   client throws them.
 */
export async function runBackfill(o: BackfillOptions): Promise<BackfillResult> {
  const batchRows = o.batchRows ?? 500;
  if (!Number.isInteger(batchRows) || batchRows < 1) throw new HotspotError('MIGRATE_OPTION_INVALID', `--batch ${batchRows}: give a whole number of rows per put, at least 1`, { field: 'batch' });
  if (o.rowsPerSec !== undefined && !(o.rowsPerSec > 0 && Number.isFinite(o.rowsPerSec))) {
    throw new HotspotError('MIGRATE_OPTION_INVALID', `--rate ${o.rowsPerSec}: give rows per second above 0`, { field: 'rate' });
  }
  if (o.source === o.target) throw new HotspotError('MIGRATE_SAME_TABLE', `source and target are both "${o.source}": the backfill copies into another table (the new one, created beforehand)`, { field: 'target' });
  const concurrency = o.concurrency ?? 4;
  if (!Number.isInteger(concurrency) || concurrency < 1) throw new HotspotError('MIGRATE_OPTION_INVALID', `concurrency ${concurrency}: give a whole number of puts in flight, at least 1`, { field: 'concurrency' });
  const { cp, resumed } = await startState(o);
  const bucket = o.rowsPerSec ? new TokenBucket(o.rowsPerSec, batchRows) : undefined;
  const call = o.signal ? { signal: o.signal } : {};
  const started = Date.now();
  const skipped = cp.ranges.filter((r) => r.done).length;
  let rowsThisRun = 0;
  let batches = 0;
  let rangesThisRun = 0;
  const save = async () => { if (o.checkpointFile) await writeCheckpoint(o.checkpointFile, cp); };
  if (!resumed) await save();
  if (o.rejectsFile) await alignRejects(o.rejectsFile, resumed ? cp.rejectsBytes : 0);

  const progress = (): BackfillProgress => {
    const elapsedMs = Math.max(1, Date.now() - started);
    const done = cp.ranges.filter((r) => r.done).length;
    const remaining = cp.ranges.length - done;
    return {
      rangesDone: done,
      rangesTotal: cp.ranges.length,
      rows: cp.ranges.reduce((s, r) => s + r.rows, 0),
      cells: cp.ranges.reduce((s, r) => s + r.cells, 0),
      rejects: cp.rejects,
      batches,
      rowsPerSec: (rowsThisRun * 1000) / elapsedMs,
      etaMs: rangesThisRun > 0 ? (elapsedMs / rangesThisRun) * remaining : undefined,
    };
  };

  for (const range of cp.ranges) {
    if (range.done) continue;
    if (o.signal?.aborted) throw aborted(o.checkpointFile);
    // Puts in flight, oldest first; each settles after its batch is committed, in scan order.
    const inflight: Promise<void>[] = [];
    let rows: EncodedRow[] = [];
    let rejectLines: string[] = [];
    let cells = 0;
    let last: Uint8Array | undefined;
    const flush = async () => {
      if (last === undefined) return;
      const batch = rows, lines = rejectLines, batchCells = cells, lastRow = last;
      rows = []; rejectLines = []; cells = 0; last = undefined;
      while (inflight.length >= concurrency) await inflight.shift();
      if (o.signal?.aborted) throw aborted(o.checkpointFile);
      if (bucket) await sleep(bucket.take(batch.length), o.signal);
      const put = batch.length > 0 ? o.client.putEncodedRows(o.target, batch, call) : Promise.resolve();
      const previous = inflight[inflight.length - 1];
      put.catch(() => undefined);
      const committed = (async () => {
        await previous;
        await put;
        // Nothing is committed after a stop: a put that landed anyway is redone on resume (same cells, same timestamps).
        if (o.signal?.aborted) throw aborted(o.checkpointFile);
        if (lines.length > 0 && o.rejectsFile) {
          const text = lines.join('');
          await appendFile(o.rejectsFile, text);
          cp.rejectsBytes += Buffer.byteLength(text);
        }
        range.lastRow = lastRow;
        range.rows += batch.length;
        range.cells += batchCells;
        cp.rejects += lines.length;
        rowsThisRun += batch.length;
        batches++;
        await save();
        o.onProgress?.(progress());
      })();
      committed.catch(() => undefined);
      inflight.push(committed);
    };
    try {
      const scan = o.client.scanEncoded(o.source, {
        ...(range.lastRow ? { startRow: concatBytes(range.lastRow, new Uint8Array([0])) } : range.startKey.length ? { startRow: range.startKey } : {}),
        ...(range.endKey.length ? { endRow: range.endKey } : {}),
        maxVersions: 2147483647,
        batch: o.scanBatchCells ?? 5000,
        caching: o.scanCachingRows ?? 1000,
        cacheBlocks: false,
        ...call,
      });
      for await (const row of scan) {
        last = row.key;
        let key: Uint8Array;
        try {
          key = o.mapKey(row.key);
        } catch (e) {
          const code = e instanceof HotspotError ? e.code : 'MAP_ERROR';
          rejectLines.push(`${JSON.stringify({ key: toStringBinary(row.key), hex: toHex(row.key), code, reason: (e as Error).message })}\n`);
          if (rows.length + rejectLines.length >= batchRows) await flush();
          continue;
        }
        rows.push({ key, cells: row.cells, cellCount: row.cellCount });
        cells += row.cellCount;
        if (rows.length + rejectLines.length >= batchRows) await flush();
      }
      await flush();
      while (inflight.length > 0) await inflight.shift();
    } catch (e) {
      await Promise.allSettled(inflight);
      if (o.signal?.aborted) throw aborted(o.checkpointFile);
      throw e;
    }
    range.done = true;
    rangesThisRun++;
    await save();
    o.onProgress?.(progress());
  }
  const p = progress();
  if (p.rejects > 0 && !o.allowRejects) {
    throw new HotspotError(
      'MIGRATE_REJECTS',
      `${p.rejects} row(s) could not be mapped to the new key${o.rejectsFile ? ` (see ${o.rejectsFile})` : ''}; fix the templates or the rows, or pass --allow-rejects to accept the loss`,
      o.rejectsFile ? { file: o.rejectsFile } : {},
    );
  }
  const elapsedMs = Date.now() - started;
  return { rows: p.rows, cells: p.cells, rejects: p.rejects, ranges: cp.ranges.length, rangesSkipped: skipped, resumed, elapsedMs, rowsPerSec: p.rowsPerSec };
}
