import { afterEach, describe, expect, it } from 'vitest';
import { createRestClient } from '../../../src/hbase/rest/rest-client.js';
import { RestError } from '../../../src/hbase/rest/errors.js';
import { regionName } from '../../../src/regions/region-name.js';
import { fixture, replayServer } from './fixtures.js';
import type { LocalServer } from './local-server.js';

const T = 'fixture_rec';
const td = new TextDecoder();
const s = (b: Uint8Array): string => td.decode(b);
const BIN = Uint8Array.from([0x00, 0xff, 0xc3, 0x28]);
let server: LocalServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function client(route: Record<string, string | string[]>) {
  server = await replayServer(route);
  return createRestClient({ baseUrl: server.url, retry: { maxAttempts: 1 } });
}

describe('HBaseRestClient over recorded answers', () => {
  it('reads the cluster version', async () => {
    const c = await client({ 'GET /version/cluster': 'version-cluster' });
    expect(await c.clusterVersion()).toMatch(/^2\.6\.\d+/);
  });

  it('decodes /status/cluster: servers, regions, encoded names and counters', async () => {
    const c = await client({ 'GET /status/cluster': 'status-cluster' });
    const st = await c.clusterStatus();
    expect(st.liveServers).toHaveLength(3);
    expect(st.deadServers).toEqual([]);
    for (const srv of st.liveServers) {
      expect(srv.name).toBe(`${srv.host}:${srv.port}`);
      expect(srv.serverName).toBe(`${srv.host},${srv.port},${srv.startCode}`);
      expect(srv.startCode).toBeGreaterThan(1e12);
      expect(srv.maxHeapSizeMB).toBeGreaterThan(0);
    }
    const regions = st.liveServers.flatMap((x) => x.regions);
    expect(regions).toHaveLength(st.regions);
    const meta = regions.find((r) => r.table === 'hbase:meta');
    expect(meta?.encodedName).toBe('1588230740');
    const mine = regions.find((r) => r.table === T);
    for (const r of regions.filter((x) => x.table !== 'hbase:meta')) {
      expect(r.encodedName).toBe(regionName(r.table, r.startKey, r.regionId).encodedName);
    }
    expect(mine?.writeRequestsCount).toBeGreaterThan(0);
    expect(mine?.startKey).toEqual(new Uint8Array(0));
    expect(mine?.memStoreSizeMB).toBeGreaterThanOrEqual(0);
  });

  it('lists tables and checks existence', async () => {
    const c = await client({ 'GET /': 'table-list', [`GET /${T}/exists`]: 'exists-200', 'GET /nope_missing/exists': 'exists-404' });
    expect(await c.listTables()).toContain(T);
    expect(await c.tableExists(T)).toBe(true);
    expect(await c.tableExists('nope_missing')).toBe(false);
  });

  it('creates, reads and deletes a schema', async () => {
    const c = await client({ [`PUT /${T}/schema`]: 'schema-put', [`GET /${T}/schema`]: 'schema-get', [`DELETE /${T}/schema`]: 'schema-delete' });
    await c.createTable(T, { columns: [{ name: 'cf', attributes: { VERSIONS: 3 } }] });
    expect(JSON.parse(server?.requests[0]?.body ?? '')).toEqual({ name: T, ColumnSchema: [{ name: 'cf', VERSIONS: '3' }] });
    const schema = await c.getSchema(T);
    expect(schema.name).toBe(T);
    expect(schema.columns[0]?.name).toBe('cf');
    expect(schema.columns[0]?.attributes['VERSIONS']).toBe('3');
    expect(schema.attributes['IS_META']).toBe('false');
    expect(await c.deleteTable(T)).toBe(true);
  });

  it('reports a missing table schema with HBase message and no stack trace', async () => {
    const c = await client({ 'GET /nope_missing/schema': 'schema-get-404' });
    const e = (await c.getSchema('nope_missing').catch((x: unknown) => x)) as RestError;
    expect(e).toBeInstanceOf(RestError);
    expect(e.code).toBe('REST_HTTP');
    expect(e.status).toBe(404);
    expect(e.message).toBe(
      `GET ${server?.url}/nope_missing/schema failed with HTTP 404 Not Found: HBase said "Not found org.apache.hadoop.hbase.TableNotFoundException: nope_missing"`,
    );
  });

  it('reads regions with binary keys and recovered encoded names', async () => {
    const c = await client({ 'GET /fixture_split/regions': 'regions-presplit' });
    const { regions } = await c.tableRegions('fixture_split');
    expect(regions.map((r) => Buffer.from(r.startKey).toString('hex'))).toEqual(['', '00fd', '612c62', '6d', 'fd287a']);
    expect(regions.map((r) => Buffer.from(r.endKey).toString('hex'))).toEqual(['00fd', '612c62', '6d', 'fd287a', '']);
    expect(regions.every((r) => /^localhost:\d+$/.test(r.location ?? ''))).toBe(true);
  });

  it('takes each region of a table with read replicas once, with its primary\'s location', async () => {
    // recorded from HBase 2.6: 'rep' with REGION_REPLICATION => 2 and SPLITS => ['g', 'n', 't'] lists each of its 4
    // regions twice under the primary's name, the primary's location first (/status/cluster puts the primaries on
    // 45241, 41897, 40999 and 40999)
    const c = await client({ 'GET /rep/regions': 'replicas-regions' });
    const { regions } = await c.tableRegions('rep');
    expect(regions.map((r) => [s(r.startKey), s(r.endKey), r.location])).toEqual([
      ['', 'g', 'localhost:45241'], ['g', 'n', 'localhost:41897'], ['n', 't', 'localhost:40999'], ['t', '', 'localhost:40999'],
    ]);
  });

  it('puts rows as a base64 CellSet with explicit timestamps', async () => {
    const c = await client({ [`PUT /${T}/rows`]: 'put-rows' });
    const body = fixture('put-rows').request.body;
    await c.putRows(T, [
      { key: BIN, cells: [{ family: 'cf', qualifier: Uint8Array.from([0x71, 0xff]), value: Uint8Array.from([0x76, 0]), timestamp: 1700000000000 }] },
      {
        key: 'row-b',
        cells: [
          { family: 'cf', qualifier: 'a', value: 'one', timestamp: 1700000000001 },
          { family: 'cf', qualifier: 'a', value: 'two', timestamp: 1700000000002 },
          { family: 'cf', qualifier: 'b', value: 'bee', timestamp: 1700000000001 },
        ],
      },
      { key: 'row-c', cells: [{ family: 'cf', qualifier: 'a', value: 'see', timestamp: 1700000000003 }] },
    ]);
    expect(JSON.parse(server?.requests[0]?.body ?? '')).toEqual(body);
  });

  it('gets a binary row, a row with columns and versions, and a missing row', async () => {
    const c = await client({
      [`GET /${T}/AP_DKA?e=b64`]: 'row-binary',
      [`GET /${T}/cm93LWI/Y2Y6YQ?e=b64&v=3`]: 'row-columns-versions',
      [`GET /${T}/bWlzc2luZw?e=b64`]: 'row-404',
    });
    const row = await c.getRow(T, BIN);
    expect(row?.key).toEqual(BIN);
    expect(row?.cells).toEqual([{ family: new TextEncoder().encode('cf'), qualifier: Uint8Array.from([0x71, 0xff]), timestamp: 1700000000000, value: Uint8Array.from([0x76, 0]) }]);
    const versions = await c.getRow(T, 'row-b', { columns: ['cf:a'], maxVersions: 3 });
    expect(versions?.cells.map((x) => [x.timestamp, s(x.value)])).toEqual([
      [1700000000002, 'two'],
      [1700000000001, 'one'],
    ]);
    expect(await c.getRow(T, 'missing')).toBeUndefined();
  });

  it('multi-gets in request order, leaving out missing rows; all missing gives []', async () => {
    const c = await client({
      [`GET /${T}/multiget?row=AP_DKA&row=bWlzc2luZw&row=cm93LWM&e=b64`]: 'multiget',
      [`GET /${T}/multiget?row=bWlzc2luZw&e=b64`]: 'multiget-404',
    });
    const rows = await c.multiGet(T, [BIN, 'missing', 'row-c']);
    expect(rows.map((r) => Buffer.from(r.key).toString('hex'))).toEqual(['00ffc328', Buffer.from('row-c').toString('hex')]);
    expect(await c.multiGet(T, ['missing'])).toEqual([]);
  });
});
