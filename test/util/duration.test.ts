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
  it('formats compactly', () => {
    expect(formatDurationMs(5_400_000)).toBe('1h30m');
    expect(formatDurationMs(250)).toBe('250ms');
  });
});
