// `top` in batch form against loopback replays of the live_fx recording (test/fixtures/rest): between the two
// recorded /status/cluster answers only live_fx [m, ∞) on localhost:39083 moved (reads 20 → 50, writes 360 → 660)
// and hbase:meta on localhost:38523 (reads 293 → 328): 330 + 35 = 365 requests in the cluster.
import { afterEach, describe, expect, it } from 'vitest';
import { type FixtureServer, fixtureBody, liveFxRoutes, serveFixtures } from '../sources/fixture-server.js';
import { LAST, RS_38523, RS_39083, RS_40079 } from '../sources/facts.js';
import { runCapture } from './run-cli.js';

let server: FixtureServer | undefined;
afterEach(async () => {
  await server?.stop();
  server = undefined;
});

const statusOnly = () => ({ '/status/cluster': [fixtureBody('rest/live-status-1.json'), fixtureBody('rest/live-status-2.json')] });
const blocks = (out: string) => out.split(/\n\n(?=top )/).map((b) => b.trimEnd().split('\n'));
const HEADER = /^top \d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z {2}mode (regions|servers) {2}sort \w+ {2}interval \d+\.\ds {2}hot k=3$/;

describe('top --batch', () => {
  it('prints one plain block per refresh for one table: [m, ∞) hot in the first, nothing moving in the second', async () => {
    server = await serveFixtures(liveFxRoutes());
    const r = await runCapture(['top', '--rest', server.url, '--table', 'live_fx', '--batch', '--iterations', '2', '--delay', '300ms']);
    expect(r.code).toBe(0);
    expect(r.out).not.toContain('\u001b');
    const [first, second, extra] = blocks(r.out);
    expect(extra).toBeUndefined();
    expect(first?.[0]).toMatch(HEADER);
    expect(first?.[2]).toMatch(/^table live_fx: 6 regions, \d+\.\d requests\/s, fair share 16\.7%, 1 hot shown$/);
    expect(first?.[3]).toMatch(/^REGION {28}START KEY  SERVER {25,}REQ\/S +READ\/S +WRITE\/S  SIZE   SHARE  HOT$/);
    const hot = first?.[4] ?? '';
    expect(hot).toMatch(new RegExp(`^${LAST}  m +${RS_39083} +[\\d.]+ +[\\d.]+ +[\\d.]+ +0 B +100\\.0%  HOT requests,writes,reads$`));
    const [req, reads, writes] = hot.split(/ +/).slice(3, 6).map(Number) as [number, number, number];
    expect(writes / reads).toBeCloseTo(10, 0);
    expect(req).toBeCloseTo(reads + writes, 0);
    expect(first?.slice(5).every((l) => / 0\.0 +0\.0 +0\.0 +0 B +0\.0%$/.test(l))).toBe(true);
    expect(second?.[2]).toMatch(/^table live_fx: 6 regions, 0\.0 requests\/s, fair share 16\.7%, 0 hot shown$/);
    expect(server.hits.get('/status/cluster')).toBe(3);
    expect(r.err).toContain('reading table "live_fx" from');
    expect(r.err).toContain('under the RegionServers\' 3 s heartbeat');
  });

  it('shows every table from /status/cluster, busiest first, regions in key order when nothing else orders them (toStringBinary escapes the backslash, as HBase Bytes.toStringBinary does)', async () => {
    server = await serveFixtures(statusOnly());
    const r = await runCapture(['top', '--rest', server.url, '--iterations', '1', '--delay', '300ms']);
    expect(r.code).toBe(0);
    const lines = blocks(r.out)[0] ?? [];
    expect(lines.filter((l) => l.startsWith('table ')).map((l) => l.split(',')[0])).toEqual([
      'table live_fx: 6 regions', 'table hbase:meta: 1 region', 'table hbase:namespace: 1 region', 'table smoke1: 5 regions', 'table t1: 4 regions',
    ]);
    const smoke = lines.slice(lines.findIndex((l) => l.startsWith('table smoke1')) + 2, lines.findIndex((l) => l.startsWith('table t1')) - 1);
    expect(smoke.map((l) => l.slice(0, 8))).toEqual(['55e5f09a', 'b14d36e5', '87c02b88', '2b49bbdf', 'b2534fc8']);
    expect(smoke.map((l) => l.split(/ {2,}/)[1])).toEqual([RS_39083, '\\x00\\x01', '\\x5C"#', 'm', '\\xFF']);
    expect(lines.find((l) => l.startsWith('1588230740'))).toMatch(new RegExp(`^1588230740 +${RS_38523} +[\\d.]+ +[\\d.]+ +0\\.0  1 MB +100\\.0%$`));
    expect(server.hits.get('/live_fx/regions')).toBeUndefined();
  });

  it('sums the servers over every table: 330 of 365 requests on localhost:39083', async () => {
    server = await serveFixtures(statusOnly());
    const r = await runCapture(['top', '--rest', server.url, '--mode', 'servers', '--iterations', '1', '--delay', '300ms']);
    const lines = blocks(r.out)[0] ?? [];
    expect(lines[2]).toMatch(/^servers: 3 servers, \d+\.\d requests\/s, fair share 33\.3%, 1 hot shown$/);
    expect(lines[3]).toMatch(/^SERVER {25}REGIONS +REQ\/S +READ\/S +WRITE\/S  SIZE  SHARE  HOT$/);
    expect(lines[4]).toMatch(new RegExp(`^${RS_39083} +6 +[\\d.]+ +[\\d.]+ +[\\d.]+ +0 B +90\\.4%  HOT requests,writes$`));
    expect(lines[5]).toMatch(new RegExp(`^${RS_38523} +5 +[\\d.]+ +[\\d.]+ +0\\.0  1 MB +9\\.6%$`));
    expect(lines[6]).toMatch(new RegExp(`^${RS_40079} +6 +0\\.0 +0\\.0 +0\\.0  1 MB +0\\.0%$`));
  });

  it('cuts each table to --limit rows and says how many were left out', async () => {
    server = await serveFixtures(liveFxRoutes());
    const r = await runCapture(['top', '--rest', server.url, '--table', 'live_fx', '--iterations', '1', '--delay', '300ms', '--limit', '2']);
    const lines = blocks(r.out)[0] ?? [];
    expect(lines).toHaveLength(7);
    expect(lines[6]).toBe('… 4 more regions not shown (--limit)');
  });
});

describe('top option errors', () => {
  const cases: [string[], string][] = [
    [['--delay', '0s'], '--delay 0s: the refresh delay must be above 0, e.g. --delay 5s'],
    [['--delay', 'soon'], '--delay'],
    [['--mode', 'tables'], '--mode tables: give one of regions, servers'],
    [['--sort', 'latency'], '--sort latency: give one of requests, reads, writes, size'],
    [['--iterations', '0'], '--iterations 0: give a whole number ≥ 1, e.g. --iterations 10'],
    [['--limit', 'ten'], '--limit ten: give a whole number ≥ 1, e.g. --limit 20'],
    [['--k', '1'], '"1" is not a hot factor'],
    [['--jmx', 'http://127.0.0.1:1'], '--jmx reads one table at a time; add --table T'],
    [['--rest', 'ftp://x'], '"ftp://x" is not an http(s) URL'],
  ];
  it.each(cases)('top %j → %s', async (args, message) => {
    const r = await runCapture(['top', '--rest', 'http://127.0.0.1:1', '--batch', ...args]);
    expect([r.code, r.err]).toEqual([2, expect.stringContaining(message)]);
  });

  it('asks for the gateway without --rest', async () => {
    const r = await runCapture(['top', '--batch']);
    expect([r.code, r.err]).toEqual([2, expect.stringContaining('give the REST gateway with --rest')]);
  });

  it('stops on an unknown table (not a passing failure)', async () => {
    server = await serveFixtures(liveFxRoutes());
    const r = await runCapture(['top', '--rest', server.url, '--table', 'nope', '--iterations', '1', '--delay', '300ms']);
    expect([r.code, r.err]).toEqual([2, expect.stringContaining('the gateway does not know this table')]);
  });
});
