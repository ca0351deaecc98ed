// Golden vectors printed by a real JDK (test/golden/java/GoldenKeys.java → test/golden/functions.json), not by this
// code. test/golden/shared-vectors.test.ts runs every vector; these tests check what the file claims to cover and the
// other input forms a long field takes.
import { describe, expect, it } from 'vitest';
import { javaStringHashCode, toHex } from '../../../src/bytes/index.js';
import { compileTemplate } from '../../../src/keys/template/index.js';
import { golden, vectors } from '../../golden/vectors.js';

const text = (bytes: Uint8Array) => new TextDecoder().decode(bytes);

describe('golden vectors from the JDK', () => {
  it('covers the edge cases it claims to', () => {
    expect(golden.hashCode.find((r) => r.input === 'polygenelubricants')?.hash).toBe(-2147483648);
    expect(golden.hashCode.some((r) => r.hash < 0 && r.hash > -2147483648)).toBe(true);
    expect(golden.hashCode.some((r) => /[\uD800-\uDBFF][\uDC00-\uDFFF]/.test(r.input))).toBe(true);
    // Every string of hashCode is salted, bucketed, digested, reversed and written plainly.
    for (const section of ['salt', 'bucket', 'digest', 'reverse', 'utf8']) {
      const inputs = new Set(vectors(section).map((v) => v.record.x));
      expect(golden.hashCode.every((r) => inputs.has(r.input)), section).toBe(true);
    }
  });
  it('String.hashCode', () => {
    for (const r of golden.hashCode) expect(javaStringHashCode(r.input), r.input).toBe(r.hash);
  });
  it('a long field gives the same key as a number, a bigint and a decimal string', () => {
    for (const section of ['reverseTs', 'long']) {
      for (const v of vectors(section)) {
        const [name, value] = Object.entries(v.record)[0] as [string, string];
        const t = compileTemplate(v.template);
        expect(toHex(t.encode({ [name]: BigInt(value) })), `${v.template} ${value}`).toBe(v.key);
        if (Number.isSafeInteger(Number(value))) expect(toHex(t.encode({ [name]: Number(value) }))).toBe(v.key);
      }
    }
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
