import { describe, expect, it } from 'vitest';
import { compareBytes, toStringBinary } from '../../src/bytes/index.js';
import { ruleByCode } from '../../src/lint/rules/index.js';
import { planScans } from '../../src/keys/scan/index.js';
import { compileTemplate } from '../../src/keys/template/index.js';
import { key, subject } from './subjects.js';

const rule = ruleByCode('KEY_AMBIGUOUS_BOUNDARY');
const messages = (template: string, fields?: Record<string, string>): string[] => (rule?.check(subject(key(template, '', fields))) ?? []).map((h) => h.message);

describe('KEY_AMBIGUOUS_BOUNDARY', () => {
  it('reports a 0x00-filled padBytes, whose values ending in 0x00 write the key of the value without them', () => {
    // Arrays.copyOf("ab".getBytes(UTF_8), 4) is 61 62 00 00; "ab\0\0" is those four bytes already, "ab\0" padded once.
    const t = compileTemplate('{padBytes(x,4,0)}');
    const ab = Uint8Array.of(0x61, 0x62, 0x00, 0x00);
    expect(t.encode({ x: 'ab' })).toEqual(ab);
    expect(t.encode({ x: 'ab\0\0' })).toEqual(ab);
    expect(t.encode({ x: 'ab\0' })).toEqual(ab);
    expect(messages('{padBytes(x,4,0)}')).toEqual([
      '{padBytes(x,4,0)} fills x with 0x00 up to 4 bytes: a value of x that ends in 0x00 writes the same bytes as one without it ("ab" and "ab\\x00" both write ab\\x00\\x00), so two records write one key and it reads back as the shorter',
    ]);
    // Width 2 cannot hold "ab\0": the example is the empty value and "\0", both 00 00.
    expect(compileTemplate('{padBytes(x,2,0)}').encode({ x: '\0' })).toEqual(Uint8Array.of(0, 0));
    expect(messages('{padBytes(x,2,0)}')[0]).toContain('("" and "\\x00" both write \\x00\\x00)');
  });

  it('reports a text field followed directly by a binary long, with a record pair that writes one key', () => {
    // tenant "x", long 1 (00 00 00 00 00 00 00 01), name "yz": 78 | 00 00 00 00 00 00 00 01 | 79 7A.
    // tenant "x\0", long 0x179 = 377 (00 00 00 00 00 00 01 79), name "z": 78 00 | 00 00 00 00 00 00 01 79 | 7A.
    const t = compileTemplate('{tenant}{long(n)}{name}');
    const same = Uint8Array.of(0x78, 0, 0, 0, 0, 0, 0, 0, 0x01, 0x79, 0x7a);
    expect(t.encode({ tenant: 'x', n: 1, name: 'yz' })).toEqual(same);
    expect(t.encode({ tenant: 'x\0', n: 377, name: 'z' })).toEqual(same);
    const [message, ...rest] = messages('{tenant}{long(n)}{name}');
    expect(rest).toEqual([]);
    expect(message).toBe(
      '{tenant} has no fixed width and {long(n)} follows it directly with binary bytes (0x00 or any byte a value of tenant may end with): nothing marks where tenant ends, ' +
        'so two records can write one key: tenant "a" then {long(n)} starting \\x00, and tenant "a\\x00" then {long(n)} holding the same bytes one place on, with {name} one byte shorter',
    );
  });

  it('reports a text field before a binary number at the end of the key: a prefix scan reads other values', () => {
    // The scan for tenant "a" is ["a", "b"); tenant "a\0" with id 5 is 61 00 | 00 00 00 00 00 00 00 05, inside it.
    const t = compileTemplate('{tenant}{long(id)}');
    const [scan] = planScans(t, { tenant: 'a' }).scans;
    expect(toStringBinary(scan?.startRow ?? new Uint8Array())).toBe('a');
    expect(toStringBinary(scan?.stopRow ?? new Uint8Array())).toBe('b');
    const other = t.encode({ tenant: 'a\0', id: 5 });
    expect(other).toEqual(Uint8Array.of(0x61, 0, 0, 0, 0, 0, 0, 0, 0, 0x05));
    expect(compareBytes(other, scan?.startRow ?? new Uint8Array())).toBeGreaterThan(0);
    expect(compareBytes(other, scan?.stopRow ?? new Uint8Array())).toBeLessThan(0);
    expect(messages('{tenant}{long(id)}')).toEqual([
      '{tenant} has no fixed width and {long(id)} follows it directly with binary bytes (0x00 or any byte a value of tenant may end with): nothing marks where tenant ends, ' +
        'so a prefix scan for tenant "a" also reads the rows of tenant "a\\x00…" and "ab…", and only the key\'s length tells them apart',
    ]);
    // int(x, 4) and a 0x00-filled padBytes are binary too
    expect(messages('{tenant}{int(id,4)}')).toHaveLength(1);
    expect(messages('{a}{padBytes(b,4,0)}').map((m) => m.slice(0, 20))).toEqual(['{padBytes(b,4,0)} fi', '{a} has no fixed wid']);
  });

  it.each([
    // a separator, as Phoenix writes a VARCHAR key column before another
    '{tenant}\\x00{long(id)}',
    '{phoenixSalt(8)}{tenant}\\x00{phoenixBigint(id,"DESC")}',
    '{hbasewd(16)}{userId}_{long(ts)}',
    // the binary part first, the text last: its width is the rest of the key
    '{long(ts)}{deviceId}',
    '{opentsdbSalt(20,1)}{uint(metric,3)}{uint(ts / 3600000 * 3600, 4)}{uint(tagk,3)}{uint(tagv,3)}',
    '{salt(deviceId,16)}_{deviceId}_{long(ts)}',
    // a hex digest after text: hex digits, not binary
    '{view}{md5(driverId,8)}',
    // space fill (Phoenix CHAR: trailing spaces mean nothing), or the field also written whole
    '{padBytes(code,8,32)}',
    '{padBytes(x,4,0)}\\x01{x}',
    // digits of a number never end in 0x00
    '{id}{long(id)}',
  ])('passes %s', (template) => {
    expect(messages(template)).toEqual([]);
  });

  it('passes a 0x00-filled padBytes over a number field', () => {
    expect(messages('{padBytes(n,8,0)}', { n: 'long' })).toEqual([]);
  });
});
