/**
 * HTTP layer of the REST client: one request with a per-attempt timeout, retries with backoff, optional basic
 * auth, and every failure mapped to a {@link RestError}.
 *
 * Retry policy (see also the client's TSDoc):
 * - a request marked `idempotent` is retried on connection errors, timeouts and 5xx answers;
 * - any request is retried when the connection was refused (`ECONNREFUSED`): the gateway never saw it;
 * - 4xx answers and caller aborts are never retried.
 *
 * @module
 */
import { RestError, summarizeBody } from './errors.js';
import { type ResolvedRetryOptions, type RetryOptions, resolveRetryOptions, retry } from './retry.js';
import { type TlsOptions, tlsFetch } from './tls.js';

/** A `fetch`-compatible function (Node's global `fetch` by default; inject one for tests or custom agents). */
export type FetchLike = (input: string, init: RequestInit) => Promise<Response>;

/** Basic-auth credentials, sent as an `Authorization: Basic` header on every request. */
export interface BasicAuth {
  readonly username: string;
  readonly password: string;
}

/** Connection settings shared by all requests. */
export interface TransportOptions {
  /** Gateway base URL, e.g. `http://127.0.0.1:8080` (a path prefix is kept; user:password in it become basic auth). */
  readonly baseUrl: string;
  /** Per-attempt timeout covering the answer's headers and body, ms. Default 10000. */
  readonly timeoutMs?: number;
  /** Retry and backoff settings. */
  readonly retry?: RetryOptions;
  /** Basic-auth credentials. */
  readonly auth?: BasicAuth;
  /** Extra headers sent on every request. */
  readonly headers?: Readonly<Record<string, string>>;
  /** Transport function; default the global `fetch` (or `node:https` when {@link TransportOptions.tls} is set). */
  readonly fetch?: FetchLike;
  /** TLS settings (custom CA, client certificate, verification) for an `https://` base URL; see `tls.ts`. */
  readonly tls?: TlsOptions;
}

/** One logical request. `path` must already be percent-encoded and start with `/`. */
export interface RequestSpec {
  readonly method: 'GET' | 'PUT' | 'POST' | 'DELETE';
  readonly path: string;
  readonly query?: ReadonlyArray<readonly [string, string]>;
  /** Request body: text, or bytes (protobuf). */
  readonly body?: string | Uint8Array;
  /** Content-Type of the body; default `application/json`. */
  readonly contentType?: string;
  /** Accept header; default `application/json`. */
  readonly accept?: string;
  /** Keep a 2xx answer's body as bytes ({@link RawResponse.bytes}) instead of text (protobuf answers). */
  readonly binaryAnswer?: boolean;
  /** Whether repeating the request has the same effect as sending it once (decides retries). */
  readonly idempotent: boolean;
  /** Non-2xx statuses returned to the caller instead of thrown (e.g. 404 for existence checks). */
  readonly allowStatus?: readonly number[];
  readonly signal?: AbortSignal;
  /** Overrides the transport's per-attempt timeout, ms. */
  readonly timeoutMs?: number;
}

/** A completed HTTP exchange. */
export interface RawResponse {
  readonly status: number;
  readonly headers: Headers;
  /** The body as text; empty when the request asked for a binary answer and got a 2xx. */
  readonly text: string;
  /** The body as bytes, for a 2xx answer to a request with `binaryAnswer` (empty otherwise). */
  readonly bytes: Uint8Array;
  readonly url: string;
}

/** Default per-attempt timeout, ms. */
export const DEFAULT_TIMEOUT_MS = 10_000;

/** Error codes found along an error's `cause` chain (Node's fetch wraps socket errors as `TypeError: fetch failed`). */
function causeCodes(err: unknown): string[] {
  const codes: string[] = [];
  for (let e = err, depth = 0; e && typeof e === 'object' && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string') codes.push(code);
    const inner = (e as { errors?: unknown }).errors;
    if (Array.isArray(inner)) for (const x of inner) codes.push(...causeCodes(x));
  }
  return codes;
}

/** Sends requests to one REST gateway. */
export class RestTransport {
  readonly baseUrl: string;
  readonly timeoutMs: number;
  readonly retryOptions: ResolvedRetryOptions;
  private readonly fetchFn: FetchLike;
  private readonly headers: Record<string, string>;

  constructor(options: TransportOptions) {
    const url = new URL(options.baseUrl);
    let auth = options.auth;
    if (url.username || url.password) {
      auth ??= { username: decodeURIComponent(url.username), password: decodeURIComponent(url.password) };
      url.username = '';
      url.password = '';
    }
    this.baseUrl = url.toString().replace(/\/+$/, '');
    this.timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    if (!(this.timeoutMs > 0)) throw new RangeError('timeoutMs must be > 0');
    this.retryOptions = resolveRetryOptions(options.retry);
    if (options.tls && url.protocol !== 'https:') throw new RangeError('tls options need an https:// base URL');
    this.fetchFn = options.fetch ?? (options.tls ? tlsFetch(options.tls) : (input, init) => fetch(input, init));
    this.headers = { ...options.headers };
    if (auth) this.headers['Authorization'] = `Basic ${Buffer.from(`${auth.username}:${auth.password}`).toString('base64')}`;
  }

  /** Full URL of a request. */
  url(path: string, query?: RequestSpec['query']): string {
    const qs = query?.length ? `?${query.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join('&')}` : '';
    return `${this.baseUrl}${path}${qs}`;
  }

  /** Sends `spec`, retrying per the policy above. Rejects with {@link RestError} (`RangeError` for a bad timeout). */
  request(spec: RequestSpec): Promise<RawResponse> {
    if (spec.timeoutMs !== undefined && !(spec.timeoutMs > 0)) return Promise.reject(new RangeError('timeoutMs must be > 0'));
    const url = this.url(spec.path, spec.query);
    return retry((n) => this.attempt(spec, url, n), this.retryOptions, spec.signal).catch((e: unknown) => {
      if (e instanceof RestError) throw e;
      // the caller's signal fired while waiting between attempts
      throw new RestError('REST_ABORTED', 'was aborted', { method: spec.method, url, cause: e });
    });
  }

  private async attempt(spec: RequestSpec, url: string, attempts: number) {
    const details = { method: spec.method, url, attempts };
    const controller = new AbortController();
    let timedOut = false;
    const timeoutMs = spec.timeoutMs ?? this.timeoutMs;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort(new Error(`timed out after ${timeoutMs} ms`));
    }, timeoutMs);
    const onAbort = (): void => controller.abort(spec.signal?.reason);
    if (spec.signal?.aborted) onAbort();
    spec.signal?.addEventListener('abort', onAbort, { once: true });
    // Answers come uncompressed unless the caller's headers ask otherwise: on the gateway's usual network (same
    // datacenter, often loopback) gzip costs both ends more CPU than the bytes it saves.
    const headers: Record<string, string> = { Accept: spec.accept ?? 'application/json', 'Accept-Encoding': 'identity', ...this.headers };
    if (spec.body !== undefined) headers['Content-Type'] = spec.contentType ?? 'application/json';
    try {
      const res = await this.fetchFn(url, { method: spec.method, headers, body: spec.body ?? null, signal: controller.signal });
      const ok = res.status >= 200 && res.status < 300;
      if (ok && spec.binaryAnswer) {
        const bytes = new Uint8Array(await res.arrayBuffer());
        return { ok: true as const, value: { status: res.status, headers: res.headers, text: '', bytes, url } };
      }
      const text = await res.text();
      if (ok || spec.allowStatus?.includes(res.status)) {
        return { ok: true as const, value: { status: res.status, headers: res.headers, text, bytes: new Uint8Array(0), url } };
      }
      const summary = `failed with HTTP ${res.status}${res.statusText ? ` ${res.statusText}` : ''}`;
      const error = new RestError('REST_HTTP', summary, { ...details, status: res.status, body: summarizeBody(text) });
      return { ok: false as const, error, retryable: res.status >= 500 && spec.idempotent };
    } catch (cause) {
      if (spec.signal?.aborted) {
        return { ok: false as const, error: new RestError('REST_ABORTED', 'was aborted', { ...details, cause }), retryable: false };
      }
      if (timedOut) {
        const error = new RestError('REST_TIMEOUT', `timed out after ${timeoutMs} ms`, { ...details, cause });
        return { ok: false as const, error, retryable: spec.idempotent };
      }
      const codes = causeCodes(cause);
      const refused = codes.includes('ECONNREFUSED');
      const why = codes.find((c) => c !== 'UND_ERR_SOCKET') ?? (cause instanceof Error ? cause.message : String(cause));
      const error = new RestError('REST_UNREACHABLE', `could not reach the gateway (${why})`, { ...details, cause });
      return { ok: false as const, error, retryable: spec.idempotent || refused };
    } finally {
      clearTimeout(timer);
      spec.signal?.removeEventListener('abort', onAbort);
    }
  }
}
