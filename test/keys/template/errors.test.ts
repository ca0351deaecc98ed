import { describe, expect, it } from 'vitest';
import { HotspotError } from '../../../src/util/errors.js';
import { compileTemplate } from '../../../src/keys/template/index.js';
import type { KeyRecord } from '../../../src/keys/types.js';

/** Runs `fn`, expecting a HotspotError, and returns it. */
function caught(fn: () => unknown): HotspotError {
  try {
    fn();
  } catch (err) {
    if (err instanceof HotspotError) return err;
    throw err;
  }
  throw new Error('expected a HotspotError');
}

describe('template compile errors name the position', () => {
  it.each([
    ['', 'TEMPLATE_EMPTY_KEY', /template is empty/],
    ['a_{id', 'TEMPLATE_SYNTAX', /position 2: unterminated "\{"/],
    // the "{" at 13 is the mistake (the part opened at 0 was not closed), not the "{" at 0
    ['{salt(id,16)_{id}', 'TEMPLATE_SYNTAX', /^template "\{salt\(id,16\)_\{id\}" at position 13: "\{" inside the part opened at position 0: close that part with "\}" first$/],
    ['a_{x{', 'TEMPLATE_SYNTAX', /position 4: "\{" inside the part opened at position 2:/],
    ['a}b', 'TEMPLATE_SYNTAX', /position 1: a "}" without a "\{"/],
    ['{}', 'TEMPLATE_SYNTAX', /position 1: empty "\{\}"/],
    ['x\\q{id}', 'TEMPLATE_SYNTAX', /position 1: bad escape "\\q\{i"/],
    ['{salt(id 16)}', 'TEMPLATE_SYNTAX', /position 9: expected "," or "\)" in the arguments of salt\(/],
    ['{concat(a,"b)}', 'TEMPLATE_SYNTAX', /unterminated/],
    ['{id}_{slat(id,16)}', 'TEMPLATE_UNKNOWN_FUNCTION', /unknown function "slat" at template position 6; known functions: concat, reverse, salt/],
    ['{salt(id)}', 'TEMPLATE_ARITY', /position 1: salt\(x, buckets, \[format\]\) takes 2 to 3 arguments, got 1/],
    ['{sha256(a, b)}', 'TEMPLATE_ARITY', /sha256\(x\) takes 1 argument, got 2/],
    ['{salt(id,0)}', 'TEMPLATE_ARGUMENT', /position 9: salt\(\): argument "buckets" must be between 1 and 2147483647, got 0/],
    ['{md5(id,33)}', 'TEMPLATE_ARGUMENT', /must be between 1 and 32/],
    ['{salt(id,1000,"%02d")}', 'TEMPLATE_ARGUMENT', /position 1: salt format "%02d" is narrower than bucket 999, which needs 3 digits.*"%03d"/],
    ['{salt(id,16,"%2d")}', 'TEMPLATE_ARGUMENT', /salt format "%2d" is not one of "%0Wd", "%0Wx", "%d", "%x"/],
    ['{salt(id,16,4)}', 'TEMPLATE_ARGUMENT', /position 12: salt\(\): argument "format" must be a "quoted string", got 4/],
    ['{salt(id,"16")}', 'TEMPLATE_ARGUMENT', /argument "buckets" must be an integer, got "16"/],
    // A negative count is an integer out of range, not a non-integer.
    ['{salt(id,-1)}', 'TEMPLATE_ARGUMENT', /position 9: salt\(\): argument "buckets" must be between 1 and 2147483647, got -1$/],
    ['{md5(id, -(8))}', 'TEMPLATE_ARGUMENT', /argument "chars" must be between 1 and 32, got -8$/],
    ['{padBytes(id,4,-1)}', 'TEMPLATE_ARGUMENT', /argument "fill" must be between 0 and 127, got -1$/],
    ['{opentsdbSalt(20,1,3,-4)}{long(x)}', 'TEMPLATE_ARGUMENT', /metricWidthBytes and timestampBytes must be from 1 to 8, got 3 and -4/],
    ['{salt(id,20-4)}', 'TEMPLATE_ARGUMENT', /argument "buckets" must be an integer, got 20-4/],
    ['{reverseTs(concat(a,b))}', 'TEMPLATE_ARGUMENT', /position 11: reverseTs\(\): argument "t" must be a field name/],
    ['{salt(long(ts),16)}', 'TEMPLATE_ARGUMENT', /long\(\.\.\.\) writes raw bytes/],
    ['{salt(16,16)}', 'TEMPLATE_ARGUMENT', /the number 16 stands where text is expected/],
    ['{date(t,"yyyyMMdd hh")}', 'TEMPLATE_ARGUMENT', /date pattern "yyyyMMdd hh" has "hh" at pattern character 10/],
    ['{date(t,"yyyy\'T")}', 'TEMPLATE_ARGUMENT', /unterminated quote/],
  ])('%s → %s', (template, code, message) => {
    const err = caught(() => compileTemplate(template));
    expect(err.code).toBe(code);
    expect(err.message).toMatch(message);
  });

  it('refuses a field outside the declared list, naming it and its position', () => {
    const err = caught(() => compileTemplate('{user}_{salt(devic,8)}', { fields: ['user', 'device'] }));
    expect(err.code).toBe('TEMPLATE_UNKNOWN_FIELD');
    expect(err.where.field).toBe('devic');
    expect(err.message).toMatch(/position 13: unknown field "devic"; known fields: user, device/);
  });
});

describe('encode errors name the position and the field', () => {
  const cases: [string, KeyRecord, string, RegExp, string][] = [
    ['{a}_{b}', { a: 'x' }, 'TEMPLATE_FIELD_MISSING', /b at template position 5 needs field "b"/, 'b'],
    ['{a}', { a: '' }, 'TEMPLATE_EMPTY_KEY', /gives an empty rowkey/, 'a'],
    ['k{pad(n,3)}', { n: 1000 }, 'TEMPLATE_WIDTH_OVERFLOW', /pad\(n,3\) at template position 2: field "n" = 1000 has 4 digits, more than the width 3/, 'n'],
    ['k{pad(n,3)}', { n: -1 }, 'TEMPLATE_VALUE_RANGE', /is negative/, 'n'],
    ['k{reverseTs(t)}', { t: 1.5 }, 'TEMPLATE_FIELD_TYPE', /field "t" is 1.5; it must be an integer/, 't'],
    ['k{reverseTs(t)}', { t: '12a' }, 'TEMPLATE_FIELD_TYPE', /field "t" is "12a"/, 't'],
    // "007" is decimal digits, but not as Long.toString writes 7: the message must say which form is wanted.
    ['{pad(n,3)}', { n: '007' }, 'TEMPLATE_FIELD_TYPE', /field "n" is "007"; it must be an integer .*no "\+", no leading zeros/, 'n'],
    ['k{reverseTs(t)}', { t: -5 }, 'TEMPLATE_VALUE_RANGE', /would overflow a long/, 't'],
    ['k{long(t)}', { t: 2n ** 63n }, 'TEMPLATE_VALUE_RANGE', /does not fit in a signed 64-bit long/, 't'],
    ['k{a}', { a: 0.5 }, 'TEMPLATE_FIELD_TYPE', /field "a" is 0.5; it must be an integer or a string/, 'a'],
    ['k{date(t,"yyyy")}', { t: -1 }, 'TEMPLATE_VALUE_RANGE', /outside 1970-01-01..9999-12-31/, 't'],
  ];
  it.each(cases)('%s with %o → %s', (template, record, code, message, field) => {
    const err = caught(() => compileTemplate(template).encode(record));
    expect(err.code).toBe(code);
    expect(err.message).toMatch(message);
    expect(err.where.field).toBe(field);
  });
});

describe('decode errors', () => {
  const t = compileTemplate('{salt(concat(metric,"_",device),32)}_{metric}_{device}_{reverseTs(ts)}');
  it('encodes a field value holding the delimiter, and warns about it', () => {
    const key = t.encode({ metric: 'mem_used', device: 'd1', ts: 1709856000000 });
    // The JDK's "mem_used_d1".hashCode() is 1799436197 (test/golden/functions.json); 1799436197 % 32 = 5.
    expect(new TextDecoder().decode(key)).toBe('05_mem_used_d1_9223370326998775807');
    expect(t.decodeWarnings.join('\n')).toMatch(/field "metric" is delimited by "_"/);
  });
  it('refuses to decode that key, naming the field', () => {
    const key = t.encode({ metric: 'mem_used', device: 'd1', ts: 1709856000000 });
    const err = caught(() => t.decode(key));
    expect(err.code).toBe('KEY_DECODE_AMBIGUOUS');
    expect(err.where.field).toBe('metric');
    expect(err.message).toMatch(/field "metric" or "device" holds a delimiter.*metric = "mem" or "mem_used"/);
  });
  it('decodes a delimiter-holding value when only one split exists', () => {
    const single = compileTemplate('{salt(metric,16)}_{metric}_{reverseTs(ts)}');
    expect(single.decode(single.encode({ metric: 'mem_used', ts: 7 }))).toEqual({ metric: 'mem_used', ts: 7 });
  });
  it('rejects an empty key, which no record encodes to: encoding the record it would give is refused', () => {
    for (const source of ['{id}', '{reverse(id)}']) {
      const t = compileTemplate(source);
      expect(() => t.encode(Object.fromEntries(t.fields.map((f) => [f, ''])))).toThrow(expect.objectContaining({ code: 'TEMPLATE_EMPTY_KEY' }));
      expect(caught(() => t.decode(new Uint8Array(0)))).toMatchObject({ code: 'KEY_DECODE', message: expect.stringContaining('the key is empty, and HBase has no empty rowkey') });
    }
  });
  it('rejects a key whose salt does not match its fields, naming the field', () => {
    const s = compileTemplate('{salt(id,16)}_{id}');
    const err = caught(() => s.decode(new TextEncoder().encode('0f_sensor001')));
    expect(err.code).toBe('KEY_DECODE');
    expect(err.where.field).toBe('id');
    expect(err.message).toMatch(/fails verification at byte 0: \{salt\(id,16\)\} reads "0f" but the decoded fields give "07"/);
  });
  it('shows the key and its bytes as Bytes.toStringBinary writes them, one backslash per escape, as key decode takes them', () => {
    // "abc".hashCode() = 96354, % 16 = 2: the salt byte \x02 is right, \x00 is not.
    const s = compileTemplate('{salt(x,16)}\\x00{x}');
    const err = caught(() => s.decode(Uint8Array.of(0x30, 0x30, 0x00, 0x61, 0x62, 0x63)));
    expect(err.message).toContain('key "00\\x00abc" fails verification at byte 0: {salt(x,16)} reads "00" but the decoded fields give "02"');
    const w = compileTemplate('{hbasewd(4)}{x}');
    // Arrays.hashCode of "abc" is 31^3 + 97 * 31^2 + 98 * 31 + 99 = 126145, % 4 = 1.
    expect(caught(() => w.decode(Uint8Array.of(0, 0x61, 0x62, 0x63))).message).toContain('reads "\\x00" but the decoded fields give "\\x01"');
  });
  it('rejects a key of the wrong shape, naming the byte', () => {
    const s = compileTemplate('{id}_{reverseTs(ts)}');
    expect(() => s.decode(new TextEncoder().encode('abc_123'))).toThrow(/does not match template .* at byte 4: the key ends inside part \{reverseTs\(ts\)\}/);
    expect(() => s.decode(new TextEncoder().encode('abc'))).toThrow(/no delimiter "_" ends field "id"/);
  });
  it('refuses templates whose fields are only hashed, or whose parts cannot be split', () => {
    const hashed = compileTemplate('{sha256(email)}_{ts}');
    expect(hashed.decodable).toBe(false);
    expect(() => hashed.decode(new TextEncoder().encode('x'))).toThrow(/TEMPLATE_NOT_DECODABLE|field "email" is only written through/);
    expect(caught(() => hashed.decode(new Uint8Array(1))).code).toBe('TEMPLATE_NOT_DECODABLE');
    const glued = compileTemplate('{a}{b}');
    expect(glued.decodable).toBe(false);
    expect(glued.decodeWarnings[0]).toMatch(/field "a" and field "b" both vary in width with no literal between them/);
  });
});

describe('a record field may be inherited', () => {
  // The generated encoders read record[field], which finds a value on the record's prototype (Object.create, a class
  // getter); every part's own writer reads it too, so a template never writes a key for one record shape and refuses
  // it as missing for another. Object.prototype's members (constructor, toString) are never fields.
  const inherited = (fields: Record<string, unknown>) => Object.create(fields) as KeyRecord;
  it.each([
    ['{x}', { x: 'a' }, 'a'],
    ['{salt(x,16)}_{x}', { x: 'a' }, '01_a'], // "a".hashCode() = 97, % 16 = 1
    ['{salt(x,300)}', { x: 'a' }, '061'], // 97 in 3 hex digits (N - 1 = 299 needs 3)
    ['{reverseTs(x)}', { x: '5' }, '9223372036854775802'],
    ['{reverseTs(x)}', { x: 5n }, '9223372036854775802'],
    ['{x}_{pad(y,3)}', { x: 'a', y: 7 }, 'a_007'],
    ['{x}_{long(y)}', { x: 'a', y: 1 }, 'a_\0\0\0\0\0\0\0\x01'],
    ['{salt(x,16)}_{x}_{reverseTs(y)}', { x: 'a', y: 5 }, '01_a_9223372036854775802'],
  ])('%s reads an inherited field in encode, encodeInto, encodeBatch and the parts alike', (source, fields, key) => {
    const t = compileTemplate(source);
    const text = (bytes: Uint8Array) => String.fromCharCode(...bytes);
    expect(text(t.encode(inherited(fields)))).toBe(key);
    const buffer = new Uint8Array(64);
    expect(text(buffer.subarray(0, t.encodeInto(inherited(fields), buffer)))).toBe(key);
    expect(text(t.encodeBatch([inherited(fields)]).bytes)).toBe(key);
    expect(t.parts.map((p) => text(p.encode(inherited(fields)))).join('')).toBe(key);
  });

  it('never takes a member of Object.prototype for a field', () => {
    for (const source of ['{constructor}', '{salt(toString,16)}', '{long(valueOf)}', '{x}_{reverseTs(hasOwnProperty)}']) {
      const err = caught(() => compileTemplate(source).encode({ x: 'a' }));
      expect(err.code, source).toBe('TEMPLATE_FIELD_MISSING');
    }
  });
});
