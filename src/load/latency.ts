/**
 * Request latencies of a load run and their percentiles.
 *
 * @module
 */

/**
 * The nearest-rank percentile of `valuesMs`: the smallest value with at least `p`% of the values at or below it
 * (the value at 1-based rank ⌈p / 100 × n⌉ of the sorted values).
 * @param p - percentile, 0 < p ≤ 100.
 * @returns the value, ms; `null` for no values.
 * @throws RangeError for p outside (0, 100].
 */
export function percentileMs(valuesMs: readonly number[], p: number): number | null {
  if (!(p > 0 && p <= 100)) throw new RangeError(`percentile must be above 0 and at most 100, got ${p}`);
  if (valuesMs.length === 0) return null;
  const sorted = [...valuesMs].sort((a, b) => a - b);
  return sorted[Math.ceil((p / 100) * sorted.length) - 1] ?? null;
}

/** Latency figures of a run, ms; `null` when no request completed. */
export interface LatencySummary {
  /** Requests measured. */
  readonly count: number;
  /** Median latency, ms (see {@link percentileMs}). */
  readonly p50Ms: number | null;
  /** 99th percentile latency, ms. */
  readonly p99Ms: number | null;
  /** Slowest request, ms. */
  readonly maxMs: number | null;
}

/** Summarises request latencies (ms) into count, p50, p99 and max. */
export function summarizeLatency(valuesMs: readonly number[]): LatencySummary {
  return {
    count: valuesMs.length,
    p50Ms: percentileMs(valuesMs, 50),
    p99Ms: percentileMs(valuesMs, 99),
    maxMs: valuesMs.length === 0 ? null : valuesMs.reduce((a, b) => Math.max(a, b)),
  };
}
