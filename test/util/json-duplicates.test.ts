import { describe, expect, it } from 'vitest';
import { repeatedJsonKey } from '../../src/util/json-duplicates.js';

const check = (text: string) => repeatedJsonKey(text, JSON.parse(text));

describe('repeatedJsonKey', () => {
  it('finds nothing where every object states each key once', () => {
    expect(check('{"a":1,"b":[1,2,3],"c":{"a":1,"b":2}}')).toBeUndefined();
    // the same key in sibling objects of an array, and in an object and its parent, is no repeat
    expect(check('{"regions":[{"name":"x","n":1},{"name":"y","n":2}],"name":"t"}')).toBeUndefined();
    // strings that look like keys inside values, with escaped quotes and colons
    expect(check('{"a":"\\"a\\":1","b":["a:", "\\\\"],"c":"{\\"c\\":2}"}')).toBeUndefined();
    expect(check('[1,{"a":1}]')).toBeUndefined();
    expect(check('"text"')).toBeUndefined();
    expect(check('{}')).toBeUndefined();
  });

  it('names the repeated key by its path', () => {
    expect(check('{"timeMs":5,"timeMs":7}')).toBe('timeMs');
    expect(check('{"table":"t","regions":[{"name":"a"},{"name":"b","writeRequests":5,"readRequests":1,"writeRequests":7}]}')).toBe('regions[1].writeRequests');
    expect(check('{"a":{"b":[[0,{"c":1}],[{"d":1,"d":2}]]}}')).toBe('a.b[1][0].d');
    // with whitespace as JSON allows, and a key repeated through an escape of the same text
    expect(check('{ "a" : 1 ,\t"\\u0061" : 2 }')).toBe('a');
    expect(check('{"x\\"y":1,"x\\"y":2}')).toBe('x"y');
  });
});

describe('repeatedJsonKey on deep values', () => {
  it('walks a value nested 100,000 deep without overflowing the stack', () => {
    const deep = `{"a":${'['.repeat(100_000)}${']'.repeat(100_000)},"b":1}`;
    expect(check(deep)).toBeUndefined();
    expect(check(`{"a":${'{"x":'.repeat(50_000)}1${'}'.repeat(50_000)},"a":2}`)).toBe('a');
  });
});
