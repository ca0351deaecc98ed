/**
 * The HTTP side of `serve` (node:http, no framework): the live report page at `/`, its server-sent event stream at
 * `/events`, and the latest update as JSON at `/update.json`. Read only: any method but GET is answered 405. With a
 * token, every request must carry it (`?token=` or `Authorization: Bearer`), else 401.
 *
 * @module
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { type IncomingMessage, type Server, type ServerResponse, createServer } from 'node:http';
import { isIP } from 'node:net';
import type { LiveUpdate } from '../report/html/live.js';
import { HotspotError } from '../util/errors.js';

/** `serve`'s port when `--port` is not given. */
export const DEFAULT_SERVE_PORT = 8321;

/** Seconds between the comment lines that keep an idle event stream open through proxies. */
const HEARTBEAT_MS = 15_000;

/** True when `host` names the loopback interface (`localhost`, 127.0.0.0/8, `::1`): only this machine can connect. */
export function isLoopback(host: string): boolean {
  const h = host.replace(/^\[(.*)\]$/, '$1').toLowerCase();
  if (h === 'localhost') return true;
  if (isIP(h) === 4) return h.startsWith('127.');
  if (isIP(h) === 6) return h === '::1' || /^::ffff:127\./.test(h) || /^(0{1,4}:){7}0{0,3}1$/.test(h);
  return false;
}

/** Options of {@link startLiveServer}. */
export interface LiveServerOptions {
  /** Interface to listen on. */
  readonly host: string;
  /** TCP port; 0 picks a free one. */
  readonly port: number;
  /** When given, every request must carry it. */
  readonly token?: string;
}

/** A running live server. */
export interface LiveServer {
  /** The page's address (with `?token=` when a token is set). */
  readonly url: string;
  /** The port listened on (the one picked for port 0). */
  readonly port: number;
  /** Makes `update` the current state (`page` renders the page for it) and pushes it to every open page. */
  publish(update: LiveUpdate, page: () => string): void;
  /** Tells every open page (and the next to open) that reading stopped or failed, with why. */
  problem(message: string): void;
  /** Ends every event stream and stops listening. */
  close(): Promise<void>;
}

function digest(text: string): Buffer {
  return createHash('sha256').update(text).digest();
}

/** The token a request carries: `?token=` or `Authorization: Bearer`. */
function tokenOf(req: IncomingMessage, url: URL): string | undefined {
  const query = url.searchParams.get('token');
  if (query !== null) return query;
  const auth = req.headers.authorization;
  const m = auth === undefined ? null : /^Bearer\s+(.+)$/i.exec(auth);
  return m?.[1];
}

function send(res: ServerResponse, status: number, type: string, body: string, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'Content-Type': type, 'Cache-Control': 'no-store', 'X-Content-Type-Options': 'nosniff', ...headers });
  res.end(body);
}

function sseEvent(event: string, data: unknown): string {
  return `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
}

/**
 * Starts listening.
 * @throws {@link HotspotError} `SERVE_LISTEN` naming `--port` (in use, not allowed) or `--host` (no such interface).
 */
export async function startLiveServer(options: LiveServerOptions): Promise<LiveServer> {
  const expected = options.token === undefined ? undefined : digest(options.token);
  let current: { update: LiveUpdate; page: () => string; html?: string } | undefined;
  let trouble: string | undefined;
  const streams = new Set<ServerResponse>();

  const handle = (req: IncomingMessage, res: ServerResponse): void => {
    const url = new URL(req.url ?? '/', 'http://serve.invalid');
    if (expected) {
      const given = tokenOf(req, url);
      if (given === undefined || !timingSafeEqual(digest(given), expected)) {
        send(res, 401, 'text/plain; charset=utf-8', 'a token is required: open the address serve printed (it ends in ?token=...)\n', { 'WWW-Authenticate': 'Bearer' });
        return;
      }
    }
    if (req.method !== 'GET') {
      send(res, 405, 'text/plain; charset=utf-8', `${req.method ?? 'this method'} is not allowed: the live page is read only (GET)\n`, { Allow: 'GET' });
      return;
    }
    if (url.pathname === '/' || url.pathname === '/index.html') {
      if (!current) {
        send(res, 503, 'text/plain; charset=utf-8', 'starting: nothing read yet\n', { 'Retry-After': '1' });
        return;
      }
      current.html ??= current.page();
      send(res, 200, 'text/html; charset=utf-8', current.html);
    } else if (url.pathname === '/update.json') {
      if (!current) send(res, 503, 'application/json', '{"error":"nothing read yet"}\n', { 'Retry-After': '1' });
      else send(res, 200, 'application/json', `${JSON.stringify(current.update)}\n`);
    } else if (url.pathname === '/events') {
      res.writeHead(200, { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-store', Connection: 'keep-alive', 'X-Content-Type-Options': 'nosniff' });
      res.write('retry: 2000\n\n');
      if (current) res.write(sseEvent('snapshot', current.update));
      if (trouble !== undefined) res.write(sseEvent('problem', { message: trouble }));
      streams.add(res);
      req.on('close', () => streams.delete(res));
    } else {
      send(res, 404, 'text/plain; charset=utf-8', `no page ${url.pathname}: the live page is /\n`);
    }
  };

  const server: Server = createServer(handle);
  const beat = setInterval(() => {
    for (const s of streams) s.write(': keep-alive\n\n');
  }, HEARTBEAT_MS);
  beat.unref();
  await new Promise<void>((resolve, reject) => {
    server.once('error', (err: NodeJS.ErrnoException) => {
      clearInterval(beat);
      const field = err.code === 'EADDRINUSE' || err.code === 'EACCES' ? '--port' : '--host';
      const why = err.code === 'EADDRINUSE' ? `port ${options.port} is in use; give another --port, or --port 0 for a free one`
        : err.code === 'EACCES' ? `port ${options.port} needs privileges; give one above 1023`
          : `cannot listen on ${options.host} (${err.code ?? err.message}); give an address of this machine, e.g. --host 127.0.0.1`;
      reject(new HotspotError('SERVE_LISTEN', why, { field, cause: err }));
    });
    server.listen(options.port, options.host, () => resolve());
  });
  const address = server.address();
  const port = typeof address === 'object' && address !== null ? address.port : options.port;
  const host = isIP(options.host) === 6 ? `[${options.host}]` : options.host;
  const url = `http://${host}:${port}/${options.token === undefined ? '' : `?token=${encodeURIComponent(options.token)}`}`;

  return {
    url,
    port,
    publish(update, page) {
      current = { update, page };
      trouble = undefined;
      const event = sseEvent('snapshot', update);
      for (const s of streams) s.write(event);
    },
    problem(message) {
      trouble = message;
      const event = sseEvent('problem', { message });
      for (const s of streams) s.write(event);
    },
    async close() {
      clearInterval(beat);
      for (const s of streams) s.end();
      streams.clear();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
  };
}
