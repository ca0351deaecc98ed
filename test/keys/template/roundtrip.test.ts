import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compareBytes, toStringBinary } from '../../../src/bytes/index.js';
import { compileTemplate } from '../../../src/keys/template/index.js';

// Text without the delimiter "_" (any code point, surrogate pairs included, no lone surrogates).
const text = fc.string({ unit: 'grapheme', minLength: 1, maxLength: 12 }).filter((s) => !s.includes('_'));
const anyText = fc.string({ unit: 'grapheme', maxLength: 12 });
const epochMs = fc.integer({ min: 0, max: 253_402_300_799_999 });
const long = fc.bigInt({ min: 0n, max: 2n ** 63n - 1n }).map((v) => (v <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(v) : v));

describe('decode(encode(r)) = r on random records', () => {
  it('salt + id + reverse timestamp', () => {
    const t = compileTemplate('{salt(deviceId,16)}_{deviceId}_{reverseTs(ts)}');
    fc.assert(fc.property(text, long, (deviceId, ts) => {
      expect(t.decode(t.encode({ deviceId, ts }))).toEqual({ deviceId, ts });
    }));
  });
  it('the playbook time-series key with a salt over concat and two delimited fields', () => {
    const t = compileTemplate('{salt(concat(metric,"_",device),32)}_{metric}_{device}_{reverseTs(ts)}');
    fc.assert(fc.property(text, text, epochMs, (metric, device, ts) => {
      expect(t.decode(t.encode({ metric, device, ts }))).toEqual({ metric, device, ts });
    }));
  });
  it('fixed-width binary and decimal parts with a \\x00 delimiter and any text', () => {
    const t = compileTemplate('{bucket(user,100)}{md5(user,4)}{reverse(user)}\\x00{long(seq)}{pad(n,6)}{reverseLong(ts)}{date(ts,"yyyyMMddHHmmssSSS")}');
    const noNul = anyText.filter((s) => !s.includes('\u0000'));
    fc.assert(fc.property(noNul, fc.bigInt({ min: -(2n ** 63n), max: 2n ** 63n - 1n }), fc.integer({ min: 0, max: 999_999 }), epochMs, (user, seqBig, n, ts) => {
      const seq = seqBig >= BigInt(Number.MIN_SAFE_INTEGER) && seqBig <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(seqBig) : seqBig;
      expect(t.decode(t.encode({ user, seq, n, ts }))).toEqual({ user, seq, n, ts });
    }));
  });
  it('a numeric field written in plain decimal decodes as a number', () => {
    const t = compileTemplate('{host}_{ts}_{date(ts,"yyyyMMdd")}');
    fc.assert(fc.property(text, epochMs, (host, ts) => {
      expect(t.decode(t.encode({ host, ts }))).toEqual({ host, ts });
    }));
  });
});

describe('key order', () => {
  it('reverseTs and reverseLong put newer first; pad keeps numeric order (anti-pattern 3)', () => {
    const rts = compileTemplate('u_{reverseTs(t)}');
    const rl = compileTemplate('u_{reverseLong(t)}');
    const padded = compileTemplate('{pad(n,3)}');
    fc.assert(fc.property(long, long, (a, b) => {
      fc.pre(a < b);
      expect(compareBytes(rts.encode({ t: a }), rts.encode({ t: b }))).toBeGreaterThan(0);
      expect(compareBytes(rl.encode({ t: a }), rl.encode({ t: b }))).toBeGreaterThan(0);
    }));
    const sorted = [1, 10, 100, 2, 20, 3].map((n) => padded.encode({ n })).sort(compareBytes).map((k) => toStringBinary(k));
    expect(sorted).toEqual(['001', '002', '003', '010', '020', '100']);
  });
});

describe('the fused bulk encoder', () => {
  it('writes the same bytes as the parts encoded one by one, for any text and time', () => {
    const templates = [
      '{salt(id,16)}_{id}_{reverseTs(ts)}',
      '{salt(id,16)}{bucket(id,100)}_{salt(id,256)}{id}|{id}',
      '{salt(id,8)}{pad(ts,16)}{id}{reverseTs(ts)}{salt(id,300)}',
    ].map((s) => compileTemplate(s));
    const id = fc.oneof(fc.string({ unit: 'binary', maxLength: 10 }), fc.string({ maxLength: 10 }), fc.integer({ min: -5, max: 1e6 }));
    const ts = fc.oneof(fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER }), fc.bigInt({ min: 0n, max: 2n ** 63n - 1n }).filter((v) => v < 10n ** 15n));
    fc.assert(fc.property(id, ts, (idValue, tsValue) => {
      for (const t of templates) {
        const record = { id: idValue, ts: tsValue };
        let whole: Uint8Array;
        try {
          whole = t.encode(record);
        } catch {
          return; // an empty key (an empty id alone) is an error, tested elsewhere
        }
        const pieces = t.parts.map((p) => [...p.encode(record)]).flat();
        expect([...whole]).toEqual(pieces);
      }
    }));
  });
});
