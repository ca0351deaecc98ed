// Golden vectors printed by a real JDK (`java test/golden/java/GoldenKeys.java` → test/golden/functions.json), not by
// this code: each vector is a template, a record, the key bytes Java code writes for it and, where it decodes, the
// record read back. test/golden/shared-vectors.test.ts runs every vector; these tests add what each section claims.
import { describe, expect, it } from 'vitest';
import { fromHex, toHex } from '../../../src/bytes/index.js';
import { compileTemplate } from '../../../src/keys/template/index.js';
import { firstMismatch, vectors } from '../../golden/vectors.js';

/** Every vector of a section encodes to the JDK's bytes and decodes back as the JDK reads it. */
export function expectSection(section: string): void {
  expect(firstMismatch(section)).toBeUndefined();
}

describe('golden vectors from the JDK: template functions', () => {
  it('salt(x, N, format) writes String.format(format, Math.abs(x.hashCode() % N))', () => {
    expectSection('saltFormat');
    expect(vectors('saltFormat').some((v) => v.template.includes('%02d'))).toBe(true);
  });
  it('a formatted salt is checked on decode, and today\'s salt(x, N) is unchanged', () => {
    const t = compileTemplate('{salt(id,100,"%02d")}:{id}');
    // "sensor001".hashCode() = 470815799 (GoldenKeys), 470815799 % 100 = 99.
    expect(new TextDecoder().decode(t.encode({ id: 'sensor001' }))).toBe('99:sensor001');
    expect(t.decode(new TextEncoder().encode('99:sensor001'))).toEqual({ id: 'sensor001' });
    expect(() => t.decode(new TextEncoder().encode('98:sensor001'))).toThrow(expect.objectContaining({ code: 'KEY_DECODE' }));
    expect(new TextDecoder().decode(compileTemplate('{salt(id,16)}').encode({ id: 'sensor001' }))).toBe('07');
  });

  it('int(x, n) and uint(x, n) write the last n bytes of the big-endian long, and decode back', () => {
    expectSection('ints');
    expect(vectors('ints').every((v) => v.decoded?.x === v.record.x)).toBe(true);
    for (const n of [1, 2, 3, 4, 5, 6, 7, 8]) {
      expect(vectors('ints').some((v) => v.template === `{int(x,${n})}`)).toBe(true);
      expect(vectors('ints').some((v) => v.template === `{uint(x,${n})}`)).toBe(true);
    }
  });
  it('Phoenix BIGINT / INTEGER / SMALLINT / TINYINT flip the sign bit, and decode back', () => {
    expectSection('phoenixInts');
    expect(vectors('phoenixInts').every((v) => v.decoded?.x === v.record.x)).toBe(true);
  });
  it('int, uint and the Phoenix forms refuse values that do not fit, naming the field and position', () => {
    const err = (template: string, x: number | string) => {
      try {
        compileTemplate(template).encode({ x });
      } catch (e) {
        return e as { code: string; message: string };
      }
      throw new Error('no error');
    };
    expect(err('{int(x,1)}', 128)).toMatchObject({ code: 'TEMPLATE_VALUE_RANGE', message: expect.stringMatching(/int\(x,1\) at template position 1: field "x" = 128 does not fit in 1 byte \(-128\.\.127\)/) });
    expect(err('{uint(x,3)}', 16777216)).toMatchObject({ code: 'TEMPLATE_VALUE_RANGE', message: expect.stringMatching(/0\.\.16777215/) });
    expect(err('{uint(x,8)}', -1)).toMatchObject({ code: 'TEMPLATE_VALUE_RANGE' });
    expect(err('{phoenixInteger(x)}', 2147483648)).toMatchObject({ code: 'TEMPLATE_VALUE_RANGE' });
    expect(() => compileTemplate('{int(x,9)}')).toThrow(expect.objectContaining({ code: 'TEMPLATE_ARGUMENT' }));
    expect(() => compileTemplate('{int(x,0)}')).toThrow(/argument "bytes" must be between 1 and 8, got 0/);
  });
  it('Phoenix BIGINT bytes sort in numeric order, negatives first', () => {
    const t = compileTemplate('{phoenixBigint(x)}');
    const values = [-5, -1, 0, 1, 300];
    const keys = values.map((x) => toHex(t.encode({ x })));
    expect([...keys].sort()).toEqual(keys);
    // -1 is ff..ff in two's complement; with the first bit flipped, 7f ff ff ff ff ff ff ff.
    expect(keys[1]).toBe('7fffffffffffffff');
  });

  it('padBytes(x, width, fill) pads the UTF-8 bytes with the fill byte, and decodes back', () => {
    expectSection('padBytes');
    expect(vectors('padBytes').every((v) => v.decoded?.x === v.record.x)).toBe(true);
    expect(vectors('padBytes').some((v) => v.template.endsWith(',0)}'))).toBe(true);
  });
  it('padBytes refuses a value wider than the width, and a fill byte outside ASCII', () => {
    expect(() => compileTemplate('{padBytes(x,4,0)}').encode({ x: 'caf\u00e9!' })).toThrow(
      expect.objectContaining({ code: 'TEMPLATE_WIDTH_OVERFLOW', message: expect.stringMatching(/position 1: x takes 6 bytes, more than the width 4/) }),
    );
    expect(() => compileTemplate('{padBytes(x,4,255)}')).toThrow(/argument "fill" must be between 0 and 127, got 255/);
    // A value ending in the fill byte reads back without it: the padding cannot tell them apart.
    const t = compileTemplate('{padBytes(x,4,32)}|{y}');
    expect(t.decode(t.encode({ x: 'ab ', y: 'z' }))).toEqual({ x: 'ab', y: 'z' });
  });
  it('padBytes decodes a value ending in the fill byte whole when another part of the key writes it exactly', () => {
    // "x\0" padded with \0 to 4 bytes is 78 00 00 00; the plain field after the \x01 keeps both of its bytes.
    const zero = compileTemplate('{padBytes(x,4,0)}\\x01{x}');
    expect([...zero.encode({ x: 'x\0' })]).toEqual([0x78, 0, 0, 0, 1, 0x78, 0]);
    expect(zero.decode(Uint8Array.of(0x78, 0, 0, 0, 1, 0x78, 0))).toEqual({ x: 'x\0' });
    // "ab " padded with spaces is "ab   "; reversed, it is " ba".
    const space = compileTemplate('{padBytes(code,5,32)}_{reverse(code)}');
    expect(space.decode(new TextEncoder().encode('ab   _ ba'))).toEqual({ code: 'ab ' });
    // The plain field first, the padded one after: the same value.
    const after = compileTemplate('{x}\\x01{padBytes(x,4,0)}');
    expect(after.decode(Uint8Array.of(0x78, 0, 1, 0x78, 0, 0, 0))).toEqual({ x: 'x\0' });
  });

  it('arithmetic in arguments follows Java long semantics (wrap-around, truncating division, remainder sign)', () => {
    expectSection('arithmetic');
    const one = (template: string, ts: number | string) => new TextDecoder().decode(compileTemplate(template).encode({ ts }));
    // By hand: -7 / 2 truncates to -3 in Java (not -4), -7 % 5 is -2, 7 % -5 is 2.
    expect(one('{ts / 2}', -7)).toBe('-3');
    expect(one('{ts % 5}', -7)).toBe('-2');
    expect(one('{ts % -5}', 7)).toBe('2');
    expect(one('{ts / 3600000 * 3600}', 1709859599999)).toBe('1709856000');
    // Long.MAX_VALUE + 1 wraps to Long.MIN_VALUE; Long.MIN_VALUE / -1 stays Long.MIN_VALUE.
    expect(one('{ts + 1}', '9223372036854775807')).toBe('-9223372036854775808');
    expect(one('{ts / -1}', '-9223372036854775808')).toBe('-9223372036854775808');
    expect(one('{2 + 3 * ts}', 4)).toBe('14');
    expect(one('{(2 + 3) * ts}', 4)).toBe('20');
  });
  it('arithmetic errors name the expression and the template position', () => {
    expect(() => compileTemplate('k{pad(ts / n, 5)}').encode({ ts: 5, n: 0 })).toThrow(
      expect.objectContaining({ code: 'TEMPLATE_VALUE_RANGE', message: expect.stringMatching(/ts \/ n at template position 6: n is 0, and a long division by zero/) }),
    );
    expect(() => compileTemplate('{long(ts * "a")}')).toThrow(
      expect.objectContaining({ code: 'TEMPLATE_ARGUMENT', message: expect.stringMatching(/position 11: arithmetic takes fields and integers, got "a"/) }),
    );
    expect(() => compileTemplate('{pad((ts + 1, 5)}')).toThrow(expect.objectContaining({ code: 'TEMPLATE_SYNTAX' }));
    expect(() => compileTemplate('{long(ts / 1000)}').encode({ ts: 'x' })).toThrow(expect.objectContaining({ code: 'TEMPLATE_FIELD_TYPE' }));
  });
  it('a part over arithmetic does not decode by itself; the field read elsewhere is checked against it', () => {
    const t = compileTemplate('{uint(ts / 3600000, 4)}{long(ts)}');
    const key = t.encode({ ts: 1709856000123 });
    expect(t.decode(key)).toEqual({ ts: 1709856000123 });
    key[3] = (key[3] as number) ^ 1;
    expect(() => t.decode(key)).toThrow(expect.objectContaining({ code: 'KEY_DECODE' }));
    expect(compileTemplate('{long(ts / 1000)}').decodable).toBe(false);
  });

  it('pad(x, W) at widths beyond 19 writes String.format("%0Wd", x), and decodes back', () => {
    expectSection('padWide');
    expect(new TextDecoder().decode(compileTemplate('{pad(ts,20)}').encode({ ts: 1709856000000 }))).toBe('00000001709856000000');
    expect(compileTemplate('{pad(ts,300)}').encode({ ts: 1 }).length).toBe(300);
    expect(() => compileTemplate('{pad(ts,32768)}')).toThrow(/argument "width" must be between 1 and 32767/);
  });

  it('date(t, pattern, zone) formats as SimpleDateFormat with TimeZone.getTimeZone(zone), around DST changes', () => {
    expectSection('dateZone');
    // Each zone with DST brings vectors on both sides of its 2026 transitions (java.time found them).
    expect(vectors('dateZone').filter((v) => v.template.includes('Europe/Berlin')).length).toBeGreaterThan(40);
  });
  it('a zoned date decodes to what SimpleDateFormat.parse gives: the later time in a repeated hour', () => {
    let overlaps = 0;
    for (const v of vectors('dateZone')) {
      if (v.decoded === undefined) continue;
      if (v.decoded.ts !== v.record.ts) overlaps++;
      expect(compileTemplate(v.template).decode(fromHex(v.key)), `${v.template} ${v.key}`).toEqual({ ts: Number(v.decoded.ts) });
    }
    // New York, Berlin and Sydney each fall back once in 2026; three vectors sit in each repeated hour.
    expect(overlaps).toBe(9);
  });
  it('a local time in a DST gap does not decode, and an unknown zone is refused at its position', () => {
    // 2026-03-08 02:30 does not exist in New York: clocks jump from 02:00 to 03:00.
    const t = compileTemplate('{date(ts,"yyyyMMddHHmmssSSS","America/New_York")}');
    expect(() => t.decode(new TextEncoder().encode('20260308023000000'))).toThrow(
      expect.objectContaining({ code: 'KEY_DECODE', message: expect.stringMatching(/daylight saving gap of America\/New_York/) }),
    );
    expect(() => compileTemplate('k_{date(ts,"yyyyMMdd","Mars/Olympus")}')).toThrow(
      expect.objectContaining({ code: 'TEMPLATE_ARGUMENT', message: expect.stringMatching(/position 3: "Mars\/Olympus" is not a time zone id/) }),
    );
    // Two arguments stay UTC: 1709856000123 is 2024-03-08T00:00:00.123Z.
    expect(new TextDecoder().decode(compileTemplate('{date(ts,"yyyyMMddHH")}').encode({ ts: 1709856000123 }))).toBe('2024030800');
  });

  it('Phoenix DESC integers invert every byte, sort largest first and decode back', () => {
    expect(vectors('phoenixInts').filter((v) => v.template.includes('DESC')).length).toBeGreaterThan(40);
    const t = compileTemplate('{phoenixBigint(x,"DESC")}');
    // 1 ascending is 80 00 00 00 00 00 00 01; inverted, 7f ff ff ff ff ff ff fe.
    expect(toHex(t.encode({ x: 1 }))).toBe('7ffffffffffffffe');
    const keys = [300, 1, 0, -1, -5].map((x) => toHex(t.encode({ x })));
    expect([...keys].sort()).toEqual(keys);
    expect(() => compileTemplate('{phoenixBigint(x,"desc")}')).toThrow(/sort order "desc" is neither "ASC" nor "DESC"/);
  });
  it('an OpenTSDB row key and a salted Phoenix (VARCHAR, BIGINT DESC) primary key are byte-identical, and decode', () => {
    expectSection('systemKeys');
    // OpenTSDB's base hour is ts / 3600000 * 3600 seconds: the key keeps the hour, not ts, so it does not decode.
    for (const v of vectors('systemKeys')) expect(v.decoded === undefined, v.template).toBe(v.template.startsWith('{opentsdbSalt'));
    expect(vectors('systemKeys').filter((v) => v.template.startsWith('{opentsdbSalt')).length).toBe(4);
    expect(vectors('systemKeys').filter((v) => v.template.startsWith('{phoenixSalt')).length).toBe(4);
  });
});
