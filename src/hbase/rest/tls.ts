/**
 * TLS for gateways behind HTTPS with a private CA or a self-signed certificate.
 *
 * Node 20's global `fetch` cannot take a custom CA per request without the `undici` package, so when TLS options are
 * given the client sends its requests with `node:https` through one keep-alive agent holding those options. The
 * function returned is `fetch`-compatible for what the client needs (method, headers, string body, `signal`) and
 * reads the whole body before resolving, so the client's timeout covers the body too.
 *
 * @module
 */
import { Agent, request } from 'node:https';
import type { FetchLike } from './transport.js';

/** TLS settings for an `https://` gateway. */
export interface TlsOptions {
  /** Trusted CA certificate(s), PEM. Replaces Node's default CA list for this client. */
  readonly ca?: string | Buffer | ReadonlyArray<string | Buffer>;
  /** Verify the server certificate (default `true`). `false` accepts any certificate: for tests only. */
  readonly rejectUnauthorized?: boolean;
  /** Client certificate, PEM, for gateways that require mutual TLS. */
  readonly cert?: string | Buffer;
  /** Client private key, PEM, with `cert`. */
  readonly key?: string | Buffer;
  /** Host name to verify the certificate against, when it differs from the URL's host. */
  readonly servername?: string;
}

const NULL_BODY_STATUS = new Set([101, 204, 205, 304]);

/** Returns a {@link FetchLike} that sends requests over `node:https` with `tls`. */
export function tlsFetch(tls: TlsOptions): FetchLike {
  const agent = new Agent({
    keepAlive: true,
    ...(tls.ca !== undefined ? { ca: tls.ca as string | Buffer | Array<string | Buffer> } : {}),
    ...(tls.rejectUnauthorized !== undefined ? { rejectUnauthorized: tls.rejectUnauthorized } : {}),
    ...(tls.cert !== undefined ? { cert: tls.cert } : {}),
    ...(tls.key !== undefined ? { key: tls.key } : {}),
    ...(tls.servername !== undefined ? { servername: tls.servername } : {}),
  });
  return (input, init) =>
    new Promise<Response>((resolve, reject) => {
      const headers = Object.fromEntries(new Headers(init.headers).entries());
      const req = request(input, { method: init.method ?? 'GET', headers, agent, ...(init.signal ? { signal: init.signal } : {}) }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('error', reject);
        res.on('end', () => {
          const status = res.statusCode ?? 500;
          const out = new Headers();
          for (const [k, v] of Object.entries(res.headers)) {
            if (Array.isArray(v)) for (const x of v) out.append(k, x);
            else if (v !== undefined) out.set(k, v);
          }
          const body = NULL_BODY_STATUS.has(status) ? null : Buffer.concat(chunks);
          resolve(new Response(body, { status, statusText: res.statusMessage ?? '', headers: out }));
        });
      });
      req.on('error', reject);
      if (typeof init.body === 'string') req.write(init.body);
      req.end();
    });
}
