import type { ServerResponse } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { RestError } from '../../../src/hbase/rest/errors.js';
import { RestTransport } from '../../../src/hbase/rest/transport.js';
import { type LocalServer, json, refusedUrl, startServer, text } from './local-server.js';

const fast = { initialDelayMs: 5, maxDelayMs: 20, random: () => 0.5 };
let server: LocalServer | undefined;
const stalled: ServerResponse[] = [];
afterEach(async () => {
  for (const res of stalled.splice(0)) res.destroy();
  await server?.close();
  server = undefined;
});

async function caught(p: Promise<unknown>): Promise<RestError> {
  const e = await p.then(
    () => undefined,
    (err: unknown) => err,
  );
  expect(e).toBeInstanceOf(RestError);
  return e as RestError;
}

describe('RestTransport', () => {
  it('retries a 503 and then returns the 200 answer', async () => {
    server = await startServer((_req, res, i) => (i < 2 ? text(res, 503, 'Service Unavailable\n') : json(res, 200, { Version: '2.6.5' })));
    const t = new RestTransport({ baseUrl: server.url, retry: { ...fast, maxAttempts: 3 } });
    const res = await t.request({ method: 'GET', path: '/version/cluster', idempotent: true });
    expect(res.status).toBe(200);
    expect(JSON.parse(res.text)).toEqual({ Version: '2.6.5' });
    expect(server.requests).toHaveLength(3);
  });

  it('waits with exponential backoff between attempts', async () => {
    const times: number[] = [];
    server = await startServer((_req, res) => {
      times.push(performance.now());
      text(res, 500, 'boom');
    });
    const t = new RestTransport({ baseUrl: server.url, retry: { initialDelayMs: 60, factor: 2, maxDelayMs: 1000, maxAttempts: 3, random: () => 0.999 } });
    const e = await caught(t.request({ method: 'GET', path: '/x', idempotent: true }));
    expect(e.attempts).toBe(3);
    const [a = 0, b = 0, c = 0] = times;
    expect(b - a).toBeGreaterThanOrEqual(55);
    expect(c - b).toBeGreaterThanOrEqual(115);
  });

  it('gives up after maxAttempts with a message naming method, URL, status and HBase body', async () => {
    server = await startServer((_req, res) => text(res, 503, '  Service Unavailable\n  region is busy \n'));
    const t = new RestTransport({ baseUrl: server.url, retry: { ...fast, maxAttempts: 2 } });
    const e = await caught(t.request({ method: 'GET', path: '/t/schema', idempotent: true }));
    expect(e.code).toBe('REST_HTTP');
    expect(e.status).toBe(503);
    expect(e.attempts).toBe(2);
    expect(e.message).toBe(`GET ${server.url}/t/schema failed with HTTP 503 Service Unavailable: HBase said "Service Unavailable region is busy" (after 2 attempts)`);
    expect(server.requests).toHaveLength(2);
  });

  it('does not retry 4xx answers', async () => {
    server = await startServer((_req, res) => text(res, 404, 'Not found\n'));
    const t = new RestTransport({ baseUrl: server.url, retry: { ...fast, maxAttempts: 5 } });
    const e = await caught(t.request({ method: 'GET', path: '/nope/schema', idempotent: true }));
    expect(e.status).toBe(404);
    expect(e.message).toContain('HBase said "Not found"');
    expect(server.requests).toHaveLength(1);
  });

  it('does not retry a 5xx for a non-idempotent request', async () => {
    server = await startServer((_req, res) => text(res, 500, 'oops'));
    const t = new RestTransport({ baseUrl: server.url, retry: { ...fast, maxAttempts: 5 } });
    await caught(t.request({ method: 'POST', path: '/t/scanner', body: '{}', idempotent: false }));
    expect(server.requests).toHaveLength(1);
  });

  it('returns allowed non-2xx statuses instead of throwing', async () => {
    server = await startServer((_req, res) => text(res, 404, 'Not found'));
    const t = new RestTransport({ baseUrl: server.url });
    const res = await t.request({ method: 'GET', path: '/t/exists', idempotent: true, allowStatus: [404] });
    expect(res.status).toBe(404);
  });

  it('times out a stalled answer, retries it, and reports REST_TIMEOUT', async () => {
    server = await startServer((_req, res) => void stalled.push(res));
    const t = new RestTransport({ baseUrl: server.url, timeoutMs: 150, retry: { ...fast, maxAttempts: 2 } });
    const started = performance.now();
    const e = await caught(t.request({ method: 'GET', path: '/status/cluster', idempotent: true }));
    expect(e.code).toBe('REST_TIMEOUT');
    expect(e.message).toBe(`GET ${server.url}/status/cluster timed out after 150 ms (after 2 attempts)`);
    expect(server.requests).toHaveLength(2);
    expect(performance.now() - started).toBeLessThan(2000);
  });

  it('times out a body that stalls after the headers', async () => {
    server = await startServer((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.write('{"Version":');
      stalled.push(res);
    });
    const t = new RestTransport({ baseUrl: server.url, timeoutMs: 150, retry: { maxAttempts: 1 } });
    const e = await caught(t.request({ method: 'GET', path: '/version/cluster', idempotent: true }));
    expect(e.code).toBe('REST_TIMEOUT');
  });

  it('reports a refused connection as REST_UNREACHABLE after retrying, even for non-idempotent requests', async () => {
    const url = await refusedUrl();
    const t = new RestTransport({ baseUrl: url, retry: { ...fast, maxAttempts: 3 } });
    const e = await caught(t.request({ method: 'POST', path: '/t/scanner', body: '{}', idempotent: false }));
    expect(e.code).toBe('REST_UNREACHABLE');
    expect(e.attempts).toBe(3);
    expect(e.message).toBe(`POST ${url}/t/scanner could not reach the gateway (ECONNREFUSED) (after 3 attempts)`);
    expect(e.cause).toBeInstanceOf(Error);
  });

  it('stops on the caller abort signal without retrying', async () => {
    server = await startServer((_req, res) => void stalled.push(res));
    const t = new RestTransport({ baseUrl: server.url, timeoutMs: 5000, retry: { ...fast, maxAttempts: 5 } });
    const e = await caught(t.request({ method: 'GET', path: '/x', idempotent: true, signal: AbortSignal.timeout(100) }));
    expect(e.code).toBe('REST_ABORTED');
    expect(server.requests).toHaveLength(1);
  });

  it('sends basic auth from options or from the URL, and never shows credentials in errors', async () => {
    server = await startServer((_req, res) => text(res, 401, 'Unauthorized'));
    const withUrl = new RestTransport({ baseUrl: server.url.replace('http://', 'http://ann:s%3Acret@') });
    const e = await caught(withUrl.request({ method: 'GET', path: '/', idempotent: true }));
    expect(server.requests[0]?.headers.authorization).toBe(`Basic ${Buffer.from('ann:s:cret').toString('base64')}`);
    expect(e.message).not.toContain('cret');
    const withOpts = new RestTransport({ baseUrl: server.url, auth: { username: 'bob', password: 'pw' } });
    await caught(withOpts.request({ method: 'GET', path: '/', idempotent: true }));
    expect(server.requests[1]?.headers.authorization).toBe(`Basic ${Buffer.from('bob:pw').toString('base64')}`);
  });

  it('keeps a base URL path prefix and sends JSON headers', async () => {
    server = await startServer((_req, res) => json(res, 200, {}));
    const t = new RestTransport({ baseUrl: `${server.url}/hbase/`, headers: { 'X-Trace': '1' } });
    await t.request({ method: 'PUT', path: '/t/schema', body: '{"a":1}', idempotent: true, query: [['e', 'b64']] });
    const r = server.requests[0];
    expect(r?.url).toBe('/hbase/t/schema?e=b64');
    expect(r?.headers['content-type']).toBe('application/json');
    expect(r?.headers.accept).toBe('application/json');
    expect(r?.headers['x-trace']).toBe('1');
    expect(r?.body).toBe('{"a":1}');
  });

  it('rejects bad settings', () => {
    expect(() => new RestTransport({ baseUrl: 'http://127.0.0.1:1', timeoutMs: 0 })).toThrow(RangeError);
    expect(() => new RestTransport({ baseUrl: 'http://127.0.0.1:1', retry: { maxAttempts: 0 } })).toThrow(RangeError);
    expect(() => new RestTransport({ baseUrl: 'not a url' })).toThrow(TypeError);
  });

  it('rejects a bad per-call timeout before sending anything', async () => {
    const t = new RestTransport({ baseUrl: 'http://127.0.0.1:1' });
    await expect(t.request({ method: 'GET', path: '/', idempotent: true, timeoutMs: 0 })).rejects.toThrow(RangeError);
  });
});
