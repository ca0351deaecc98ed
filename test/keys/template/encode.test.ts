import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { toHex, toStringBinary } from '../../../src/bytes/index.js';
import { compileTemplate } from '../../../src/keys/template/index.js';

const show = (k: Uint8Array) => toStringBinary(k);

describe('encode', () => {
  it('writes \\xNN escapes as raw bytes and other literal characters as UTF-8', () => {
    expect(toHex(compileTemplate('\\x00\\xFFé{a}').encode({ a: 'z' }))).toBe('00ffc3a97a');
  });
  it('writes numbers in plain decimal, as Java prints a long', () => {
    const t = compileTemplate('{a}|{b}|{c}|{d}');
    expect(show(t.encode({ a: 42, b: -7, c: -0, d: 12345678901234567890n }))).toBe('42|-7|0|12345678901234567890');
  });
  it('grows past its initial buffer for long values, inline and generic parts alike', () => {
    const long = 'x'.repeat(5000);
    const t = compileTemplate('{salt(id,16)}_{id}_{reverse(id)}_{reverseTs(ts)}');
    const key = t.encode({ id: long, ts: 1 });
    expect(key.length).toBe(2 + 1 + 5000 + 1 + 5000 + 1 + 19);
    expect(t.decode(key)).toEqual({ id: long, ts: 1 });
  });
  it('takes the generic path for values the inline path does not handle, with the same bytes', () => {
    const t = compileTemplate('{salt(id,16)}_{id}_{reverseTs(ts)}');
    // A non-ASCII id, a numeric id (hashed as its decimal text) and a bigint time.
    expect(show(t.encode({ id: 'ü', ts: 5n }))).toBe(`${show(compileTemplate('{salt(concat(id),16)}').encode({ id: 'ü' }))}_\\xC3\\xBC_9223372036854775802`);
    expect(show(t.encode({ id: 17, ts: 0 }))).toBe(show(t.encode({ id: '17', ts: 0 })));
  });
  it('nests calls: a salt as text inside a digest, a pad and a reverseTs inside a salt', () => {
    // salt("a", 16) is 01 (test/golden/functions.json); the MD5 oracle is node:crypto.
    const md5 = createHash('md5').update('01a').digest('hex').slice(0, 6);
    expect(show(compileTemplate('{md5(concat(salt(id,16),id),6)}').encode({ id: 'a' }))).toBe(md5);
    // "0007".hashCode() = 1477639 and "9223372036854775807".hashCode() = -1773151198, as a JDK prints them.
    expect(show(compileTemplate('{salt(pad(n,4),10)}').encode({ n: 7 }))).toBe(String(Math.abs(1477639 % 10)).padStart(2, '0'));
    expect(show(compileTemplate('{bucket(reverseTs(t),7)}').encode({ t: 0 }))).toBe(`000${Math.abs(-1773151198 % 7)}`);
  });
  it('flattens a top-level concat into parts, so its pieces decode', () => {
    const t = compileTemplate('{concat(a, "-", b)}');
    expect(t.parts.map((p) => p.kind)).toEqual(['field', 'literal', 'field']);
    expect(t.decode(t.encode({ a: 'p', b: 'q' }))).toEqual({ a: 'p', b: 'q' });
  });
  it('gives each part its source, position, width, alphabet and buckets', () => {
    const t = compileTemplate('{salt(deviceId,16)}_{deviceId}_{reverseTs(ts)}');
    expect(t.parts.map((p) => [p.kind, p.source, p.position, p.fixedWidth, p.alphabet, p.buckets])).toEqual([
      ['salt', '{salt(deviceId,16)}', 0, 2, 'hex', 16],
      ['literal', '_', 19, 1, 'text', undefined],
      ['field', '{deviceId}', 20, undefined, 'text', undefined],
      ['literal', '_', 30, 1, 'text', undefined],
      ['reverseTs', '{reverseTs(ts)}', 31, 19, 'decimal', undefined],
    ]);
    expect(t.fields).toEqual(['deviceId', 'ts']);
    expect(show(t.parts[0]?.bucketBytes?.(10) ?? new Uint8Array())).toBe('0a');
    expect(show(t.parts[4]?.encode({ ts: 0 }) ?? new Uint8Array())).toBe('9223372036854775807');
    expect(t.parts[4]?.order).toBe('descending');
  });
});
