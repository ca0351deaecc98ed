/**
 * Exponential backoff with jitter, used by the REST transport.
 *
 * A small local function rather than a dependency: `p-retry`'s current major requires Node 22, and the policy here
 * (which failures are retryable depends on the request's idempotency) is decided by the caller anyway.
 *
 * @module
 */

/** Backoff settings. All durations are in milliseconds. */
export interface RetryOptions {
  /** Total attempts including the first one; `1` disables retries. Default 4. */
  readonly maxAttempts?: number;
  /** Delay before the second attempt, before jitter, in ms. Default 200. */
  readonly initialDelayMs?: number;
  /** Upper bound of any single delay, in ms. Default 5000. */
  readonly maxDelayMs?: number;
  /** Growth factor between consecutive delays. Default 2. */
  readonly factor?: number;
  /**
   * Random source in [0, 1), for tests. Delays use "equal jitter": a uniform value between half the
   * nominal delay and the nominal delay, so concurrent clients do not retry in lockstep.
   */
  readonly random?: () => number;
}

/** {@link RetryOptions} with every field filled in. */
export type ResolvedRetryOptions = Required<RetryOptions>;

/** Defaults applied by {@link resolveRetryOptions}. */
export const DEFAULT_RETRY: ResolvedRetryOptions = {
  maxAttempts: 4,
  initialDelayMs: 200,
  maxDelayMs: 5000,
  factor: 2,
  random: Math.random,
};

/** Fills in defaults and validates ranges; throws `RangeError` for nonsensical values. */
export function resolveRetryOptions(options: RetryOptions = {}): ResolvedRetryOptions {
  const r: ResolvedRetryOptions = { ...DEFAULT_RETRY, ...options };
  if (!Number.isInteger(r.maxAttempts) || r.maxAttempts < 1) throw new RangeError('maxAttempts must be an integer >= 1');
  if (!(r.initialDelayMs >= 0) || !(r.maxDelayMs >= 0)) throw new RangeError('retry delays must be >= 0');
  if (!(r.factor >= 1)) throw new RangeError('retry factor must be >= 1');
  return r;
}

/**
 * Delay in ms to wait after failed attempt number `attempt` (1-based) before the next one:
 * `min(maxDelayMs, initialDelayMs * factor^(attempt-1))`, then jittered into [½·d, d).
 */
export function backoffDelay(attempt: number, options: ResolvedRetryOptions): number {
  const nominal = Math.min(options.maxDelayMs, options.initialDelayMs * options.factor ** (attempt - 1));
  return Math.round(nominal / 2 + (nominal / 2) * options.random());
}

/** Outcome of one attempt as seen by {@link retry}. */
export type AttemptOutcome<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: unknown; readonly retryable: boolean };

/**
 * Runs `attempt(n)` (n is 1-based) until it succeeds, returns a non-retryable failure, or `maxAttempts` is
 * reached, sleeping {@link backoffDelay} between attempts. Resolves with the value or rejects with the last error.
 * A fired `signal` stops the waiting and rejects with `signal.reason`.
 */
export async function retry<T>(
  attempt: (n: number) => Promise<AttemptOutcome<T>>,
  options: ResolvedRetryOptions,
  signal?: AbortSignal,
): Promise<T> {
  for (let n = 1; ; n++) {
    const outcome = await attempt(n);
    if (outcome.ok) return outcome.value;
    if (!outcome.retryable || n >= options.maxAttempts) throw outcome.error;
    await sleep(backoffDelay(n, options), signal);
  }
}

/** Waits `ms` milliseconds; rejects with `signal.reason` if the signal fires first. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = (): void => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
