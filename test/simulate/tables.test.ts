/**
 * Scenarios of several tables (`tables:`): the tables share the RegionServers, the balancer evens the region count of
 * all of them together, the one load series holds every table, and the verdicts come from the analysis of several
 * tables (each table against its own fair share, servers by the sum, the cluster finding naming the table).
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseLoadSeries, seriesTables } from '../../src/model/index.js';
import { parseScenario } from '../../src/simulate/scenario/parse.js';
import { simulateScenario } from '../../src/simulate/simulate.js';
import { isHotspotError } from '../../src/util/errors.js';
import { runCapture } from '../cli/run-cli.js';

const path = new URL('../fixtures/scenarios/two-tables.yaml', import.meta.url).pathname;
const text = readFileSync(path, 'utf8');

function failure(yaml: string): { code: string; line?: number; field?: string; message: string } {
  try {
    parseScenario(yaml, 'f.yaml');
  } catch (err) {
    if (isHotspotError(err)) return { code: err.code, message: err.message, ...err.where };
    throw err;
  }
  throw new Error('parsed');
}

describe('tables: in the scenario file', () => {
  it('reads each table with its template and its own workload', () => {
    const s = parseScenario(text, 'two-tables.yaml');
    expect(s.tables?.map((t) => [t.table.name, t.design.template, t.workload.writeRatePerSec, t.workload.reads.length])).toEqual([
      ['readings', '{md5(deviceId,8)}_{deviceId}_{reverseTs(ts)}', 1000, 0],
      ['devices', 'dev_{deviceId}', 1, 1],
    ]);
    expect(s.designs.map((d) => d.name)).toEqual(['readings', 'devices']);
  });

  it('refuses table, workload or designs beside tables, duplicate table names and a table without a template', () => {
    expect(failure(`${text}designs: []\n`)).toMatchObject({ code: 'SCENARIO_INVALID', field: 'designs' });
    expect(failure(text.replace('name: devices', 'name: readings'))).toMatchObject({ code: 'SCENARIO_INVALID', field: 'tables[1].name' });
    expect(failure(text.replace("    template: 'dev_{deviceId}'\n", ''))).toMatchObject({ field: 'tables[1].template', message: 'f.yaml:18 (tables[1].template): is required' });
  });

  it('names the table of a template that reads a field its workload does not give', () => {
    const s = parseScenario(text.replace("template: 'dev_{deviceId}'", "template: 'dev_{userId}'"), 'f.yaml');
    expect(() => simulateScenario(s)).toThrow(expect.objectContaining({ code: 'TEMPLATE_UNKNOWN_FIELD', where: expect.objectContaining({ field: 'tables[1].template', line: 21 }) }));
  });
});

describe('several tables simulated together', () => {
  const outcome = simulateScenario(parseScenario(text, 'two-tables.yaml'));
  const tables = outcome.tables!;

  it('puts every table on the same servers and evens the region count of all of them', () => {
    // 16 + 1 regions on 4 servers: within one of each other, 5 on one server and 4 on the others
    const counts = tables.detection.cluster.servers.map((s) => s.regionCount).sort();
    expect(counts).toEqual([4, 4, 4, 5]);
    expect(new Set(outcome.designs.flatMap((d) => d.run.servers))).toEqual(new Set(tables.detection.cluster.servers.map((s) => s.server)));
  });

  it('judges each table against its own fair share', () => {
    const [readings, devices] = outcome.designs;
    expect(readings!.detection.shape).toBe('none');
    expect(readings!.detection.fairServerShare).toBeCloseTo(1 / 4, 6);
    // one region: its own fair share is the one server holding it
    expect(devices!.detection.fairServerShare).toBe(1);
    expect(devices!.detection.findings.map((f) => [f.kind, f.table])).toContainEqual(['unsplit-table', 'devices']);
  });

  it('judges the servers by the sum of the tables and names the table that makes one hot', () => {
    // the devices server: 1,000 gets/s + 1 write/s of devices, and a quarter of readings' 1,000 writes/s
    const expected = (1000 + 1 + 1000 / 4) / (1000 + 1 + 1000);
    const hot = tables.detection.cluster.servers.filter((s) => s.hot);
    expect(hot).toHaveLength(1);
    expect(hot[0]!.share).toBeCloseTo(expected, 2);
    expect(hot[0]!.tables.map((t) => t.table)).toEqual(['devices', 'readings']);
    expect(tables.detection.cluster.findings.map((f) => [f.kind, f.table, f.servers])).toEqual([['co-location', 'devices', [hot[0]!.server]]]);
  });

  it('holds every table in one series, each region naming its table', () => {
    expect(seriesTables(tables.series)).toEqual(['readings', 'devices']);
    const last = tables.series.snapshots.at(-1)!;
    expect(last.regions.map((r) => r.table).filter((t) => t === 'devices')).toHaveLength(1);
    expect(last.regions).toHaveLength(17);
  });
});

describe('simulate with tables', () => {
  it('--series writes one version 2 series of every table, which detect reads back with the same verdict', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sim-tables-'));
    try {
      const file = join(dir, 'all.series.ndjson');
      const run = await runCapture(['simulate', path, '--series', file, '--json']);
      expect(run.code).toBe(0);
      const json = JSON.parse(run.out) as { designs: { name: string; table: string }[]; tables: { names: string[]; findings: { kind: string; table: string }[] } };
      expect(json.designs.map((d) => [d.name, d.table])).toEqual([['readings', 'readings'], ['devices', 'devices']]);
      expect(json.tables.names).toEqual(['readings', 'devices']);
      expect(json.tables.findings.map((f) => [f.kind, f.table])).toEqual([['co-location', 'devices']]);
      const written = readFileSync(file, 'utf8');
      expect(JSON.parse(written.split('\n')[0]!)).toMatchObject({ version: 2, tables: ['readings', 'devices'] });
      expect(seriesTables(parseLoadSeries(written, file))).toEqual(['readings', 'devices']);
      const detect = await runCapture(['detect', file, '--json']);
      const back = JSON.parse(detect.out) as { cluster: { findings: { kind: string; table: string }[] } };
      expect(back.cluster.findings.map((f) => [f.kind, f.table])).toEqual([['co-location', 'devices']]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('names each table in the text and refuses --series for a scenario of designs', async () => {
    const run = await runCapture(['simulate', path]);
    expect(run.out).toContain('table readings');
    expect(run.out).toContain('table devices');
    expect(run.out).toMatch(/co-location \(table devices\)/);
    const designs = new URL('../fixtures/scenarios/uniform-hash.yaml', import.meta.url).pathname;
    const refused = await runCapture(['simulate', designs, '--series', join(tmpdir(), 'never-written.ndjson')]);
    expect(refused.code).not.toBe(0);
    expect(refused.err).toContain('--series');
  });
});
