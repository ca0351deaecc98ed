// top --batch against the real local HBase: a fresh table (one region, created through REST) takes writes while
// top reads it twice 4 s apart (RegionServer heartbeats are 3 s), then every table in the servers mode.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type HBaseRestClient, createRestClient } from '../../src/hbase/rest/index.js';
import { runCapture } from '../cli/run-cli.js';
import { restUnavailable, restUrl, uniqueTable } from './rest-env.js';

let skip: string | undefined;
let hbase: HBaseRestClient;
const table = uniqueTable('top_it');
const TS = 1_700_000_000_000;

beforeAll(async () => {
  skip = await restUnavailable();
  if (skip) return;
  hbase = createRestClient({ baseUrl: restUrl(), timeoutMs: 60_000 });
  await hbase.createTable(table, { columns: [{ name: 'cf' }] });
});

afterAll(async () => {
  if (!skip) await hbase.deleteTable(table).catch(() => undefined);
});

/** Writes 20 rows every 300 ms until `done` resolves; returns how many rows were written. */
async function writeUntil(done: Promise<unknown>): Promise<number> {
  let finished = false;
  void done.finally(() => (finished = true));
  let n = 0;
  while (!finished) {
    await hbase.putRows(table, Array.from({ length: 20 }, (_, i) => ({ key: `r${n + i}`, cells: [{ family: 'cf', qualifier: 'v', value: 'x', timestamp: TS }] })));
    n += 20;
    await new Promise((r) => setTimeout(r, 300));
  }
  return n;
}

describe('top --batch against a real HBase', () => {
  it('shows the table\'s one region taking the writes, on a plain block per refresh', async (ctx) => {
    if (skip) return ctx.skip(skip);
    const run = runCapture(['top', '--rest', restUrl(), '--table', table, '--batch', '--iterations', '2', '--delay', '4s']);
    const written = await writeUntil(run);
    const r = await run;
    expect([r.code, r.err]).toEqual([0, expect.stringContaining(`reading table "${table}"`)]);
    expect(r.out).not.toContain('\u001b');
    const blocks = r.out.trimEnd().split(/\n\n(?=top )/).map((b) => b.split('\n'));
    expect(blocks).toHaveLength(2);
    for (const block of blocks) {
      expect(block[0]).toMatch(/^top \S+Z {2}mode regions {2}sort requests {2}interval \d+\.\ds {2}hot k=3$/);
      expect(block[2]).toMatch(new RegExp(`^table ${table}: 1 region, \\d+\\.\\d requests/s, fair share 100\\.0%, 0 hot shown$`));
      expect(block).toHaveLength(5);
      expect(block[4]).toMatch(/^[0-9a-f]{32} {13}\S+,\d+,\d+ +[\d.]+ +[\d.]+ +[\d.]+ +\d+(\.\d+)? [KMGT]?B +(100\.0|0\.0)%$/);
    }
    const writesPerSec = blocks.map((b) => Number((b[4] ?? '').split(/ +/)[4])); // REGION, SERVER (the start key is empty), REQ/S, READ/S, WRITE/S
    expect(written).toBeGreaterThan(0);
    expect(Math.max(...writesPerSec)).toBeGreaterThan(0);
  }, 60_000);

  it('lists the RegionServers over every table, with the fair share', async (ctx) => {
    if (skip) return ctx.skip(skip);
    const r = await runCapture(['top', '--rest', restUrl(), '--mode', 'servers', '--iterations', '1', '--delay', '3s']);
    expect(r.code).toBe(0);
    const lines = r.out.trimEnd().split('\n');
    const servers = Number(/^servers: (\d+) servers?,/.exec(lines[2] ?? '')?.[1]);
    expect(servers).toBe(3); // every live RegionServer of the local cluster, those hosting no region at zero
    expect(lines[2]).toContain(`fair share ${(100 / servers).toFixed(1)}%`);
    expect(lines.slice(4)).toHaveLength(servers);
    for (const line of lines.slice(4)) expect(line).toMatch(/^\S+,\d+,\d+ +\d+ +[\d.]+ +[\d.]+ +[\d.]+ +[\d.]+ [KMGT]?B +[\d.]+%/);
  }, 60_000);
});
