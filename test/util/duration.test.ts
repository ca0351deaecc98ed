import { describe, expect, it } from 'vitest';
import { formatDurationMs, parseDurationMs } from '../../src/util/duration.js';

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
