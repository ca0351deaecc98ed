// The compatibility salts as template functions, driven through the registry contract directly (call site in,
// compiled call out, then the fill step the compiler runs once the rest of the key is written).
import { describe, expect, it } from 'vitest';
import { toHex } from '../../../src/bytes/index.js';
import type { CallSite, CompiledArg } from '../../../src/keys/functions/index.js';
import { defaultFunctions } from '../../../src/keys/functions/index.js';
import { compileTemplate } from '../../../src/keys/template/index.js';

const site = (name: string, ...ints: number[]): CallSite => ({
  name,
  source: `${name}(${ints.join(', ')})`,
  position: 1,
  args: ints.map((value, i): CompiledArg => ({ kind: 'int', value, source: String(value), position: 3 + i })),
});
/** Compiles the call, writes `rest` after its placeholder and fills it, as the compiler does. */
const key = (name: string, ints: number[], rest: number[]): string => {
  const call = defaultFunctions.get(name)?.compile(site(name, ...ints));
  if (!call?.fillFromFollowing || call.fixedWidth === undefined) throw new Error(`${name} is not a following-bytes salt`);
  const bytes = Uint8Array.of(...new Array<number>(call.fixedWidth).fill(0), ...rest);
  call.fillFromFollowing(bytes, 0, bytes.length);
  return toHex(bytes);
};

describe('compat template functions', () => {
  it('are registered under their template names and part kinds', () => {
    expect(defaultFunctions.get('phoenixSalt')?.kind).toBe('phoenixSalt');
    expect(defaultFunctions.get('hbasewd')?.kind).toBe('hbasewdPrefix');
    expect(defaultFunctions.get('opentsdbSalt')?.kind).toBe('opentsdbSalt');
  });

  it('phoenixSalt(8) over "t1\\0i1" is 0x02 (Arrays.hashCode by hand: 137220650 % 8 = 2)', () => {
    expect(key('phoenixSalt', [8], [0x74, 0x31, 0x00, 0x69, 0x31])).toBe('027431006931');
  });

  it('hbasewd(3) over the Integer.MIN_VALUE key writes 0xFE; phoenixSalt(3) writes 0x02', () => {
    const minKey = [0x96, 0x00, 0xf6, 0x00, 0x13, 0xfe];
    expect(key('hbasewd', [3], minKey).slice(0, 2)).toBe('fe');
    expect(key('phoenixSalt', [3], minKey).slice(0, 2)).toBe('02');
  });

  it('opentsdbSalt(20, 1) matches OpenTSDB TestRowKey (metric 000001, tags 000001=000002 -> 0x09)', () => {
    expect(key('opentsdbSalt', [20, 1], [0, 0, 1, 0x50, 0xe2, 0x27, 0, 0, 0, 1, 0, 0, 2]).slice(0, 2)).toBe('09');
  });

  it('opentsdbSalt(20, 1, 3, 8) skips an 8-byte time instead of 4', () => {
    const time8 = [0, 0, 1, 0x3b, 0xf3, 0x68, 0x58, 0];
    expect(key('opentsdbSalt', [20, 1, 3, 8], [0, 0, 1, ...time8, 0, 0, 1, 0, 0, 1]).slice(0, 2)).toBe('08');
  });

  it('opentsdbSalt(20, 2) writes the bucket big-endian in two bytes', () => {
    expect(key('opentsdbSalt', [20, 2], [0, 0, 1, 0x50, 0xe2, 0x27, 0, 0, 0, 1, 0, 0, 1]).slice(0, 4)).toBe('0008');
  });

  it('an OpenTSDB annotation row (metric UID 0) stays unsalted even after a salted key from the same template', () => {
    const t = compileTemplate('{opentsdbSalt(20,1)}{uint(m,3)}{uint(ts,4)}{uint(k,3)}{uint(v,3)}');
    const annotation = '00' + '000000' + '00000001' + '000001' + '000001';
    expect(toHex(t.encode({ m: 0, ts: 1, k: 1, v: 1 }))).toBe(annotation);
    // Metric 5 salts to a non-zero byte; the next annotation row must not keep it.
    expect(toHex(t.encode({ m: 5, ts: 1, k: 1, v: 1 })).slice(0, 2)).not.toBe('00');
    expect(toHex(t.encode({ m: 0, ts: 1, k: 1, v: 1 }))).toBe(annotation);
  });

  it('bucket bytes follow bucket numbers', () => {
    const call = defaultFunctions.get('opentsdbSalt')?.compile(site('opentsdbSalt', 300, 2));
    expect(call?.buckets).toBe(300);
    expect(toHex(call?.bucketBytes?.(299) ?? new Uint8Array())).toBe('012b');
  });
});

describe('compat template function errors', () => {
  const compile = (name: string, ...ints: number[]) => () => defaultFunctions.get(name)?.compile(site(name, ...ints));

  it('names the call and position for bad bucket counts', () => {
    expect(compile('phoenixSalt', 0)).toThrow(/phoenixSalt\(0\) at template position 1: SALT_BUCKETS must be an integer from 1 to 256/);
    expect(compile('hbasewd', 257)).toThrow(expect.objectContaining({ code: 'COMPAT_BUCKETS_INVALID' }));
    expect(compile('opentsdbSalt', 257, 1)).toThrow(/from 1 to 256 for a 1-byte salt/);
  });

  it('opentsdbSalt takes 2 or 4 arguments, with widths 1..8', () => {
    expect(compile('opentsdbSalt', 20, 1, 3)).toThrow(expect.objectContaining({ code: 'TEMPLATE_ARITY' }));
    expect(compile('opentsdbSalt', 20, 1, 3, 9)).toThrow(expect.objectContaining({ code: 'TEMPLATE_ARGUMENT' }));
    expect(compile('opentsdbSalt', 20, 9)).toThrow(expect.objectContaining({ code: 'COMPAT_WIDTH_INVALID' }));
  });

  it('a key cut inside the OpenTSDB base time is refused with the template position', () => {
    expect(() => key('opentsdbSalt', [20, 1], [0, 0, 1, 0x50])).toThrow(/opentsdbSalt\(20, 1\) at template position 1: .*4-byte base time/);
  });
});
