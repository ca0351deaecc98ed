// encode() (short keys alone, longer ones from slabs), encodeInto() and encodeBatch() against references that do not use the encoder: the JDK's
// golden vectors (test/golden/functions.json), Java String.hashCode by hand and BigInt arithmetic for Long.MAX_VALUE - t.
import { describe, expect, it } from 'vitest';
import { toHex } from '../../../src/bytes/index.js';
import { compileTemplate } from '../../../src/keys/template/index.js';
import { HotspotError } from '../../../src/util/errors.js';
import { vectors } from '../../golden/vectors.js';

const ascii = (bytes: Uint8Array) => String.fromCharCode(...bytes);
/** Java's String.hashCode, written out here independently of the encoder. */
const javaHash = (s: string) => [...s].reduce((h, ch) => (Math.imul(h, 31) + ch.charCodeAt(0)) | 0, 0);
/** The key {salt(deviceId,16)}_{deviceId}_{reverseTs(ts)} as Java's writer builds it, for ASCII ids. */
const expected = (id: string, ts: number) =>
  `${Math.abs(javaHash(id) % 16).toString(16).padStart(2, '0')}_${id}_${(2n ** 63n - 1n - BigInt(ts)).toString().padStart(19, '0')}`;
const SENSOR = '{salt(deviceId,16)}_{deviceId}_{reverseTs(ts)}';
/** Templates the direct encoder writes, and templates the general encoder writes (bucket, a fill part, md5). */
const TEMPLATES = [SENSOR, 'x{deviceId}{reverseTs(ts)}', '{bucket(deviceId,16)}_{deviceId}', '{phoenixSalt(4)}{deviceId}', '{md5(deviceId,4)}{deviceId}'];

describe('encodeInto', () => {
  it('writes the golden keys, salts and reverse timestamps at an offset and returns their length, leaving the bytes around them alone', () => {
    for (const v of [...vectors('keys'), ...vectors('salt'), ...vectors('reverseTs')]) {
      const buffer = new Uint8Array(100).fill(0xee);
      const written = compileTemplate(v.template).encodeInto(v.record, buffer, 7);
      expect(written, v.template).toBe(v.key.length / 2);
      expect(toHex(buffer.subarray(7, 7 + written)), `${v.template} ${JSON.stringify(v.record)}`).toBe(v.key);
      expect([...buffer.subarray(0, 7), ...buffer.subarray(7 + written)].every((b) => b === 0xee)).toBe(true);
    }
  });

  it('writes into a view at a byte offset of its ArrayBuffer, and into a Node Buffer', () => {
    const backing = new ArrayBuffer(80);
    const view = new Uint8Array(backing, 13, 40);
    const t = compileTemplate(SENSOR);
    expect(t.encodeInto({ deviceId: 'sensor-1', ts: 1_709_856_000_000 }, view, 2)).toBe(31);
    expect(ascii(new Uint8Array(backing, 15, 31))).toBe('0e_sensor-1_9223370326998775807');
    const buf = Buffer.alloc(40);
    expect(t.encodeInto({ deviceId: 'host-0', ts: 1 }, buf, 1)).toBe(29);
    expect(buf.toString('latin1', 1, 30)).toBe('05_host-0_9223372036854775806');
  });

  it('writes into whichever buffer it is given, one after another', () => {
    const t = compileTemplate(SENSOR);
    const a = new Uint8Array(31);
    const b = new Uint8Array(31);
    t.encodeInto({ deviceId: 'sensor-1', ts: 1_709_856_000_000 }, a);
    t.encodeInto({ deviceId: 'host-0', ts: 1 }, b, 2);
    t.encodeInto({ deviceId: 'sensor-2', ts: 1_709_856_000_000 }, a.subarray(0, 31));
    expect(ascii(a)).toBe(expected('sensor-2', 1_709_856_000_000));
    expect(ascii(b.subarray(2))).toBe('05_host-0_9223372036854775806');
  });

  it('throws a RangeError naming the size needed when the key does not fit, and writes nothing', () => {
    for (const source of TEMPLATES) {
      const t = compileTemplate(source);
      const record = { deviceId: 'sensor-1', ts: 1_709_856_000_000 };
      const length = t.encode(record).length;
      const buffer = new Uint8Array(length + 4).fill(0xee);
      expect(t.encodeInto(record, buffer, 4)).toBe(length); // an exact fit
      buffer.fill(0xee);
      expect(() => t.encodeInto(record, buffer, 5), source).toThrow(
        new RangeError(`encodeInto: the rowkey needs ${length} bytes at offset 5, but the buffer has ${length - 1} from there; pass a buffer of at least ${length + 5} bytes`),
      );
      expect(buffer.every((b) => b === 0xee)).toBe(true);
    }
  });

  it('refuses an offset outside the buffer and a buffer that is not a Uint8Array', () => {
    const t = compileTemplate(SENSOR);
    const record = { deviceId: 'a', ts: 1 };
    expect(() => t.encodeInto(record, new Uint8Array(40), 41)).toThrow(/offset 41 is not an integer from 0 to the buffer's length 40/);
    expect(() => t.encodeInto(record, new Uint8Array(40), -1)).toThrow(RangeError);
    expect(() => t.encodeInto(record, new Uint8Array(40), 1.5)).toThrow(RangeError);
    expect(() => t.encodeInto(record, [] as unknown as Uint8Array)).toThrow(new TypeError('encodeInto: buffer must be a Uint8Array, not Array'));
  });

  it('checks the offset in full for the buffer it wrote last too, and refuses a missing buffer before and after a batch', () => {
    for (const source of TEMPLATES) {
      const t = compileTemplate(source);
      const record = { deviceId: 'a', ts: 1 };
      expect(() => t.encodeInto(record, null as unknown as Uint8Array), source).toThrow(new TypeError('encodeInto: buffer must be a Uint8Array, not null'));
      const buffer = new Uint8Array(40);
      const length = t.encodeInto(record, buffer, 3);
      expect(buffer.subarray(3, 3 + length)).toEqual(t.encode(record));
      for (const offset of [41, -1, 1.5, Number.NaN, 2 ** 32, '3']) {
        expect(() => t.encodeInto(record, buffer, offset as number), `${source} offset ${String(offset)}`).toThrow(RangeError);
      }
      expect(t.encodeInto(record, buffer)).toBe(length); // no offset: 0
      expect(buffer.subarray(0, length)).toEqual(t.encode(record));
      t.encodeBatch([record]);
      expect(() => t.encodeInto(record, undefined as unknown as Uint8Array), source).toThrow(new TypeError('encodeInto: buffer must be a Uint8Array, not undefined'));
    }
  });

  it('refuses an offset that is no number (a bigint, a symbol, an object) with the same RangeError for the buffer it wrote last, and never converts it', () => {
    for (const source of TEMPLATES) {
      const t = compileTemplate(source);
      const record = { deviceId: 'a', ts: 1 };
      const buffer = new Uint8Array(40);
      t.encodeInto(record, buffer, 3);
      expect(() => t.encodeInto(record, buffer, 3n as unknown as number), source).toThrow(new RangeError("encodeInto: offset 3 is not an integer from 0 to the buffer's length 40"));
      expect(() => t.encodeInto(record, buffer, Symbol('at') as unknown as number), source).toThrow(new RangeError("encodeInto: offset Symbol(at) is not an integer from 0 to the buffer's length 40"));
      let converted = 0;
      const boxed = { valueOf: () => { converted++; return 3; } };
      expect(() => t.encodeInto(record, buffer, boxed as unknown as number), source).toThrow(new RangeError("encodeInto: offset Object is not an integer from 0 to the buffer's length 40"));
      expect(converted, source).toBe(0);
    }
  });

  it('writes non-ASCII text through the general encoder: UTF-8, with the salt of the Java string', () => {
    // "café".hashCode() = 3045921 (the JDK's golden vector), % 16 = 1; é is c3 a9 in UTF-8.
    const buffer = new Uint8Array(40);
    const written = compileTemplate('{salt(id,16)}_{id}').encodeInto({ id: 'caf\u00e9' }, buffer);
    expect(toHex(buffer.subarray(0, written))).toBe('30315f636166c3a9');
  });

  it("throws encode()'s errors", () => {
    const code = (fn: () => unknown) => {
      try {
        fn();
      } catch (err) {
        return err instanceof HotspotError ? err.code : String(err);
      }
      return 'nothing thrown';
    };
    const buffer = new Uint8Array(40);
    expect(code(() => compileTemplate('{a}{b}').encodeInto({ a: '', b: '' }, buffer))).toBe('TEMPLATE_EMPTY_KEY');
    expect(code(() => compileTemplate(SENSOR).encodeInto({ ts: 1 }, buffer))).toBe('TEMPLATE_FIELD_MISSING');
  });
});

describe('encode() into arrays of their own and from slabs', () => {
  it('hands out keys no later call writes over: short ones alone, longer ones across many slabs, beside keys too long for one', () => {
    const t = compileTemplate(SENSOR);
    const kept: { key: Uint8Array; want: string }[] = [];
    for (let i = 0; i < 3000; i++) {
      // keys of 31 to 36 bytes, of 67 to 366 (from slabs of 8 KiB) and of 2,028 or more (each its own)
      const id = i % 500 === 7 ? `long-${'x'.repeat(2000 + i)}` : i % 3 === 1 ? `mid-${'y'.repeat(40 + (i % 300))}` : `sensor-${i}`;
      const ts = 1_709_856_000_000 + i * 7919;
      kept.push({ key: t.encode({ deviceId: id, ts }), want: expected(id, ts) });
    }
    kept[0]?.key.fill(0); // a caller writing into one key changes no other
    kept[1]?.key.fill(0); // nor into a key cut from a slab
    for (const [i, { key, want }] of kept.entries()) if (i > 1) expect(ascii(key), want.slice(0, 40)).toBe(want);
    const short = kept.filter((k) => k.key.length <= 64);
    const sliced = kept.filter((k) => k.key.length > 64 && k.key.length <= 1024);
    expect(short.every((k) => k.key.byteOffset === 0 && k.key.buffer.byteLength === k.key.length)).toBe(true);
    expect(sliced.length).toBe(998); // the 1,000 of i % 3 = 1 but i = 7 and 1,507, which are long
    const slabs = new Set(sliced.map((k) => k.key.buffer));
    expect(slabs.size).toBeGreaterThan(5);
    expect(slabs.size).toBeLessThan(sliced.length / 10);
  });
});

describe('encodeBatch', () => {
  it('writes every record back to back with offsets, the same keys encode() gives', () => {
    const records = Array.from({ length: 5000 }, (_, i) => ({ deviceId: i % 1000 === 3 ? `d\u00e9vice-${i}` : `sensor-${i}`, ts: 1_709_856_000_000 + i }));
    for (const source of TEMPLATES) {
      const t = compileTemplate(source);
      const { bytes, offsets } = t.encodeBatch(records);
      expect(offsets.length).toBe(records.length + 1);
      expect(offsets[0]).toBe(0);
      expect(offsets[records.length]).toBe(bytes.length);
      for (const [i, r] of records.entries()) expect(toHex(bytes.subarray(offsets[i], offsets[i + 1])), `${source} ${i}`).toBe(toHex(t.encode(r)));
    }
    const { bytes, offsets } = compileTemplate(SENSOR).encodeBatch(records.slice(0, 3));
    expect(ascii(bytes)).toBe(records.slice(0, 3).map((r) => expected(r.deviceId, r.ts)).join(''));
    expect([...offsets]).toEqual([0, 31, 62, 93]);
  });

  it('gives an empty batch for no records, and names the record that fails', () => {
    const t = compileTemplate(SENSOR);
    const empty = t.encodeBatch([]);
    expect([empty.bytes.length, [...empty.offsets]]).toEqual([0, [0]]);
    let caught: unknown;
    try {
      t.encodeBatch([{ deviceId: 'a', ts: 1 }, { deviceId: 'b', ts: 2 }, { deviceId: 'c' }]);
    } catch (err) {
      caught = err;
    }
    expect(caught).toBeInstanceOf(HotspotError);
    expect((caught as HotspotError).code).toBe('TEMPLATE_FIELD_MISSING');
    expect((caught as HotspotError).message).toMatch(/^records\[2\]: .*needs field "ts"/);
  });
});
