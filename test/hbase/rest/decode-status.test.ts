// /status/cluster decoding: the counters and size a load snapshot is made of are never guessed.
import { describe, expect, it } from 'vitest';
import { ShapeError, decodeClusterStatus } from '../../../src/hbase/rest/decode.js';

// "t,,1700000000000.0123456789abcdef0123456789abcdef." as the gateway writes a region name: base64 of its bytes
const NAME = Buffer.from('t,,1700000000000.0123456789abcdef0123456789abcdef.', 'latin1').toString('base64');
const status = (region: Record<string, unknown>): unknown => ({
  regions: 1, requests: 0, averageLoad: 1,
  LiveNodes: [{ name: 'rs1.example.com:16020', startCode: 1700000000000, Region: [{ name: NAME, stores: 1, storefiles: 1, ...region }] }],
  DeadNodes: [],
});

describe('decodeClusterStatus', () => {
  it('reads a region\'s request counters and store size as the gateway writes them', () => {
    const st = decodeClusterStatus(status({ storefileSizeMB: 3, readRequestsCount: 1200, writeRequestsCount: 45000 }));
    expect(st.liveServers[0]?.serverName).toBe('rs1.example.com,16020,1700000000000');
    expect(st.liveServers[0]?.regions[0]).toMatchObject({ encodedName: '0123456789abcdef0123456789abcdef', storefileSizeMB: 3, readRequestsCount: 1200, writeRequestsCount: 45000 });
  });

  it('refuses a region without a request counter or its store size, naming the field, rather than reading 0', () => {
    for (const field of ['readRequestsCount', 'writeRequestsCount', 'storefileSizeMB']) {
      const region: Record<string, unknown> = { storefileSizeMB: 3, readRequestsCount: 1200, writeRequestsCount: 45000 };
      delete region[field];
      expect(() => decodeClusterStatus(status(region))).toThrow(ShapeError);
      expect(() => decodeClusterStatus(status(region))).toThrow(`LiveNodes[0].Region[0].${field}: expected a number`);
    }
  });
});
