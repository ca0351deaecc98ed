// `health` on the command line: recorded answers (--jmx-files), a live window against recorded answers served on
// loopback (--jmx), the JSON shape, the Nagios form and the exit statuses (1 failing item, 2 bad input, 3 nobody
// answered). Expected values are worked out in test/health/health.test.ts from the fixtures' numbers.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { type FixtureServer, serveFixtures } from '../sources/fixture-server.js';
import { runCapture } from './run-cli.js';

const file = (name: string): string => fileURLToPath(new URL(`../fixtures/jmx/health/${name}.derived.json`, import.meta.url));
const SICK = [file('sick-before'), file('sick-after')];
const HEALTHY = [file('healthy-before'), file('healthy-after')];

let server: FixtureServer | undefined;
afterEach(async () => {
  await server?.stop();
  server = undefined;
});

describe('health --jmx-files', () => {
  it('prints the items as JSON in the documented shape and exits 1 on a failing item', async () => {
    const run = await runCapture(['health', '--jmx-files', ...SICK, '--json']);
    expect(run.code).toBe(1);
    const json = JSON.parse(run.out) as { items: Record<string, unknown>[] };
    const hit = json.items.find((i) => i['item'] === 'block-cache-hit-ratio');
    expect(Object.keys(hit ?? {})).toEqual(['item', 'server', 'value', 'unit', 'threshold', 'status', 'reason', 'source', 'causes']);
    expect(hit).toMatchObject({ server: 'localhost,41799,1796036389990', value: 75, unit: '%', threshold: 95, status: 'fail', causes: [] });
  });

  it('exits 0 when nothing fails, and prints a line per item', async () => {
    const run = await runCapture(['health', '--jmx-files', ...HEALTHY]);
    expect(run.code).toBe(0);
    expect(run.out).toMatch(/pass {2}block-cache-hit-ratio +95 %/);
    expect(run.out).toContain('0 failing');
  });

  it('--format nagios: CRITICAL exits 2, OK exits 0', async () => {
    const sick = await runCapture(['health', '--jmx-files', ...SICK, '--format', 'nagios']);
    expect(sick.code).toBe(2);
    expect(sick.out.split('\n')[0]).toMatch(/^HBASE HEALTH CRITICAL - 8 failing/);
    const ok = await runCapture(['health', '--jmx-files', ...HEALTHY, '--format', 'nagios']);
    expect(ok.code).toBe(0);
    expect(ok.out).toMatch(/^HBASE HEALTH OK/);
  });

  it('--site and --thresholds change the thresholds', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'health-'));
    writeFileSync(join(dir, 'ops.json'), '{"thresholds": {"block-cache-hit-ratio": 75}}');
    writeFileSync(join(dir, 'hbase-site.xml'), '<configuration><property><name>hbase.hstore.blockingStoreFiles</name><value>20</value></property></configuration>');
    const run = await runCapture(['health', '--jmx-files', ...SICK, '--json', '--thresholds', join(dir, 'ops.json'), '--site', join(dir, 'hbase-site.xml')]);
    const items = (JSON.parse(run.out) as { items: { item: string; status: string; threshold: number }[] }).items;
    expect(items.find((i) => i.item === 'block-cache-hit-ratio')).toMatchObject({ threshold: 75, status: 'pass' });
    expect(items.find((i) => i.item === 'store-files')).toMatchObject({ threshold: 20, status: 'pass' });
  });

  it('--site and --env name the settings behind each failing item in the JSON (values read off the fixture files)', async () => {
    const site = fileURLToPath(new URL('../fixtures/jmx/health/causes-site.xml', import.meta.url));
    const env = fileURLToPath(new URL('../fixtures/jmx/health/causes-env.sh', import.meta.url));
    const run = await runCapture(['health', '--jmx-files', ...SICK, '--json', '--site', site, '--env', env]);
    expect(run.code).toBe(1);
    const items = (JSON.parse(run.out) as { items: { item: string; causes: unknown[] }[] }).items;
    expect(items.find((i) => i.item === 'rpc-call-queue')?.causes).toEqual([{ setting: 'hbase.regionserver.handler.count', value: '10', from: `${site}:17` }]);
    expect(items.find((i) => i.item === 'gc-pause')?.causes[2]).toEqual({ setting: '-XX:MaxGCPauseMillis', value: '6000 ms', from: `${env}:3`, lint: { code: 'GC_PAUSE_TARGET', severity: 'error', message: 'the GC pause target is 6000 ms' } });
    expect(items.find((i) => i.item === 'disk')?.causes).toEqual([]);
    const dir = mkdtempSync(join(tmpdir(), 'health-'));
    writeFileSync(join(dir, 'hbase-env.sh'), 'export HBASE_HEAPSIZE=lots\n');
    const bad = await runCapture(['health', '--jmx-files', ...SICK, '--env', join(dir, 'hbase-env.sh')]);
    expect([bad.code, bad.err]).toEqual([2, expect.stringContaining('hbase-env.sh:1')]);
  });

  it('exits 2 for bad input: no source, both sources, a bad file, a bad thresholds file', async () => {
    expect((await runCapture(['health'])).code).toBe(2);
    expect((await runCapture(['health', '--jmx', 'http://127.0.0.1:9', '--jmx-files', ...SICK])).code).toBe(2);
    const both = await runCapture(['health', '--zk', '127.0.0.1:9', '--jmx', 'http://127.0.0.1:9']);
    expect([both.code, both.err]).toEqual([2, expect.stringContaining('--zk: give the info servers to sample with --jmx')]);
    const regions = fileURLToPath(new URL('../fixtures/jmx/regions-1.json', import.meta.url));
    const bad = await runCapture(['health', '--jmx-files', regions]);
    expect(bad.code).toBe(2);
    expect(bad.err).toContain('regions-1.json');
    expect((await runCapture(['health', '--jmx', 'http://127.0.0.1:9', '--every', '0s'])).code).toBe(2);
  });
});

describe('health --jmx (live window)', () => {
  it('samples each info server every --every for --for and judges the window', async () => {
    const before = readFileSync(SICK[0] ?? '', 'utf8');
    const after = readFileSync(SICK[1] ?? '', 'utf8');
    // Three requests a round (sub=Server, sub=IPC, the master's beans): the first round reads `before`, the next `after`.
    server = await serveFixtures({ '/jmx': [before, before, before, after] });
    const run = await runCapture(['health', '--jmx', server.url, '--every', '50ms', '--for', '50ms', '--json', '--no-progress']);
    expect(server.hits.get('/jmx')).toBe(6);
    expect(run.code).toBe(1);
    const items = (JSON.parse(run.out) as { items: { item: string; value: number | null }[] }).items;
    expect(items.find((i) => i.item === 'block-cache-hit-ratio')?.value).toBe(75);
    expect(items.find((i) => i.item === 'regions-in-transition')?.value).toBe(1);
  });

  it('lists a server that never answered beside those that did; Nagios says WARNING (1) when nothing fails', async () => {
    const before = readFileSync(HEALTHY[0] ?? '', 'utf8');
    const after = readFileSync(HEALTHY[1] ?? '', 'utf8');
    server = await serveFixtures({ '/jmx': [before, before, before, after] });
    const argv = ['health', '--jmx', server.url, 'http://127.0.0.1:9', '--every', '50ms', '--for', '50ms', '--timeout', '1s'];
    const run = await runCapture([...argv, '--json']);
    expect(run.code).toBe(0);
    const json = JSON.parse(run.out) as { unanswered: { origin: string }[]; items: { item: string; value: number | null }[] };
    expect(json.unanswered.map((u) => u.origin)).toEqual(['http://127.0.0.1:9']);
    expect(json.items.find((i) => i.item === 'block-cache-hit-ratio')?.value).toBe(95);
    server.hits.clear();
    const nagios = await runCapture([...argv, '--format', 'nagios']);
    expect(nagios.out).toMatch(/^HBASE HEALTH WARNING - 0 failing, 5 passing, 4 not measured, 1 server\(s\) did not answer\n/);
    expect(nagios.code).toBe(1);
  });

  it('exits 3 when no info server answers (Nagios: UNKNOWN, 3)', async () => {
    const run = await runCapture(['health', '--jmx', 'http://127.0.0.1:9', '--every', '20ms', '--for', '20ms', '--timeout', '1s']);
    expect(run.code).toBe(3);
    expect(run.err).toContain('no info server answered');
    const nagios = await runCapture(['health', '--jmx', 'http://127.0.0.1:9', '--every', '20ms', '--for', '20ms', '--timeout', '1s', '--format', 'nagios']);
    expect(nagios.code).toBe(3);
    expect(nagios.out).toMatch(/^HBASE HEALTH UNKNOWN/);
  });
});
