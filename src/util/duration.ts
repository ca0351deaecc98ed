import { HotspotError } from './errors.js';
import { printable } from './input-text.js';

const UNIT_MS: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 };

/**
 * Parses a duration as every command accepts it: `45s`, `15m`, `1h`, `2d`, `250ms`, compound forms such as `1h30m`,
 * or a bare number of seconds (`90` = 90 s; fractions allowed).
 *
 * @param text - the duration as typed.
 * @param name - the option or field it came from, named in the error (e.g. `--interval`).
 * @returns the duration in milliseconds (a non-negative integer, rounded).
 * @throws {@link HotspotError} `DURATION_INVALID` when the text is empty, negative or has an unknown unit.
 */
export function parseDurationMs(text: string, name = 'duration'): number {
  const trimmed = text.trim();
  const bare = /^\d+(\.\d+)?$/.test(trimmed);
  const part = /(\d+(?:\.\d+)?)(ms|s|m|h|d)/gy;
  let total = 0;
  let consumed = 0;
  if (bare) {
    total = Number(trimmed) * 1000;
    consumed = trimmed.length;
  } else {
    for (let match = part.exec(trimmed); match; match = part.exec(trimmed)) {
      total += Number(match[1]) * (UNIT_MS[match[2] ?? ''] ?? Number.NaN);
      consumed = part.lastIndex;
    }
  }
  if (trimmed === '' || consumed !== trimmed.length || !Number.isFinite(total)) {
    throw new HotspotError(
      'DURATION_INVALID',
      `${name}: "${printable(text)}" is not a duration; use a number of seconds or forms like 45s, 15m, 1h, 1h30m, 2d, 250ms`,
    );
  }
  if (total > Number.MAX_SAFE_INTEGER) throw new HotspotError('DURATION_INVALID', `${name}: "${printable(text)}" is longer than any run (past 2^53 - 1 ms)`);
  return Math.round(total);
}

/** Formats milliseconds compactly for humans: `250ms`, `45s`, `15m`, `1h30m`, `2d`. */
export function formatDurationMs(ms: number): string {
  if (ms < 1000) return `${ms}ms`;
  let rest = Math.round(ms / 1000);
  const parts: string[] = [];
  for (const [unit, size] of [['d', 86_400], ['h', 3600], ['m', 60], ['s', 1]] as const) {
    if (rest >= size) {
      parts.push(`${Math.floor(rest / size)}${unit}`);
      rest %= size;
    }
  }
  return parts.join('');
}

/** The calendar fields of an ISO 8601 date or date-time: year, month, day, then optional hour, minute, second. */
const ISO_FIELDS = /^\s*(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2}))?)?/;

/**
 * Reads a time as `Date.parse` does, refusing an ISO 8601 date or date-time whose fields name no instant:
 * `2026-02-30T08:00:00Z` (which `Date.parse` reads as 2 March), `2026-04-31`, `24:00`, minute or second 60. The
 * text's year, month, day, hour, minute and second must be those of the instant it gives, in the text's own zone.
 * Text that does not start like an ISO date is given to `Date.parse` unchanged; callers check the form they accept.
 *
 * @param text - the time as given, e.g. `2026-11-30T08:00:00Z`.
 * @returns epoch milliseconds, or `NaN` when `Date.parse` refuses the text or a field does not survive.
 */
export function parseTimeMs(text: string): number {
  const ms = Date.parse(text);
  const f = ISO_FIELDS.exec(text);
  if (f === null || Number.isNaN(ms)) return ms;
  const [year, month, day, hour, minute, second] = f.slice(1).map((v) => Number(v ?? 0)) as [number, number, number, number, number, number];
  // the fields as given, read as UTC: an impossible field rolls over into the next one
  const at = new Date(0);
  at.setUTCFullYear(year, month - 1, day);
  at.setUTCHours(hour, minute, second);
  const same = at.getUTCFullYear() === year && at.getUTCMonth() === month - 1 && at.getUTCDate() === day
    && at.getUTCHours() === hour && at.getUTCMinutes() === minute && at.getUTCSeconds() === second;
  return same ? ms : Number.NaN;
}
