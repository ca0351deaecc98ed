import { describe, expect, it } from 'vitest';
import { readBlockSizeBytes, readJavaInt, readTtlSeconds } from '../../src/lint/rules/family-values.js';

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

// PrettyPrinter.humanReadableSizeToBytes (HBASE-25439; the shell hands a BLOCKSIZE string to it since HBASE-25519):
// a number is itself, a size is the sum of its TB x 2^40, GB x 2^30, MB x 2^20, KB x 2^10 and B (each unit's B
// optional, any case), text its pattern does not match is 0, and "N B (...)" must agree with the units in brackets.
describe('readBlockSizeBytes (PrettyPrinter.valueOf with BYTE)', () => {
  it('reads a number as bytes and a size as the sum of its units', () => {
    const read = (text: string) => readBlockSizeBytes(text);
    expect(read('65536')).toEqual({ value: 65536 });
    expect([read('64KB'), read('64k'), read('65536 B (64KB)')]).toEqual(Array(3).fill({ value: 65536 }));
    expect(read('1 MB')).toEqual({ value: 1048576 });
    // 16 MB = 16 x 2^20 = 16777216, the largest BLOCKSIZE TableDescriptorChecker takes
    expect(read('16MB')).toEqual({ value: 16777216 });
    // 1 MB 512 KB = 1048576 + 524288
    expect(read('1MB 512KB')).toEqual({ value: 1572864 });
    expect(read('1024 b')).toEqual({ value: 1024 });
    expect([read('64 kilobytes'), read('')]).toEqual([{ value: 0 }, { value: 0 }]);
  });

  it('refuses a size whose two spellings disagree and one beyond a Java int', () => {
    expect(readBlockSizeBytes('65536 B (32KB)')).toEqual({ unreadable: 'is a malformed size: 65536 bytes stated, 32768 in the units that follow' });
    // 2 GB = 2^31 = 2147483648, one past Integer.MAX_VALUE
    expect(readBlockSizeBytes('2GB')).toEqual({ unreadable: 'is beyond a Java int (-2147483648 to 2147483647 bytes)' });
  });
});
