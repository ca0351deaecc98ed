import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseLoadSeries } from '../../src/model/index.js';
import { runCapture } from './run-cli.js';

const fixture = (name: string) => new URL(`../fixtures/scenarios/${name}`, import.meta.url).pathname;
const caseStudy = new URL('../../examples/case-study.yaml', import.meta.url).pathname;

interface DesignJson {
  name: string;
  fairServerShare: number;
  hottestServerShare: number;
  hottestServerWriteShare: number;
  shape: string;
  servers: { server: string; writeShare: number }[];
  timeline: { time: number; hottestServerWriteShare: number; servers: number; regions: number }[];
  splits: unknown[];
  reads: { pattern: string; regions: number; rowsScanned: number }[];
  findings: { kind: string; summary: string }[];
}

describe('hbase-hotspot simulate', () => {
  it('the case study: the timestamp-first key puts every interval\'s writes on one server before and after the servers join; the salted key is fair', async () => {
    const { code, out } = await runCapture(['simulate', caseStudy, '--json']);
    expect(code).toBe(0);
    const [tail, salted] = (JSON.parse(out) as { designs: DesignJson[] }).designs;
    expect(tail?.shape).toBe('monotonic-tail');
    const before = tail?.timeline.filter((t) => t.servers === 10) ?? [];
    const after = tail?.timeline.filter((t) => t.servers === 12) ?? [];
    expect(before.length).toBeGreaterThan(100);
    expect(after.length).toBeGreaterThan(100);
    for (const t of [...before, ...after]) expect(t.hottestServerWriteShare).toBeGreaterThan(0.99);
    expect(tail?.splits.length).toBeGreaterThan(0);
    expect(tail?.reads[0]?.regions).toBeGreaterThan(10);
    expect(salted?.shape).toBe('none');
    // within 1 point of fair: 10 servers for 12 h then 12 servers for 12 h → fair = (1/10 + 1/12) / 2 = 9.17%
    expect(salted?.fairServerShare).toBeCloseTo((1 / 10 + 1 / 12) / 2, 3);
    expect(Math.abs((salted?.hottestServerWriteShare ?? 1) - (salted?.fairServerShare ?? 0))).toBeLessThan(0.01);
    expect(salted?.reads[0]).toMatchObject({ pattern: 'last 24 hours of one device', regions: 1, rowsScanned: 8000 });
    // the scenario knows its scans: the finding names the read pattern that reads rows a filter drops
    expect(tail?.findings.find((f) => f.kind === 'scan-amplification')?.summary).toContain('"last 24 hours of one device"');
  }, 300_000);

  it('the case study recorded: detect and fix plan name the current tail region and its server; the scan-heavy read is scan amplification', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'case-study-'));
    try {
      expect((await runCapture(['simulate', caseStudy, '--record', dir])).code).toBe(0);
      const seriesFile = join(dir, '1-timestamp-first.series.ndjson');
      const samplesFile = join(dir, '1-timestamp-first.samples.ndjson');
      // the current tail, from the recording itself: the region whose write counter rose in the last interval
      const series = parseLoadSeries(readFileSync(seriesFile, 'utf8'), seriesFile);
      const [before, last] = series.snapshots.slice(-2);
      const written = last!.regions.filter((r) => (r.writeRequests ?? 0) > (before!.regions.find((b) => b.encodedName === r.encodedName)?.writeRequests ?? 0));
      expect(written).toHaveLength(1);
      const tailRegion = written[0]!;
      const detect = JSON.parse((await runCapture(['detect', seriesFile, '--samples', samplesFile, '--json'])).out) as {
        shape: string; now: { region: string; server: string; regionRequestsPerSec: number };
        regions: { hot: boolean; hotIntervals: number }[]; findings: { kind: string }[];
      };
      expect(detect.shape).toBe('monotonic-tail');
      expect(detect.now).toMatchObject({ region: tailRegion.encodedName, server: tailRegion.server });
      expect(detect.now.regionRequestsPerSec).toBeGreaterThan(30_000);
      expect(detect.regions.filter((r) => r.hot && r.hotIntervals === 0)).toEqual([]);
      expect(detect.findings.map((f) => f.kind)).toContain('scan-amplification');
      const plan = JSON.parse((await runCapture(['fix', 'plan', seriesFile, '--samples', samplesFile, '--json'])).out) as { hotRegion: { encodedName: string; server: string } };
      expect(plan.hotRegion).toMatchObject({ encodedName: tailRegion.encodedName, server: tailRegion.server });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 300_000);

  it('prints the side-by-side comparison and records NDJSON series that read back', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'simulate-'));
    try {
      const { code, out, err } = await runCapture(['simulate', fixture('monotonic-tail.yaml'), '--record', dir, '--seed', '7']);
      expect(code).toBe(0);
      expect(out).toContain('hotspot: monotonic tail');
      expect(out).toContain('no hotspot');
      expect(out).toMatch(/hottest server\s+100\.0% of writes|hottest server\s+\d+\.\d% of writes/);
      expect(err).toContain('1-timestamp-first.series.ndjson');
      expect(readdirSync(dir).sort()).toEqual(['1-timestamp-first.samples.ndjson', '1-timestamp-first.series.ndjson', '2-hashed-device.samples.ndjson', '2-hashed-device.series.ndjson']);
      const series = parseLoadSeries(readFileSync(join(dir, '1-timestamp-first.series.ndjson'), 'utf8'), 'recorded');
      expect(series.snapshots).toHaveLength(121); // 2 h of 1-minute steps + the table at creation
      expect(series.source.kind).toBe('simulate');
      // the recording replays through `detect`, the analysis a live cluster's recording gets, to the same verdict
      const detect = await runCapture(['detect', join(dir, '1-timestamp-first.series.ndjson'), '--samples', join(dir, '1-timestamp-first.samples.ndjson'), '--json']);
      expect(detect.code).toBe(0);
      expect((JSON.parse(detect.out) as { shape: string }).shape).toBe('monotonic-tail');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);

  it('is deterministic for a seed', async () => {
    const a = await runCapture(['simulate', fixture('uniform-hash.yaml'), '--json', '--seed', '3']);
    const b = await runCapture(['simulate', fixture('uniform-hash.yaml'), '--json', '--seed', '3']);
    expect(a.out).toBe(b.out);
  }, 120_000);

  it('names the file, line and field of a bad scenario, and rejects bad options', async () => {
    const missing = await runCapture(['simulate', 'no-such-file.yaml']);
    expect(missing.code).toBe(2);
    expect(missing.err).toContain('no-such-file.yaml: cannot read the scenario');
    const seed = await runCapture(['simulate', fixture('uniform-hash.yaml'), '--seed', 'x']);
    expect(seed.code).toBe(2);
    expect(seed.err).toContain('--seed "x"');
  });
});

describe('simulate text', () => {
  it('orders the "write share per RegionServer" bars by that write share, largest first', async () => {
    const scenario = caseStudy; // reads and writes fall differently there, so the two orders differ
    const text = (await runCapture(['simulate', scenario])).out;
    const json = JSON.parse((await runCapture(['simulate', scenario, '--json'])).out) as { designs: DesignJson[] };
    for (const design of json.designs) {
      const section = text.slice(text.indexOf(`${design.name}: write share per RegionServer`)).split('\n\n')[0] ?? '';
      const names = new Set(design.servers.map((s) => s.server));
      const servers = section.split('\n').slice(1).map((l) => l.trim().split(' ')[0]).filter((n) => names.has(n ?? ''));
      const expected = [...design.servers].sort((a, b) => b.writeShare - a.writeShare || a.server.localeCompare(b.server)).map((s) => s.server);
      expect(servers, design.name).toEqual(expected);
    }
    const tail = json.designs[0] as DesignJson & { servers: { server: string; share: number }[] };
    expect(tail.servers.map((s) => s.server)).not.toEqual([...tail.servers].sort((a, b) => b.writeShare - a.writeShare).map((s) => s.server));
  }, 60_000);
});

describe('simulate --record naming a file', () => {
  // Before, --record on an existing file ended, after the whole simulation, in Node's EEXIST from mkdir with a stack
  // trace (exit 1); a path under a file in ENOTDIR the same way.
  it('refuses an existing file before simulating, exit 2, naming it and --record; the file is left as it was', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sim-record-file-'));
    const file = join(dir, 'series.ndjson');
    writeFileSync(file, 'kept\n');
    const run = await runCapture(['simulate', fixture('monotonic-tail.yaml'), '--record', file]);
    expect(run.code).toBe(2);
    expect(run.err).toBe(`hbase-hotspot: ${file} (--record): is a file, and --record names a directory for each design's series and key samples (e.g. --record out/); --series FILE writes the one series of a scenario of several tables\n`);
    expect(run.out).toBe('');
    expect(readFileSync(file, 'utf8')).toBe('kept\n');
  });

  it('refuses a directory under a file, naming the file in the way', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sim-record-under-'));
    const file = join(dir, 'series.ndjson');
    writeFileSync(file, 'kept\n');
    const run = await runCapture(['simulate', fixture('monotonic-tail.yaml'), '--record', join(file, 'out')]);
    expect(run.code).toBe(2);
    expect(run.err).toContain(`${join(file, 'out')} (--record): lies under the file ${file}, and --record names a directory`);
    expect(readdirSync(dir)).toEqual(['series.ndjson']);
  });

  it('refuses a file named with a trailing separator before simulating (was: ENOTDIR from mkdir after the simulation)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sim-record-slash-'));
    const file = join(dir, 'series.ndjson');
    writeFileSync(file, 'kept\n');
    for (const given of [`${file}/`, `${file}//`]) {
      const run = await runCapture(['simulate', fixture('monotonic-tail.yaml'), '--record', given]);
      expect([run.code, run.out]).toEqual([2, '']);
      expect(run.err).toBe(`hbase-hotspot: ${given} (--record): is a file, and --record names a directory for each design's series and key samples (e.g. --record out/); --series FILE writes the one series of a scenario of several tables\n`);
    }
    expect(readdirSync(dir)).toEqual(['series.ndjson']);
    expect(readFileSync(file, 'utf8')).toBe('kept\n');
  });

  it('makes every missing directory of the path, one below the other', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sim-record-deep-'));
    const run = await runCapture(['simulate', fixture('monotonic-tail.yaml'), '--record', join(dir, 'a', 'b') + '/']);
    expect(run.code).toBe(0);
    expect(readdirSync(join(dir, 'a'))).toEqual(['b']);
    expect(readdirSync(join(dir, 'a', 'b')).sort()).toEqual([
      '1-timestamp-first.samples.ndjson', '1-timestamp-first.series.ndjson', '2-hashed-device.samples.ndjson', '2-hashed-device.series.ndjson',
    ]);
  });
});
