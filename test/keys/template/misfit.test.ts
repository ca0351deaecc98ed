import { describe, expect, it } from 'vitest';
import { utf8Bytes } from '../../../src/bytes/index.js';
import { compileTemplate } from '../../../src/keys/template/index.js';

const key = (text: string) => utf8Bytes(text);

describe('misfit: whether a key is shaped like the template', () => {
  const t = compileTemplate('{salt(n,4)}_{long(n)}');

  it('fits a key the template wrote, and one whose salt does not match its fields', () => {
    expect(t.misfit(t.encode({ n: 7 }))).toBeUndefined();
    // salt "00" with the 8 bytes of 7: the template salts 7 elsewhere (decode refuses it), but the shape fits
    const otherSalt = Uint8Array.of(0x30, 0x30, 0x5f, 0, 0, 0, 0, 0, 0, 0, 7);
    expect(() => t.decode(otherSalt)).toThrow(/fails verification/);
    expect(t.misfit(otherSalt)).toBeUndefined();
  });

  it('names the byte and the part a key goes wrong at', () => {
    // "01_" is 3 bytes; the long needs bytes 3..10 but "12345" gives 5 of them
    expect(t.misfit(key('01_12345'))).toBe('at byte 3, the key ends inside part {long(n)} (8 bytes)');
    // "01" then "x" where the literal "_" belongs, at byte 2
    expect(t.misfit(key('01x'))).toBe('at byte 2, expected the literal "_" of the template');
    // "g" is no hex digit of the 2-digit salt
    expect(t.misfit(key('0g_12345678'))).toBe('at byte 0, part {salt(n,4)} expects 2 hex bytes');
    // 3 + 8 = 11 bytes fit; the 12th is left over
    expect(t.misfit(key('01_123456789'))).toBe("at byte 11, 1 byte is left after the template's last part");
    expect(t.misfit(new Uint8Array(0))).toBe('the key is empty, and no record of the template writes an empty key');
  });

  it('takes any 8 bytes as a long: text of that width fits', () => {
    expect(t.misfit(key('01_12345678'))).toBeUndefined();
  });

  it('refuses fields that read back as values the template does not write', () => {
    // 19 nines is above Long.MAX_VALUE (9223372036854775807): Long.MAX_VALUE - 9999999999999999999 is negative, a
    // time reverseTs refuses to write
    const reversed = compileTemplate('{salt(id,2)}_{reverseTs(ts)}_{id}');
    expect(reversed.misfit(key('00_9999999999999999999_a'))).toMatch(/^its fields read back as values the template refuses: .*"ts" = -776627963145224192 is negative/);
    // Long.MAX_VALUE - 9223372036854775707 = 100 ms: a time the template writes back the same
    expect(reversed.misfit(key('00_9223372036854775707_a'))).toBeUndefined();
  });

  it('splits a template that is not decodable, without reading back what cannot be', () => {
    // md5 of id cannot give id back, so decode is refused, but the 4 hex digits after "00_" are still checked
    const hashed = compileTemplate('{salt(id,2)}_{md5(id,4)}');
    expect(hashed.decodable).toBe(false);
    expect(hashed.misfit(key('00_zz'))).toBe('at byte 3, the key ends inside part {md5(id,4)} (4 bytes)');
    expect(hashed.misfit(key('00_00ab'))).toBeUndefined();
  });

  it('checks nothing for a template whose parts cannot be split', () => {
    // {a}{b}: two parts of varying width with no literal between them
    const unsplittable = compileTemplate('{salt(id,2)}{a}{b}');
    expect(unsplittable.misfit(key('anything'))).toBeUndefined();
  });
});
