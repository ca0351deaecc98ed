import { describe, expect, it } from 'vitest';
import { toStringBinary } from '../../src/bytes/index.js';
import { splitPointBytes } from '../../src/lint/rules/reach.js';
import { regionCount, splitAlphabet } from '../../src/lint/rules/links.js';
import { parseShellScript } from '../../src/lint/shell/script.js';
import { shellSplitKey, splitPointMangled } from '../../src/lint/shell/split-keys.js';

/** The split points of `create 't', 'd', SPLITS => [<points>]` as the lexer hands them on. */
const points = (list: string): readonly string[] => {
  const splits = parseShellScript(`create 't', 'd', SPLITS => [${list}]\n`, 'x.hbase')[0]?.splits;
  if (splits?.kind !== 'points') throw new Error('no points');
  return splits.points;
};

describe('split points as hbase shell makes them (admin.rb: Bytes.toBytesBinary of each)', () => {
  // Each row was run through the local test cluster's shell (HBase 2.6 classes): Bytes.toStringBinary(Bytes.toBytesBinary(s)) for the Ruby literal.
  it.each([
    [`'\\x10'`, '\\x10'],
    [`"\\x20"`, ' '],
    [`"\\x80"`, '\\xFD'],
    [`"\\xff"`, '\\xFD'],
    [`'a\\\\b'`, 'a\\x5Cb'],
    [`"é"`, '\\xE9'],
    [`"中"`, '-'],
    [`'a\\xZZ'`, 'axZZ'],
  ])('%s -> %s', (literal, shown) => {
    const [point] = points(literal);
    const key = shellSplitKey(point as string);
    expect(key && toStringBinary(key)).toBe(shown);
  });

  it.each([`'\\x'`, `'abc\\x4'`])('%s fails in toBytesBinary (String index out of range)', (literal) => {
    expect(shellSplitKey(points(literal)[0] as string)).toBeUndefined();
  });

  it('keeps a double-quoted string of valid UTF-8 bytes as its characters: "\\xC3\\xA9" is é, one byte 0xE9', () => {
    expect(points(`"\\xC3\\xA9", "a\\x01"`)).toEqual(['é', 'a\u0001']);
  });

  it('writes an astral character as the low byte of each UTF-16 unit', () => {
    // U+1F600 is the units D83D DE00
    expect(shellSplitKey('\u{1F600}')).toEqual(Uint8Array.of(0x3d, 0x00));
    expect(splitPointMangled('\u{1F600}')).toContain('0x3D 0x00');
  });

  it('judges pre-splits on those keys: single-quoted escapes are bytes, repeats one region', () => {
    const splits = parseShellScript(`create 't', 'd', SPLITS => ['\\x02', '\\x01', 'b', '\\x62']\n`, 'x.hbase')[0]?.splits;
    if (splits?.kind !== 'points') throw new Error('no points');
    expect(splitPointBytes(splits)).toEqual([Uint8Array.of(1), Uint8Array.of(2), Uint8Array.of(0x62)]);
    expect(regionCount(splits)).toBe(4);
    expect(splitAlphabet({ kind: 'points', points: ['\\x01', '\\x02'], place: splits.place })).toBe('binary');
    expect(splitAlphabet({ kind: 'points', points: ['\\x31', '2'], place: splits.place })).toBe('decimal');
  });
});
