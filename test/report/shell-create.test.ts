import { describe, expect, it } from 'vitest';
import { toBytesBinary } from '../../src/bytes/index.js';
import { familyAttribute, parseFamilyOption, renderCreateStatement, rubySplitLiteral } from '../../src/report/shell-create.js';

describe('rubySplitLiteral', () => {
  it('writes toStringBinary text with the Ruby specials escaped (the shell runs Bytes.toBytesBinary on it)', () => {
    expect(rubySplitLiteral(toBytesBinary('01_'))).toBe('"01_"');
    expect(rubySplitLiteral(Uint8Array.of(0x00, 0xff))).toBe('"\\\\x00\\\\xFF"');
    expect(rubySplitLiteral(toBytesBinary('#{x}"'))).toBe('"\\#{x}\\""');
    expect(rubySplitLiteral(toBytesBinary('\\x5C'))).toBe('"\\\\x5C"');
  });
});

describe('column families', () => {
  it('parses --family specs, normalising names and values', () => {
    const f = parseFamilyOption('d:versions=3,ttl=forever,compression=zstd,in_memory=TRUE');
    expect([f.name, [...f.attributes]]).toEqual(['d', [['VERSIONS', 3], ['TTL', 'FOREVER'], ['COMPRESSION', 'ZSTD'], ['IN_MEMORY', 'true']]]);
    expect([...parseFamilyOption('m').attributes]).toEqual([]);
  });
  it('refuses bad names, items and values', () => {
    expect(() => parseFamilyOption('d:VERSIONS')).toThrow(/"VERSIONS" is not NAME=VALUE/);
    expect(() => parseFamilyOption('.d:VERSIONS=1')).toThrow(expect.objectContaining({ code: 'FAMILY_NAME_INVALID' }));
    expect(() => parseFamilyOption('d:VERSIONS=0')).toThrow(/VERSIONS "0" must be a whole number >= 1/);
    expect(() => familyAttribute('d', 'BLOCKSIZE', 1.5)).toThrow(expect.objectContaining({ code: 'FAMILY_ATTRIBUTE_INVALID' }));
    expect(() => familyAttribute('d', 'BLOOMFILTER', 'rows')).toThrow(/not one of NONE, ROW, ROWCOL/);
  });
  it('renders the create statement and refuses a family given twice or none', () => {
    const d = parseFamilyOption('d:VERSIONS=1');
    expect(renderCreateStatement("o'brien", [d], [])).toBe("create 'o\\'brien', {NAME => 'd', VERSIONS => 1}, SPLITS => []");
    expect(() => renderCreateStatement('t', [d, d], [])).toThrow(expect.objectContaining({ code: 'FAMILY_DUPLICATE' }));
    expect(() => renderCreateStatement('t', [], [])).toThrow(expect.objectContaining({ code: 'FAMILY_MISSING' }));
  });
});
