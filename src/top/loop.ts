/**
 * The refresh loop of `top`: read, wait the delay, read again, show the rates between the two readings, and go on
 * from the later reading. A reading that fails for a passing reason (gateway restarting, timeout, regions not yet
 * reported: `isTransient` of the sources) is reported and skipped; the next refresh spans the longer interval.
 *
 * @module
 */
import { sleep } from '../hbase/rest/retry.js';
import { isTransient } from '../sources/index.js';
import { type HotspotError, isHotspotError } from '../util/errors.js';
import type { TopReader } from './readers.js';
import type { TableInterval, TopReading } from './types.js';
import { tableIntervals } from './view.js';

/** One refresh's rates: each table's interval, between two readings. */
export interface TopRefresh {
  /** 1 for the first refresh. */
  readonly index: number;
  readonly intervals: readonly TableInterval[];
  /** The later reading's time, epoch ms. */
  readonly timeMs: number;
  /** Time between the two readings, ms. */
  readonly intervalMs: number;
  /** Every live RegionServer at the later reading, when the reader knows them ({@link TopReading.liveServers}). */
  readonly liveServers?: readonly string[];
}

/** Options of {@link runTopLoop}. */
export interface TopLoopOptions {
  readonly read: TopReader;
  /** Wait between readings, ms (> 0). */
  readonly delayMs: number;
  /** Refreshes to show before resolving (≥ 1); `undefined` runs until the signal fires. */
  readonly iterations?: number;
  /** Ends the loop (it resolves; nothing is thrown for a stop). */
  readonly signal: AbortSignal;
  /** Shows a refresh. */
  readonly onRefresh: (refresh: TopRefresh) => void;
  /** Told about a skipped reading. */
  readonly onSkip?: (error: HotspotError) => void;
}

/** Resolves `undefined` when the signal fires during the call. */
async function unlessStopped<T>(work: Promise<T>, signal: AbortSignal): Promise<T | undefined> {
  try {
    return await work;
  } catch (err) {
    if (signal.aborted) return undefined;
    throw err;
  }
}

/** Readings that may be skipped on top of the `iterations + 1` a bounded run needs, before it gives up. */
export const MAX_SKIPPED_READINGS = 3;

/**
 * Runs the loop; resolves with the number of refreshes shown.
 * @throws `RangeError` for a delay ≤ 0 or iterations < 1; a reading's {@link HotspotError} when it is not transient
 *   (an unknown table, a 4xx answer), when the very first reading finds no gateway (`REST_UNREACHABLE`: a wrong URL is
 *   not waited out), or when a run bounded by `iterations` has skipped more than {@link MAX_SKIPPED_READINGS}
 *   readings; anything else a reading or `onRefresh` throws.
 */
export async function runTopLoop(options: TopLoopOptions): Promise<number> {
  const { read, delayMs, iterations, signal } = options;
  if (!(delayMs > 0)) throw new RangeError(`delayMs must be > 0, got ${delayMs}`);
  if (iterations !== undefined && !(Number.isInteger(iterations) && iterations >= 1)) throw new RangeError(`iterations must be a whole number ≥ 1, got ${iterations}`);
  let prev: TopReading | undefined;
  let shown = 0;
  let first = true;
  let skipped = 0;
  while (!signal.aborted && (iterations === undefined || shown < iterations)) {
    if (!first && (await unlessStopped(sleep(delayMs, signal).then(() => true), signal)) === undefined) break;
    first = false;
    let next: TopReading | undefined;
    try {
      next = await unlessStopped(read(signal), signal);
    } catch (err) {
      if (!isHotspotError(err) || !isTransient(err)) throw err;
      if (prev === undefined && err.code === 'REST_UNREACHABLE') throw err;
      if (iterations !== undefined && ++skipped > MAX_SKIPPED_READINGS) throw err;
      options.onSkip?.(err);
      continue;
    }
    if (next === undefined) break;
    if (prev !== undefined && next.timeMs > prev.timeMs) {
      shown++;
      options.onRefresh({
        index: shown, intervals: tableIntervals(prev, next, delayMs), timeMs: next.timeMs, intervalMs: next.timeMs - prev.timeMs,
        ...(next.liveServers ? { liveServers: next.liveServers } : {}),
      });
    }
    prev = next;
  }
  return shown;
}
