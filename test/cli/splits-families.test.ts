import { describe, expect, it } from 'vitest';
import { parseFamiliesText, parseFamilyOption } from '../../src/cli/commands/splits-families.js';

describe('--family', () => {
  it('parses specs into the shell adapter\'s family options, normalising values', () => {
    expect(parseFamilyOption('d:versions=3,ttl=7776000,compression=zstd,in_memory=TRUE,BLOCKSIZE=65536')).toEqual({
      name: 'd', versions: 3, ttlSeconds: 7776000, compression: 'ZSTD', inMemory: true, blockSizeBytes: 65536,
    });
    expect(parseFamilyOption('m:TTL=5,TTL=FOREVER,BLOCKCACHE=false')).toEqual({ name: 'm', blockCache: false });
    expect(parseFamilyOption('m')).toEqual({ name: 'm' });
  });
  it('refuses bad names, items and values', () => {
    expect(() => parseFamilyOption('d:VERSIONS')).toThrow(/"VERSIONS" is not NAME=VALUE/);
    expect(() => parseFamilyOption('.d:VERSIONS=1')).toThrow(expect.objectContaining({ code: 'FAMILY_NAME_INVALID' }));
    // HBase's isLegalColumnFamilyName: "Column Family name cannot be: recovered.edits".
    expect(() => parseFamilyOption('recovered.edits')).toThrow(expect.objectContaining({ code: 'FAMILY_NAME_INVALID', message: expect.stringContaining('"recovered.edits" is the name HBase keeps') }));
    expect(() => parseFamiliesText('recovered.edits: {}\n', 'f.yaml')).toThrow(/^f\.yaml:1: column family name "recovered\.edits"/);
    expect(parseFamilyOption('recovered.edit').name).toBe('recovered.edit');
    expect(() => parseFamilyOption('d:VERSIONS=0')).toThrow(/VERSIONS "0" must be a whole number from 1 to 2147483647/);
    expect(() => parseFamilyOption('d:BLOCKSIZE=1.5')).toThrow(expect.objectContaining({ code: 'FAMILY_ATTRIBUTE_INVALID' }));
    expect(() => parseFamilyOption('d:BLOOMFILTER=rows')).toThrow(/not one of NONE, ROW, ROWCOL/);
    expect(() => parseFamilyOption('d:IN_MEMORY=yes')).toThrow(/IN_MEMORY "yes" is not true or false/);
  });
  it('takes what HBase 2.6 takes at the edges: a Java int of versions and TTL seconds, BLOCKSIZE 1 KiB to 16 MiB', () => {
    // Integer.MAX_VALUE (HConstants.FOREVER for a TTL); TableDescriptorChecker's BLOCKSIZE range is 1024 to 16 * 1024 * 1024
    expect(parseFamilyOption('d:VERSIONS=2147483647,TTL=2147483647,BLOCKSIZE=16777216')).toEqual({ name: 'd', versions: 2147483647, ttlSeconds: 2147483647, blockSizeBytes: 16777216 });
    expect(parseFamilyOption('d:BLOCKSIZE=1024')).toEqual({ name: 'd', blockSizeBytes: 1024 });
    expect(() => parseFamilyOption('d:VERSIONS=2147483648')).toThrow(/VERSIONS "2147483648" must be a whole number from 1 to 2147483647/);
    expect(() => parseFamilyOption('d:TTL=2147483648')).toThrow(/TTL "2147483648" must be a whole number from 1 to 2147483647 \(seconds; FOREVER is the largest\)/);
    expect(() => parseFamilyOption('d:BLOCKSIZE=16777217')).toThrow(/BLOCKSIZE "16777217" must be a whole number from 1024 to 16777216/);
    expect(() => parseFamilyOption('d:BLOCKSIZE=1023')).toThrow(/BLOCKSIZE "1023" must be a whole number from 1024 to 16777216/);
  });
  it('takes decimal digits only, as Integer.parseInt does, not the other number forms JavaScript reads', () => {
    for (const text of ['0x10', '1e3', '1.0', '0b11', '0o7', 'Infinity']) {
      expect(() => parseFamilyOption(`d:VERSIONS=${text}`)).toThrow(new RegExp(`VERSIONS "${text}" must be a whole number from 1 to 2147483647`));
    }
    expect(parseFamilyOption('d:VERSIONS=+3,TTL=0086400')).toEqual({ name: 'd', versions: 3, ttlSeconds: 86400 });
  });
});

describe('families file', () => {
  it('names file, line and family.ATTRIBUTE', () => {
    expect(() => parseFamiliesText('d:\n  VERSIONS: 1\n  TTL: -5\n', 'f.yaml')).toThrow(/^f\.yaml:3 \(d\.TTL\): column family "d": TTL "-5" must be a whole number from 1 to 2147483647 \(seconds; FOREVER is the largest\)/);
    expect(() => parseFamiliesText('d: {COLOUR: red}', 'f.yaml')).toThrow(/unknown attribute "COLOUR"/);
    expect(() => parseFamiliesText('- d\n', 'f.yaml')).toThrow(/expected a mapping of column family name/);
    expect(() => parseFamiliesText('d: 5\n', 'f.yaml')).toThrow(/expected a mapping of attributes/);
    expect(() => parseFamiliesText('d: {a: 1\n', 'f.yaml')).toThrow(expect.objectContaining({ code: 'FAMILIES_FILE_INVALID' }));
    expect(() => parseFamiliesText('"bad name": {}\n', 'f.yaml')).toThrow(expect.objectContaining({ code: 'FAMILY_NAME_INVALID' }));
    expect(parseFamiliesText('{"d": {"VERSIONS": 3}, "m": null}', 'f.json')).toEqual([{ name: 'd', versions: 3 }, { name: 'm' }]);
  });

  it('quotes names and values from the file cut short on one printable line', () => {
    // Before, an escape sequence or line break in a value or a name reached the terminal as it was, and a long value
    // was quoted whole.
    const failure = (text: string) => {
      try {
        parseFamiliesText(text, 'f.yaml');
      } catch (e) {
        return e as { code: string; message: string };
      }
      throw new Error('accepted');
    };
    expect(failure('d: {BLOCKSIZE: "1\\u001b[31m\\nx"}\n')).toMatchObject({ code: 'FAMILY_ATTRIBUTE_INVALID', message: 'f.yaml:1 (d.BLOCKSIZE): column family "d": BLOCKSIZE "1\\x1B[31m\\x0Ax" must be a whole number from 1024 to 16777216 (bytes: 1 KiB to 16 MiB, as HBase\'s table checks allow)' });
    expect(failure(`d: {VERSIONS: "${'9'.repeat(100_000)}"}\n`).message).toBe(`f.yaml:1 (d.VERSIONS): column family "d": VERSIONS "${'9'.repeat(40)}…" must be a whole number from 1 to 2147483647`);
    expect(failure('"a\\u0007b": {}\n')).toMatchObject({ code: 'FAMILY_NAME_INVALID', message: 'f.yaml:1: column family name "a\\x07b" is not valid; use letters, digits, \'_\', \'-\' and \'.\' (short names like d save bytes in every cell)' });
    expect(failure('d: {"CO\\u001bLOUR": red}\n').message).toBe('f.yaml:1 (d.CO\\x1BLOUR): column family "d": unknown attribute "CO\\x1BLOUR"; known: VERSIONS, TTL, BLOCKSIZE, COMPRESSION, BLOOMFILTER, DATA_BLOCK_ENCODING, IN_MEMORY, BLOCKCACHE');
  });
});
