/**
 * The name index of a region list: built from the names, or recorded by a reader that knows them unique, whose
 * positions are mapped only when asked for.
 */
import { describe, expect, it } from 'vitest';
import { knownNameIndex, nameIndexOf, rememberUniqueNames } from '../../src/model/name-index.js';

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
});
