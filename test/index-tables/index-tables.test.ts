import { describe, expect, it } from 'vitest';
import {
  compileIndex,
  decodeIndexMetadata,
  encodeIndexMetadata,
  INDEX_METADATA_KEY,
  indexCells,
  indexLookup,
  indexRowkey,
  mainRowkeyOf,
  parseIndexDefinitions,
} from '../../src/index-tables/index.js';
import { isHotspotError } from '../../src/util/errors.js';

const FILE = `indexes:
  - name: by_email
    table: users
    fields: {email: email}
    unique: true
    covered: [name]
  - name: by_city
    table: users
    fields: [city]
    unique: false
  - name: by_day
    table: users
    fields: {day: string}
    unique: false
    key: '{salt(day,4)}_{day}'
    family: x
`;

const bytes = (...b: number[]) => Uint8Array.from(b);
const ascii = (s: string) => Uint8Array.from([...s].map((c) => c.charCodeAt(0)));

function failure(fn: () => unknown): { code: string; message: string } {
  try {
    fn();
  } catch (err) {
    if (isHotspotError(err)) return { code: err.code, message: err.message };
    throw err;
  }
  throw new Error('did not throw');
}

describe('parseIndexDefinitions', () => {
  it('reads every field, filling indexTable, key and family defaults', () => {
    const [email, city, day] = parseIndexDefinitions(FILE, 'ix.yaml');
    expect(email).toEqual({ name: 'by_email', table: 'users', indexTable: 'users_by_email', fields: [{ name: 'email', type: 'email' }], unique: true, covered: ['name'], key: '{email}', family: 'i', line: 2 });
    expect(city).toMatchObject({ indexTable: 'users_by_city', fields: [{ name: 'city' }], unique: false, covered: [], key: '{city}', family: 'i' });
    expect(day).toMatchObject({ key: '{salt(day,4)}_{day}', family: 'x', line: 15 });
  });

  it('names file, line and field for a misspelt field, a missing unique and a key that leaves a field out', () => {
    expect(failure(() => parseIndexDefinitions('indexes:\n  - name: a\n    table: t\n    fields: [x]\n    uniq: true\n', 'f.yaml'))).toEqual({
      code: 'INDEX_UNKNOWN_FIELD',
      message: 'f.yaml:5 (indexes[0].uniq): unknown field "uniq"; known fields here: name, table, indexTable, fields, unique, covered, key, family',
    });
    expect(failure(() => parseIndexDefinitions('indexes:\n  - name: a\n    table: t\n    fields: [x]\n', 'f.yaml'))).toMatchObject({ code: 'INDEX_INVALID', message: expect.stringMatching(/^f\.yaml:2 \(indexes\[0\]\.unique\): must be true/) });
    expect(failure(() => parseIndexDefinitions("indexes:\n  - name: a\n    table: t\n    fields: [x, y]\n    unique: true\n    key: '{x}'\n", 'f.yaml'))).toMatchObject({
      code: 'INDEX_KEY_FIELDS',
      message: expect.stringMatching(/^f\.yaml:6 \(indexes\[0\]\.key\): index a: key "\{x\}" does not write y/),
    });
    expect(failure(() => parseIndexDefinitions("indexes:\n  - name: a\n    table: t\n    fields: [x]\n    unique: true\n    key: '{x}{z}'\n", 'f.yaml')).code).toBe('TEMPLATE_UNKNOWN_FIELD');
    expect(failure(() => parseIndexDefinitions("indexes:\n  - name: a\n    table: t\n    fields: [x]\n    unique: true\n    covered: [_row]\n", 'f.yaml')).code).toBe('INDEX_INVALID');
  });
});

describe('index rowkeys', () => {
  const [email, city, day] = parseIndexDefinitions(FILE, 'ix.yaml').map((d) => compileIndex(d));

  it('unique: the value alone, looked up with one get; the main rowkey lives in i:_row at the main timestamp', () => {
    // "a@b.c" = 61 40 62 2e 63
    expect(indexRowkey(email!, { email: 'a@b.c' }, ascii('u1'))).toEqual(bytes(0x61, 0x40, 0x62, 0x2e, 0x63));
    expect(indexLookup(email!, { email: 'a@b.c' })).toEqual({ kind: 'get', row: bytes(0x61, 0x40, 0x62, 0x2e, 0x63) });
    expect(indexCells(email!, { email: 'a@b.c', name: 'Ann' }, ascii('u1'), 1_700_000_000_000)).toEqual([
      { family: 'i', qualifier: '_row', value: bytes(0x75, 0x31), timestamp: 1_700_000_000_000 },
      { family: 'i', qualifier: 'name', value: bytes(0x41, 0x6e, 0x6e), timestamp: 1_700_000_000_000 },
    ]);
    expect(failure(() => mainRowkeyOf(email!, bytes(0x61))).code).toBe('INDEX_ROW_LAYOUT');
  });

  it('non-unique: value, 0x00, main rowkey; the scan [value 00, value 01) holds "ab" rows and not "abc" rows', () => {
    const row = indexRowkey(city!, { city: 'ab' }, ascii('r1'));
    expect(row).toEqual(bytes(0x61, 0x62, 0x00, 0x72, 0x31));
    expect(indexLookup(city!, { city: 'ab' })).toEqual({ kind: 'scan', startRow: bytes(0x61, 0x62, 0x00), stopRow: bytes(0x61, 0x62, 0x01) });
    // "abc" + 00 + "r2" starts 61 62 63: byte 3 (0x63) is past the stop row's 0x01, so the scan of "ab" never reads it
    expect(indexRowkey(city!, { city: 'abc' }, ascii('r2'))).toEqual(bytes(0x61, 0x62, 0x63, 0x00, 0x72, 0x32));
    expect(mainRowkeyOf(city!, row)).toEqual(ascii('r1'));
    expect(failure(() => indexRowkey(city!, { city: 'a\u0000b' }, ascii('r1'))).code).toBe('INDEX_VALUE_ZERO_BYTE');
    expect(failure(() => indexCells(city!, { city: 'ab' }, ascii('r1'), -1)).code).toBe('INDEX_TIMESTAMP');
  });

  it('salted key: Java "b".hashCode() = 98, 98 % 4 = 2, so "02_b" then 0x00 and the main rowkey', () => {
    expect(indexRowkey(day!, { day: 'b' }, ascii('m'))).toEqual(bytes(0x30, 0x32, 0x5f, 0x62, 0x00, 0x6d));
    expect(indexLookup(day!, { day: 'b' })).toEqual({ kind: 'scan', startRow: bytes(0x30, 0x32, 0x5f, 0x62, 0x00), stopRow: bytes(0x30, 0x32, 0x5f, 0x62, 0x01) });
  });

  it('fixed-width value: 0x00 bytes inside the value are fine, the main rowkey starts after width + 1', () => {
    const ts = compileIndex({ name: 'by_ts', table: 't', indexTable: 't_by_ts', fields: [{ name: 'ts' }], unique: false, covered: [], key: '{long(ts)}', family: 'i' });
    expect(ts.valueWidth).toBe(8);
    // 258 = 0x0102 as an 8-byte big-endian long
    const row = indexRowkey(ts, { ts: 258 }, ascii('k'));
    expect(row).toEqual(bytes(0, 0, 0, 0, 0, 0, 1, 2, 0, 0x6b));
    expect(mainRowkeyOf(ts, row)).toEqual(ascii('k'));
  });
});

describe('index METADATA', () => {
  it('round-trips a table\'s definitions through the descriptor value', () => {
    const defs = parseIndexDefinitions(FILE, 'ix.yaml');
    const value = encodeIndexMetadata('users', defs);
    expect(INDEX_METADATA_KEY).toBe('hbase-hotspot.indexes');
    expect(JSON.parse(value).indexes[1]).toEqual({ name: 'by_city', table: 'users', indexTable: 'users_by_city', fields: ['city'], unique: false, covered: [], key: '{city}', family: 'i' });
    expect(decodeIndexMetadata('users', value)).toEqual(defs.map(({ line: _l, ...d }) => d));
    expect(failure(() => encodeIndexMetadata('orders', defs)).code).toBe('INDEX_METADATA');
    expect(failure(() => decodeIndexMetadata('orders', value)).message).toMatch(/^METADATA hbase-hotspot\.indexes of orders: index by_email names table users/);
  });
});
