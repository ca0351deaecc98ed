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
