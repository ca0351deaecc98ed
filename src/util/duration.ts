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
