/**
 * The load generator: real rows written (and read) through an HBase REST client, entities drawn by the simulator's
 * popularity model, paced by token buckets, bounded in rows and time.
 *
 * @module
 */
import type { HBaseRestClient, RowInput } from '../hbase/rest/index.js';
import { entityIdFormatter, entitySampler } from '../simulate/entities.js';
import { createRng } from '../simulate/rng.js';
import { HotspotError } from '../util/errors.js';
import { summarizeLatency } from './latency.js';
import { type ReadContext, runRead } from './reads.js';
import { TokenBucket } from './token-bucket.js';
import { LOAD_QUALIFIER, type LoadHooks, type LoadSpec, type LoadSummary } from './types.js';

/** Consecutive failed requests after which the run gives up (the table or gateway is not usable). */
export const MAX_CONSECUTIVE_ERRORS = 5;
/** Error messages kept in the summary. */
const KEPT_MESSAGES = 5;

function defaultPause(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal?.aborted || ms <= 0) return resolve();
    const done = (): void => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal?.addEventListener('abort', done, { once: true });
  });
}

/** Planned rows of a spec: `maxWrites`, else rate × duration rounded. */
export function plannedWrites(spec: Pick<LoadSpec, 'writesPerSec' | 'durationMs' | 'maxWrites'>): number {
  return spec.maxWrites ?? Math.round((spec.writesPerSec * spec.durationMs) / 1000);
}

/**
 * Checks the numbers of a spec given through the library (the CLI checks its flags first, with their names).
 * @throws {@link HotspotError} `LOAD_SPEC_INVALID` naming the field and the allowed range.
 */
export function checkLoadSpec(spec: LoadSpec): void {
  const check = (ok: boolean, field: string, rule: string, value: unknown): void => {
    if (!ok) throw new HotspotError('LOAD_SPEC_INVALID', `load spec ${field} = ${String(value)}: must be ${rule}`, { field });
  };
  check(Number.isFinite(spec.writesPerSec) && spec.writesPerSec > 0, 'writesPerSec', 'a finite number above 0 (rows per second)', spec.writesPerSec);
  check(Number.isFinite(spec.durationMs) && spec.durationMs > 0, 'durationMs', 'a finite number of ms above 0', spec.durationMs);
  check(spec.maxWrites === undefined || (Number.isInteger(spec.maxWrites) && spec.maxWrites >= 1), 'maxWrites', 'a whole number ≥ 1', spec.maxWrites);
  check(Number.isInteger(spec.valueBytes) && spec.valueBytes >= 0, 'valueBytes', 'a whole number ≥ 0', spec.valueBytes);
  check(Number.isInteger(spec.batchRows) && spec.batchRows >= 1, 'batchRows', 'a whole number ≥ 1', spec.batchRows);
  check(Number.isInteger(spec.concurrency) && spec.concurrency >= 1, 'concurrency', 'a whole number ≥ 1', spec.concurrency);
  check(Number.isInteger(spec.entities.count) && spec.entities.count >= 1, 'entities.count', 'a whole number ≥ 1', spec.entities.count);
  spec.reads.forEach((r, i) => check(Number.isFinite(r.ratePerSec) && r.ratePerSec > 0, `reads[${i}].ratePerSec`, 'a finite number above 0 (queries per second)', r.ratePerSec));
}

/**
 * Runs a load against `client`: `spec.concurrency` writers put batches of `spec.batchRows` rows, each row keyed by the
 * template from a drawn entity's id and the put time, with one cell `family:v` of `valueBytes` bytes whose timestamp is
 * that time (so retried puts are idempotent); each read pattern runs its own workers at its rate. No request starts
 * after `durationMs` or once the planned rows are written; requests in flight complete.
 *
 * @throws {@link HotspotError} `LOAD_SPEC_INVALID` (see {@link checkLoadSpec}); `LOAD_FAILED` after {@link MAX_CONSECUTIVE_ERRORS} failed requests in a row (naming the
 *   last error); template errors (`TEMPLATE_*`) when a record does not fit the template.
 */
export async function runLoad(client: HBaseRestClient, spec: LoadSpec, hooks: LoadHooks = {}): Promise<LoadSummary> {
  checkLoadSpec(spec);
  const now = hooks.now ?? Date.now;
  const pause = hooks.pause ?? defaultPause;
  const { signal } = hooks;
  const planned = plannedWrites(spec);
  const startMs = now();
  const endMs = startMs + spec.durationMs;
  const rng = createRng(spec.seed);
  const drawWrite = entitySampler(spec.entities, rng);
  const idOf = entityIdFormatter(spec.entities.idFormat);
  const value = new Uint8Array(spec.valueBytes).map(() => Math.floor(rng.next() * 256));
  const { entityField, timeField } = spec.fields;
  const keyOf = (entity: number, timeMs: number): Uint8Array =>
    spec.template.encode(timeField === undefined ? { [entityField]: idOf(entity) } : { [entityField]: idOf(entity), [timeField]: timeMs });
  const lastKey = new Map<number, Uint8Array>();
  const writeLatencies: number[] = [];
  const readLatencies: number[] = [];
  const messages: string[] = [];
  let issued = 0;
  let writes = 0;
  let failedWrites = 0;
  let readQueries = 0;
  let rowsRead = 0;
  let errors = 0;
  let consecutive = 0;
  let lastEndMs = startMs;
  let fatal: HotspotError | undefined;

  const finished = (): boolean => fatal !== undefined || signal?.aborted === true || now() >= endMs || issued >= planned;
  const progress = (): void => hooks.onProgress?.({ writes, plannedWrites: planned, readQueries, errors });
  const failed = (err: unknown): void => {
    errors++;
    consecutive++;
    const message = err instanceof Error ? err.message : String(err);
    if (messages.length < KEPT_MESSAGES) messages.push(message);
    if (consecutive >= MAX_CONSECUTIVE_ERRORS && !fatal) {
      fatal = new HotspotError('LOAD_FAILED', `table "${spec.table}": ${consecutive} requests in a row failed; the last: ${message}`, { cause: err });
    }
  };
  /** Waits for the bucket; false when the run ends before the wait is over. */
  const paced = async (bucket: TokenBucket, count: number): Promise<boolean> => {
    const waitMs = bucket.take(count);
    if (now() + waitMs >= endMs) return false;
    await pause(waitMs, signal);
    return !(signal?.aborted || fatal);
  };

  const writeBucket = new TokenBucket(spec.writesPerSec, spec.batchRows, now);
  const writer = async (): Promise<void> => {
    while (!finished()) {
      const n = Math.min(spec.batchRows, planned - issued);
      issued += n;
      if (!(await paced(writeBucket, n))) {
        issued -= n;
        return;
      }
      // a whole millisecond: the time field and the cell timestamp are integers
      const timeMs = Math.floor(now());
      const rows: RowInput[] = [];
      const entities: number[] = [];
      for (let i = 0; i < n; i++) {
        const entity = drawWrite();
        entities.push(entity);
        rows.push({ key: keyOf(entity, timeMs), cells: [{ family: spec.family, qualifier: LOAD_QUALIFIER, value, timestamp: timeMs }] });
      }
      try {
        await client.putRows(spec.table, rows);
        const doneMs = now();
        writeLatencies.push(doneMs - timeMs);
        lastEndMs = Math.max(lastEndMs, doneMs);
        writes += n;
        consecutive = 0;
        rows.forEach((r, i) => {
          lastKey.set(entities[i] ?? 0, r.key as Uint8Array);
          hooks.onSample?.({ timeMs, key: r.key as Uint8Array, op: 'write' });
        });
      } catch (err) {
        failedWrites += n;
        failed(err);
      }
      progress();
    }
  };

  const readRng = createRng(spec.seed ^ 0x5bd1e995);
  const ctx: ReadContext = { client, table: spec.table, template: spec.template, entityField, idOf, keyOf, lastKey, now };
  const reader = (pattern: LoadSpec['reads'][number], bucket: TokenBucket, draw: () => number) => async (): Promise<void> => {
    while (!finished()) {
      if (!(await paced(bucket, 1))) return;
      const t0 = now();
      try {
        const result = await runRead(ctx, pattern, draw());
        const doneMs = now();
        readLatencies.push(doneMs - t0);
        lastEndMs = Math.max(lastEndMs, doneMs);
        readQueries++;
        rowsRead += result.rows;
        consecutive = 0;
        for (const s of result.samples) hooks.onSample?.(s);
      } catch (err) {
        failed(err);
      }
      progress();
    }
  };

  const workers: Promise<void>[] = [];
  for (let i = 0; i < spec.concurrency; i++) workers.push(writer());
  for (const pattern of spec.reads) {
    const bucket = new TokenBucket(pattern.ratePerSec, 1, now);
    const draw = entitySampler(spec.entities, readRng);
    for (let i = 0; i < spec.concurrency; i++) workers.push(reader(pattern, bucket, draw)());
  }
  await Promise.all(workers);
  if (fatal) throw fatal;
  const elapsedMs = Math.max(1, lastEndMs - startMs);
  return {
    table: spec.table,
    writes,
    plannedWrites: planned,
    readQueries,
    rowsRead,
    errors,
    failedWrites,
    errorMessages: messages,
    elapsedMs,
    opsPerSec: ((writes + readQueries) * 1000) / elapsedMs,
    writesPerSec: (writes * 1000) / elapsedMs,
    writeLatency: summarizeLatency(writeLatencies),
    readLatency: summarizeLatency(readLatencies),
    stopped: signal?.aborted === true,
  };
}
