// Every vector of the shared golden file (computed by a JDK) through the TypeScript template compiler; the JVM runs
// the same file through hbasehotspot.keys.RowkeyTemplate (scripts/jvm/golden-check.mjs).
import { describe, expect, it } from 'vitest';
import { firstMismatch, vectorSections, vectors } from './vectors.js';

describe('shared golden rowkey vectors (test/golden/functions.json)', () => {
  it('holds a section per template function family, and keys that decode', () => {
    expect(vectorSections()).toEqual([
      'salt', 'bucket', 'digest', 'reverse', 'utf8', 'reverseTs', 'date', 'long', 'keys', 'saltFormat', 'ints', 'phoenixInts',
      'systemKeys', 'padBytes', 'arithmetic', 'padWide', 'dateZone', 'compatPrefixes', 'errors',
    ]);
    const all = vectorSections().flatMap((s) => vectors(s));
    expect(all.length).toBe(1852);
    expect(all.filter((v) => v.error !== undefined).length).toBe(76);
    expect(all.filter((v) => v.decoded !== undefined).length).toBe(925);
  });
  it.each(vectorSections())('%s: each key byte for byte, and decoded back where the JDK reads it back', (section) => {
    expect(firstMismatch(section)).toBeUndefined();
  });
});
