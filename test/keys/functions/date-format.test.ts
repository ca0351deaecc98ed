// date(): the calendar arithmetic against JavaScript's own UTC calendar (Date), which shares nothing with it, on
// random times over the whole accepted range, on days in order (the formatter keeps the last day) and on edges.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compileTemplate } from '../../../src/keys/template/index.js';

const MAX_MS = 253_402_300_799_999; // 9999-12-31T23:59:59.999Z
const TEMPLATE = '{date(t,"yyyy-MM-dd\'T\'HH:mm:ss.SSS")}';

/** The same text through Date: ISO 8601 is yyyy-MM-ddTHH:mm:ss.SSSZ for years 0000-9999. */
const viaDate = (t: number): string => new Date(t).toISOString().slice(0, 23);

describe('date() calendar fields', () => {
  const template = compileTemplate(TEMPLATE);
  const key = (t: number) => new TextDecoder().decode(template.encode({ t }));

  it('agree with Date on random times from 1970 to 9999', () => {
    fc.assert(fc.property(fc.integer({ min: 0, max: MAX_MS }), (t) => key(t) === viaDate(t)), { numRuns: 20_000 });
  });

  it('agree on consecutive times across day, month, leap-day and century edges', () => {
    const edges = [0, Date.UTC(2000, 1, 28, 23, 59, 59, 999), Date.UTC(2100, 1, 28, 23, 0), Date.UTC(2024, 11, 31, 23, 59, 59, 990), MAX_MS - 5_000];
    for (const start of edges) for (let t = start; t < start + 5_000 && t <= MAX_MS; t += 7) expect(key(t)).toBe(viaDate(t));
    expect(key(Date.UTC(2000, 1, 29, 12))).toBe('2000-02-29T12:00:00.000');
    expect(key(Date.UTC(2100, 2, 1))).toBe('2100-03-01T00:00:00.000');
  });

  it('text and bytes are the same, in and out of order', () => {
    const times = [Date.UTC(2031, 5, 1), 1, Date.UTC(2031, 5, 1, 3), MAX_MS, 86_399_999];
    for (const t of times) {
      const out = new Uint8Array(64);
      const n = template.encodeInto({ t }, out, 0);
      expect(new TextDecoder().decode(out.subarray(0, n))).toBe(viaDate(t));
    }
  });

  it('write quoted non-ASCII text and quotes between the fields as UTF-8', () => {
    const cjk = compileTemplate(`{date(t,"yyyy'年'MM'月'dd''HH'時'")}`);
    // 2024-06-01T14:00Z: 2024 年 06 月 01 ' 14 時; 年 月 時 are three UTF-8 bytes each
    const bytes = cjk.encode({ t: Date.UTC(2024, 5, 1, 14) });
    expect(bytes).toHaveLength(4 + 3 + 2 + 3 + 2 + 1 + 2 + 3);
    expect(new TextDecoder().decode(bytes)).toBe("2024年06月01'14時");
  });

  it('write an unquoted character outside the BMP whole, and refuse a zoned time in year 10000', () => {
    // 😀 is U+1F600, UTF-8 F0 9F 98 80; its surrogate halves apart were written as "??" (3F 3F).
    expect([...compileTemplate('{date(t,"yyyy\u{1F600}")}').encode({ t: 0 })]).toEqual([0x31, 0x39, 0x37, 0x30, 0xf0, 0x9f, 0x98, 0x80]);
    // 9999-12-31T23:59:59.999Z is 10000-01-01 13:59 in Kiritimati (UTC+14): Java writes "10000", four digits "0000".
    const zoned = compileTemplate('{date(t,"yyyy-MM-dd HH","Pacific/Kiritimati")}');
    expect(() => zoned.encode({ t: MAX_MS })).toThrow(expect.objectContaining({ code: 'TEMPLATE_VALUE_RANGE', message: expect.stringContaining('year 10000 in zone Pacific/Kiritimati') }));
    // Fourteen hours earlier it is 9999-12-31 23:59:59.999 there.
    expect(new TextDecoder().decode(zoned.encode({ t: MAX_MS - 14 * 3_600_000 }))).toBe('9999-12-31 23');
  });
});
