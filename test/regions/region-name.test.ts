import { describe, expect, it } from 'vitest';
import { decodeTableRegions } from '../../../src/hbase/rest/decode.js';
import { encodedNameFromText, encodedRegionName, fullRegionName, parseRegionName } from '../../../src/hbase/rest/region-name.js';
import { fixtureJson } from './fixtures.js';

const bytes = (...b: number[]): Uint8Array => Uint8Array.from(b);

describe('encodedRegionName', () => {
  it('matches the encoded names a real HBase gave every region of a pre-split table (binary start keys)', () => {
    const { table, regions } = decodeTableRegions(fixtureJson('regions-presplit'));
    expect(regions).toHaveLength(5);
    for (const r of regions) {
      expect(r.encodedName).toMatch(/^[0-9a-f]{32}$/);
      expect(encodedRegionName(table, r.startKey, r.regionId)).toBe(r.encodedName);
      expect(encodedRegionName(table, r.startKey, String(r.regionId))).toBe(r.encodedName);
    }
  });

  it('matches a single-region table and hbase:namespace', () => {
    expect(encodedRegionName('fixture_rec', '', 1796025892683)).toBe('f9933293c5ee7c9038fac817baf8aec3');
    expect(encodedRegionName('hbase:namespace', new Uint8Array(0), 1796025845257n)).toBe('435e473ea65e6313933a6fc9007c9468');
  });

  it('appends the replica id as 4 upper-case hex digits for replicas', () => {
    const name = new TextDecoder().decode(fullRegionName('t', 'k', 5, 26));
    expect(name).toMatch(/^t,k,5_001A\.[0-9a-f]{32}\.$/);
    expect(encodedRegionName('t', 'k', 5, 26)).not.toBe(encodedRegionName('t', 'k', 5));
  });
});

describe('parseRegionName', () => {
  it('round-trips a name whose start key holds commas and binary bytes', () => {
    const key = bytes(0x61, 0x2c, 0x00, 0xff, 0x2c);
    const parsed = parseRegionName(fullRegionName('ns:t', key, 1700000000000));
    expect(parsed).toEqual({ table: 'ns:t', startKey: key, regionId: '1700000000000', replicaId: 0, encodedName: encodedRegionName('ns:t', key, 1700000000000) });
  });

  it('reads replicas and the old-format hbase:meta name', () => {
    expect(parseRegionName(fullRegionName('t', '', 7, 2)).replicaId).toBe(2);
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
