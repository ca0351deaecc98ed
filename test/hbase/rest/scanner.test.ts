import { afterEach, describe, expect, it } from 'vitest';
import { RestError } from '../../../src/hbase/rest/errors.js';
import { createRestClient } from '../../../src/hbase/rest/rest-client.js';
import type { Row } from '../../../src/hbase/rest/models.js';
import { fixture, replayServer } from './fixtures.js';
import { type LocalServer, json, startServer, text } from './local-server.js';

const T = 'fixture_rec';
const SC = new URL(fixture('scanner-create').location ?? '').pathname;
const td = new TextDecoder();
let server: LocalServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const routes = {
  [`POST /${T}/scanner`]: 'scanner-create',
  [`GET ${SC}`]: ['scanner-batch-1', 'scanner-batch-2', 'scanner-end'],
  [`DELETE ${SC}`]: 'scanner-delete',
};

describe('scan', () => {
  it('creates the scanner with base64 bounds, merges a row split across batches, then deletes the scanner', async () => {
    server = await replayServer(routes);
    const c = createRestClient({ baseUrl: server.url });
    const rows: Row[] = [];
    for await (const r of c.scan(T, { startRow: 'row-b', endRow: 'row-z', batch: 2 })) rows.push(r);
    expect(rows.map((r) => [td.decode(r.key), r.cells.map((x) => `${td.decode(x.qualifier)}@${x.timestamp}=${td.decode(x.value)}`)])).toEqual([
      ['row-b', ['a@1700000000002=two', 'a@1700000000001=one', 'b@1700000000001=bee']],
      ['row-c', ['a@1700000000003=see']],
    ]);
    expect(JSON.parse(server.requests[0]?.body ?? '')).toEqual(fixture('scanner-create').request.body);
    expect(server.requests.map((r) => r.method)).toEqual(['POST', 'GET', 'GET', 'GET', 'DELETE']);
  });

  it('deletes the scanner when the loop breaks early', async () => {
    server = await replayServer(routes);
    const c = createRestClient({ baseUrl: server.url });
    for await (const _ of c.scan(T, { batch: 2 })) break;
    // The first row is whole only once the second batch starts another row; the third GET is the one fetched ahead
    // while that row is consumed, settled before the DELETE.
    expect(server.requests.map((r) => `${r.method} ${r.url}`)).toEqual([`POST /${T}/scanner`, `GET ${SC}`, `GET ${SC}`, `GET ${SC}`, `DELETE ${SC}`]);
  });

  it('deletes the scanner when a batch fails, and reports the failure without retrying the GET', async () => {
    server = await startServer((req, res) => {
      if (req.method === 'POST') return json(res, 201, '', { Location: 'http://some-other-host:8080/t/scanner/abc123' });
      if (req.method === 'DELETE') return json(res, 200, '');
      return text(res, 500, 'scanner broke');
    });
    const c = createRestClient({ baseUrl: server.url, retry: { maxAttempts: 3, initialDelayMs: 1 } });
    const e = await (async () => {
      for await (const _ of c.scan('t')) void _;
    })().catch((x: unknown) => x);
    expect(e).toBeInstanceOf(RestError);
    expect((e as RestError).message).toContain('scanner broke');
    // the scanner URL is rebuilt on the client's base URL, not the host in Location
    expect(server.requests.map((r) => `${r.method} ${r.url}`)).toEqual(['POST /t/scanner', 'GET /t/scanner/abc123', 'DELETE /t/scanner/abc123']);
  });

  it('sends columns, time range, caching, filter and versions in the ScannerModel', async () => {
    server = await startServer((req, res) => {
      if (req.method === 'POST') json(res, 201, '', { Location: '/t/scanner/x1' });
      else res.writeHead(204).end();
    });
    const c = createRestClient({ baseUrl: server.url });
    const filter = { type: 'PrefixFilter', value: Buffer.from('ab').toString('base64') };
    for await (const _ of c.scan('t', { columns: ['cf:a', { family: 'cf', qualifier: Uint8Array.from([0xff]) }, { family: 'f2' }], startTime: 10, endTime: 20, caching: 50, maxVersions: 2, cacheBlocks: false, filter })) void _;
    expect(JSON.parse(server.requests[0]?.body ?? '')).toEqual({
      batch: 1000,
      column: ['Y2Y6YQ==', 'Y2Y6/w==', 'ZjI='],
      startTime: 10,
      endTime: 20,
      maxVersions: 2,
      caching: 50,
      cacheBlocks: false,
      filter: JSON.stringify(filter),
    });
  });

  it('fails clearly when the gateway omits the Location header', async () => {
    server = await startServer((_req, res) => json(res, 201, ''));
    const c = createRestClient({ baseUrl: server.url });
    const e = await (async () => {
      for await (const _ of c.scan('t')) void _;
    })().catch((x: unknown) => x);
    expect((e as RestError).code).toBe('REST_DECODE');
  });
});
