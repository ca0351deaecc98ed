/**
 * How a throttle meets client retries: an HBase client retries a throttled call (`RpcThrottlingException`) with its
 * usual backoff, `hbase.client.pause` × `HConstants.RETRY_BACKOFF[min(try, 12)]` (`ConnectionUtils.getPauseTime`,
 * jitter of up to 1% left out), up to `hbase.client.retries.number` times.
 *
 * @module
 */

/** `HConstants.RETRY_BACKOFF`. */
export const RETRY_BACKOFF: readonly number[] = [1, 2, 3, 5, 10, 20, 40, 100, 100, 100, 100, 200, 200];
/** `hbase.client.retries.number` default in HBase 2.x. */
export const DEFAULT_CLIENT_RETRIES = 15;
/** `hbase.client.pause` default, ms. */
export const DEFAULT_CLIENT_PAUSE_MS = 100;

/** The client's retry settings. */
export interface ClientRetrySettings {
  /** `hbase.client.retries.number`, ≥ 0. */
  readonly retries: number;
  /** `hbase.client.pause`, ms, ≥ 0. */
  readonly pauseMs: number;
}

/** What one throttled request turns into. */
export interface RetryExposure {
  /** Attempts sent within the first second after the first rejection (the first attempt included). */
  readonly attemptsInFirstSecond: number;
  /** All attempts before the client gives up. */
  readonly totalAttempts: number;
  /** Time until the client gives up, ms (sum of the pauses). */
  readonly giveUpAfterMs: number;
}

/** Attempts and give-up time of one throttled request under `settings`. */
export function retryExposure(settings: ClientRetrySettings): RetryExposure {
  let elapsedMs = 0;
  let inFirstSecond = 1;
  for (let attempt = 0; attempt < settings.retries; attempt++) {
    elapsedMs += settings.pauseMs * (RETRY_BACKOFF[Math.min(attempt, RETRY_BACKOFF.length - 1)] as number);
    if (elapsedMs < 1000) inFirstSecond++;
  }
  return { attemptsInFirstSecond: inFirstSecond, totalAttempts: settings.retries + 1, giveUpAfterMs: elapsedMs };
}
