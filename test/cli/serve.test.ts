// `serve`: its option errors (exit 2 naming the option), the read-only HTTP side (405 for anything but GET), the token
// (401 without it), a followed file's new snapshot reaching /update.json and the event stream, a cluster read through
// the REST fixture server, and a clean stop on SIGINT (in-process) and SIGTERM (a real process).
import { spawn } from 'node:child_process';
import { appendFileSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { isLoopback } from '../../src/cli/serve-http.js';
import type { LiveUpdate } from '../../src/report/html/live.js';
import { utf8Bytes } from '../../src/bytes/index.js';
import { formatKeySampleLine } from '../../src/model/index.js';
import { fixtureSeries } from '../report/fixture.js';
import { type FixtureServer, liveFxRoutes, serveFixtures } from '../sources/fixture-server.js';
import { runCapture } from './run-cli.js';
import { type RunningServe, seriesChunks, startServe, writeSeriesFile } from './serve-run.js';

const MAIN = fileURLToPath(new URL('../../src/cli/main.ts', import.meta.url));
const T0 = 1_700_000_000_000;

/** rs1 takes 600 writes a minute in ['', 'm'); rs2 60 a minute in ['m', ''), then 6,000 in the fourth minute. */
const series = fixtureSeries('t', [
  { start: '', server: 'rs1.lan,16020,1', writes: [0, 600, 1200, 1800, 2400] },
  { start: 'm', server: 'rs2.lan,16020,1', writes: [0, 60, 120, 180, 6180] },
], 5);

function chunks(): string[] {
  return seriesChunks(series);
}

function seriesFile(snapshots: number): { file: string; rest: string[] } {
  return writeSeriesFile(series, snapshots);
}

let running: RunningServe | undefined;
async function serve(args: readonly string[]): Promise<RunningServe> {
  running = await startServe(args);
  return running;
}
let fixtures: FixtureServer | undefined;
afterEach(async () => {
  await running?.stop();
  running = undefined;
  await fixtures?.stop();
  fixtures = undefined;
});

/** Polls `/update.json` until `until` holds (bounded). */
async function updateWhen(url: string, until: (u: LiveUpdate) => boolean, ms = 10_000): Promise<LiveUpdate> {
  const deadline = performance.now() + ms;
  let last: LiveUpdate | undefined;
  while (performance.now() < deadline) {
    const res = await fetch(new URL('update.json', url));
    if (res.ok) {
      last = (await res.json()) as LiveUpdate;
      if (until(last)) return last;
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`no such update within ${ms} ms; last: ${JSON.stringify(last?.status)}`);
}

describe('serve option errors (exit 2, naming the option)', () => {
  it.each([
    [['serve'], /give a series file to follow.*--zk QUORUM --table T.*--rest URL --table T/],
    [['serve', 'x.ndjson', '--rest', 'http://h:8080', '--table', 't'], /--rest given with the series file x\.ndjson/],
    [['serve', '-'], /not standard input/],
    [['serve', 'x.ndjson', '--host', '0.0.0.0'], /--host 0\.0\.0\.0 is not a loopback address.*--token/],
    [['serve', 'x.ndjson', '--host', '192.168.1.5', '--port', '0'], /--token/],
    [['serve', 'x.ndjson', '--port', '70000'], /--port 70000 is not a TCP port.*0 for a free one \(default 8321\)/],
    [['serve', 'x.ndjson', '--port', 'http'], /--port http is not a TCP port/],
    [['serve', 'x.ndjson', '--interval', '0'], /--interval 0 must be above 0/],
    [['serve', 'x.ndjson', '--interval', 'soon'], /--interval/],
    [['serve', 'x.ndjson', '--token', ' '], /--token is empty/],
    [['serve', 'x.ndjson', '--k', '1'], /--k/],
  ])('%j', async (argv, message) => {
    const r = await runCapture(argv);
    expect([r.code, r.out]).toEqual([2, '']);
    expect(r.err).toMatch(message);
  });

  it('refuses a gzip series before listening, saying how to record one it can follow', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'serve-')), 'series.ndjson.gz');
    writeFileSync(file, gzipSync(chunks().join('')));
    const r = await runCapture(['serve', file, '--port', '0']);
    expect([r.code, r.out]).toEqual([2, '']);
    expect(r.err).toMatch(/series\.ndjson\.gz: is gzip; serve follows a plain series.*collect -o series\.ndjson/);
  });

  it('names --port when the port is taken', async () => {
    const { file } = seriesFile(2);
    const first = await serve([file, '--port', '0']);
    const r = await runCapture(['serve', file, '--port', new URL(first.url).port]);
    expect([r.code, r.out]).toEqual([2, '']);
    expect(r.err).toMatch(/--port: port \d+ is in use; give another --port, or --port 0/);
  });

  it('knows loopback addresses', () => {
    expect(['127.0.0.1', '127.1.2.3', 'localhost', '::1', '[::1]', '0:0:0:0:0:0:0:1', '::ffff:127.0.0.1'].map(isLoopback)).toEqual(Array(7).fill(true));
    expect(['0.0.0.0', '::', '10.0.0.1', '128.0.0.1', 'example.com', '::2'].map(isLoopback)).toEqual(Array(6).fill(false));
  });
});

describe('serve over HTTP', () => {
  it('prints its URL, serves the page and is read only: every method but GET gets 405', async () => {
    const { file } = seriesFile(3);
    const s = await serve([file, '--port', '0', '--interval', '100ms']);
    expect(s.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/);
    const page = await fetch(s.url);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const html = await page.text();
    expect(html).toContain('<title>hbase-hotspot live: table t</title>');
    expect(html).toContain('id="live-status"');
    for (const method of ['POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS', 'HEAD']) {
      for (const path of ['', 'events', 'update.json']) {
        const res = await fetch(new URL(path, s.url), { method });
        expect([method, path, res.status, res.headers.get('allow')]).toEqual([method, path, 405, 'GET']);
      }
    }
    expect((await fetch(new URL('nothing-here', s.url))).status).toBe(404);
    const stopped = await s.stop();
    expect(stopped.code).toBe(0);
    expect(stopped.err).toContain('serve: stopped');
    expect(process.listenerCount('SIGINT')).toBe(0);
    expect(process.listenerCount('SIGTERM')).toBe(0);
  });

  it('with --token: 401 without the token or with another, 200 with ?token= or a Bearer header; 405 still for a POST with it', async () => {
    const { file } = seriesFile(2);
    const s = await serve([file, '--port', '0', '--token', 's3cret']);
    expect(s.url).toMatch(/\/\?token=s3cret$/);
    const bare = s.url.replace(/\?.*$/, '');
    for (const path of ['', 'events', 'update.json']) {
      const res = await fetch(new URL(path, bare));
      expect([path, res.status, res.headers.get('www-authenticate')]).toEqual([path, 401, 'Bearer']);
      expect((await fetch(`${new URL(path, bare).href}?token=s3cre`)).status).toBe(401);
      expect((await fetch(`${new URL(path, bare).href}?token=s3cret`)).status).toBe(200);
      expect((await fetch(new URL(path, bare), { headers: { Authorization: 'Bearer s3cret' } })).status).toBe(200);
    }
    expect((await fetch(bare, { method: 'POST' })).status).toBe(401);
    expect((await fetch(s.url, { method: 'POST' })).status).toBe(405);
  });

  it("pushes an appended snapshot: /update.json and the event stream carry its interval's figures and findings", async () => {
    const { file, rest } = seriesFile(4);
    const s = await serve([file, '--port', '0', '--interval', '100ms']);
    const before = await updateWhen(s.url, () => true);
    expect(before.status.snapshots).toBe(4);
    // the fourth snapshot's interval: rs1 600 writes, rs2 60 over 60 s
    expect(before.status.latest).toEqual([{ table: 't', startMs: T0 + 120_000, endMs: T0 + 180_000, requestsPerSec: 11, writesPerSec: 11, busiest: { server: 'rs1.lan,16020,1', requestsPerSec: 10 }, servers: 2,
      hottest: { startKey: '', server: 'rs1.lan,16020,1', perSec: 10, share: 10 / 11, measure: 'writes' }, regions: 2 }]);

    const controller = new AbortController();
    const stream = await fetch(new URL('events', s.url), { signal: controller.signal });
    expect(stream.headers.get('content-type')).toBe('text/event-stream');
    const reader = stream.body!.getReader();
    let text = '';
    const firstEvent = performance.now() + 10_000;
    while (!text.includes('event: snapshot') && performance.now() < firstEvent) text += new TextDecoder().decode((await reader.read()).value);
    expect(text).toContain('"snapshots":4');

    appendFileSync(file, rest[0] ?? '');
    // the fifth: rs2 took 6,000 writes in 60 s (100/s), rs1 600 (10/s)
    const after = await updateWhen(s.url, (u) => u.status.snapshots === 5);
    expect(after.status.latest).toEqual([{ table: 't', startMs: T0 + 180_000, endMs: T0 + 240_000, requestsPerSec: 110, writesPerSec: 110, busiest: { server: 'rs2.lan,16020,1', requestsPerSec: 100 }, servers: 2,
      hottest: { startKey: 'm', server: 'rs2.lan,16020,1', perSec: 100, share: 100 / 110, measure: 'writes' }, regions: 2 }]);
    expect(after.status.version).toBe(before.status.version + 1);
    expect(after.data?.panels[0]?.ends).toEqual([T0 + 60_000, T0 + 120_000, T0 + 180_000, T0 + 240_000]);
    expect(after.data?.panels[0]?.totals).toEqual([11, 11, 11, 110]);
    // the findings are the detection's again: rs2's share of the whole window is now (60 × 3 + 6,000) ÷ (2,400 + 6,180)
    expect(after.panels[0]?.findings).toContain(`${((6180 / 8580) * 100).toFixed(1)}%`);

    const deadline = performance.now() + 10_000;
    while (!text.includes('"snapshots":5') && performance.now() < deadline) text += new TextDecoder().decode((await reader.read()).value);
    controller.abort();
    expect(text).toMatch(/event: snapshot\ndata: \{"status":\{"snapshots":5,/);
  });

  it('says it waits while the file holds fewer than two snapshots, then serves the report', async () => {
    const { file, rest } = seriesFile(1);
    const s = await serve([file, '--port', '0', '--interval', '100ms']);
    const waiting = await (await fetch(s.url)).text();
    expect(waiting).toContain('Rates need two snapshots');
    expect(waiting).not.toContain('report-data');
    appendFileSync(file, rest[0] ?? '');
    await updateWhen(s.url, (u) => u.data !== null);
    expect(await (await fetch(s.url)).text()).toContain('id="report-data"');
  });

  it('shows a bad appended line as a problem and keeps serving what it read', async () => {
    const { file } = seriesFile(2);
    const s = await serve([file, '--port', '0', '--interval', '100ms']);
    const controller = new AbortController();
    const stream = await fetch(new URL('events', s.url), { signal: controller.signal });
    const reader = stream.body!.getReader();
    appendFileSync(file, '{"timeMs":"soon"}\n');
    let text = '';
    const deadline = performance.now() + 10_000;
    while (!text.includes('event: problem') && performance.now() < deadline) text += new TextDecoder().decode((await reader.read()).value);
    controller.abort();
    expect(text).toMatch(/event: problem\ndata: \{"message":"stopped following \(the page keeps what was read before\): .*series\.ndjson:6 \(timeMs\)/);
    expect(s.err()).toMatch(/serve: stopped following/);
    expect((await fetch(s.url)).status).toBe(200);
  });

  it('with --samples, follows the key samples too: appended samples reach the page data', async () => {
    const { file } = seriesFile(3);
    const samplesFile = join(mkdtempSync(join(tmpdir(), 'serve-')), 'keys.ndjson');
    // 8 writes sampled in region ['m', '') during the second interval, then 8 more appended during the third
    const sampleLines = (interval: number): string => Array.from({ length: 8 }, (_, i) =>
      `${formatKeySampleLine({ timeMs: T0 + interval * 60_000 + 1000 + i * 1000, key: utf8Bytes(`m${interval}${i}`), op: 'write', weight: 7.5 })}\n`).join('');
    writeFileSync(samplesFile, sampleLines(1));
    const s = await serve([file, '--samples', samplesFile, '--port', '0', '--interval', '100ms']);
    const before = await updateWhen(s.url, () => true);
    expect(before.data?.panels[0]?.samples?.t).toEqual(Array(8).fill(1));
    appendFileSync(samplesFile, sampleLines(0));
    const after = await updateWhen(s.url, (u) => u.data?.panels[0]?.samples?.t.length === 16);
    expect([...(after.data?.panels[0]?.samples?.t ?? [])].sort()).toEqual([...Array(8).fill(0), ...Array(8).fill(1)]);
    expect(after.status.version).toBe(before.status.version + 1);
  });

  it('reads the cluster itself through --rest, as collect does', async () => {
    fixtures = await serveFixtures(liveFxRoutes());
    const s = await serve(['--rest', fixtures.url, '--table', 'live_fx', '--port', '0', '--interval', '200ms']);
    const u = await updateWhen(s.url, (x) => x.status.snapshots >= 2);
    expect(u.status.source).toBe(fixtures.url);
    expect(u.status.latest[0]?.table).toBe('live_fx');
    expect(u.data?.panels[0]?.table).toBe('live_fx');
    expect(s.err()).toContain(`serve: reading "live_fx" from ${fixtures.url} every 0.2 s`);
  });
});

it('a real process stops cleanly on SIGTERM (exit 0)', async () => {
  const { file } = seriesFile(2);
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN, 'serve', file, '--port', '0'], { stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d: Buffer) => void (stdout += d.toString()));
  child.stderr.on('data', (d: Buffer) => void (stderr += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const deadline = performance.now() + 30_000;
  while (!stdout.includes('\n') && performance.now() < deadline) await new Promise((r) => setTimeout(r, 50));
  expect((await fetch(stdout.trim())).status).toBe(200);
  child.kill('SIGTERM');
  expect(await exited).toBe(0);
  expect(stderr).toContain('serve: stopped');
}, 40_000);
