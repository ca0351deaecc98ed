import { afterEach, describe, expect, it } from 'vitest';
import { EXIT_CLUSTER, EXIT_USAGE, exitStatusOf } from '../../../src/cli/exit.js';
import { RestError } from '../../../src/hbase/rest/errors.js';
import { PROTOBUF_MEDIA_TYPE, encodeCellSetProtobuf } from '../../../src/hbase/rest/protobuf.js';
import { ScannerLostError } from '../../../src/hbase/scanner-lost.js';
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

// What hbase-rest answers for a scanner gone mid-scan (ScannerResource.getScannerInstanceResource: an id it no longer
// holds gets a ScannerInstanceResource without a generator, whose get answers 404 "Not found"; ScannerInstanceResource.get
// answers 410 "Gone" when the table is disabled mid-scan), against a 404 on the POST that creates the scanner
// (ScannerResource.update: TableNotFoundException), which is a table the gateway does not know.
describe('a scanner lost mid-scan', () => {
  const scanAll = async (c: ReturnType<typeof createRestClient>, table: string, seen: string[]) => {
    for await (const r of c.scan(table, { batch: 2 })) seen.push(td.decode(r.key));
  };

  it('is SCANNER_LOST, exit 3, naming the table and the whole rows read before a later GET answered 404', async () => {
    // scanner-gone is a real gateway's answer to a GET of a scanner it no longer holds (test/fixtures/rest/record.ts).
    server = await replayServer({ ...routes, [`GET ${SC}`]: ['scanner-batch-1', 'scanner-batch-2', 'scanner-gone'] });
    const c = createRestClient({ baseUrl: server.url });
    const seen: string[] = [];
    const e = await scanAll(c, T, seen).catch((x: unknown) => x);
    // batch 1 holds row-b's first cells, batch 2 the rest of row-b and row-c: row-b is whole once row-c starts; row-c
    // could go on in the next batch, so it is never handed on.
    expect(seen).toEqual(['row-b']);
    expect(e).toBeInstanceOf(ScannerLostError);
    const lost = e as ScannerLostError;
    expect([lost.code, lost.table, lost.rowsRead, lost.scannerStatus]).toEqual(['SCANNER_LOST', T, 1, 404]);
    expect(lost.message).toContain(`the scanner of table "${T}" was lost after 1 row(s) were read: GET ${server.url}${SC} answered HTTP 404 ("Not found")`);
    expect(lost.message).toContain('the gateway no longer holds the scanner');
    expect(lost.message).toContain('run it again');
    expect(lost.message).toContain('hbase.client.scanner.timeout.period');
    expect(lost.message).toContain('lower the scan batch');
    expect((lost.cause as RestError).status).toBe(404);
    expect(exitStatusOf(lost)).toBe(EXIT_CLUSTER);
    // the scanner is still deleted (the gateway answers that DELETE as it likes)
    expect(server.requests.map((r) => r.method)).toEqual(['POST', 'GET', 'GET', 'GET', 'DELETE']);
  });

  it('is SCANNER_LOST on the first GET too: the POST found the table, so a 404 after it is the scanner, not the table', async () => {
    server = await replayServer({ ...routes, [`GET ${SC}`]: 'scanner-gone' });
    const seen: string[] = [];
    const e = await scanAll(createRestClient({ baseUrl: server.url }), T, seen).catch((x: unknown) => x);
    expect(seen).toEqual([]);
    expect([(e as ScannerLostError).code, (e as ScannerLostError).rowsRead]).toEqual(['SCANNER_LOST', 0]);
    expect((e as Error).message).toContain('was lost after 0 row(s) were read');
    expect(exitStatusOf(e as ScannerLostError)).toBe(3);
  });

  it('quotes a hostile gateway body on one printable line, cut short, as every quoted value', async () => {
    const body = `Not found\u001b[2J\u0007\u202eevil${'x'.repeat(300)}`;
    server = await startServer((req, res) => {
      if (req.method === 'POST') return json(res, 201, '', { Location: '/t/scanner/s1' });
      if (req.method === 'DELETE') return json(res, 200, '');
      return text(res, 404, body);
    });
    const e = await scanAll(createRestClient({ baseUrl: server.url }), 't', []).catch((x: unknown) => x);
    expect((e as ScannerLostError).code).toBe('SCANNER_LOST');
    // 19 characters before the x's (ESC, BEL and U+202E one each), so 181 x's fill the 200 quoted
    expect((e as Error).message).toContain(`answered HTTP 404 ("Not found\\x1B[2J\\x07\\u202Eevil${'x'.repeat(181)}…");`);
  });

  it('is SCANNER_LOST for a 410 Gone (table disabled during the scan) and a 5xx naming UnknownScannerException', async () => {
    const cases = [
      { status: 410, body: 'Gone\r\n', reason: 'the table was disabled during the scan' },
      { status: 500, body: 'java.lang.IllegalArgumentException: org.apache.hadoop.hbase.UnknownScannerException: Unknown scanner \'42\'', reason: 'its scanner lease expired' },
    ];
    for (const { status, body, reason } of cases) {
      server = await startServer((req, res, i) => {
        if (req.method === 'POST') return json(res, 201, '', { Location: '/t/scanner/s1' });
        if (req.method === 'DELETE') return json(res, 200, '');
        if (i === 1) return json(res, 200, fixture('scanner-batch-2').body);
        return text(res, status, body);
      });
      const seen: string[] = [];
      const e = await scanAll(createRestClient({ baseUrl: server.url }), 't', seen).catch((x: unknown) => x);
      // batch-2 holds the end of row-b and row-c: row-b is handed on, row-c waits for the next batch
      expect(seen).toEqual(['row-b']);
      expect([status, (e as ScannerLostError).code, (e as ScannerLostError).rowsRead, (e as ScannerLostError).scannerStatus]).toEqual([status, 'SCANNER_LOST', 1, status]);
      expect((e as Error).message).toContain(`answered HTTP ${status}`);
      expect((e as Error).message).toContain(reason);
      expect(exitStatusOf(e as ScannerLostError)).toBe(3);
      await server.close();
      server = undefined;
    }
  });

  it('leaves a 5xx that does not name a lost scanner as REST_HTTP (exit 3 all the same)', async () => {
    server = await startServer((req, res) => {
      if (req.method === 'POST') return json(res, 201, '', { Location: '/t/scanner/s1' });
      if (req.method === 'DELETE') return json(res, 200, '');
      return text(res, 503, 'Unavailable\r\n');
    });
    const e = await scanAll(createRestClient({ baseUrl: server.url }), 't', []).catch((x: unknown) => x);
    expect([(e as RestError).code, (e as RestError).status]).toEqual(['REST_HTTP', 503]);
    expect(exitStatusOf(e as RestError)).toBe(3);
  });

  it('keeps a 404 on the POST (no such table) a REST_HTTP 404, exit 2, and asks no GET', async () => {
    server = await startServer((_req, res) => text(res, 404, 'Not found\r\n'));
    const e = await scanAll(createRestClient({ baseUrl: server.url }), 'nope', []).catch((x: unknown) => x);
    expect(e).toBeInstanceOf(RestError);
    expect([(e as RestError).code, (e as RestError).status, (e as RestError).method]).toEqual(['REST_HTTP', 404, 'POST']);
    expect(exitStatusOf(e as RestError)).toBe(EXIT_USAGE);
    expect(server.requests.map((r) => r.method)).toEqual(['POST']);
  });

  it('is SCANNER_LOST for scanEncoded (the backfill\'s protobuf scan) too', async () => {
    // One protobuf CellSet per batch: row-a whole, then row-b; the third GET answers 404.
    const batches = [
      encodeCellSetProtobuf([{ key: 'row-a', cells: [{ family: 'cf', qualifier: 'a', value: '1', timestamp: 5 }] }]),
      encodeCellSetProtobuf([{ key: 'row-b', cells: [{ family: 'cf', qualifier: 'a', value: '2', timestamp: 5 }] }]),
    ];
    server = await startServer((req, res, i) => {
      if (req.method === 'POST') return json(res, 201, '', { Location: '/old/scanner/s9' });
      if (req.method === 'DELETE') return json(res, 200, '');
      const batch = batches[i - 1];
      if (batch) {
        res.writeHead(200, { 'Content-Type': PROTOBUF_MEDIA_TYPE });
        return void res.end(Buffer.from(batch));
      }
      return text(res, 404, 'Not found\r\n');
    });
    const seen: string[] = [];
    const e = await (async () => {
      for await (const r of createRestClient({ baseUrl: server?.url ?? '' }).scanEncoded('old', { batch: 1 })) seen.push(td.decode(r.key));
    })().catch((x: unknown) => x);
    expect(seen).toEqual(['row-a']);
    expect([(e as ScannerLostError).code, (e as ScannerLostError).table, (e as ScannerLostError).rowsRead]).toEqual(['SCANNER_LOST', 'old', 1]);
    expect(exitStatusOf(e as ScannerLostError)).toBe(3);
  });
});
