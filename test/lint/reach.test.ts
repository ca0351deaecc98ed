import { describe, expect, it } from 'vitest';
import { compareBytes, toBytesBinary, utf8Bytes } from '../../src/bytes/index.js';
import { compileTemplate } from '../../src/keys/template/index.js';
import { keyDesign } from '../../src/lint/key-design.js';
import { regionReach, splitPointBytes } from '../../src/lint/rules/reach.js';
import type { SplitModel } from '../../src/lint/model.js';
import { computeSplits } from '../../src/regions/index.js';

const PLACE = { file: 't.hbase', line: 1, column: 1 };
const algorithm = (name: string, regions: number): SplitModel => ({ kind: 'algorithm', algorithm: name, numRegions: regions, place: PLACE });

/** Park-Miller numbers, so the ids are the same on every run. */
function ids(count: number, seed: number): string[] {
  let s = seed;
  return Array.from({ length: count }, () => {
    s = (s * 48271) % 2147483647;
    return `id-${s.toString(36)}`;
  });
}

/** The regions (0-based) real keys of `template` land in. */
function regionsHit(template: string, points: readonly Uint8Array[], field: string, values: readonly (string | number)[]): Set<number> {
  const compiled = compileTemplate(template);
  const hit = new Set<number>();
  for (const v of values) {
    const key = compiled.encode({ [field]: v });
    // the region is the number of points at or below the key (binary search over the ascending points)
    let lo = 0;
    let hi = points.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (compareBytes(points[mid]!, key) <= 0) lo = mid + 1;
      else hi = mid;
    }
    hit.add(lo);
  }
  return hit;
}

describe('regionReach: the regions a key design can write to', () => {
  // Real keys from 8,000 random ids: every region a real key lands in must be called reachable (the look-up never
  // calls a written region empty), and for salts and short hash prefixes, whose every value the ids cover, the
  // reachable regions are exactly those.
  const cases: [string, SplitModel, 'exact' | 'sound'][] = [
    ['{salt(id,16)}_{id}', algorithm('HexStringSplit', 30), 'exact'],
    ['{salt(id,256)}_{id}', algorithm('HexStringSplit', 300), 'exact'],
    ['{salt(id,100,"%02d")}:{id}', algorithm('HexStringSplit', 16), 'exact'],
    ['{bucket(id,16)}_{id}', algorithm('DecimalStringSplit', 20), 'exact'],
    ['{md5(id,2)}_{id}', algorithm('HexStringSplit', 300), 'exact'],
    ['{phoenixSalt(8)}{id}', algorithm('UniformSplit', 8), 'exact'],
    ['t_{md5(id,3)}{id}', { kind: 'points', points: ['t_1', 't_8', 't_8\\xFF', 't_f', 'u'], binaryForm: true, place: PLACE }, 'exact'],
    // a salt after a hash: the salt's values no longer sort in bucket order across the key
    ['{md5(id,1)}{salt(id,16)}_{id}', algorithm('HexStringSplit', 64), 'exact'],
    ['{md5(id,8)}_{id}', algorithm('UniformSplit', 40), 'sound'],
    ['{id}', algorithm('HexStringSplit', 16), 'sound'],
  ];
  it.each(cases)('%s over %o', (template, splits, kind) => {
    const points = splitPointBytes(splits)!;
    const hit = regionsHit(template, points, 'id', ids(8_000, 7));
    const reach = regionReach(keyDesign(template, []), points);
    const reachable = reach === undefined ? new Set(Array.from({ length: points.length + 1 }, (_v, i) => i)) : new Set(Array.from({ length: points.length + 1 }, (_v, i) => i).filter((i) => !reach.neverWritten.includes(i)));
    for (const r of hit) expect(reachable.has(r), `region ${r} is written`).toBe(true);
    if (kind === 'exact') expect([...reachable].sort((a, b) => a - b)).toEqual([...hit].sort((a, b) => a - b));
  });

  it('stays sound for many salt values over many regions', () => {
    // 4096 salts of three hex characters ("000".."fff") then "_", over 6000 HexStringSplit regions: every region whose
    // range lies between "xyz_" prefixes is empty; a salt after a hash merges its patterns past 2,000,000 tries
    const points = computeSplits('hex', { regions: 6000 });
    const ordered = regionReach(keyDesign('{salt(id,4096)}_{id}', []), points)!;
    const hit = regionsHit('{salt(id,4096)}_{id}', points, 'id', ids(4000, 11));
    for (const r of hit) expect(ordered.neverWritten).not.toContain(r);
    expect(ordered.neverWritten.length).toBeGreaterThan(0);
    const merged = regionReach(keyDesign('{md5(id,2)}{salt(id,4096)}_{id}', []), points)!;
    for (const r of regionsHit('{md5(id,2)}{salt(id,4096)}_{id}', points, 'id', ids(4000, 13))) expect(merged.neverWritten).not.toContain(r);
  });

  it('reads split points as the input wrote them', () => {
    // a script's "\xFF" is one byte; a live table's toStringBinary text is decoded
    expect(splitPointBytes({ kind: 'points', points: ['\u00ff', 'b'], place: PLACE })).toEqual([Uint8Array.of(0x62), Uint8Array.of(0xff)]);
    expect(splitPointBytes({ kind: 'points', points: ['\\xFF', 'b', 'b'], binaryForm: true, place: PLACE })).toEqual([Uint8Array.of(0x62), toBytesBinary('\\xFF')]);
    expect(splitPointBytes(algorithm('HexStringSplit', 4))).toEqual(computeSplits('hex', { regions: 4 }));
    expect(splitPointBytes({ kind: 'points', points: ['é'], place: PLACE })).toEqual([Uint8Array.of(0xe9)]);
    // the shell's Bytes.toBytesBinary writes (byte) ch: U+20AC is 0xAC, not UTF-8 (the shell writes 中 as -)
    expect(splitPointBytes({ kind: 'points', points: ['€'], place: PLACE })).toEqual([Uint8Array.of(0xac)]);
    expect(splitPointBytes({ kind: 'file', file: 's.txt', place: PLACE })).toBeUndefined();
  });

  it('says nothing about a key whose leading part does not narrow its bytes', () => {
    expect(regionReach(keyDesign('{id}_{x}', []), computeSplits('hex', { regions: 8 }))).toBeUndefined();
    expect(regionReach(keyDesign('{long(id)}', []), computeSplits('uniform', { regions: 8 }))).toBeUndefined();
  });

  it('counts a region below every key and one above every key as never written', () => {
    // keys "k" + two decimal digits: [,"j") holds none, ["j","k0") none, ["k0","k5") and ["k5","l") some, ["l",) none
    const reach = regionReach(keyDesign('k{pad(n,2)}', []), ['j', 'k0', 'k5', 'l'].map((p) => utf8Bytes(p)));
    expect(reach).toEqual({ regions: 5, neverWritten: [0, 1, 4] });
    // a split point inside the leading part: "k55" falls between "k5" + digits, so both sides are written
    expect(regionReach(keyDesign('k{pad(n,2)}', []), ['k55'].map((p) => utf8Bytes(p)))).toEqual({ regions: 2, neverWritten: [] });
  });
});
