// The source contract over the live_fx recording: REST and JMX replayed by a loopback server, and the pasted shell
// captures of the same table at the same moments.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRestClient } from '../../src/hbase/rest/index.js';
import { createJmxSource, createRestSource, createTextSource } from '../../src/sources/index.js';
import { sourceContract } from './contract.js';
import { LIVE_FX_FACTS } from './facts.js';
import { liveFxRoutes, serveFixtures } from './fixture-server.js';

const shell = (name: string): string => readFileSync(join(dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'shell', name), 'utf8');
let clock = 1_000;
const now = (): number => (clock += 10_000);

sourceContract('REST (recorded)', async () => {
  const server = await serveFixtures(liveFxRoutes());
  const client = createRestClient({ baseUrl: server.url });
  return { source: createRestSource({ client, table: 'live_fx', description: server.url, now }), facts: LIVE_FX_FACTS, close: server.stop };
});

sourceContract('JMX (recorded)', async () => {
  const server = await serveFixtures(liveFxRoutes());
  const directory = createRestClient({ baseUrl: server.url });
  return { source: createJmxSource({ jmxUrls: [server.url], directory, table: 'live_fx', now }), facts: LIVE_FX_FACTS, close: server.stop };
});

sourceContract('list_regions text', async () => ({
  source: createTextSource('list-regions', [{ file: 'list-regions.txt', text: shell('list-regions.txt'), mtimeMs: 0 }]),
  facts: LIVE_FX_FACTS,
}));

sourceContract("status 'detailed' text", async () => ({
  source: createTextSource('status-detailed', [{ file: 'status-detailed.txt', text: shell('status-detailed.txt'), mtimeMs: 0 }], { table: 'live_fx' }),
  facts: LIVE_FX_FACTS,
}));
