// detect's live forms over the live_fx recording: pasted list_regions / status 'detailed' captures, a REST gateway
// and JMX replayed on loopback, key samples as a plain key list, and the errors of each form.
import { mkdtempSync, readFileSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { type FixtureServer, liveFxRoutes, serveFixtures } from '../sources/fixture-server.js';
import { LAST, RS_39083 } from '../sources/facts.js';
import { runCapture } from './run-cli.js';

const shell = (name: string) => fileURLToPath(new URL(`../fixtures/shell/${name}`, import.meta.url));
const json = (out: string) => JSON.parse(out) as Record<string, unknown> & { servers: { server: string; share: number; writeShare: number | null }[]; regions: { encodedName: string; share: number }[]; window: { startMs: number; endMs: number } };

let server: FixtureServer | undefined;
afterEach(async () => {
  await server?.stop();
  server = undefined;
});

describe('detect --list-regions', () => {
  it('analyses the real captures: between them only [m, ∞) on one server took requests (710 − 380 = 330)', async () => {
    const r = await runCapture(['detect', '--list-regions', shell('list-regions.txt'), '--json']);
    expect(r.err).toBe('');
    const result = json(r.out);
    expect(result.window).toEqual({ startMs: Date.UTC(2026, 10, 30, 8, 29, 46, 801), endMs: Date.UTC(2026, 10, 30, 8, 29, 56, 402), intervals: 1 });
    expect(result.hottestServerShare).toBe(1);
    expect(result.hottestServerWriteShare).toBeNull();
    expect(result.fairServerShare).toBeCloseTo(1 / 3, 12);
    expect(result.servers[0]).toMatchObject({ server: RS_39083, share: 1 });
    expect(result.regions.find((x) => x.encodedName === LAST)?.share).toBe(1);
  });

  it('times header-less captures by --interval, the last at its file time', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'detect-'));
    const [, first, second] = readFileSync(shell('list-regions.txt'), 'utf8').split(/^# at .*\n/m);
    const before = join(dir, 'before.txt');
    const after = join(dir, 'after.txt');
    writeFileSync(before, first ?? '');
    writeFileSync(after, second ?? '');
    utimesSync(after, 1_800_000_000, 1_800_000_000);
    const r = await runCapture(['detect', '--list-regions', before, after, '--interval', '60s', '--json']);
    expect(r.err).toBe('');
    expect(json(r.out).window).toEqual({ startMs: 1_800_000_000_000 - 60_000, endMs: 1_800_000_000_000, intervals: 1 });
  });

  it('without times or --interval says how to give them', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'detect-'));
    const f = join(dir, 'one.txt');
    writeFileSync(f, readFileSync(shell('list-regions.txt'), 'utf8').split(/^# at .*\n/m)[1] ?? '');
    const r = await runCapture(['detect', '--list-regions', f, f]);
    expect([r.code, r.err]).toEqual([2, expect.stringContaining('give --interval')]);
  });
});

describe('detect --status-detailed', () => {
  it('separates reads (50 − 20 = 30) from writes (660 − 360 = 300) on the hot region', async () => {
    const r = await runCapture(['detect', '--status-detailed', shell('status-detailed.txt'), '--table', 'live_fx', '--json']);
    expect(r.err).toBe('');
    const result = json(r.out);
    expect(result.hottestServerShare).toBe(1);
    expect(result.hottestServerWriteShare).toBe(1);
    expect(result.servers[0]).toMatchObject({ server: RS_39083, writeShare: 1 });
  });

  it('needs --table', async () => {
    const r = await runCapture(['detect', '--status-detailed', shell('status-detailed.txt')]);
    expect([r.code, r.err]).toEqual([2, expect.stringContaining('name the table with --table')]);
  });
});

describe('detect --rest / --jmx', () => {
  it('samples the gateway --snapshots times --interval apart and gives the same shares as the pasted status', async () => {
    server = await serveFixtures(liveFxRoutes());
    const r = await runCapture(['detect', '--rest', server.url, '--table', 'live_fx', '--interval', '400ms', '--snapshots', '2', '--json']);
    expect(r.err).toContain('reading 2 snapshots of "live_fx" 0.4s apart');
    const result = json(r.out);
    expect(result.hottestServerShare).toBe(1);
    expect(result.hottestServerWriteShare).toBe(1);
    expect(result.regions.find((x) => x.encodedName === LAST)?.share).toBe(1);
    expect(server.hits.get('/status/cluster')).toBe(2);
  });

  it('--record keeps the snapshots it read as a load series that detect reads back the same', async () => {
    server = await serveFixtures(liveFxRoutes());
    const file = join(mkdtempSync(join(tmpdir(), 'detect-')), 'live.ndjson');
    const live = await runCapture(['detect', '--rest', server.url, '--table', 'live_fx', '--interval', '400ms', '--snapshots', '2', '--record', file, '--json']);
    const again = await runCapture(['detect', file, '--json']);
    expect(again.out).toBe(live.out);
    const twice = await runCapture(['detect', '--rest', server.url, '--table', 'live_fx', '--snapshots', '2', '--record', file]);
    expect([twice.code, twice.err]).toEqual([2, expect.stringContaining('(--record): already exists')]);
  });

  it('reads counters from JMX with the REST region directory', async () => {
    server = await serveFixtures(liveFxRoutes());
    const r = await runCapture(['detect', '--rest', server.url, '--jmx', server.url, '--table', 'live_fx', '--interval', '400ms', '--snapshots', '2', '--json']);
    expect(json(r.out).servers[0]).toMatchObject({ server: RS_39083, share: 1 });
    expect(server.hits.get('/jmx')).toBe(2);
  });

  it('rejects two sources, --jmx without --rest, one snapshot, and no source at all', async () => {
    expect((await runCapture(['detect', 'x.ndjson', '--rest', 'http://127.0.0.1:1', '--table', 't'])).err).toContain('a series file and --rest given');
    expect((await runCapture(['detect', '--jmx', 'http://127.0.0.1:1', '--table', 't'])).err).toContain('JMX names regions only by encoded name');
    expect((await runCapture(['detect', '--rest', 'http://127.0.0.1:1', '--table', 't', '--snapshots', '1'])).err).toContain('--snapshots 1: give a whole number ≥ 2');
    expect((await runCapture(['detect'])).err).toContain('detect --rest URL --table T');
    // A redacted run never writes the raw readings.
    const both = await runCapture(['detect', '--rest', 'http://127.0.0.1:1', '--table', 't', '--record', 'r.ndjson', '--redact']);
    expect([both.code, both.err]).toEqual([2, expect.stringContaining('hbase-hotspot: --record writes the readings as they come, real keys included')]);
  });
});

describe('detect --samples as a plain key list', () => {
  it('takes the keys as writes over the window, and reports a bad escape with its line', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'detect-'));
    const keys = join(dir, 'keys.txt');
    writeFileSync(keys, Array.from({ length: 60 }, () => 'zz-hot-row').join('\n'));
    const r = await runCapture(['detect', '--list-regions', shell('list-regions.txt'), '--samples', keys, '--json']);
    expect(r.err).toContain('plain key list');
    const result = json(r.out);
    expect([result.shape, result.decidedBy]).toEqual(['single-row', 'samples']);
    writeFileSync(keys, 'ok\nbad\\q\n');
    const bad = await runCapture(['detect', '--list-regions', shell('list-regions.txt'), '--samples', keys]);
    expect([bad.code, bad.err]).toEqual([2, expect.stringContaining('keys.txt:2')]);
  });

  it('names a bad escape\'s file and line once, beside a series file too', async () => {
    const keys = join(mkdtempSync(join(tmpdir(), 'detect-')), 'keys.txt');
    writeFileSync(keys, 'abc\n\\xZZabc\n');
    const series = fileURLToPath(new URL('../fixtures/series/tail-hex-presplit.ndjson', import.meta.url));
    expect(await runCapture(['detect', series, '--samples', keys])).toEqual({
      code: 2, out: '',
      err: `${keys}: plain key list: its keys are taken as writes, in file order, spread over the analysed window\n`
        + `hbase-hotspot: ${keys}:2: 1 malformed line(s) in key list; see docs/live.md\n`
        + '  line 2: bad escape "\\xZZ" at character 1 of "\\xZZabc"; write a byte as \\xNN (two hex digits), a backslash as \\x5C\n',
    });
  });
});
