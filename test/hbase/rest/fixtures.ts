// Replays answers recorded from a real HBase REST gateway (test/fixtures/rest/*.json, see record.ts there).
import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type LocalServer, startServer } from './local-server.js';

export interface Fixture {
  request: { method: string; path: string; body?: unknown };
  status: number;
  location?: string;
  contentType?: string;
  body: string;
}

const DIR = join(dirname(fileURLToPath(import.meta.url)), '../../fixtures/rest');

export function fixture(name: string): Fixture {
  return JSON.parse(readFileSync(join(DIR, `${name}.json`), 'utf8')) as Fixture;
}

export function fixtureJson(name: string): unknown {
  return JSON.parse(fixture(name).body);
}

export function allFixtures(): Map<string, Fixture> {
  const out = new Map<string, Fixture>();
  for (const f of readdirSync(DIR)) if (f.endsWith('.json')) out.set(f.slice(0, -5), fixture(f.slice(0, -5)));
  return out;
}

/**
 * A local server answering each request with the named fixture; `route` maps `METHOD path` to a fixture name,
 * or to a list of names served in turn. Unknown requests get 599 so a test sees them.
 */
export async function replayServer(route: Record<string, string | string[]>): Promise<LocalServer> {
  const served = new Map<string, number>();
  return startServer((req, res) => {
    const key = `${req.method} ${req.url}`;
    const entry = route[key];
    const n = served.get(key) ?? 0;
    served.set(key, n + 1);
    const name = Array.isArray(entry) ? entry[Math.min(n, entry.length - 1)] : entry;
    if (!name) {
      res.writeHead(599, { 'Content-Type': 'text/plain' });
      res.end(`no fixture for ${key}`);
      return;
    }
    const fx = fixture(name);
    const headers: Record<string, string> = {};
    if (fx.contentType) headers['Content-Type'] = fx.contentType;
    if (fx.location) headers['Location'] = fx.location;
    res.writeHead(fx.status, headers);
    res.end(fx.body);
  });
}
