import { describe, expect, it } from 'vitest';
import { jsonErrorOffset } from '../../src/util/json-position.js';
import { parseRestSchema } from '../../src/lint/rest-schema.js';
import { errorOf, fixture } from './helpers.js';

describe('parseRestSchema', () => {
  it('reads the families with every attribute string and the place of each name', () => {
    const t = parseRestSchema(fixture('customer-schema.json'), 's.json');
    expect(t.name).toBe('customer');
    expect(t.attributes).toEqual({ IS_META: 'false' });
    expect(t.families.map((f) => [f.name, f.attributes['BLOOMFILTER'], f.attributes['TTL'], f.place.line, f.place.column])).toEqual([
      ['profile', 'NONE', '2147483647', 6, 15],
      ['h', 'ROW', '2592000', 16, 15],
    ]);
    expect(t.splits).toEqual({ kind: 'unknown' });
  });

  it.each([
    ['{"name": "t",\n "ColumnSchema": [}', 'LINT_JSON_SYNTAX', { file: 's.json', line: 2, column: 19 }],
    ['{"name": "t", "ColumnSchema": [', 'LINT_JSON_SYNTAX', { file: 's.json', line: 1, column: 32 }],
    ['{"ColumnSchema": []}', 'LINT_SCHEMA_SHAPE', { file: 's.json', field: 'name' }],
    ['{"name": "t"}', 'LINT_SCHEMA_SHAPE', { file: 's.json', field: 'ColumnSchema' }],
    ['{"name": "t", "ColumnSchema": [{"name": "d", "VERSIONS": 1}]}', 'LINT_SCHEMA_SHAPE', { file: 's.json', field: 'ColumnSchema[0].VERSIONS' }],
    ['[]', 'LINT_SCHEMA_SHAPE', { file: 's.json', field: '(root)' }],
  ])('rejects %j', (text, code, where) => {
    const err = errorOf(() => parseRestSchema(text, 's.json'));
    expect(err.code).toBe(code);
    expect(err.where).toEqual(where);
  });
});

describe('jsonErrorOffset', () => {
  it.each([
    ['{"a": 1}', undefined],
    ['[1, {"b": [true, null, "x\\"y"]}, -2.5e3]', undefined],
    ['{"a" 1}', 5],
    ['{"a": 1,}', 8],
    ['[1 2]', 3],
    ['{"a": tru}', 6],
    ['{"a": 1}}', 8],
    ['{"a": [', 7],
    ['', 0],
  ])('%j fails at %s', (text, offset) => {
    expect(jsonErrorOffset(text)).toBe(offset);
    let valid = true;
    try {
      JSON.parse(text);
    } catch {
      valid = false;
    }
    expect(valid).toBe(offset === undefined);
  });
});
