// REST and JMX sources against recorded answers served on loopback: exact counters of the live_fx recording, the
// JMX lag the recording caught, unreported regions, and every error case of the JMX reader.
import { afterEach, describe, expect, it } from 'vitest';
import { createRestClient } from '../../src/hbase/rest/index.js';
import { assembleSnapshot, createJmxSource, createRestSource, mergeJmxCounters, parseJmxRegions } from '../../src/sources/index.js';
import { B_TO_D, LAST, RS_39083 } from './facts.js';
import { type FixtureServer, fixtureBody, liveFxRoutes, serveFixtures } from './fixture-server.js';

let server: FixtureServer | undefined;
afterEach(async () => {
  await server?.stop();
  server = undefined;
});
const noRetry = { retry: { maxAttempts: 1 } };

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
