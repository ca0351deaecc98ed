import { describe, expect, it } from 'vitest';
import { readJavaInt, readTtlSeconds } from '../../src/lint/rules/family-values.js';

// Expected values follow HBase 2.6's readers, worked out by hand: PrettyPrinter.humanReadableIntervalToSec (the
// shell's TTL strings: FOREVER is HConstants.FOREVER = Integer.MAX_VALUE, a number is itself, an interval is the sum
// of its DAYS x 86400, HOURS x 3600, MINUTES x 60 and SECONDS, text its pattern does not match is 0) and
// Integer.valueOf / Integer.parseInt (every number ColumnFamilyDescriptorBuilder stores is a Java int).

describe('readTtlSeconds (PrettyPrinter.valueOf with TIME_INTERVAL)', () => {
  it.each([
    ['FOREVER', 2147483647],
    ['Forever', 2147483647],
    ['-1', -1],
    ['0', 0],
    ['1', 1],
    ['2147483647', 2147483647],
    ['1 DAY', 86400],
    // 90 days 12 hours = 90 x 86400 + 12 x 3600 = 7819200
    ['90 days 12 hours', 7819200],
    ['1 HOUR 30 MINUTES 5 SECONDS', 5405],
    ['86400 SECONDS (1 DAY)', 86400],
    ['1 WEEK', 0],
    ['', 0],
  ])('reads %j as %i seconds', (text, seconds) => {
    expect(readTtlSeconds(text)).toEqual({ value: seconds });
  });

  it('refuses what HBase cannot store', () => {
    expect(readTtlSeconds('2147483648')).toHaveProperty('unreadable');
    // 24856 days = 2147558400 s, past Integer.MAX_VALUE
    expect(readTtlSeconds('24856 DAYS')).toHaveProperty('unreadable');
    expect(readTtlSeconds('24855 DAYS')).toEqual({ value: 2147472000 });
  });
});

describe('readJavaInt (Integer.valueOf)', () => {
  it.each([
    ['1', 1],
    ['+1', 1],
    ['-2147483648', -2147483648],
    ['2147483647', 2147483647],
  ])('reads %j as %i', (text, value) => {
    expect(readJavaInt(text)).toEqual({ value });
  });

  it.each(['2147483648', '-2147483649', '1.5', 'all', ''])('refuses %j', (text) => {
    expect(readJavaInt(text)).toHaveProperty('unreadable');
  });
});
