// End to end against the real HBase: tables pre-split into 6 regions, 2 on each of the 3 RegionServers; the load
// command writes real rows (with --samples-out), the REST source collects snapshots meanwhile, and detect reads the
// series. Timestamp-first keys give a monotonic tail on the last region; a salted key gives no hotspot; a move and a
// split during collection give events, no false hotspot and no negative rate; one hot row gives single-row with samples.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DetectResult } from '../../src/analysis/detect/index.js';
import { toStringBinary } from '../../src/bytes/index.js';
import { createRestClient } from '../../src/hbase/rest/index.js';
import { moveRegionCommand, runShellCommands, splitCommand } from '../../src/hbase/shell/index.js';
import { compileTemplate } from '../../src/keys/template/index.js';
import { type LoadSpec, type LoadSummary, resolveLoadFields, runLoad } from '../../src/load/index.js';
import { type LoadSeries, computeRates, formatLoadSeries } from '../../src/model/index.js';
import { saltSplitPoints } from '../../src/regions/index.js';
import { createRestSource } from '../../src/sources/index.js';
import { runCapture } from '../cli/run-cli.js';
import { collectWhile, createEvenTables, pollUntil } from './e2e-cluster.js';
import { hbaseEnv, printHBaseLogsOnFailure, uniqueTableName } from './hbase-env.js';

printHBaseLogsOnFailure();
const env = hbaseEnv();
const dir = mkdtempSync(join(tmpdir(), 'e2e-hot-'));
const client = createRestClient({ baseUrl: env.restUrl, timeoutMs: 20_000 });

const SALTED = '{salt(deviceId,6)}_{deviceId}_{ts}';
const tables = {
  // epoch-ms keys: every split point is in the past, so today's keys all land in the last region
  tail: { table: uniqueTableName('e2e_tail'), splits: ['1700000000000', '1720000000000', '1740000000000', '1760000000000', '1780000000000'] },
  salted: { table: uniqueTableName('e2e_salt'), splits: saltSplitPoints(compileTemplate(SALTED)) },
  churn: { table: uniqueTableName('e2e_churn'), splits: saltSplitPoints(compileTemplate(SALTED)) },
  row: { table: uniqueTableName('e2e_row'), splits: ['sensor-000100', 'sensor-000200', 'sensor-000300', 'sensor-000400', 'sensor-000500'] },
};
let servers: string[] = [];

beforeAll(async () => {
  if (!env.available) return;
  servers = await createEvenTables(client, Object.values(tables), 3);
}, 400_000);

afterAll(async () => {
  if (!env.available) return;
  for (const t of Object.values(tables)) await client.deleteTable(t.table).catch(() => false);
});

/** Runs `hbase-hotspot load` on a table; returns its JSON summary and the key-samples file. */
async function load(table: string, args: string[], name: string): Promise<{ summary: LoadSummary; samples: string }> {
  const samples = join(dir, `${name}.samples.ndjson`);
  const r = await runCapture(['load', '--rest', env.restUrl, '--table', table, '--samples-out', samples, '--json', '--timeout', '20s', ...args]);
  if (r.code !== 0) throw new Error(`load exited ${r.code}: ${r.err}${r.out}`);
  return { summary: JSON.parse(r.out) as LoadSummary, samples };
}

/** Runs `hbase-hotspot detect series.ndjson [--samples file] --json`. */
async function detect(series: LoadSeries, name: string, samples?: string): Promise<DetectResult> {
  const file = join(dir, `${name}.series.ndjson`);
  writeFileSync(file, formatLoadSeries(series));
  const r = await runCapture(['detect', file, ...(samples ? ['--samples', samples] : []), '--json']);
  if (r.code !== 0) throw new Error(`detect exited ${r.code}: ${r.err}`);
  return JSON.parse(r.out) as DetectResult;
}

/** What a failed "no hotspot" assertion prints: the verdict's evidence, now and story, and each interval's counts. */
function why(found: DetectResult, series?: LoadSeries): string {
  const counts = series ? computeRates(series).intervals.map((i) => `${i.durationMs} ms: ${i.regions.map((r) => `${r.reads}/${r.writes}`).join(' ')}`) : [];
  return JSON.stringify({ evidence: found.evidence, now: found.now.summary, story: found.story.summary, counts }, null, 1);
}

const source = (table: string) => createRestSource({ client, table, description: env.restUrl });
const LOAD = ['--entities', '600', '--rate', '120', '--batch', '40', '--concurrency', '3'];

describe.skipIf(!env.available)('end-to-end hotspots on the real HBase', () => {
  it('timestamp-first keys: monotonic-tail on the last region, its server far above fair share', async () => {
    const { table } = tables.tail;
    const { series, result } = await collectWhile(source(table), () => load(table, ['--template', '{ts}_{deviceId}', ...LOAD, '--duration', '25s'], 'tail'), 5000);
    expect(result.summary.errors).toBe(0);
    expect(result.summary.writes).toBeGreaterThan(1000);
    const rates = computeRates(series);
    const last = series.snapshots.at(-1)?.regions.at(-1);
    // every row written went to the last region: its write counter grew by exactly the rows written
    const grown = rates.intervals.reduce((a, i) => a + (i.regions.find((r) => r.encodedName === last?.encodedName)?.writes ?? 0), 0);
    expect(grown).toBe(result.summary.writes);
    const found = await detect(series, 'tail', result.samples);
    expect(found.shape).toBe('monotonic-tail');
    expect(found.decidedBy).toBe('samples');
    const hot = found.regions.filter((r) => r.hot);
    expect(hot.map((r) => r.encodedName)).toEqual([last?.encodedName]);
    expect(hot[0]?.startKey).toBe('1780000000000');
    expect(found.fairServerShare).toBeCloseTo(1 / 3, 6);
    expect(found.servers.map((s) => s.regionCount)).toEqual([2, 2, 2]);
    expect(found.hottestServerShare).toBeGreaterThan(0.95);
    const top = found.servers.find((s) => s.hot);
    expect(top?.server).toBe(last?.server);
    expect(top?.averageRatio).toBeGreaterThan(2.8);
  }, 110_000);

  it('salted keys: no hotspot, every server near its fair share', async () => {
    const { table } = tables.salted;
    const { series, result } = await collectWhile(source(table), () => load(table, ['--template', SALTED, ...LOAD, '--duration', '25s', '--reads', 'get@4', 'latest:5@2'], 'salted'), 5000);
    expect(result.summary.errors).toBe(0);
    expect(result.summary.readQueries).toBeGreaterThan(20);
    // gets find rows written earlier; each latest-5 scans its entity's salt bucket prefix
    expect(result.summary.rowsRead).toBeGreaterThan(result.summary.readQueries / 2);
    const found = await detect(series, 'salted', result.samples);
    expect(found.shape, why(found, series)).toBe('none');
    expect(found.regions.filter((r) => r.hot)).toEqual([]);
    expect(found.servers.filter((s) => s.hot)).toEqual([]);
    expect(found.servers).toHaveLength(3);
    for (const s of found.servers) expect(s.share).toBeGreaterThan(0.2);
    expect(found.hottestServerShare).toBeLessThan(0.45);
  }, 110_000);

  it('a move and a split during collection: reported as events, no negative rate, no false hotspot', async () => {
    const { table } = tables.churn;
    const before = await client.tableRegions(table);
    const moved = before.regions[1];
    const from = moved?.location;
    const to = servers.find((s) => !s.startsWith(`${from?.replace(':', ',')},`)) as string;
    const splitAt = '04_sensor-0003';
    let shellDone = 0;
    const template = compileTemplate(SALTED);
    const spec: LoadSpec = {
      table, template, fields: resolveLoadFields(template, {}), family: 'd', valueBytes: 100, reads: [],
      entities: { field: 'deviceId', count: 600, idFormat: 'sensor-%06d', popularity: { kind: 'uniform' } },
      writesPerSec: 120, durationMs: 150_000, batchRows: 40, concurrency: 3, seed: 3,
    };
    const { series, result } = await collectWhile(source(table), async () => {
      const stop = new AbortController();
      // the library driver this time, stopped by its signal: the shell (a JVM start, 30 s or more here) runs while
      // the load writes, and the load goes on 12 s after the split shows
      const run = runLoad(client, spec, { signal: stop.signal });
      const batch = await runShellCommands([moveRegionCommand(moved?.encodedName as string, to), splitCommand(table, splitAt)], { timeoutMs: 90_000 });
      shellDone = Date.now();
      if (!batch.ok) throw new Error(JSON.stringify(batch.results));
      await pollUntil('split visible', async () => ((await client.tableRegions(table)).regions.length === 7 ? true : undefined), 30_000);
      await new Promise((r) => setTimeout(r, 12_000));
      stop.abort();
      return run;
    }, 4000);
    expect(result.stopped).toBe(true);
    expect(result.errors).toBe(0);
    expect(shellDone).toBeGreaterThan(0);
    const rates = computeRates(series);
    for (const i of rates.intervals) for (const r of i.regions) {
      expect(r.requests).toBeGreaterThanOrEqual(0);
      expect(r.writes ?? 0).toBeGreaterThanOrEqual(0);
    }
    const kinds = rates.events.map((e) => e.kind);
    expect(kinds).toContain('region-moved');
    expect(kinds).toContain('region-split');
    expect(rates.events.find((e) => e.kind === 'region-moved')?.region).toBe(moved?.encodedName);
    const split = rates.events.find((e) => e.kind === 'region-split');
    expect(split?.related).toHaveLength(2);
    const found = await detect(series, 'churn');
    expect(found.shape, why(found, series)).toBe('none');
    expect(found.regions.filter((r) => r.hot)).toEqual([]);
    const daughters = found.regions.filter((r) => split?.related?.includes(r.encodedName));
    expect(daughters.map((d) => d.startKey).sort()).toEqual(['04_', toStringBinary(new TextEncoder().encode(splitAt))]);
  }, 170_000);

  it('one hot row: single-row with the key samples', async () => {
    const { table } = tables.row;
    const args = ['--template', '{deviceId}', '--entities', '600', '--popularity', 'hot:0.001:0.9', '--rate', '120', '--batch', '40', '--concurrency', '3', '--duration', '25s'];
    const { series, result } = await collectWhile(source(table), () => load(table, args, 'row'), 5000);
    expect(result.summary.errors).toBe(0);
    const found = await detect(series, 'row', result.samples);
    expect(found.shape).toBe('single-row');
    expect(found.decidedBy).toBe('samples');
    const hot = found.regions.filter((r) => r.hot);
    expect(hot.map((r) => r.startKey)).toEqual(['']);
    expect(found.evidence.join(' ')).toContain('sensor-000000');
  }, 110_000);
});
