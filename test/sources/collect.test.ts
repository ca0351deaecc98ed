// collectSeries and `hbase-hotspot collect` against a loopback gateway replaying the live_fx recording: a gateway
// that goes away and comes back costs gaps, not the run or what was written; Ctrl-C leaves a valid file.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createRestClient } from '../../src/hbase/rest/index.js';
import { type LoadSnapshot, parseLoadSeries, readLoadSeriesFile } from '../../src/model/index.js';
import { type CollectEvent, type SnapshotSource, collectSeries, createRestSource, isTransient, multiTableSource, plannedSamples } from '../../src/sources/index.js';
import { HotspotError } from '../../src/util/errors.js';
import { runCapture } from '../cli/run-cli.js';
import { type FixtureServer, liveFxRoutes, serveFixtures } from './fixture-server.js';

let server: FixtureServer | undefined;
afterEach(async () => {
  await server?.stop();
  server = undefined;
});
const tmp = (): string => mkdtempSync(join(tmpdir(), 'collect-'));

describe('collectSeries', () => {
  it('plans both ends of the span', () => {
    expect(plannedSamples(10_000, 15 * 60_000)).toBe(91);
    expect(plannedSamples(10_000, 0)).toBe(1);
  });

  it('marks gaps while the gateway is gone, keeps sampling, and writes every snapshot it read', async () => {
    server = await serveFixtures(liveFxRoutes());
    const s = server;
    // Generous per-request timeout and interval: on a loaded machine a loopback answer can take hundreds of ms, and a
    // slow answer must not be mistaken for the outage this test makes.
    const client = createRestClient({ baseUrl: s.url, timeoutMs: 900, retry: { maxAttempts: 2, initialDelayMs: 10, maxDelayMs: 10 } });
    const source = createRestSource({ client, table: 'live_fx', description: s.url, settle: { attempts: 1 } });
    const written: LoadSnapshot[] = [];
    const events: CollectEvent[] = [];
    const summary = await collectSeries({
      source, intervalMs: 1000, durationMs: 8000, write: (x) => written.push(x),
      onEvent: (e) => {
        events.push(e);
        if (e.index === 1) void s.stop(); // gone after the second sample
        if (e.index === 4) void s.start(); // back after the fifth
      },
    });
    expect(summary.planned).toBe(9);
    const kinds = events.map((e) => e.kind);
    expect(kinds.slice(0, 2)).toEqual(['sample', 'sample']);
    expect(kinds.slice(2, 5)).toEqual(['gap', 'gap', 'gap']);
    expect(kinds.slice(-2)).toEqual(['sample', 'sample']);
    expect(summary.gaps).toBe(events.filter((e) => e.kind === 'gap').length);
    expect(written).toHaveLength(summary.written);
    expect(summary.written + summary.gaps).toBe(9);
    // On a loaded machine one slot may also be skipped as an overrun; at least one gap is the outage itself.
    const codes = events.flatMap((e) => (e.kind === 'gap' ? [e.error.code] : []));
    expect(codes).toContain('REST_UNREACHABLE');
    expect(codes.every((c) => c === 'REST_UNREACHABLE' || c === 'COLLECT_OVERRUN')).toBe(true);
  }, 30_000);

  it('stops at once when the signal fires and reports it', async () => {
    server = await serveFixtures(liveFxRoutes());
    const source = createRestSource({ client: createRestClient({ baseUrl: server.url }), table: 'live_fx', description: 'gw' });
    const stop = new AbortController();
    const written: LoadSnapshot[] = [];
    const summary = await collectSeries({ source, intervalMs: 300, durationMs: 60_000, write: (x) => written.push(x), signal: stop.signal, onEvent: () => written.length === 3 && stop.abort() });
    expect(summary).toMatchObject({ planned: 201, written: 3, stopped: true });
  });

  it('ends the run on an error that every sample would repeat (unknown table), keeping what was written', async () => {
    server = await serveFixtures(liveFxRoutes());
    const source = createRestSource({ client: createRestClient({ baseUrl: server.url }), table: 'gone', description: 'gw' });
    await expect(collectSeries({ source, intervalMs: 100, durationMs: 1000, write: () => undefined })).rejects.toMatchObject({ code: 'SOURCE_TABLE_NOT_FOUND' });
    expect(server.hits.get('/gone/regions')).toBe(1);
  });

  it('counts outages, overload and regions in transition as transient, a 4xx as not', () => {
    const e = (code: string, status?: number) => Object.assign(new HotspotError(code, 'x'), status === undefined ? {} : { status });
    expect(['REST_UNREACHABLE', 'REST_TIMEOUT', 'SOURCE_REGION_UNREPORTED'].map((c) => isTransient(e(c)))).toEqual([true, true, true]);
    expect([503, 429, 404, 400].map((s) => isTransient(e('REST_HTTP', s)))).toEqual([true, true, false, false]);
    expect(isTransient(e('SOURCE_TABLE_NOT_FOUND'))).toBe(false);
  });

  it('rejects a zero interval', async () => {
    const source = createRestSource({ client: createRestClient({ baseUrl: 'http://127.0.0.1:1' }), table: 't', description: 'gw' });
    await expect(collectSeries({ source, intervalMs: 0, durationMs: 1, write: () => undefined })).rejects.toThrow(RangeError);
  });
});

describe('hbase-hotspot collect', () => {
  it('writes a load series a reader accepts, with the REST source and interval in its header', async () => {
    server = await serveFixtures(liveFxRoutes());
    const out = join(tmp(), 'series.ndjson');
    const run = await runCapture(['collect', '--rest', server.url, '--table', 'live_fx', '--every', '100ms', '--for', '200ms', '-o', out]);
    expect(run.code).toBe(0);
    expect(run.err).toContain('done: 3 snapshot(s) of 3 written');
    const series = parseLoadSeries(readFileSync(out, 'utf8'), out);
    expect(series.source).toEqual({ kind: 'rest', description: server.url, intervalMs: 100 });
    expect(series.snapshots).toHaveLength(3);
  });

  it('writes format version 2, gzip for a .gz name', async () => {
    server = await serveFixtures(liveFxRoutes());
    const out = join(tmp(), 'series.ndjson.gz');
    const run = await runCapture(['collect', '--rest', server.url, '--table', 'live_fx', '--every', '100ms', '--for', '100ms', '-o', out]);
    expect(run.code).toBe(0);
    expect([...readFileSync(out).subarray(0, 2)]).toEqual([0x1f, 0x8b]);
    const series = await readLoadSeriesFile(out);
    expect(series.snapshots).toHaveLength(2);
    expect(series.snapshots[0]?.regions).toHaveLength(6);
    // the optional metrics /status/cluster gives, as the recorded answers hold them for each region
    expect(series.metrics).toEqual(['memstoreSizeBytes', 'storeFileCount', 'storeCount']);
    const answers = ['rest/live-status-1.json', 'rest/live-status-2.json'].map((f) => {
      const body = JSON.parse((JSON.parse(readFileSync(new URL(`../fixtures/${f}`, import.meta.url), 'utf8')) as { body: string }).body) as { LiveNodes: { Region: { name: string; memStoreSizeMB: number; storefiles: number; stores: number }[] }[] };
      return new Map(body.LiveNodes.flatMap((n) => n.Region).map((r) => [Buffer.from(r.name, 'base64').toString('latin1').split('.').at(-2), { memstoreSizeBytes: r.memStoreSizeMB * 2 ** 20, storeFileCount: r.storefiles, storeCount: r.stores }]));
    });
    for (const r of series.snapshots[0]?.regions ?? []) {
      expect(r.metrics?.storeCount).toBeGreaterThan(0);
      expect(answers.map((a) => a.get(r.encodedName))).toContainEqual(r.metrics);
    }
    const plain = join(tmp(), 'series.ndjson');
    await runCapture(['collect', '--rest', server.url, '--table', 'live_fx', '--every', '100ms', '--for', '0s', '-o', plain]);
    expect(readFileSync(plain, 'utf8')).toMatch(/^\{"format":"hbase-hotspot\/load-series","version":2,"tables":\["live_fx"\]/);
  });

  it('-o - writes the load series to stdout', async () => {
    server = await serveFixtures(liveFxRoutes());
    const run = await runCapture(['collect', '--rest', server.url, '--table', 'live_fx', '--every', '100ms', '--for', '100ms', '-o', '-']);
    expect([run.code, run.err]).toEqual([0, expect.stringContaining('done: 2 snapshot(s) of 2 written to stdout')]);
    expect(parseLoadSeries(run.out, '<stdout>').snapshots).toHaveLength(2);
  });

  it('ends cleanly on Ctrl-C (SIGINT) with every line complete', async () => {
    server = await serveFixtures(liveFxRoutes());
    const out = join(tmp(), 'series.ndjson');
    const timer = setTimeout(() => process.emit('SIGINT'), 450);
    const run = await runCapture(['collect', '--rest', server.url, '--table', 'live_fx', '--every', '100ms', '--for', '1h', '-o', out]);
    clearTimeout(timer);
    expect(run.code).toBe(0);
    expect(run.err).toMatch(/stopped by Ctrl-C after \d+ snapshot\(s\) of 36001/);
    const series = parseLoadSeries(readFileSync(out, 'utf8'), out);
    expect(series.snapshots.length).toBeGreaterThanOrEqual(2);
    expect(process.listenerCount('SIGINT')).toBe(0);
  });

  it('keeps an existing output file unless --force', async () => {
    server = await serveFixtures(liveFxRoutes());
    const out = join(tmp(), 'series.ndjson');
    writeFileSync(out, 'precious\n');
    const argv = ['collect', '--rest', server.url, '--table', 'live_fx', '--every', '100ms', '--for', '0s', '-o', out];
    const kept = await runCapture(argv);
    expect([kept.code, kept.err]).toEqual([2, expect.stringContaining('already exists; a recording is never overwritten')]);
    expect(readFileSync(out, 'utf8')).toBe('precious\n');
    expect((await runCapture([...argv, '--force'])).code).toBe(0);
    expect(parseLoadSeries(readFileSync(out, 'utf8'), out).snapshots).toHaveLength(1);
  });

  it('names the missing flag: --rest, --table, -o, and a bad --every', async () => {
    expect((await runCapture(['collect', '--table', 't', '-o', 'x'])).err).toContain('--rest');
    expect((await runCapture(['collect', '--rest', 'http://127.0.0.1:1', '-o', 'x'])).err).toContain('--table');
    expect((await runCapture(['collect', '--rest', 'http://127.0.0.1:1', '--table', 't'])).err).toContain('-o series.ndjson');
    expect((await runCapture(['collect', '--rest', 'nope', '--table', 't', '-o', 'x'])).err).toContain('"nope" is not a URL');
    const bad = await runCapture(['collect', '--rest', 'http://127.0.0.1:1', '--table', 't', '--every', '0s', '-o', 'x']);
    expect([bad.code, bad.err]).toEqual([2, expect.stringContaining('--every 0s must be above 0')]);
  });
});

describe('multiTableSource', () => {
  const fake = (table: string, timeMs: number, starts: string[]): SnapshotSource => ({
    kind: 'rest', table, description: 'fake', gaps: {},
    snapshot: async () => ({
      timeMs, table,
      regions: [...starts].reverse().map((start, i) => ({
        name: `${table},${start},1.${table}${i}.`, encodedName: `${table}${i}`, startKey: new TextEncoder().encode(start), endKey: new Uint8Array(0),
        server: 'rs1,16020,1', readRequests: 0, writeRequests: i, requests: i, storeSizeBytes: 0,
      })),
    }),
  });

  it('joins one snapshot per table into one, each region with its table, tables in the order given', async () => {
    const snap = await multiTableSource([fake('events', 1000, ['', 'm']), fake('lookup', 1005, [''])]).snapshot();
    expect(snap.timeMs).toBe(1005);
    expect(snap.table).toBe('events');
    expect(snap.regions.map((r) => [r.table, new TextDecoder().decode(r.startKey)])).toEqual([['events', ''], ['events', 'm'], ['lookup', '']]);
    const single = fake('events', 1, ['']);
    expect(multiTableSource([single])).toBe(single);
    expect(() => multiTableSource([single, single])).toThrow(RangeError);
  });
});
