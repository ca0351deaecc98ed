// Golden vectors printed by a real JDK (test/golden/java/GoldenKeys.java → test/golden/keys.json), not by this code.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { javaStringHashCode, toHex, utf8Bytes } from '../../../src/bytes/index.js';
import { compileTemplate } from '../../../src/keys/template/index.js';
import type { KeyRecord } from '../../../src/keys/types.js';

interface Golden {
  hashCode: { input: string; hash: number }[];
  salt: { input: string; buckets: number; salt: string }[];
  saltWide: { input: string; buckets: number; javaFormat02x: string }[];
  bucket: { input: string; buckets: number; bucket: string }[];
  digest: { input: string; md5: string; sha256: string }[];
  reverse: { input: string; reversed: string }[];
  utf8: { input: string; utf8: string }[];
  reverseTs: { ts: string; reverseTs: string }[];
  date: { ts: number; pattern: string; text: string }[];
  long: { value: string; long: string; reverseLong: string | null }[];
  keys: { template: string; deviceId: string; ts: number; key: string }[];
}

const golden = JSON.parse(readFileSync(new URL('../../golden/keys.json', import.meta.url), 'utf8')) as Golden;

/** Encodes one expression between two brackets (so an empty value still makes a key) and returns the inner bytes. */
function one(expr: string, record: KeyRecord): Uint8Array {
  const key = compileTemplate(`[{${expr}}]`).encode(record);
  return key.subarray(1, key.length - 1);
}
const text = (bytes: Uint8Array) => new TextDecoder().decode(bytes);
/** A long as JSON carries it: a number when exact, else a decimal string. */
const long = (s: string) => (Number.isSafeInteger(Number(s)) ? Number(s) : s);

describe('golden vectors from the JDK', () => {
  it('covers the edge cases it claims to', () => {
    expect(golden.hashCode.find((r) => r.input === 'polygenelubricants')?.hash).toBe(-2147483648);
    expect(golden.hashCode.some((r) => r.hash < 0 && r.hash > -2147483648)).toBe(true);
    expect(golden.hashCode.some((r) => /[\uD800-\uDBFF][\uDC00-\uDFFF]/.test(r.input))).toBe(true);
  });
  it('String.hashCode', () => {
    for (const r of golden.hashCode) expect(javaStringHashCode(r.input), r.input).toBe(r.hash);
  });
  it('salt(x, N) = %02x of Math.abs(hashCode % N)', () => {
    for (const r of golden.salt) expect(text(one(`salt(x,${r.buckets})`, { x: r.input })), `${r.input} ${r.buckets}`).toBe(r.salt);
  });
  it('salt(x, N) above 256 buckets is Java %02x left-padded to the width of N-1', () => {
    for (const r of golden.saltWide) {
      const width = (r.buckets - 1).toString(16).length;
      expect(text(one(`salt(x,${r.buckets})`, { x: r.input }))).toBe(r.javaFormat02x.padStart(width, '0'));
    }
  });
  it('bucket(x, N) = %04d of Math.abs(hashCode % N)', () => {
    for (const r of golden.bucket) expect(text(one(`bucket(x,${r.buckets})`, { x: r.input }))).toBe(r.bucket);
  });
  it('md5 prefixes and sha256 of UTF-8 bytes (lone surrogates as ?)', () => {
    for (const r of golden.digest) {
      expect(text(one('md5(x,32)', { x: r.input })), r.input).toBe(r.md5);
      expect(text(one('md5(x,4)', { x: r.input }))).toBe(r.md5.slice(0, 4));
      expect(text(one('sha256(x)', { x: r.input }))).toBe(r.sha256);
    }
  });
  it('reverse(x) = StringBuilder.reverse, then UTF-8', () => {
    for (const r of golden.reverse) expect(toHex(one('reverse(x)', { x: r.input })), JSON.stringify(r.input)).toBe(toHex(utf8Bytes(r.reversed)));
  });
  it('field text = getBytes(UTF_8)', () => {
    for (const r of golden.utf8) expect(toHex(one('x', { x: r.input })), JSON.stringify(r.input)).toBe(r.utf8);
  });
  it('reverseTs(t) = %019d of Long.MAX_VALUE - t, for number, bigint and decimal-string inputs', () => {
    for (const r of golden.reverseTs) {
      expect(text(one('reverseTs(t)', { t: long(r.ts) })), r.ts).toBe(r.reverseTs);
      expect(text(one('reverseTs(t)', { t: BigInt(r.ts) }))).toBe(r.reverseTs);
      expect(text(one('reverseTs(t)', { t: r.ts }))).toBe(r.reverseTs);
    }
  });
  it('date(t, pattern) = SimpleDateFormat in UTC', () => {
    for (const r of golden.date) expect(text(one(`date(t,"${r.pattern}")`, { t: r.ts }))).toBe(r.text);
  });
  it('long(x) and reverseLong(x) = ByteBuffer.putLong (Bytes.toBytes(long))', () => {
    for (const r of golden.long) {
      expect(toHex(one('long(x)', { x: long(r.value) })), r.value).toBe(r.long);
      if (r.reverseLong !== null) expect(toHex(one('reverseLong(x)', { x: long(r.value) }))).toBe(r.reverseLong);
    }
  });
  it('whole keys match the Java generator byte for byte', () => {
    for (const r of golden.keys) expect(toHex(compileTemplate(r.template).encode({ deviceId: r.deviceId, ts: r.ts }))).toBe(r.key);
  });
});

describe("the playbook's examples, checked against what its own code computes", () => {
  const salt16 = compileTemplate('{salt(k,16)}');
  it('3.1: "20260308_sensor001" salts to 05 with 16 buckets (the comment says 0a; the code computes 05)', () => {
    expect(golden.hashCode.find((r) => r.input === '20260308_sensor001')?.hash).toBe(729075141);
    expect(text(salt16.encode({ k: '20260308_sensor001' }))).toBe('05');
  });
  it('3.2: md5("user001_1709856000000") starts f1b1 (the comment says a3f2)', () => {
    expect(text(compileTemplate('{md5(concat(u,"_",t),4)}_{u}_{t}').encode({ u: 'user001', t: 1709856000000 }))).toBe(
      'f1b1_user001_1709856000000',
    );
  });
  it('3.3: reversed domain and the reverse-timestamp key (the sample key 9223370449055775807 is t = 1587799000000)', () => {
    expect(text(compileTemplate('{reverse(d)}').encode({ d: 'www.google.com' }))).toBe('moc.elgoog.www');
    expect(text(compileTemplate('{u}_{reverseTs(t)}').encode({ u: 'user001', t: 1587799000000 }))).toBe('user001_9223370449055775807');
  });
  it('3.5: sensor001..003 salt to 07, 08, 09 with 16 buckets (the sample keys show 0a, 03, 0f)', () => {
    expect(['sensor001', 'sensor002', 'sensor003'].map((k) => text(salt16.encode({ k })))).toEqual(['07', '08', '09']);
  });
});
