import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compareBytes, utf8Bytes } from '../../src/bytes/index.js';
import { readLoadSeriesFile } from '../../src/model/index.js';
import { KeyRedactor, byteClass } from '../../src/report/redact.js';
import { redactLoad } from '../../src/report/redact-series.js';

const secret = new Uint8Array(32).fill(7);

describe('byteClass', () => {
  it('puts digits, hex letters, other letters and non-printable bytes in their ranges, punctuation alone', () => {
    expect(byteClass(0x35)).toEqual([0x30, 0x39]); // '5'
    expect(byteClass(0x62)).toEqual([0x61, 0x66]); // 'b'
    expect(byteClass(0x7a)).toEqual([0x67, 0x7a]); // 'z'
    expect(byteClass(0x43)).toEqual([0x41, 0x46]); // 'C'
    expect(byteClass(0x51)).toEqual([0x47, 0x5a]); // 'Q'
    expect(byteClass(0x2d)).toEqual([0x2d, 0x2d]); // '-'
    expect(byteClass(0x00)).toEqual([0x00, 0x1f]);
    expect(byteClass(0xff)).toEqual([0x7f, 0xff]);
  });
});

describe('KeyRedactor', () => {
  it('maps a position where all ten digits occur onto itself: the only order-preserving injection of 10 into 10', () => {
    const keys = [...'0123456789'].map((d) => utf8Bytes(d));
    const r = new KeyRedactor(keys, secret);
    expect(keys.map((k) => Buffer.from(r.redactKey(k)).toString('latin1')).join('')).toBe('0123456789');
  });

  it('keeps separators, lengths and classes of a text key', () => {
    const key = utf8Bytes('user-4711|2024');
    const out = Buffer.from(new KeyRedactor([key], secret).redactKey(key)).toString('latin1');
    expect(out).toHaveLength(14);
    expect(out[4]).toBe('-');
    expect(out[9]).toBe('|');
    expect(out).toMatch(/^[a-z]{4}-\d{4}\|\d{4}$/);
  });

  it('is stable within one redactor, and differs between secrets', () => {
    const key = utf8Bytes('customer:alice.smith@example.com');
    const a = new KeyRedactor([key], secret);
    expect(a.redactKey(key)).toEqual(a.redactKey(Uint8Array.from(key)));
    const b = new KeyRedactor([key], new Uint8Array(32).fill(8));
    expect(Buffer.from(a.redactKey(key)).equals(Buffer.from(b.redactKey(key)))).toBe(false);
  });

  it('refuses a key it was not built from', () => {
    const r = new KeyRedactor([utf8Bytes('abc')], secret);
    expect(() => r.redactKey(utf8Bytes('abd'))).toThrow(/outside the shown keys/);
  });

  it('keeps length, byte classes, order and prefix relations of any key set', () => {
    fc.assert(
      fc.property(fc.array(fc.uint8Array({ maxLength: 8 }), { minLength: 1, maxLength: 40 }), fc.uint8Array({ minLength: 32, maxLength: 32 }), (keys, key) => {
        const r = new KeyRedactor(keys, key);
        const red = keys.map((k) => r.redactKey(k));
        keys.forEach((k, i) => {
          const o = red[i] ?? new Uint8Array(0);
          expect(o.length).toBe(k.length);
          k.forEach((b, j) => expect(byteClass(o[j] ?? -1)).toEqual(byteClass(b)));
          keys.forEach((k2, i2) => {
            expect(Math.sign(compareBytes(o, red[i2] ?? new Uint8Array(0)))).toBe(Math.sign(compareBytes(k, k2)));
          });
        });
      }),
      { numRuns: 200 },
    );
  });

  it('gives a 32-hex stand-in for an encoded region name', () => {
    const r = new KeyRedactor([], secret);
    const name = r.redactEncodedName('6118195953685a17f3ad07c592125fcb');
    expect(name).toMatch(/^[0-9a-f]{32}$/);
    expect(name).not.toBe('6118195953685a17f3ad07c592125fcb');
  });
});

describe('redactLoad on a series of several tables', () => {
  it('keeps the tables and metrics, and names each region with its own table', async () => {
    const series = await readLoadSeriesFile(fileURLToPath(new URL('../fixtures/series/two-tables-v2.ndjson', import.meta.url)));
    const { series: red } = redactLoad(series, undefined);
    expect(red.tables).toEqual(['events', 'lookup']);
    expect(red.metrics).toEqual(series.metrics);
    const names = red.snapshots[0]!.regions.map((r) => [r.table, r.name.split(',')[0]]);
    expect(names).toEqual([['events', 'events'], ['events', 'events'], ['lookup', 'lookup']]);
    expect(red.snapshots[0]!.regions[2]!.encodedName).not.toBe(series.snapshots[0]!.regions[2]!.encodedName);
  });
});
