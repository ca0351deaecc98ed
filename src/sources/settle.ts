/**
 * Reading again while a table's regions settle: right after a split, move or open, the region directory already
 * lists a region that its RegionServer has not reported yet (heartbeat `hbase.regionserver.msginterval`, 3 s by
 * default; JMX metrics period 5–10 s).
 *
 * @module
 */
import { sleep } from '../hbase/rest/retry.js';
import type { LoadSnapshot } from '../model/index.js';
import { HotspotError } from '../util/errors.js';
import type { AssembleResult } from './assemble.js';

/** How long to wait for unreported regions. */
export interface SettleOptions {
  /** Readings before giving up, ≥ 1. Default 4. */
  readonly attempts?: number;
  /** Wait between readings, ms. Default 1500 (4 readings span one 3 s heartbeat with room). */
  readonly waitMs?: number;
}

/** Default {@link SettleOptions.attempts}. */
export const DEFAULT_SETTLE_ATTEMPTS = 4;
/** Default {@link SettleOptions.waitMs}. */
export const DEFAULT_SETTLE_WAIT_MS = 1500;

/**
 * Calls `read` until it assembles a snapshot.
 * @param what - the source, for the message (e.g. `REST http://rest:8080`).
 * @throws {@link HotspotError} `SOURCE_REGION_UNREPORTED` naming the regions still without counters after
 *   `attempts` readings; `RangeError` for attempts < 1 or a negative wait. Rejects with the signal's reason on abort.
 */
export async function readSettled(
  read: () => Promise<AssembleResult>,
  what: string,
  options: SettleOptions & { readonly signal?: AbortSignal } = {},
): Promise<LoadSnapshot> {
  const attempts = options.attempts ?? DEFAULT_SETTLE_ATTEMPTS;
  const waitMs = options.waitMs ?? DEFAULT_SETTLE_WAIT_MS;
  if (!Number.isInteger(attempts) || attempts < 1) throw new RangeError(`settle attempts must be a whole number ≥ 1, got ${attempts}`);
  if (!(waitMs >= 0)) throw new RangeError(`settle waitMs must be ≥ 0, got ${waitMs}`);
  let missing: readonly string[] = [];
  for (let i = 0; i < attempts; i++) {
    if (i > 0) await sleep(waitMs, options.signal);
    const result = await read();
    if (result.ok) return result.snapshot;
    missing = result.missing;
  }
  const shown = missing.slice(0, 5).join(', ') + (missing.length > 5 ? `, … (${missing.length} in all)` : '');
  throw new HotspotError(
    'SOURCE_REGION_UNREPORTED',
    `${what}: region(s) ${shown} are listed for the table but have no counters (or no server) after ${attempts} readings ${waitMs} ms apart; the regions may be in transition: read again later`,
  );
}
