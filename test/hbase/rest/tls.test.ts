import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import type { ServerResponse } from 'node:http';
import { type Server, createServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RestError } from '../../../src/hbase/rest/errors.js';
import { createRestClient } from '../../../src/hbase/rest/rest-client.js';
import { RestTransport } from '../../../src/hbase/rest/transport.js';

// A self-signed certificate for 127.0.0.1, made with the openssl CLI for this run only.
let dir = '';
let cert = '';
let server: Server | undefined;
let url = '';
const stalled: ServerResponse[] = [];
const seen: { url: string; auth: string | undefined }[] = [];
let missing: string | undefined;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'rest-tls-'));
  try {
    execFileSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '2', '-subj', '/CN=127.0.0.1', '-addext', 'subjectAltName=IP:127.0.0.1',
      '-keyout', join(dir, 'key.pem'), '-out', join(dir, 'cert.pem')], { stdio: 'ignore' });
  } catch {
    missing = 'the openssl CLI is needed to make a test certificate';
    return;
  }
  cert = readFileSync(join(dir, 'cert.pem'), 'utf8');
  server = createServer({ key: readFileSync(join(dir, 'key.pem')), cert }, (req, res) => {
    seen.push({ url: req.url ?? '', auth: req.headers.authorization });
    if (req.url === '/stall') return void stalled.push(res);
    if (req.url === '/empty') return void res.writeHead(204).end();
    res.writeHead(200, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify({ Version: '2.6.4' }));
  });
  await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
  url = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  for (const r of stalled) r.destroy();
  server?.closeAllConnections();
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  rmSync(dir, { recursive: true, force: true });
});

describe('TLS options', () => {
  it('trusts a custom CA and sends basic auth', async (ctx) => {
    if (missing) return ctx.skip(missing);
    const c = createRestClient({ baseUrl: url, tls: { ca: cert }, auth: { username: 'u', password: 'p' } });
    expect(await c.clusterVersion()).toBe('2.6.4');
    expect(seen.at(-1)).toEqual({ url: '/version/cluster', auth: `Basic ${Buffer.from('u:p').toString('base64')}` });
  });

  it('rejects an unknown certificate by default, naming the TLS error', async (ctx) => {
    if (missing) return ctx.skip(missing);
    const e = (await createRestClient({ baseUrl: url, retry: { maxAttempts: 1 } }).clusterVersion().catch((x: unknown) => x)) as RestError;
    expect(e).toBeInstanceOf(RestError);
    expect(e.code).toBe('REST_UNREACHABLE');
    expect(e.message).toMatch(/SELF_SIGNED|self.signed/i);
  });

  it('accepts any certificate with rejectUnauthorized: false', async (ctx) => {
    if (missing) return ctx.skip(missing);
    expect(await createRestClient({ baseUrl: url, tls: { rejectUnauthorized: false } }).clusterVersion()).toBe('2.6.4');
  });

  it('applies the timeout and handles bodiless answers over https', async (ctx) => {
    if (missing) return ctx.skip(missing);
    const t = new RestTransport({ baseUrl: url, tls: { ca: cert }, timeoutMs: 150, retry: { maxAttempts: 1 } });
    const e = (await t.request({ method: 'GET', path: '/stall', idempotent: true }).catch((x: unknown) => x)) as RestError;
    expect(e.code).toBe('REST_TIMEOUT');
    const empty = await t.request({ method: 'GET', path: '/empty', idempotent: true });
    expect([empty.status, empty.text]).toEqual([204, '']);
  });

  it('refuses tls options with an http:// URL', () => {
    expect(() => createRestClient({ baseUrl: 'http://127.0.0.1:1', tls: { rejectUnauthorized: false } })).toThrow(RangeError);
  });
});
