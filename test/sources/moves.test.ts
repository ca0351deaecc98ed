// A region moved between two REST readings (its counters restart on the new RegionServer, as HBase does when it
// reopens a region elsewhere): the live detect reports the move and the reset, and never a negative rate.
// The third reading is the recorded second one with [m, ∞) moved by hand from port 39083 to 38523 and its counters
// restarted at 4 reads and 30 writes.
import { afterEach, describe, expect, it } from 'vitest';
import { runCapture } from '../cli/run-cli.js';
import { LAST, RS_38523, RS_39083 } from './facts.js';
import { type FixtureServer, fixtureBody, liveFxRoutes, serveFixtures } from './fixture-server.js';

interface StatusJson { LiveNodes: { name: string; Region: { name: string; readRequestsCount: number; writeRequestsCount: number }[] }[] }
interface RegionsJson { Region: { name: string; location: string }[] }

function movedReadings(): { regions: string; status: string } {
  const status = JSON.parse(fixtureBody('rest/live-status-2.json')) as StatusJson;
  const from = status.LiveNodes.find((n) => n.name === 'localhost:39083');
  const to = status.LiveNodes.find((n) => n.name === 'localhost:38523');
  const index = from?.Region.findIndex((r) => Buffer.from(r.name, 'base64').toString('latin1').includes(LAST)) ?? -1;
  const [region] = from?.Region.splice(index, 1) ?? [];
  if (!region || !to) throw new Error('fixture changed');
  to.Region.push({ ...region, readRequestsCount: 4, writeRequestsCount: 30 });
  const regions = JSON.parse(fixtureBody('rest/live-regions-2.json')) as RegionsJson;
  for (const r of regions.Region) if (r.name.includes(LAST)) r.location = 'localhost:38523';
  return { regions: JSON.stringify(regions), status: JSON.stringify(status) };
}

let server: FixtureServer | undefined;
afterEach(async () => server?.stop());

describe('a region moved between live snapshots', () => {
  it('is reported as moved with its counter reset, its load counted on the new server', async () => {
    const routes = liveFxRoutes();
    const moved = movedReadings();
    server = await serveFixtures({
      '/live_fx/regions': [...(routes['/live_fx/regions'] ?? []), moved.regions],
      '/status/cluster': [...(routes['/status/cluster'] ?? []), moved.status],
    });
    const r = await runCapture(['detect', '--rest', server.url, '--table', 'live_fx', '--interval', '1500ms', '--snapshots', '3', '--json']);
    const result = JSON.parse(r.out) as {
      events: { kind: string; region?: string; server?: string; fromServer?: string }[];
      timeline: { hottestServer: string; serverShares: { server: string; share: number }[] }[];
      regions: { requestsPerSec: number }[];
    };
    expect(result.events.filter((e) => e.region === LAST).map((e) => [e.kind, e.fromServer ?? null, e.server])).toEqual([
      ['region-moved', RS_39083, RS_38523],
      ['counter-reset', null, RS_38523],
    ]);
    // interval 1: 30 reads + 300 writes on 39083; interval 2: the 34 requests since the reset, on 38523
    expect(result.timeline.map((t) => t.hottestServer)).toEqual([RS_39083, RS_38523]);
    for (const region of result.regions) expect(region.requestsPerSec).toBeGreaterThanOrEqual(0);
  });
});
