import { HotspotError } from '../../util/errors.js';
import type { TimeRangeMs } from './types.js';

/** Epoch ms `ms` in ISO 8601 UTC, without a `.000` of whole seconds: the form `--from` / `--to` accept. */
const utc = (ms: number): string => new Date(ms).toISOString().replace('.000Z', 'Z');

/**
 * Checks a time range as HBase's `TimeRange(minStamp, maxStamp)` does: both ends non-negative integers (epoch ms),
 * and `fromMs < toMs` (an empty range reads nothing, which is always a mistake in a plan).
 * @throws HotspotError `TIME_RANGE_INVALID` naming `--from`/`--to` and the value.
 */
export function checkTimeRange(range: TimeRangeMs): void {
  for (const [name, value] of [['--from', range.fromMs], ['--to', range.toMs]] as const) {
    if (value !== undefined && (!Number.isSafeInteger(value) || value < 0)) {
      throw new HotspotError('TIME_RANGE_INVALID', `${name} ${value}: a time must be a non-negative integer of epoch milliseconds`);
    }
  }
  if (range.fromMs !== undefined && range.toMs !== undefined && range.fromMs >= range.toMs) {
    throw new HotspotError(
      'TIME_RANGE_INVALID',
      `--from ${range.fromMs} (${utc(range.fromMs)}) is not below --to ${range.toMs} (${utc(range.toMs)}): the range is [from, to), from inclusive and to exclusive`,
    );
  }
}
