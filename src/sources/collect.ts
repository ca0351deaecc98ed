/**
 * Sampling a {@link SnapshotSource} on a fixed interval into a load series, surviving a source that stops answering:
 * a sample that still fails after the transport's retries is a gap (the rate step reports gaps from the spacing of
 * the snapshots), the next sample is taken on schedule, and every snapshot is handed to `write` as soon as it is
 * read, so nothing already read is lost when the run stops.
 *
 * @module
 */
import { sleep } from '../hbase/rest/retry.js';
import type { LoadSnapshot } from '../model/index.js';
import { HotspotError, isHotspotError } from '../util/errors.js';
import type { SnapshotSource } from './types.js';

/** What happened to one scheduled sample. */
export type CollectEvent =
  | { readonly kind: 'sample'; readonly index: number; readonly snapshot: LoadSnapshot }
  | { readonly kind: 'gap'; readonly index: number; readonly scheduledMs: number; readonly error: HotspotError };

/** Options of {@link collectSeries}. */
export interface CollectOptions {
  /** Where the snapshots come from. */
  readonly source: SnapshotSource;
  /** Time between scheduled samples, ms (> 0). */
  readonly intervalMs: number;
  /** How long to sample, ms (≥ 0): samples at 0, interval, 2 × interval, … up to and including this. */
  readonly durationMs: number;
  /** Receives each snapshot as soon as it is read (append it and flush). */
  readonly write: (snapshot: LoadSnapshot) => void;
  /** Stops the run early (Ctrl-C): a sample in flight is abandoned, what was written stays. */
  readonly signal?: AbortSignal;
  /** Called after every scheduled sample, read or gap (progress bars, warnings). */
  readonly onEvent?: (event: CollectEvent) => void;
  /** Clock, epoch ms; default `Date.now`. */
  readonly now?: () => number;
}

/** How a run went. */
export interface CollectSummary {
  /** Samples the schedule held. */
  readonly planned: number;
  /** Snapshots written. */
  readonly written: number;
  /**
   * Scheduled samples that failed, were skipped because an earlier sample overran its slot, or were read at a time
   * not after the last one written (the clock stepped back: `COLLECT_CLOCK_STEP`).
   */
  readonly gaps: number;
  /** True when the signal stopped the run before the schedule ended. */
  readonly stopped: boolean;
}

/** Error codes that mean "no answer this time" (outage, overload, regions in transition): the run marks a gap. */
export const TRANSIENT_CODES: ReadonlySet<string> = new Set(['REST_UNREACHABLE', 'REST_TIMEOUT', 'REST_DECODE', 'JMX_MALFORMED', 'SOURCE_REGION_UNREPORTED', 'NATIVE_READ', 'NATIVE_TIMEOUT']);

/**
 * True for a failed sample worth waiting out: {@link TRANSIENT_CODES}, and HTTP 5xx or 429 answers (a gateway
 * restarting, a proxy in front of one that is down). Anything else (an unknown table, a 4xx) would fail every
 * sample the same way, so it ends the run.
 */
export function isTransient(err: HotspotError): boolean {
  if (TRANSIENT_CODES.has(err.code)) return true;
  const status = (err as { status?: unknown }).status;
  return err.code === 'REST_HTTP' && typeof status === 'number' && (status >= 500 || status === 429);
}

/** Number of samples in a run of `durationMs` every `intervalMs` (both ends included). */
export function plannedSamples(intervalMs: number, durationMs: number): number {
  return Math.floor(durationMs / intervalMs) + 1;
}

/**
 * Runs the schedule. Resolves when it ends or the signal fires; a sample failing for a {@link isTransient} reason
 * is a gap, and the run goes on.
 * @throws `RangeError` for a non-positive interval or negative duration; the sample's {@link HotspotError} when it
 *   is not transient (what was written stays written); anything that is not a HotspotError (a bug); and a `write`
 *   failure (the output is gone: stopping is the only honest answer).
 */
export async function collectSeries(options: CollectOptions): Promise<CollectSummary> {
  const { source, intervalMs, durationMs, signal } = options;
  if (!(intervalMs > 0)) throw new RangeError(`intervalMs must be > 0, got ${intervalMs}`);
  if (!(durationMs >= 0)) throw new RangeError(`durationMs must be ≥ 0, got ${durationMs}`);
  const now = options.now ?? Date.now;
  const planned = plannedSamples(intervalMs, durationMs);
  // Connecting (the native client's JVM takes seconds) happens before the schedule starts, not in its first slot.
  await source.start?.(signal ? { signal } : {});
  const startMs = now();
  let written = 0;
  let gaps = 0;
  let lastTimeMs = Number.NEGATIVE_INFINITY;
  for (let index = 0; index < planned; index++) {
    const scheduledMs = startMs + index * intervalMs;
    const waitMs = scheduledMs - now();
    if (waitMs <= -intervalMs) {
      // an earlier sample overran this slot: skip it rather than bunch samples together
      gaps++;
      options.onEvent?.({ kind: 'gap', index, scheduledMs, error: new HotspotError('COLLECT_OVERRUN', `sample ${index + 1} skipped: the previous sample took past its time`) });
      continue;
    }
    if (signal?.aborted) break;
    if (waitMs > 0) {
      try {
        await sleep(waitMs, signal);
      } catch {
        break;
      }
    }
    let snapshot: LoadSnapshot;
    try {
      snapshot = await source.snapshot(signal ? { signal } : {});
    } catch (err) {
      if (signal?.aborted) break;
      if (!isHotspotError(err) || !isTransient(err)) throw err;
      gaps++;
      options.onEvent?.({ kind: 'gap', index, scheduledMs, error: err });
      continue;
    }
    if (snapshot.timeMs <= lastTimeMs) {
      // Never dropped silently: a load series is in increasing time order, so this one cannot be written after the
      // last, and it is reported as the gap it leaves.
      gaps++;
      const error = new HotspotError(
        'COLLECT_CLOCK_STEP',
        `sample ${index + 1} read at ${snapshot.timeMs}, not after the last one written (${lastTimeMs}): the clock stepped back; not written`,
      );
      options.onEvent?.({ kind: 'gap', index, scheduledMs, error });
      continue;
    }
    lastTimeMs = snapshot.timeMs;
    options.write(snapshot);
    written++;
    options.onEvent?.({ kind: 'sample', index, snapshot });
  }
  return { planned, written, gaps, stopped: signal?.aborted ?? false };
}
