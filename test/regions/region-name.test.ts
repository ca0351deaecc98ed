import { describe, expect, it } from 'vitest';
import { decodeTableRegions } from '../../src/hbase/rest/decode.js';
import { utf8Bytes } from '../../src/bytes/index.js';
import { encodedNameFromText, parseRegionName } from '../../src/regions/region-name-parse.js';
import { regionName } from '../../src/regions/region-name.js';
import { fixtureJson } from '../hbase/rest/fixtures.js';

const bytes = (...b: number[]): Uint8Array => Uint8Array.from(b);

describe('regionName (REST-reported regions)', () => {
  it('matches the encoded names a real HBase gave every region of a pre-split table (binary start keys)', () => {
    const { table, regions } = decodeTableRegions(fixtureJson('regions-presplit'));
    expect(regions).toHaveLength(5);
    for (const r of regions) {
      expect(r.encodedName).toMatch(/^[0-9a-f]{32}$/);
      expect(regionName(table, r.startKey, r.regionId).encodedName).toBe(r.encodedName);
      expect(regionName(table, r.startKey, String(r.regionId)).encodedName).toBe(r.encodedName);
    }
  });

  it('matches a single-region table and hbase:namespace', () => {
    expect(regionName('fixture_rec', new Uint8Array(0), 1796025892683).encodedName).toBe('f9933293c5ee7c9038fac817baf8aec3');
    expect(regionName('hbase:namespace', new Uint8Array(0), 1796025845257n).encodedName).toBe('435e473ea65e6313933a6fc9007c9468');
  });

  it('appends the replica id as 4 upper-case hex digits for replicas', () => {
    const name = regionName('t', utf8Bytes('k'), 5, 26).nameText;
    expect(name).toMatch(/^t,k,5_001A\.[0-9a-f]{32}\.$/);
    expect(regionName('t', utf8Bytes('k'), 5, 26).encodedName).not.toBe(regionName('t', utf8Bytes('k'), 5).encodedName);
  });

  it('hashes the replica suffix with the rest (MD5 of "t,k,5_001A", computed with Python hashlib)', () => {
    expect(regionName('t', utf8Bytes('k'), 5, 26).encodedName).toBe('92f79b659d1d68625984c2069c9a5f1d');
  });

  it('refuses region ids that are not decimal Java longs and replica ids outside 0..65535', () => {
    expect(() => regionName('t', new Uint8Array(0), '12a')).toThrow(expect.objectContaining({ code: 'REGION_ID_INVALID' }));
    expect(() => regionName('t', new Uint8Array(0), '9223372036854775808')).toThrow(expect.objectContaining({ code: 'REGION_ID_INVALID' }));
    expect(() => regionName('t', new Uint8Array(0), 1, 0x10000)).toThrow(expect.objectContaining({ code: 'REPLICA_ID_INVALID' }));
    expect(() => regionName('t', new Uint8Array(0), 1, -1)).toThrow(expect.objectContaining({ code: 'REPLICA_ID_INVALID' }));
  });
});

describe('parseRegionName', () => {
  it('round-trips a name whose start key holds commas and binary bytes', () => {
    const key = bytes(0x61, 0x2c, 0x00, 0xff, 0x2c);
    const parsed = parseRegionName(regionName('ns:t', key, 1700000000000).name);
    expect(parsed).toEqual({ table: 'ns:t', startKey: key, regionId: '1700000000000', replicaId: 0, encodedName: regionName('ns:t', key, 1700000000000).encodedName });
  });

  it('reads replicas and the old-format hbase:meta name', () => {
    expect(parseRegionName(regionName('t', new Uint8Array(0), 7, 2).name).replicaId).toBe(2);
    expect(parseRegionName(new TextEncoder().encode('hbase:meta,,1'))).toEqual({
      table: 'hbase:meta',
      startKey: new Uint8Array(0),
      regionId: '1',
      replicaId: 0,
      encodedName: '1588230740',
    });
  });

  it('rejects bytes that are not a region name', () => {
    expect(() => parseRegionName(new TextEncoder().encode('no-commas'))).toThrow(TypeError);
    expect(() => parseRegionName(new TextEncoder().encode('t,k,notanid'))).toThrow(/bad region id/);
  });

  it('recovers the encoded name from a garbled text name', () => {
    expect(encodedNameFromText('fixture_split,\u0000\uFFFD,1796025927510.03f3f74c23de9d65651c72f1ef124745.')).toBe('03f3f74c23de9d65651c72f1ef124745');
    expect(encodedNameFromText('hbase:meta,,1')).toBeUndefined();
  });
});
