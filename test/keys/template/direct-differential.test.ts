// The direct encoder (src/keys/template/direct.ts) against the parts' own writers on random templates and records of
// every shape: for each record, encode(), encodeInto() at any offset of any buffer and encodeBatch() give the bytes of
// the parts written one by one, or throw the error (the same code) the first failing part throws.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compileTemplate } from '../../../src/keys/template/index.js';
import { directEncoder } from '../../../src/keys/template/direct.js';
import type { KeyRecord } from '../../../src/keys/types.js';
import { HotspotError } from '../../../src/util/errors.js';

const FIELDS = ['a', 'b', 'ts'];
/** The parts the direct encoder writes inline, and literals (delimiters, raw bytes, non-ASCII text). */
const part = fc.oneof(
  fc.constantFrom(...FIELDS).map((f) => `{${f}}`),
  fc.tuple(fc.constantFrom(...FIELDS), fc.constantFrom(1, 2, 3, 16, 100, 255, 256)).map(([f, n]) => `{salt(${f},${n})}`),
  fc.constantFrom(...FIELDS).map((f) => `{reverseTs(${f})}`),
  fc.constantFrom('_', '|', '\\x00', '\\xff', 'é', 'a-long-literal-of-twenty-bytes', ':'),
);
const template = fc.array(part, { minLength: 1, maxLength: 6 }).map((parts) => parts.join(''));

const value = fc.oneof(
  fc.string({ maxLength: 20 }),
  fc.string({ unit: 'binary', maxLength: 12 }),
  // "polygenelubricants".hashCode() is Integer.MIN_VALUE, whose Math.abs is negative
  { arbitrary: fc.constantFrom('', '\uD800', '\uDC00x', 'a\u{1F600}', 'é', '9223372036854775807', '-1', '0', '1709856000000', 'polygenelubricants'), weight: 3 },
  fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER }),
  fc.constantFrom(-0, -1, 1.5, NaN, Infinity, 2 ** 53, Number.MAX_SAFE_INTEGER, 999_999_999, 1e9, 854_775_808, true, null, undefined),
  fc.bigInt({ min: -(2n ** 64n), max: 2n ** 64n }),
);
const own = fc.record({ a: value, b: value, ts: value }, { requiredKeys: [] }) as fc.Arbitrary<KeyRecord>;
// Fields inherited from a prototype (Object.create, a class getter) are fields too, on every path.
const record = fc.oneof(own, own.map((fields) => Object.create(fields) as KeyRecord));

/** The key as the parts' own writers give it, or the code of the first error; an empty key is TEMPLATE_EMPTY_KEY. */
function reference(source: string, r: KeyRecord): number[] | string {
  try {
    const bytes = compileTemplate(source).parts.flatMap((p) => [...p.encode(r)]);
    return bytes.length === 0 ? 'TEMPLATE_EMPTY_KEY' : bytes;
  } catch (err) {
    return err instanceof HotspotError ? err.code : `not a HotspotError: ${String(err)}`;
  }
}

function outcome(fn: () => number[]): number[] | string {
  try {
    return fn();
  } catch (err) {
    return err instanceof HotspotError ? err.code : `not a HotspotError: ${String(err)}`;
  }
}

describe('the direct encoder against the parts written one by one', () => {
  it('gives the same bytes or the same error for every record, through encode, encodeInto and encodeBatch', () => {
    fc.assert(
      fc.property(template, fc.array(record, { minLength: 1, maxLength: 4 }), fc.nat({ max: 40 }), fc.nat({ max: 80 }), (source, records, offset, size) => {
        const t = compileTemplate(source);
        expect(directEncoder(t.parts, () => new Uint8Array(1))).toBeDefined();
        for (const r of records) {
          const want = reference(source, r);
          expect(outcome(() => [...t.encode(r)]), `${source} encode`).toEqual(want);
          const buffer = new Uint8Array(offset + size).fill(0xee);
          const into = outcome(() => {
            const n = t.encodeInto(r, buffer, offset);
            return [...buffer.subarray(offset, offset + n)];
          });
          if (typeof want === 'string' || want.length <= size) expect(into, `${source} encodeInto`).toEqual(want);
          else expect(into, `${source} encodeInto, too small`).toBe('not a HotspotError: RangeError: ' + `encodeInto: the rowkey needs ${want.length} bytes at offset ${offset}, but the buffer has ${size} from there; pass a buffer of at least ${offset + want.length} bytes`);
        }
        const wants = records.map((r) => reference(source, r));
        const failed = wants.findIndex((w) => typeof w === 'string');
        const batch = outcome(() => {
          const { bytes, offsets } = t.encodeBatch(records);
          return [...offsets].slice(1).map((end, i) => [...bytes.subarray(offsets[i], end)]) as unknown as number[];
        });
        expect(batch, `${source} encodeBatch`).toEqual(failed >= 0 ? wants[failed] : wants);
      }),
      { numRuns: 2000 },
    );
    // 2,000 generated templates, each compiled: about 8 s alone, several times that on a busy machine
  }, 180_000);
});
