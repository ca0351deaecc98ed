/**
 * The name index of a region list: built from the names, or recorded by a reader that knows them unique, whose
 * positions are mapped only when asked for.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { knownNameIndex, nameIndexOf, rememberUniqueNames, uniqueNameIndex } from '../../src/model/name-index.js';

const list = (...names: string[]) => names.map((encodedName) => ({ encodedName }));

describe('name index', () => {
  it('maps each name to its position, the last for a name listed twice, and says whether any is', () => {
    const twice = list('a', 'b', 'a');
    expect(nameIndexOf(twice).unique).toBe(false);
    expect([...nameIndexOf(twice).positions]).toEqual([['a', 2], ['b', 1]]);
    const once = list('c', 'd');
    expect(nameIndexOf(once).unique).toBe(true);
    // recorded: the same index is given again
    expect(nameIndexOf(once)).toBe(nameIndexOf(once));
  });

  it('takes a list known to hold no name twice as unique, mapping its positions once when first asked', () => {
    const regions = list('r2', 'r0', 'r1');
    rememberUniqueNames(regions);
    const index = knownNameIndex(regions);
    expect(index?.unique).toBe(true);
    expect(nameIndexOf(regions)).toBe(index);
    expect([...(index?.positions ?? [])]).toEqual([['r2', 0], ['r0', 1], ['r1', 2]]);
    expect(index?.positions).toBe(index?.positions);
    expect(knownNameIndex(list('r2'))).toBeUndefined();
  });

  it('uniqueNameIndex: undefined when a name is listed twice, else an index mapping the positions when asked', () => {
    expect(uniqueNameIndex(['a', 'b', 'a'])).toBeUndefined();
    expect(uniqueNameIndex(['x', 'x'])).toBeUndefined();
    expect(uniqueNameIndex([])?.unique).toBe(true);
    const index = uniqueNameIndex(['r2', 'r0', 'r1']);
    expect(index?.unique).toBe(true);
    expect([...(index?.positions ?? [])]).toEqual([['r2', 0], ['r0', 1], ['r1', 2]]);
    expect(index?.positions).toBe(index?.positions);
    // 100,000 encoded names (32 hex digits, numbered like a generated series'): unique; one repeated at the end is not
    const names = Array.from({ length: 100_000 }, (_, i) => i.toString(16).padStart(32, '0'));
    expect(uniqueNameIndex(names)?.unique).toBe(true);
    expect(uniqueNameIndex(names)?.positions.get('00000000000000000000000000001234')).toBe(0x1234);
    expect(uniqueNameIndex([...names, '00000000000000000000000000001234'])).toBeUndefined();
  });

  it('uniqueNameIndex agrees with a Set of the names on any list', () => {
    fc.assert(
      fc.property(fc.array(fc.string({ maxLength: 4 }), { maxLength: 60 }), (names) => {
        expect(uniqueNameIndex(names) !== undefined).toBe(new Set(names).size === names.length);
      }),
      { numRuns: 500, seed: 7 },
    );
  });
});
