/**
 * Pacing of the load generator: a token bucket refilled at a fixed rate (ops/s) holding at most `capacityOps` tokens.
 * Taking more tokens than the bucket holds reserves them: the balance goes negative and the caller waits until the
 * refill has paid them back, so concurrent workers queue in order and the long-run rate never exceeds the refill rate
 * (the "virtual scheduling" form of the generic cell rate algorithm).
 *
 * @module
 */

/** A token bucket over an injectable clock. */
export class TokenBucket {
  private tokens: number;
  private lastMs: number;

  /**
   * @param ratePerSec - refill rate, tokens (operations) per second, > 0.
   * @param capacityOps - most tokens kept while idle (the largest burst), ≥ 1.
   * @param now - clock, epoch ms (default `Date.now`). The bucket starts empty, so the first operations are paced
   *   too and a run of D seconds performs at most `ratePerSec × D` operations.
   * @throws RangeError for a rate ≤ 0 or not finite, or a capacity < 1.
   */
  constructor(
    private readonly ratePerSec: number,
    private readonly capacityOps: number,
    private readonly now: () => number = Date.now,
  ) {
    if (!(ratePerSec > 0) || !Number.isFinite(ratePerSec)) throw new RangeError(`token bucket rate must be a finite number above 0 ops/s, got ${ratePerSec}`);
    if (!(capacityOps >= 1)) throw new RangeError(`token bucket capacity must be at least 1 op, got ${capacityOps}`);
    this.tokens = 0;
    this.lastMs = now();
  }

  /**
   * Takes `count` tokens now (reserving any the bucket lacks).
   * @returns how long the caller must wait before performing the `count` operations, ms (0 when they were there).
   */
  take(count: number): number {
    const t = this.now();
    this.tokens = Math.min(this.capacityOps, this.tokens + ((t - this.lastMs) * this.ratePerSec) / 1000);
    this.lastMs = t;
    this.tokens -= count;
    return this.tokens >= 0 ? 0 : (-this.tokens * 1000) / this.ratePerSec;
  }
}
