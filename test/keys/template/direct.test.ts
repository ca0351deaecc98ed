// The direct encoder (src/keys/template/direct.ts) against references that do not use it: BigInt arithmetic for
// Long.MAX_VALUE - t, Java String.hashCode by hand, and the parts' own writers one by one.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { HotspotError } from '../../../src/util/errors.js';
import { compileTemplate } from '../../../src/keys/template/index.js';
import { directEncoder } from '../../../src/keys/template/direct.js';
import type { KeyRecord } from '../../../src/keys/types.js';

const LONG_MAX = 2n ** 63n - 1n;
const ascii = (bytes: Uint8Array) => String.fromCharCode(...bytes);
/** `%019d` of Long.MAX_VALUE - t, in BigInt. */
const reverseTs = (t: number) => (LONG_MAX - BigInt(t)).toString().padStart(19, '0');
/** The key as the parts' own writers give it, one part at a time. */
const byParts = (source: string, record: KeyRecord) => compileTemplate(source).parts.flatMap((p) => [...p.encode(record)]);

describe('the direct encoder', () => {
  it('writes Long.MAX_VALUE - t at the base-10^9 borrows and where t / 1e9 rounds up to the next integer', () => {
    const t = compileTemplate('{reverseTs(ts)}');
    const edges = [0, 1, 854_775_807, 854_775_808, 999_999_999, 1e9, 1e9 + 1, 1_709_856_000_000, Number.MAX_SAFE_INTEGER];
    for (let k = 9_007_190; k <= 9_007_199; k++) edges.push(k * 1e9 - 1, k * 1e9, k * 1e9 + 854_775_808);
    for (const ts of edges.filter((x) => x <= Number.MAX_SAFE_INTEGER)) expect(ascii(t.encode({ ts })), String(ts)).toBe(reverseTs(ts));
    fc.assert(fc.property(fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER }), (ts) => {
      expect(ascii(t.encode({ ts }))).toBe(reverseTs(ts));
    }));
  });

  it('writes the high digits again when the next time has other ones: a new t / 10^9, or a borrow from the low digits', () => {
    // 5e9 + 854_775_807 and 5e9 + 854_775_808 share t / 10^9 = 5, but the second borrows: Long.MAX_VALUE - t is
    // 9223372031000000000 and 9223372030999999999, so their high 10 digits differ (9223372031 / 9223372030).
    const times = [5e9 + 854_775_807, 5e9 + 854_775_808, 5e9 + 854_775_807, 6e9, 5e9, 5e9 + 854_775_808, 0, Number.MAX_SAFE_INTEGER, 1];
    const t = compileTemplate('{reverseTs(ts)}');
    const into = new Uint8Array(19);
    for (const ts of times) {
      expect(ascii(t.encode({ ts })), String(ts)).toBe(reverseTs(ts));
      expect(t.encodeInto({ ts }, into)).toBe(19);
      expect(ascii(into), String(ts)).toBe(reverseTs(ts));
    }
    expect(reverseTs(5e9 + 854_775_808)).toBe('9223372030999999999');
  });

  it('computes the salt from Java String.hashCode while copying the field', () => {
    // "sensor-1".hashCode() = 1262113502, % 16 = 14; "host-0".hashCode() = -1211485877, % 16 = -5, % 256 = -181.
    const t = compileTemplate('{salt(deviceId,16)}_{deviceId}_{reverseTs(ts)}');
    expect(ascii(t.encode({ deviceId: 'sensor-1', ts: 1_709_856_000_000 }))).toBe('0e_sensor-1_9223370326998775807');
    expect(ascii(t.encode({ deviceId: 'host-0', ts: 1 }))).toBe('05_host-0_9223372036854775806');
    expect(ascii(compileTemplate('{salt(h,256)}{h}').encode({ h: 'host-0' }))).toBe('b5host-0');
  });

  it('copies and hashes ids of every length through the eight-, four- and one-character steps', () => {
    const source = '{salt(id,16)}_{id}_{reverseTs(ts)}';
    const t = compileTemplate(source);
    const into = new Uint8Array(64);
    for (let length = 1; length <= 25; length++) {
      const id = 'abcdefghijklmnopqrstuvwxyz0123456789'.slice(0, length);
      const record = { id, ts: 1_709_856_000_000 + length };
      expect([...t.encode(record)], id).toEqual(byParts(source, record));
      expect(t.encodeInto(record, into, 1)).toBe(23 + length);
      expect([...into.subarray(1, 24 + length)], id).toEqual(byParts(source, record));
    }
  });

  it('hands every record of another shape to the general encoder, which writes the same bytes', () => {
    const source = '{salt(id,16)}_{id}/{name}_{reverseTs(ts)}';
    const records: KeyRecord[] = [
      { id: 'caf\u00e9', name: 'n', ts: 5 }, // non-ASCII in the salted, copied field
      { id: 'a', name: '\u{1F600}x', ts: 5 }, // a surrogate pair in a plain text field
      { id: 'a', name: '\uD800', ts: 5 }, // a lone surrogate becomes "?", as Java writes it
      { id: 42, name: 'n', ts: 5 }, // a number where text is read
      { id: 'a', name: 'n', ts: 10n ** 17n }, // a bigint time
      { id: 'a', name: 'n', ts: '1709856000000' }, // a decimal-string time
    ];
    for (const record of records) expect([...compileTemplate(source).encode(record)]).toEqual(byParts(source, record));
    const key = compileTemplate('{id}{name}').encode({ id: 'x', name: '\u00e9' });
    expect([...key]).toEqual([0x78, 0xc3, 0xa9]);
  });

  it('measures a key with non-ASCII text that does not fit by its UTF-8 bytes: encodeInto names them, encodeBatch grows to them', () => {
    // "é" is one code unit and two UTF-8 bytes (C3 A9): 100 of them are a 200-byte key. Before, the direct encoder
    // measured code units, so encodeBatch grew by 100 bytes, got minus 200 back and added it to its position.
    const plain = compileTemplate('{id}');
    const batch = plain.encodeBatch([{ id: '\u00e9'.repeat(100) }]);
    expect([...batch.offsets]).toEqual([0, 200]);
    expect([...batch.bytes]).toEqual(Array.from({ length: 200 }, (_, k) => (k % 2 === 0 ? 0xc3 : 0xa9)));
    const salted = compileTemplate('{salt(id,16)}_{id}_{reverseTs(ts)}');
    const records: KeyRecord[] = [{ id: 'a', ts: 1 }, { id: '\u{1F600}'.repeat(40), ts: 5 }]; // 40 emoji: 80 code units, 160 bytes
    const both = salted.encodeBatch(records);
    const one = [...salted.encode(records[0] as KeyRecord)];
    const two = [...salted.encode(records[1] as KeyRecord)];
    expect(two.length).toBe(2 + 1 + 160 + 1 + 19);
    expect([...both.offsets]).toEqual([0, one.length, one.length + two.length]);
    expect([...both.bytes]).toEqual([...one, ...two]);
    expect(() => plain.encodeInto({ id: '\u00e9' }, new Uint8Array(0))).toThrow(/needs 2 bytes at offset 0.*at least 2 bytes/);
    expect(() => plain.encodeInto({ id: '\u00e9' }, new Uint8Array(1))).toThrow(/needs 2 bytes/);
    const fits = new Uint8Array(3);
    expect(plain.encodeInto({ id: '\u00e9' }, fits, 1)).toBe(2);
    expect([...fits]).toEqual([0, 0xc3, 0xa9]);
  });

  it('reads a field several parts use once, and checks it for every part: text and time at once goes to the general encoder', () => {
    // "ab".hashCode() = 97 * 31 + 98 = 3105, % 16 = 1; Long.MAX_VALUE - 7 = 9223372036854775800.
    expect(ascii(compileTemplate('{salt(id,16)}_{id}_{id}').encode({ id: 'ab' }))).toBe('01_ab_ab');
    expect(ascii(compileTemplate('{id}{reverseTs(id)}').encode({ id: 7 }))).toBe('79223372036854775800');
    const into = new Uint8Array(24);
    expect(compileTemplate('{id}{reverseTs(id)}').encodeInto({ id: 7 }, into, 2)).toBe(20);
    expect(ascii(into.subarray(2, 22))).toBe('79223372036854775800');
    for (const [source, record] of [['{salt(id,16)}_{id}_{id}', { id: 'ab' }], ['{id}{reverseTs(id)}', { id: 7 }]] as const) {
      expect(byParts(source, record)).toEqual([...compileTemplate(source).encode(record)]);
    }
  });

  it('throws the general encoder\'s errors: empty key, missing field, negative time', () => {
    const caught = (fn: () => unknown) => {
      try {
        fn();
      } catch (err) {
        if (err instanceof HotspotError) return err.code;
      }
      return 'no HotspotError';
    };
    expect(caught(() => compileTemplate('{a}{b}').encode({ a: '', b: '' }))).toBe('TEMPLATE_EMPTY_KEY');
    expect(caught(() => compileTemplate('{a}_{reverseTs(t)}').encode({ t: 1 }))).toBe('TEMPLATE_FIELD_MISSING');
    expect(caught(() => compileTemplate('{a}_{reverseTs(t)}').encode({ a: 'x', t: -1 }))).toBe('TEMPLATE_VALUE_RANGE');
  });

  it('is built only for templates of literals, text fields, salt(field, N <= 256) and reverseTs(field)', () => {
    const slow = () => new Uint8Array(0);
    const built = (source: string) => directEncoder(compileTemplate(source).parts, slow) !== undefined;
    expect(built('a\\xff{salt(id,256)}{id}{reverseTs(ts)}')).toBe(true);
    expect(built('{salt(id,257)}{id}')).toBe(false);
    expect(built('{bucket(id,16)}{id}')).toBe(false);
    expect(built('{salt(concat(a,b),16)}{a}')).toBe(false);
    expect(built('{phoenixSalt(4)}{id}')).toBe(false);
  });
});
