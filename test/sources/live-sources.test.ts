// REST and JMX sources against recorded answers served on loopback: exact counters of the live_fx recording, the
// JMX lag the recording caught, unreported regions, and every error case of the JMX reader.
import { afterEach, describe, expect, it } from 'vitest';
import { toStringBinary } from '../../src/bytes/index.js';
import { restLiveRegions } from '../../src/cli/commands/fix-apply.js';
import { createRestClient } from '../../src/hbase/rest/index.js';
import { type RegionLoad, SeriesWriter, parseLoadSeries } from '../../src/model/index.js';
import { assembleSnapshot, createJmxSource, createRestSource, mergeJmxCounters, parseJmxRegions } from '../../src/sources/index.js';
import { B_TO_D, LAST, RS_39083 } from './facts.js';
import { type FixtureServer, fixtureBody, liveFxRoutes, serveFixtures } from './fixture-server.js';

let server: FixtureServer | undefined;
afterEach(async () => {
  await server?.stop();
  server = undefined;
});
const noRetry = { retry: { maxAttempts: 1 } };

// The recorded replicated table 'rep' (test/fixtures/rest/replicas-*.json) as a source should give it, in key order:
// full name, server, start and end key, writes (16,760 puts into each range; a replica takes none).
const REPLICA_ROWS = [
  ['rep,,1796244772287.76987f444085a812d92b1146d3378a5a.', 'localhost,45241,1796244758374', '', 'g', 16760],
  ['rep,,1796244772287_0001.af40dba0a4d0d2ca9921f278da797073.', 'localhost,41897,1796244758451', '', 'g', 0],
  ['rep,g,1796244772287.5cae798286cbc129060114343f14d4d6.', 'localhost,41897,1796244758451', 'g', 'n', 16760],
  ['rep,g,1796244772287_0001.aaa2026c9283960c0c354e73a7f32cb4.', 'localhost,40999,1796244758278', 'g', 'n', 0],
  ['rep,n,1796244772287.3bde5a90e1a8ca80938efdc4bef8575b.', 'localhost,40999,1796244758278', 'n', 't', 16760],
  ['rep,n,1796244772287_0001.f23596ca2de8d29a613de6af612c4d2f.', 'localhost,45241,1796244758374', 'n', 't', 0],
  ['rep,t,1796244772287.382bb17f65b68310cd06175463182419.', 'localhost,40999,1796244758278', 't', '', 16760],
  ['rep,t,1796244772287_0001.1056b5f3010aad86f4cfca35ba3e0243.', 'localhost,45241,1796244758374', 't', '', 0],
];
/** A snapshot's rows in {@link REPLICA_ROWS}' form. */
const replicaRows = (regions: readonly RegionLoad[]) => regions.map((r) => [r.name, r.server, toStringBinary(r.startKey), toStringBinary(r.endKey), r.writeRequests]);

describe('REST source', () => {
  it('joins /regions and /status/cluster: 20 reads + 360 writes on [m, ∞), then 50 + 660; time from the clock', async () => {
    server = await serveFixtures(liveFxRoutes());
    const times = [5_000, 15_000];
    const source = createRestSource({ client: createRestClient({ baseUrl: server.url }), table: 'live_fx', description: server.url, now: () => times.shift() ?? 0 });
    const a = await source.snapshot();
    const b = await source.snapshot();
    expect(a.timeMs).toBe(5_000);
    expect(a.regions.find((r) => r.encodedName === LAST)).toMatchObject({ readRequests: 20, writeRequests: 360, requests: 380, server: RS_39083, storeSizeBytes: 0 });
    expect(a.regions.find((r) => r.encodedName === B_TO_D)).toMatchObject({ readRequests: 0, writeRequests: 40 });
    expect(b.regions.find((r) => r.encodedName === LAST)).toMatchObject({ readRequests: 50, writeRequests: 660 });
    expect(server.hits.get('/live_fx/regions')).toBe(2);
  });

  it('reads again while a listed region has no counters, then says which region stayed unreported', async () => {
    const status = JSON.parse(fixtureBody('rest/live-status-1.json')) as { LiveNodes: { Region: { name: string }[] }[] };
    for (const node of status.LiveNodes) node.Region = node.Region.filter((r) => !Buffer.from(r.name, 'base64').toString('latin1').includes(LAST));
    server = await serveFixtures({ '/live_fx/regions': [fixtureBody('rest/live-regions-1.json')], '/status/cluster': [JSON.stringify(status)] });
    const source = createRestSource({ client: createRestClient({ baseUrl: server.url }), table: 'live_fx', description: 'gw', settle: { attempts: 3, waitMs: 1 } });
    await expect(source.snapshot()).rejects.toMatchObject({ code: 'SOURCE_REGION_UNREPORTED', message: expect.stringContaining(LAST) });
    expect(server.hits.get('/status/cluster')).toBe(3);
  });

  // Recorded from the local HBase 2.6: create 'rep', {NAME => 'f'}, {REGION_REPLICATION => 2, SPLITS => ['g', 'n', 't']},
  // then 16,760 puts through REST into each range. /rep/regions lists each region twice, both times under the
  // primary's name (once with the replica's location); /status/cluster lists the replicas under their own names.
  it('a table with read replicas: each primary once, each replica as a region of its own with its primary\'s range', async () => {
    server = await serveFixtures({ '/rep/regions': [fixtureBody('rest/replicas-regions.json')], '/status/cluster': [fixtureBody('rest/replicas-status.json')] });
    const source = createRestSource({ client: createRestClient({ baseUrl: server.url }), table: 'rep', description: 'gw', now: () => 1_000 });
    const snapshot = await source.snapshot();
    expect(replicaRows(snapshot.regions)).toEqual(REPLICA_ROWS);
    expect(snapshot.regions.map((r) => r.encodedName)).toEqual(snapshot.regions.map((r) => /\.([0-9a-f]{32})\.$/.exec(r.name)?.[1]));
    // a collector's file of it reads back (a region listed twice made one no reader took)
    let text = '';
    const writer = new SeriesWriter({ table: 'rep', source: { kind: 'rest' }, metrics: ['memstoreSizeBytes', 'storeFileCount', 'storeCount'] }, (chunk) => void (text += chunk));
    writer.write(snapshot);
    expect(parseLoadSeries(text, 'rep.ndjson').snapshots[0]?.regions).toEqual(snapshot.regions);
  });

  it('fix apply\'s live regions of the recorded replicated table: each primary once, each replica under its own name', async () => {
    server = await serveFixtures({ '/rep/regions': [fixtureBody('rest/replicas-regions.json')], '/status/cluster': [fixtureBody('rest/replicas-status.json')] });
    const live = await restLiveRegions(createRestClient({ baseUrl: server.url }), 'rep');
    const encoded = (name: string) => /\.([0-9a-f]{32})\.$/.exec(name)?.[1];
    // the replicas' servers as the cluster status names them; the primaries' as /regions does (host:port)
    // (the replicas in the status' server order)
    expect(live.filter((r) => r.replicaId !== undefined).sort((a, b) => (a.startKey < b.startKey ? -1 : 1)).map((r) => [r.encodedName, r.startKey, r.location, r.replicaId])).toEqual(
      REPLICA_ROWS.filter((_, i) => i % 2 === 1).map(([name, server, start]) => [encoded(name as string), start, server, 1]));
    expect(live.filter((r) => r.replicaId === undefined).map((r) => [r.encodedName, r.startKey, r.location?.replace(':', ',')])).toEqual(
      REPLICA_ROWS.filter((_, i) => i % 2 === 0).map(([name, server, start]) => [encoded(name as string), start, (server as string).replace(/,\d+$/, '')]));
  });

  it('says the table is unknown when the gateway answers 404', async () => {
    server = await serveFixtures(liveFxRoutes());
    const source = createRestSource({ client: createRestClient({ baseUrl: server.url, ...noRetry }), table: 'nope', description: 'gw' });
    await expect(source.snapshot()).rejects.toMatchObject({ code: 'SOURCE_TABLE_NOT_FOUND', message: expect.stringContaining('REST gw table "nope": the gateway does not know this table') });
  });
});

describe('JMX source', () => {
  it('takes counters from sub=Regions (the recording caught JMX lagging: 1 read where REST already had 20)', async () => {
    server = await serveFixtures(liveFxRoutes());
    const directory = createRestClient({ baseUrl: server.url });
    const source = createJmxSource({ jmxUrls: [server.url], directory, table: 'live_fx', now: () => 1 });
    const a = await source.snapshot();
    expect(a.regions.find((r) => r.encodedName === LAST)).toMatchObject({ readRequests: 1, writeRequests: 360, server: RS_39083 });
    const b = await source.snapshot();
    expect(b.regions.find((r) => r.encodedName === LAST)).toMatchObject({ readRequests: 50, writeRequests: 660 });
  });

  it('a table with read replicas: each replica joins under its own name, its server and full name from /status/cluster', async () => {
    // the sub=Regions bean names regions by encoded name only: one bean of the recorded table's 8 regions, the
    // primaries with 16,760 writes, the replicas with none (as /status/cluster reported them)
    const status = JSON.parse(fixtureBody('rest/replicas-status.json')) as { LiveNodes: { Region: { name: string }[] }[] };
    const bean: Record<string, unknown> = { name: 'Hadoop:service=HBase,name=RegionServer,sub=Regions' };
    for (const node of status.LiveNodes) {
      for (const r of node.Region) {
        const name = Buffer.from(r.name, 'base64').toString('latin1');
        if (!name.startsWith('rep,')) continue;
        const key = `Namespace_default_table_rep_region_${name.slice(-33, -1)}_metric_`;
        Object.assign(bean, { [`${key}readRequestCount`]: 0, [`${key}writeRequestCount`]: name.includes('_0001.') ? 0 : 16760, [`${key}storeFileSize`]: 0 });
      }
    }
    server = await serveFixtures({ '/rep/regions': [fixtureBody('rest/replicas-regions.json')], '/status/cluster': [fixtureBody('rest/replicas-status.json')], '/jmx': [JSON.stringify({ beans: [bean] })] });
    const source = createJmxSource({ jmxUrls: [server.url], directory: createRestClient({ baseUrl: server.url }), table: 'rep', now: () => 1 });
    const snapshot = await source.snapshot();
    expect(replicaRows(snapshot.regions)).toEqual(REPLICA_ROWS);
  });

  it('names the RegionServer whose regions no --jmx URL reported (each /jmx lists only its own server\'s regions)', async () => {
    const jmx = JSON.parse(fixtureBody('jmx/regions-1.json')) as { beans: Record<string, unknown>[] };
    for (const bean of jmx.beans) for (const k of Object.keys(bean)) if (k.includes(LAST)) delete bean[k];
    server = await serveFixtures({ ...liveFxRoutes(), '/jmx': [JSON.stringify(jmx)] });
    const source = createJmxSource({ jmxUrls: [server.url], directory: createRestClient({ baseUrl: server.url }), table: 'live_fx', settle: { attempts: 2, waitMs: 1 } });
    const err = (await source.snapshot().catch((e: unknown) => e)) as { code: string; message: string };
    expect(err.code).toBe('SOURCE_REGION_UNREPORTED');
    expect(err.message).toContain(LAST);
    expect(err.message).toContain(`no --jmx URL reads the RegionServer(s) hosting them (${RS_39083})`);
  });

  it('needs at least one URL', () => {
    expect(() => createJmxSource({ jmxUrls: [], directory: createRestClient({ baseUrl: 'http://127.0.0.1:1' }), table: 't' })).toThrow(RangeError);
  });
});

describe('parseJmxRegions', () => {
  const bean = (attrs: Record<string, unknown>) => JSON.stringify({ beans: [{ name: 'Hadoop:service=HBase,name=RegionServer,sub=Regions', ...attrs }] });
  const enc = '0123456789abcdef0123456789abcdef';
  const key = (ns: string, t: string, m: string) => `Namespace_${ns}_table_${t}_region_${enc}_metric_${m}`;

  it('reads a namespaced table with underscores, ignoring other tables', () => {
    const text = bean({
      [key('ns', 'a_b', 'readRequestCount')]: 4, [key('ns', 'a_b', 'writeRequestCount')]: 9, [key('ns', 'a_b', 'storeFileSize')]: 2048,
      [key('default', 'a_b', 'readRequestCount')]: 99,
    });
    expect([...parseJmxRegions(text, 'ns:a_b', 'u')]).toEqual([[enc, { readRequests: 4, writeRequests: 9, storeSizeBytes: 2048 }]]);
  });

  it('rejects non-JSON, a missing beans array or bean, and a region with a missing or negative metric', () => {
    expect(() => parseJmxRegions('<html>', 't', 'u')).toThrow(/JMX_MALFORMED|not JSON/);
    expect(() => parseJmxRegions('{}', 't', 'u')).toThrow('no "beans" array');
    expect(() => parseJmxRegions('{"beans":[{"name":"x"}]}', 't', 'u')).toThrow('no bean named Hadoop:service=HBase,name=RegionServer,sub=Regions');
    expect(() => parseJmxRegions(bean({ [key('default', 't', 'readRequestCount')]: 1 }), 't', 'u')).toThrow('metric writeRequestCount is missing');
    const negative = bean({ [key('default', 't', 'readRequestCount')]: -1, [key('default', 't', 'writeRequestCount')]: 1, [key('default', 't', 'storeFileSize')]: 0 });
    expect(() => parseJmxRegions(negative, 't', 'u')).toThrow('metric readRequestCount is -1');
  });

  it('merges several servers\' readings, keeping the larger total for a region seen twice', () => {
    const c = (r: number, w: number) => ({ readRequests: r, writeRequests: w, storeSizeBytes: 0 });
    const merged = mergeJmxCounters([new Map([['a', c(1, 1)], ['b', c(5, 0)]]), new Map([['a', c(3, 4)]])]);
    expect(merged.get('a')).toEqual(c(3, 4));
    expect(merged.get('b')).toEqual(c(5, 0));
  });
});

describe('assembleSnapshot', () => {
  it('lists regions without a server as missing', () => {
    const d = { encodedName: 'e', regionId: '1', startKey: new Uint8Array(), endKey: new Uint8Array(), server: undefined };
    expect(assembleSnapshot('t', 1, [d], new Map([['e', { readRequests: 0, writeRequests: 0, storeSizeBytes: 0 }]]))).toEqual({ ok: false, missing: ['e'] });
  });
});
