import { describe, expect, it } from 'vitest';
import { parseEpochMs } from '../../src/cli/commands/key-scan.js';
import { formatDurationMs, parseDurationMs, parseTimeMs } from '../../src/util/duration.js';

describe('parseDurationMs', () => {
  it('reads units, compounds and bare seconds', () => {
    expect(parseDurationMs('45s')).toBe(45_000);
    expect(parseDurationMs('15m')).toBe(900_000);
    expect(parseDurationMs('1h')).toBe(3_600_000);
    expect(parseDurationMs('1h30m')).toBe(5_400_000);
    expect(parseDurationMs('250ms')).toBe(250);
    expect(parseDurationMs('90')).toBe(90_000);
    expect(parseDurationMs('1.5')).toBe(1500);
  });
  it('rejects junk naming the option', () => {
    expect(() => parseDurationMs('10x', '--every')).toThrow(/--every: "10x" is not a duration/);
    expect(() => parseDurationMs('', '--for')).toThrow(/--for/);
    expect(() => parseDurationMs('-5s')).toThrow(/not a duration/);
  });
  it('refuses a duration past 2^53 - 1 ms instead of giving Infinity (found by the fuzz suite)', () => {
    for (const text of ['1'.repeat(400), `${'9'.repeat(400)}h`, '9007199254741s']) {
      expect(() => parseDurationMs(text, '--every')).toThrow(expect.objectContaining({ code: 'DURATION_INVALID' }));
    }
    expect(parseDurationMs('9007199254740s')).toBe(9_007_199_254_740_000);
  });

  it('formats compactly', () => {
    expect(formatDurationMs(5_400_000)).toBe('1h30m');
    expect(formatDurationMs(250)).toBe('250ms');
  });
});

describe('parseTimeMs', () => {
  it('reads ISO dates and date-times with their zone', () => {
    // 2026-01-01T00:00Z is 1767225600000; 31 + 27 days and 8 hours later
    expect(parseTimeMs('2026-02-28T08:00:00Z')).toBe(1_767_225_600_000 + 58 * 86_400_000 + 8 * 3_600_000);
    // 2024 is a leap year: 29 February exists; 23:59:59.5 at +02:00 is 21:59:59.5 UTC (2024-01-01T00:00Z is 1704067200000)
    expect(parseTimeMs('2024-02-29T23:59:59.5+02:00')).toBe(1_704_067_200_000 + 59 * 86_400_000 + 21 * 3_600_000 + 59 * 60_000 + 59_500);
    // a plain date is UTC midnight: 334 days after 1 January 2026
    expect(parseTimeMs('2026-11-30')).toBe(1_767_225_600_000 + 333 * 86_400_000);
  });

  it('refuses a day or time that does not exist instead of rolling it over', () => {
    for (const text of ['2026-02-30T08:00:00Z', '2025-02-29', '2026-04-31T00:00:00Z', '2026-11-30T24:00:00Z', '2026-11-30T08:60Z', '2026-13-01T00:00:00Z', '2026-11-30T08:00:60+01:00']) {
      expect(parseTimeMs(text), text).toBeNaN();
    }
  });

  it('is the check --from and --to go through', () => {
    expect(() => parseEpochMs('2026-02-30T08:00:00Z', '--from')).toThrow(expect.objectContaining({ code: 'TIME_RANGE_INVALID', message: expect.stringContaining('--from "2026-02-30T08:00:00Z" is not a time') }));
    expect(() => parseEpochMs('2026-02-29', '--to')).toThrow(expect.objectContaining({ code: 'TIME_RANGE_INVALID' }));
    expect(parseEpochMs('2026-02-28T08:00:00Z', '--from')).toBe(1_767_225_600_000 + 58 * 86_400_000 + 8 * 3_600_000);
  });

  it('says why a number is refused: negative, or past 2^53 - 1', () => {
    expect(() => parseEpochMs('-5', '--from')).toThrow(expect.objectContaining({ code: 'TIME_RANGE_INVALID', message: '--from "-5" is negative; HBase times are epoch milliseconds from 0 (1970-01-01T00:00:00Z)' }));
    // 2^53 = 9007199254740992 is the first integer past the safe range; Long.MAX_VALUE is far past it.
    for (const text of ['9007199254740992', '9223372036854775807']) {
      expect(() => parseEpochMs(text, '--to')).toThrow(expect.objectContaining({ code: 'TIME_RANGE_INVALID', message: expect.stringContaining(`--to "${text}" is past 2^53 - 1 (9007199254740991)`) }));
    }
    expect(parseEpochMs('9007199254740991', '--to')).toBe(9_007_199_254_740_991);
    expect(() => parseEpochMs('1.5', '--from')).toThrow(/--from "1.5" is not a time/);
  });
});
