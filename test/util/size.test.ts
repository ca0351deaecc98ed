import { describe, expect, it } from 'vitest';
import { formatSizeBytes, parseSizeBytes } from '../../src/util/size.js';

const TB = 1024 ** 4;
const GB = 1024 ** 3;

describe('parseSizeBytes / formatSizeBytes', () => {
  it('reads 1024-based units in any spelling', () => {
    expect(parseSizeBytes('10GB')).toBe(10737418240);
    expect(parseSizeBytes('10 GiB')).toBe(10737418240);
    expect(parseSizeBytes('4t')).toBe(4 * TB);
    expect(parseSizeBytes('1.5K')).toBe(1536);
    expect(parseSizeBytes('512mb')).toBe(512 * 1024 * 1024);
    expect(parseSizeBytes('123')).toBe(123);
    expect(parseSizeBytes('7B')).toBe(7);
  });
  it('refuses other text, naming the option', () => {
    for (const bad of ['', '-1GB', '10XB', 'GB', '1e3']) expect(() => parseSizeBytes(bad, '--data-bytes')).toThrow(/^--data-bytes: ".*" is not a data size/);
  });
  it('refuses a size past 2^53 - 1 bytes instead of giving Infinity (found by the fuzz suite)', () => {
    expect(() => parseSizeBytes(`${'4'.repeat(300)}TB`)).toThrow(expect.objectContaining({ code: 'SIZE_INVALID' }));
    expect(() => parseSizeBytes('8192TB')).toThrow(/past 2\^53 - 1 bytes/);
    expect(parseSizeBytes('8191TB')).toBe(8191 * 2 ** 40);
  });

  it('formats sizes', () => {
    expect([formatSizeBytes(512), formatSizeBytes(1536), formatSizeBytes(10 * GB), formatSizeBytes(4 * TB)]).toEqual(['512 B', '1.5 KB', '10 GB', '4 TB']);
  });
});
