/** A loopback HTTP server replaying recorded HBase answers (REST, JMX), for the source and collect tests. */
import { type Server, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const FIXTURES = join(dirname(fileURLToPath(import.meta.url)), '..', 'fixtures');

/** The body of a recorded fixture file (`{request, status, body}`), by path under `test/fixtures/`. */
export function fixtureBody(path: string): string {
  return (JSON.parse(readFileSync(join(FIXTURES, path), 'utf8')) as { body: string }).body;
}

/** A route's answers: each request takes the next one, the last repeats. */
export type Routes = Record<string, readonly string[]>;

/** The running server: its URL, how often each path was asked, and stop/restart on the same port. */
export interface FixtureServer {
  readonly url: string;
  readonly hits: Map<string, number>;
  /** Stops listening (connections are refused) until {@link FixtureServer.start}. */
  stop(): Promise<void>;
  /** Listens again on the same port. */
  start(): Promise<void>;
}

/** Starts a server on 127.0.0.1 answering `routes` by path (query ignored), 404 for anything else. */
export async function serveFixtures(routes: Routes): Promise<FixtureServer> {
  const hits = new Map<string, number>();
  const make = (): Server =>
    createServer((req, res) => {
      const path = new URL(req.url ?? '/', 'http://x').pathname;
      const answers = routes[path];
      const n = hits.get(path) ?? 0;
      hits.set(path, n + 1);
      if (!answers || answers.length === 0) {
        res.writeHead(404, { 'Content-Type': 'text/plain' }).end('Not found');
        return;
      }
      res.writeHead(200, { 'Content-Type': 'application/json' }).end(answers[Math.min(n, answers.length - 1)]);
    });
  let server = make();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    hits,
    stop: () => new Promise<void>((r) => {
      server.closeAllConnections();
      server.close(() => r());
    }),
    start: async () => {
      server = make();
      await new Promise<void>((r) => server.listen(port, '127.0.0.1', r));
    },
  };
}

/** Routes replaying the live_fx recording: two readings of /regions, /status/cluster and /jmx. */
export function liveFxRoutes(): Routes {
  return {
    '/live_fx/regions': [fixtureBody('rest/live-regions-1.json'), fixtureBody('rest/live-regions-2.json')],
    '/status/cluster': [fixtureBody('rest/live-status-1.json'), fixtureBody('rest/live-status-2.json')],
    '/jmx': [fixtureBody('jmx/regions-1.json'), fixtureBody('jmx/regions-2.json')],
  };
}
