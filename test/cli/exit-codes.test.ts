// The exit-code table every command follows (README "Exit statuses"): 0 done, 1 done with a finding (`--fail-on` on
// detect, simulate, fix plan and compare), 2 refused input, 3 the cluster side failed, 130 interrupted. Unreachable
// gateways are a closed loopback port (127.0.0.1:9) only.
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { type Server, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { EXIT_CLUSTER, EXIT_FINDING, EXIT_INTERRUPTED, EXIT_OK, EXIT_PIPE_CLOSED, EXIT_USAGE, exitStatusOf } from '../../src/cli/exit.js';
import { detectFailure } from '../../src/cli/fail-on.js';
import { HotspotError } from '../../src/util/errors.js';
import { type FixtureServer, fixtureBody, liveFxRoutes, serveFixtures } from '../sources/fixture-server.js';
import { runCapture } from './run-cli.js';

const CLOSED = 'http://127.0.0.1:9';
const series = (name: string) => fileURLToPath(new URL(`../fixtures/series/${name}`, import.meta.url));
const scenario = (name: string) => fileURLToPath(new URL(`../fixtures/scenarios/${name}`, import.meta.url));
const TAIL = series('tail-hex-presplit.ndjson');
const UNIFORM = series('uniform-salted.ndjson');
const tmp = (): string => mkdtempSync(join(tmpdir(), 'exit-codes-'));

let server: FixtureServer | undefined;
let custom: Server | undefined;
afterEach(async () => {
  await server?.stop();
  server = undefined;
  custom?.closeAllConnections();
  await new Promise<void>((r) => (custom ? custom.close(() => r()) : r()));
  custom = undefined;
});

describe('the README table', () => {
  it('lists 0, 1, 2, 3, 130 and 141, the codes the CLI uses', () => {
    const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
    const table = readme.slice(readme.indexOf('### Exit statuses'));
    const codes = [...table.matchAll(/^\| (\d+) \|/gm)].map((m) => Number(m[1]));
    expect(codes).toEqual([EXIT_OK, EXIT_FINDING, EXIT_USAGE, EXIT_CLUSTER, EXIT_INTERRUPTED, EXIT_PIPE_CLOSED]);
  });
});

describe('exitStatusOf', () => {
  const e = (code: string, options: { status?: number; cause?: unknown } = {}) =>
    Object.assign(new HotspotError(code, 'x', options.cause === undefined ? {} : { cause: options.cause }), options.status === undefined ? {} : { status: options.status });

  it('is 3 for the Thrift2 gateway and for a live read that got nothing, 130 for one stopped by Ctrl-C', () => {
    expect([e('THRIFT_UNREACHABLE'), e('THRIFT_TIMEOUT'), e('LIVE_READ_FAILED'), e('LIVE_INTERRUPTED')].map(exitStatusOf)).toEqual([3, 3, 3, 130]);
  });

  it('is 3 for an error wrapping the cluster failing (load: requests in a row failed), 2 for one wrapping a 404', () => {
    expect(exitStatusOf(e('LOAD_FAILED', { cause: e('REST_UNREACHABLE') }))).toBe(3);
    expect(exitStatusOf(e('LOAD_FAILED', { cause: e('REST_HTTP', { status: 503 }) }))).toBe(3);
    expect(exitStatusOf(e('SOURCE_TABLE_NOT_FOUND', { cause: e('REST_HTTP', { status: 404 }) }))).toBe(2);
  });
});

describe('3: the cluster side failed', () => {
  it('collect that wrote 0 of N snapshots exits 3 and leaves no empty recording', async () => {
    const out = join(tmp(), 'series.ndjson');
    const r = await runCapture(['collect', '--rest', CLOSED, '--table', 't', '--every', '100ms', '--for', '100ms', '-o', out]);
    expect([r.code, r.err]).toEqual([3, expect.stringContaining('read 0 of 2 snapshot(s) of "t"')]);
    expect(r.err).toContain('could not reach the gateway');
    expect(existsSync(out)).toBe(false);
  }, 20_000);

  it('detect and fix plan on an unreachable gateway exit 3, naming the failure', async () => {
    for (const argv of [['detect'], ['fix', 'plan']]) {
      const r = await runCapture([...argv, '--rest', CLOSED, '--table', 't', '--snapshots', '2', '--interval', '100ms']);
      expect([argv, r.code, r.err]).toEqual([argv, 3, expect.stringContaining('the cluster side failed: GET http://127.0.0.1:9/t/regions could not reach the gateway')]);
    }
  }, 20_000);

  it('top on an unreachable gateway exits 3', async () => {
    const r = await runCapture(['top', '--rest', CLOSED, '--batch', '--iterations', '1']);
    expect([r.code, r.err]).toEqual([3, expect.stringContaining('could not reach the gateway')]);
  }, 20_000);
});

describe('0: a live read with gaps is done, the gaps reported', () => {
  it('collect: one sample answered 503 through its retries is a gap; the run exits 0', async () => {
    // /status/cluster answers: a reading, then 503 for one sample's 4 attempts, then the second reading.
    let statusHits = 0;
    custom = createServer((req, res) => {
      const path = new URL(req.url ?? '/', 'http://x').pathname;
      if (path === '/live_fx/regions') {
        res.writeHead(200, { 'Content-Type': 'application/json' }).end(fixtureBody(statusHits === 0 ? 'rest/live-regions-1.json' : 'rest/live-regions-2.json'));
        return;
      }
      if (path === '/status/cluster') {
        const n = statusHits++;
        if (n >= 1 && n <= 4) {
          res.writeHead(503, { 'Content-Type': 'text/plain' }).end('Service Unavailable');
          return;
        }
        res.writeHead(200, { 'Content-Type': 'application/json' }).end(fixtureBody(n === 0 ? 'rest/live-status-1.json' : 'rest/live-status-2.json'));
        return;
      }
      res.writeHead(404).end();
    });
    await new Promise<void>((r) => custom?.listen(0, '127.0.0.1', r));
    const url = `http://127.0.0.1:${(custom.address() as AddressInfo).port}`;
    const out = join(tmp(), 'series.ndjson');
    const r = await runCapture(['collect', '--rest', url, '--table', 'live_fx', '--every', '2s', '--for', '4s', '--timeout', '1s', '-o', out]);
    expect(r.code).toBe(0);
    expect(r.err).toMatch(/^gap: sample 2 of 3/m);
    expect(r.err).toContain('done: 2 snapshot(s) of 3 written');
    expect(r.err).toContain('1 gap(s)');
  }, 30_000);
});

describe('130: interrupted', () => {
  it('a live detect stopped by Ctrl-C before its second snapshot', async () => {
    server = await serveFixtures(liveFxRoutes());
    const timer = setTimeout(() => process.emit('SIGINT'), 400);
    const r = await runCapture(['detect', '--rest', server.url, '--table', 'live_fx', '--interval', '10s', '--snapshots', '2']);
    clearTimeout(timer);
    expect([r.code, r.err]).toEqual([130, expect.stringContaining('stopped by Ctrl-C after 1 of 2 snapshot(s)')]);
    expect(process.listenerCount('SIGINT')).toBe(0);
  });
});

describe('--fail-on', () => {
  it('decides on the headline shape for hotspot, on any finding for finding', () => {
    const finding = { kind: 'lumpy-presplit', level: 'table', summary: '', evidence: [], servers: [], regions: [] } as const;
    expect(detectFailure({ shape: 'none', findings: [finding] }, 'hotspot')).toBeUndefined();
    expect(detectFailure({ shape: 'none', findings: [finding] }, 'finding')).toBe('finding: lumpy-presplit');
    expect(detectFailure({ shape: 'hot-range', findings: [] }, 'hotspot')).toBe('hotspot: hot-range');
    expect(detectFailure({ shape: 'none', findings: [] }, 'finding')).toBeUndefined();
  });

  it('detect: 0 without it even on a hotspot; 1 with it on a hotspot, 0 with it on an even load', async () => {
    expect((await runCapture(['detect', TAIL])).code).toBe(0);
    const hot = await runCapture(['detect', TAIL, '--json', '--fail-on', 'hotspot']);
    expect([hot.code, hot.err]).toEqual([1, '--fail-on hotspot: hotspot: monotonic-tail; exit 1\n']);
    expect(JSON.parse(hot.out).shape).toBe('monotonic-tail');
    expect((await runCapture(['detect', UNIFORM, '--fail-on', 'hotspot'])).code).toBe(0);
    expect((await runCapture(['detect', UNIFORM, '--fail-on', 'finding'])).code).toBe(0);
    const all = await runCapture(['detect', TAIL, '--fail-on', 'finding']);
    expect([all.code, all.err]).toEqual([1, '--fail-on finding: hotspot: monotonic-tail, finding: region-hotspot, finding: server-hotspot, finding: lumpy-presplit; exit 1\n']);
  });

  it('detect: an advisory finding (an unsplit table) fails finding, not hotspot', async () => {
    const file = join(tmp(), 'one-region.ndjson');
    const region = (i: number) => ({ name: 'one,,1717000000000.00000000000000000000000000000000.', encodedName: '0'.repeat(32), startKey: '', endKey: '', server: 'rs1.example.com,16020,1717000000000', readRequests: i * 600, writeRequests: i * 6000, storeSizeBytes: 0 });
    const lines = [{ format: 'hbase-hotspot/load-series', version: 1, table: 'one', source: { kind: 'recorded', description: 'one region', intervalMs: 60000 } }];
    writeFileSync(file, [...lines, ...[0, 1, 2].map((i) => ({ timeMs: 1717243200000 + i * 60000, table: 'one', regions: [region(i)] }))].map((l) => JSON.stringify(l)).join('\n') + '\n');
    const json = JSON.parse((await runCapture(['detect', file, '--json'])).out) as { shape: string; findings: { kind: string }[] };
    expect([json.shape, json.findings.map((f) => f.kind)]).toEqual(['none', ['unsplit-table']]);
    expect((await runCapture(['detect', file, '--fail-on', 'hotspot'])).code).toBe(0);
    expect((await runCapture(['detect', file, '--fail-on', 'finding'])).code).toBe(1);
  });

  it('fix plan: 1 on a hotspot with it, 0 without', async () => {
    expect((await runCapture(['fix', 'plan', TAIL])).code).toBe(0);
    const r = await runCapture(['fix', 'plan', TAIL, '--json', '--fail-on', 'hotspot']);
    expect([r.code, r.err]).toEqual([1, expect.stringContaining('--fail-on hotspot: hotspot: monotonic-tail')]);
    expect((await runCapture(['fix', 'plan', UNIFORM, '--fail-on', 'finding'])).code).toBe(0);
  });

  it('simulate: 1 when a design has a hotspot, naming it; 0 when none has', async () => {
    expect((await runCapture(['simulate', scenario('agreement.yaml')])).code).toBe(0);
    const r = await runCapture(['simulate', scenario('agreement.yaml'), '--fail-on', 'hotspot']);
    expect([r.code, r.err]).toEqual([1, '--fail-on hotspot: timestamp-first: hotspot: monotonic-tail; exit 1\n']);
    expect((await runCapture(['simulate', scenario('uniform-hash.yaml'), '--fail-on', 'finding'])).code).toBe(0);
  }, 30_000);

  it('simulate: a read that scans more than it returns is a finding, not a hotspot', async () => {
    const file = join(tmp(), 'coarse.yaml');
    writeFileSync(file, `name: coarse time bucket
start: 2024-06-01T00:00:00Z
duration: 30m
step: 1m
cluster: { regionServers: 4, balancer: region-count, balancerInterval: 5m }
table: { name: readings, rowSizeBytes: 200, preSplit: { algorithm: hex, regions: 16 }, splitPolicy: none }
workload:
  entities: { field: deviceId, count: 2000, idFormat: sensor-%06d, popularity: uniform }
  timeField: ts
  writeRatePerSec: 500
  reads: [{ name: last hour of one device, kind: time-range, range: 1h, ratePerSec: 10 }]
designs:
  - { name: salted, template: '{salt(deviceId,16)}_{deviceId}_{reverseTs(ts)}', preSplit: { perSaltBucket: 1 } }
  - { name: daily bucket, template: '{md5(deviceId,8)}_{deviceId}_{date(ts,"yyyyMMdd")}' }
`);
    expect((await runCapture(['simulate', file, '--fail-on', 'hotspot'])).code).toBe(0);
    const r = await runCapture(['simulate', file, '--fail-on', 'finding']);
    expect([r.code, r.err]).toEqual([1, expect.stringMatching(/^--fail-on finding: daily bucket: read "last hour of one device" is not exact \(\{date\(ts,"yyyyMMdd"\)\} is coarser than a millisecond/)]);
  }, 30_000);

  it('compare --fail-on unchanged: 1 when the hot share did not move toward the fair share, 0 when it did', async () => {
    const same = await runCapture(['compare', TAIL, TAIL, '--fail-on', 'unchanged']);
    expect([same.code, same.err]).toEqual([1, '--fail-on unchanged: verdict unchanged; exit 1\n']);
    expect((await runCapture(['compare', TAIL, TAIL])).code).toBe(0);
    // the tail's first two intervals (120 s, as the even series) before, the even load after: fixed
    const before = join(tmp(), 'before.ndjson');
    writeFileSync(before, `${readFileSync(TAIL, 'utf8').trimEnd().split('\n').slice(0, 4).join('\n')}\n`);
    const fixed = await runCapture(['compare', before, UNIFORM, '--fail-on', 'unchanged']);
    expect([fixed.code, fixed.out]).toEqual([0, expect.stringMatching(/^verdict: fixed/)]);
  });

  it('refuses a value it does not know with exit 2', async () => {
    expect((await runCapture(['detect', TAIL, '--fail-on', 'hot'])).code).toBe(2);
    expect((await runCapture(['compare', TAIL, TAIL, '--fail-on', 'hotspot'])).code).toBe(2);
  });
});
