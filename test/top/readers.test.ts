// Every table from one recorded /status/cluster answer (test/fixtures/rest/live-status-1.json, served on loopback):
// tables in name order, regions in key order, end keys from the next region's start key, counters as recorded.
import { afterEach, describe, expect, it } from 'vitest';
import { toStringBinary } from '../../src/bytes/index.js';
import { createRestClient } from '../../src/hbase/rest/index.js';
import { clusterReader } from '../../src/top/index.js';
import { LAST, LIVE_FX_FACTS, RS_38523 } from '../sources/facts.js';
import { type FixtureServer, fixtureBody, serveFixtures } from '../sources/fixture-server.js';

let server: FixtureServer | undefined;
afterEach(async () => {
  await server?.stop();
  server = undefined;
});

describe('clusterReader', () => {
  it('groups the regions of live-status-1 by table with derived end keys', async () => {
    server = await serveFixtures({ '/status/cluster': [fixtureBody('rest/live-status-1.json')] });
    const reading = await clusterReader(createRestClient({ baseUrl: server.url }), () => 42)(new AbortController().signal);
    expect(reading.timeMs).toBe(42);
    expect(reading.liveServers).toEqual([RS_38523, 'localhost,39083,1796025836972', 'localhost,40079,1796025836874']);
    expect(reading.tables.map((s) => [s.table, s.regions.length, s.timeMs])).toEqual([
      ['hbase:meta', 1, 42], ['hbase:namespace', 1, 42], ['live_fx', 6, 42], ['smoke1', 5, 42], ['t1', 4, 42],
    ]);
    const live = reading.tables.find((s) => s.table === 'live_fx')?.regions ?? [];
    expect(live.map((r) => toStringBinary(r.startKey))).toEqual(LIVE_FX_FACTS.startKeys);
    expect(live.map((r) => toStringBinary(r.endKey))).toEqual(['\\x05', 'b', 'd', 'f| g', 'm', '']);
    expect(Object.fromEntries(live.map((r) => [r.encodedName, r.server]))).toEqual(LIVE_FX_FACTS.serverOf);
    expect(live.find((r) => r.encodedName === LAST)).toMatchObject({ readRequests: 20, writeRequests: 360, requests: 380, storeSizeBytes: 0 });
    expect(reading.tables[0]?.regions[0]).toMatchObject({ name: 'hbase:meta,,1', encodedName: '1588230740', server: RS_38523, readRequests: 293, writeRequests: 362, storeSizeBytes: 1_048_576 });
  });
});

describe('nativeClusterReader', () => {
  it("groups the native client's cluster reading by table, names parsed from the region-name bytes", async () => {
    const { nativeClusterReader } = await import('../../src/top/index.js');
    const { regionName } = await import('../../src/regions/index.js');
    const enc = (s: string) => new TextEncoder().encode(s);
    // Two tables on two servers; t's regions given out of key order, and one name that is not a region name.
    const a = regionName('t', enc(''), 1).name;
    const b = regionName('t', enc('m'), 1).name;
    const meta = enc('hbase:meta,,1');
    const reading = {
      timeMs: 7,
      servers: [
        { server: 'rs1,16020,1', regions: [{ name: b, read: 5, write: 50, storeFileSizeMB: 2 }, { name: meta, read: 9, write: 1, storeFileSizeMB: 0 }] },
        { server: 'rs2,16020,1', regions: [{ name: a, read: 1, write: 10, storeFileSizeMB: 0 }, { name: enc('garbage'), read: 1, write: 1, storeFileSizeMB: 0 }] },
      ],
    };
    const reader = { cluster: async () => reading } as unknown as Parameters<typeof nativeClusterReader>[0];
    const got = await nativeClusterReader(reader)(new AbortController().signal);
    expect(got.timeMs).toBe(7);
    expect(got.liveServers).toEqual(['rs1,16020,1', 'rs2,16020,1']);
    expect(got.tables.map((s) => [s.table, s.regions.map((r) => [toStringBinary(r.startKey), toStringBinary(r.endKey), r.server, r.requests, r.storeSizeBytes])])).toEqual([
      ['hbase:meta', [['', '', 'rs1,16020,1', 10, 0]]],
      ['t', [['', 'm', 'rs2,16020,1', 11, 0], ['m', '', 'rs1,16020,1', 55, 2 * 1_048_576]]],
    ]);
  });
});
