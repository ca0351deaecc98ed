import { afterEach, describe, expect, it } from 'vitest';
import { RestError } from '../../../src/hbase/rest/errors.js';
import { createRestClient } from '../../../src/hbase/rest/rest-client.js';
import { DEFAULT_RETRY, backoffDelay, resolveRetryOptions } from '../../../src/hbase/rest/retry.js';
import { type LocalServer, json, startServer, text } from './local-server.js';

let server: LocalServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});
const fast = { maxAttempts: 3, initialDelayMs: 1, maxDelayMs: 2 };

async function flaky(): Promise<LocalServer> {
  return startServer((_req, res, i) => (i === 0 ? text(res, 503, 'busy') : json(res, 200, '')));
}

describe('which calls are retried', () => {
  it('retries a put whose cells all carry explicit timestamps', async () => {
    server = await flaky();
    const c = createRestClient({ baseUrl: server.url, retry: fast });
    await c.putRows('t', [{ key: 'k', cells: [{ family: 'f', qualifier: 'q', value: 'v', timestamp: 5 }] }]);
    expect(server.requests.map((r) => r.method)).toEqual(['PUT', 'PUT']);
  });

  it('does not retry a put with a server-assigned timestamp after a 5xx', async () => {
    server = await flaky();
    const c = createRestClient({ baseUrl: server.url, retry: fast });
    const e = await c.putRows('t', [{ key: 'k', cells: [{ family: 'f', qualifier: 'q', value: 'v' }] }]).catch((x: unknown) => x);
    expect((e as RestError).status).toBe(503);
    expect(server.requests).toHaveLength(1);
    expect(JSON.parse(server.requests[0]?.body ?? '')).toEqual({ Row: [{ key: 'aw==', Cell: [{ column: 'Zjpx', $: 'dg==' }] }] });
  });

  it('retries schema creation, reads and deletes (idempotent)', async () => {
    server = await flaky();
    const c = createRestClient({ baseUrl: server.url, retry: fast });
    await c.createTable('t', { columns: [{ name: 'f' }] });
    expect(server.requests).toHaveLength(2);
  });

  it('turns a 2xx answer with a malformed body into REST_DECODE naming the field', async () => {
    server = await startServer((_req, res) => json(res, 200, { LiveNodes: [{ name: 'no-port', startCode: 1 }] }));
    const c = createRestClient({ baseUrl: server.url });
    const e = (await c.clusterStatus().catch((x: unknown) => x)) as RestError;
    expect(e.code).toBe('REST_DECODE');
    expect(e.message).toContain('LiveNodes[0].name: expected host:port');
    const e2 = (await c.clusterVersion().catch((x: unknown) => x)) as RestError;
    expect(e2.code).toBe('REST_DECODE');
  });
});

describe('backoff', () => {
  it('grows by the factor, is capped, and jitters within [d/2, d]', () => {
    const o = resolveRetryOptions({ initialDelayMs: 100, factor: 3, maxDelayMs: 500, random: () => 0 });
    expect([1, 2, 3, 4].map((n) => backoffDelay(n, o))).toEqual([50, 150, 250, 250]);
    const hi = { ...o, random: () => 0.999999 };
    expect([1, 2, 3].map((n) => backoffDelay(n, hi))).toEqual([100, 300, 500]);
  });

  it('has documented defaults and rejects nonsense', () => {
    expect(resolveRetryOptions()).toMatchObject({ maxAttempts: DEFAULT_RETRY.maxAttempts, initialDelayMs: 200, maxDelayMs: 5000, factor: 2 });
    expect(() => resolveRetryOptions({ factor: 0.5 })).toThrow(RangeError);
    expect(() => resolveRetryOptions({ initialDelayMs: -1 })).toThrow(RangeError);
  });
});
