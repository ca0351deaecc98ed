// Key migration against the real HBase: a timestamp-first table of 120,000 rows (about 270,000 cells) pre-split into
// 6 regions is migrated to a salted key while a dual writer keeps updating rows with newer timestamps; the backfill
// is aborted at seeded random batch counts (some in the middle of a region) and resumed until done, while the live
// detector (REST source + detection) watches the new table's write load. Then: verify (counts complete, cells
// sampled), and an independent full comparison of both tables finds every cell with its timestamp and the dual
// writer's newest values on top.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type HBaseRestClient, type RowInput, createRestClient } from '../../src/hbase/rest/index.js';
import { readCheckpoint } from '../../src/migrate/checkpoint.js';
import { runBackfill, type BackfillResult } from '../../src/migrate/backfill.js';
import { DualWriter } from '../../src/migrate/dual-write.js';
import { templateKeyMap } from '../../src/migrate/key-map.js';
import { verifyMigration } from '../../src/migrate/verify.js';
import { detectHotspots } from '../../src/analysis/detect/index.js';
import { toHex } from '../../src/bytes/index.js';
import { saltSplitPoints } from '../../src/regions/index.js';
import { createRestSource } from '../../src/sources/index.js';
import { createRng } from '../../src/util/rng.js';
import { collectWhile, createEvenTables } from './e2e-cluster.js';
import { HotspotError } from '../../src/util/errors.js';
import { restUnavailable, restUrl, uniqueTable } from './rest-env.js';

/** Rows in the source (about 2.25 cells each: 2 columns, a quarter with an older second version). */
const ROWS = 120_000;
const DEVICES = 600;
const T0 = 1_600_000_000_000;
const STEP_MS = 1000;
/** Unmappable rows planted in the source (keys the old template cannot decode). */
const BAD_KEYS = ['00000000000ab_x', 'zz-not-a-key', '12345'];
const BATCH = 500;
/** Seeded abort points: batches acknowledged (4 to 40 of the 240) before each of 5 runs is stopped. */
const ABORT_AFTER = ((rng) => Array.from({ length: 5 }, () => 4 + Math.floor(rng.next() * 37)))(createRng(20_261_130));
/** Backfill pace, rows/s: the copy then spans several RegionServer heartbeats (3 s), for the live detector. */
const BACKFILL_RATE = 8000;

const OLD = '{pad(ts,13)}_{deviceId}';
const NEW = '{salt(deviceId,6)}_{deviceId}_{pad(ts,13)}';
const keys = templateKeyMap(OLD, NEW);
const dec = new TextDecoder();

let skip: string | undefined;
let hbase: HBaseRestClient;
/** The same gateway in the protobuf form, for the bulk loads and the full comparison. */
let bulk: HBaseRestClient;
const oldTable = uniqueTable('migrate_old');
const newTable = uniqueTable('migrate_new');
const dir = mkdtempSync(join(tmpdir(), 'migrate-it-'));

function sourceRow(i: number): RowInput {
  const ts = T0 + i * STEP_MS;
  const cells = [
    { family: 'd', qualifier: 'v', value: `v${i}`, timestamp: ts },
    { family: 'd', qualifier: 'n', value: `n${i}`, timestamp: ts },
  ];
  if (i % 4 === 0) cells.push({ family: 'd', qualifier: 'v', value: `old${i}`, timestamp: ts - 1 });
  return { key: keys.oldTemplate.encode({ ts, deviceId: `dev${i % DEVICES}` }), cells };
}

beforeAll(async () => {
  skip = await restUnavailable();
  if (skip) return;
  hbase = createRestClient({ baseUrl: restUrl(), timeoutMs: 60_000 });
  bulk = createRestClient({ baseUrl: restUrl(), timeoutMs: 60_000, dataFormat: 'protobuf' });
  // Source: 6 regions cut on the leading timestamp digits; target: one region per salt bucket; both spread 2 regions
  // per RegionServer, so that fair share means the same on every server.
  const sourceSplits = Array.from({ length: 5 }, (_, k) => String(T0 + Math.round(((k + 1) * ROWS) / 6) * STEP_MS));
  await createEvenTables(hbase, [
    { table: oldTable, splits: sourceSplits, versions: 5 },
    { table: newTable, splits: saltSplitPoints(keys.newTemplate), versions: 5 },
  ], 3);
  for (let i = 0; i < ROWS; i += 2000) {
    await bulk.putRows(oldTable, Array.from({ length: Math.min(2000, ROWS - i) }, (_, k) => sourceRow(i + k)));
  }
  await hbase.putRows(oldTable, BAD_KEYS.map((key) => ({ key, cells: [{ family: 'd', qualifier: 'v', value: 'bad', timestamp: T0 }] })));
}, 400_000);

/** Every row of a table as `hex(key) → "qualifier@timestamp=value"` of each cell in HBase order, joined by `|`. */
async function digest(table: string): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  for await (const row of bulk.scan(table, { maxVersions: 5, batch: 10_000, caching: 2000 })) {
    out.set(toHex(row.key), row.cells.map((c) => `${dec.decode(c.qualifier)}@${c.timestamp}=${dec.decode(c.value)}`).join('|'));
  }
  return out;
}

afterAll(async () => {
  if (!skip) {
    await hbase.deleteTable(oldTable).catch(() => undefined);
    await hbase.deleteTable(newTable).catch(() => undefined);
  }
  rmSync(dir, { recursive: true, force: true });
});

describe('key migration on a live table', () => {
  it('backfills through aborts and resumes, keeps original timestamps and newer dual-written values', async (ctx) => {
    if (skip) return ctx.skip();
    const regions = await hbase.tableRegions(oldTable);
    expect(regions.regions.length).toBe(6);

    // The dual writer: rows updated with timestamps newer than any original one, old table first then new.
    const writer = new DualWriter({ client: hbase, oldTable, newTable, mapKey: keys.map });
    const latest = new Map<number, string>();
    let stop = false;
    let seq = 0;
    const dualLoop = (async () => {
      const rng = createRng(12_345);
      while (!stop) {
        const batch: RowInput[] = [];
        for (let k = 0; k < 20; k++) {
          const i = Math.floor(rng.next() * ROWS);
          const value = `dual${++seq}`;
          latest.set(i, value);
          batch.push({ key: sourceRow(i).key, cells: [{ family: 'd', qualifier: 'v', value, timestamp: T0 + ROWS * STEP_MS + seq }] });
        }
        await writer.put(batch);
        await new Promise((r) => setTimeout(r, 50));
      }
    })().then(() => undefined, (e: unknown) => e);

    const t0 = Date.now();
    const checkpointFile = join(dir, 'cp.json');
    const rejectsFile = join(dir, 'rejects.ndjson');
    const runs: BackfillResult[] = [];
    let midRegionStops = 0;
    const backfillThroughAborts = async (): Promise<void> => {
      for (let attempt = 0; ; attempt++) {
        const abortAt = ABORT_AFTER[attempt];
        const controller = new AbortController();
        try {
          runs.push(
            await runBackfill({
              client: hbase, source: oldTable, target: newTable, mapKey: keys.map, checkpointFile, rejectsFile,
              allowRejects: true, batchRows: BATCH, rowsPerSec: BACKFILL_RATE, signal: controller.signal,
              onProgress: (p) => { if (abortAt !== undefined && p.batches >= abortAt) controller.abort(); },
            }),
          );
          return;
        } catch (e) {
          expect(e).toBeInstanceOf(HotspotError);
          expect((e as HotspotError).code).toBe('MIGRATE_BACKFILL_ABORTED');
          const cp = await readCheckpoint(checkpointFile);
          if (cp?.ranges.some((r) => !r.done && r.lastRow !== undefined)) midRegionStops++;
        }
      }
    };
    // The live detector on the new table while the backfill (and the dual writer) write to it.
    const watched = await collectWhile(createRestSource({ client: hbase, table: newTable, description: restUrl() }), backfillThroughAborts, 3000);
    const backfillMs = Date.now() - t0;
    stop = true;
    expect(await dualLoop).toBeUndefined();
    expect(seq).toBeGreaterThan(100);

    const final = runs[0] as BackfillResult;
    expect(final.resumed).toBe(true);
    expect(final.rangesSkipped).toBeGreaterThan(0);
    expect(midRegionStops).toBeGreaterThanOrEqual(2);
    // Every source row counted exactly once across the runs: no batch lost, none counted twice.
    expect(final.rows).toBe(ROWS);
    expect(final.rejects).toBe(BAD_KEYS.length);
    const rejected = readFileSync(rejectsFile, 'utf8').trim().split('\n').map((l) => JSON.parse(l) as { key: string; code: string });
    expect(new Set(rejected.map((r) => r.key))).toEqual(new Set(BAD_KEYS));
    expect(rejected.every((r) => r.code === 'KEY_DECODE')).toBe(true);

    // The new table's write load, as the live detector measured it: writes on every region, none hot, no server hot.
    const load = detectHotspots(watched.series);
    const writes = (i: number) => (watched.series.snapshots.at(-1)?.regions[i]?.writeRequests ?? 0) - (watched.series.snapshots[0]?.regions[i]?.writeRequests ?? 0);
    console.log(`migrate: new table's writes per region during the backfill ${watched.series.snapshots[0]?.regions.map((_, i) => writes(i)).join(', ')}; hottest server share ${load.hottestServerShare.toFixed(3)} over ${watched.series.snapshots.length} readings`);
    expect(watched.series.snapshots.length).toBeGreaterThanOrEqual(4);
    expect(watched.series.snapshots[0]?.regions).toHaveLength(6);
    expect(load.shape).toBe('none');
    expect(load.regions.filter((r) => r.hot)).toEqual([]);
    expect(load.servers.filter((r) => r.hot)).toEqual([]);
    expect(load.hottestServerShare).toBeLessThan(0.45);

    const t1 = Date.now();
    const report = await verifyMigration({
      client: bulk, oldTable, newTable, mapKey: keys.map, newTemplate: keys.newTemplate, sampleRate: 0.05,
      timeBoundsMs: [T0 - 10, T0 + (ROWS / 4) * STEP_MS, T0 + (ROWS / 2) * STEP_MS, T0 + ROWS * STEP_MS, T0 + 2 * ROWS * STEP_MS],
    });
    console.log(`migrate: ${ROWS} rows, ${report.old.cells + report.unmappableCells} cells, ${runs.length + ABORT_AFTER.length} backfill runs (${midRegionStops} stopped mid-region, at batches ${ABORT_AFTER.join(', ')}) in ${backfillMs} ms at most ${BACKFILL_RATE} rows/s, verify in ${Date.now() - t1} ms`);
    expect(report.differences).toEqual([]);
    expect(report.unmappable).toBe(BAD_KEYS.length);
    expect(report.sampledRows).toBeGreaterThan(ROWS * 0.04);
    expect(report.sampledRows).toBeLessThan(ROWS * 0.06);
    expect(report.new.rows).toBe(ROWS);
    expect(report.new.rowsPerBucket.reduce((a, b) => a + b, 0)).toBe(ROWS);
    expect(report.new.rowsPerBucket.every((n) => n > 0)).toBe(true);
    expect([report.old.rows, report.unmappableCells, report.countMismatches]).toEqual([ROWS, BAD_KEYS.length, []]);
    expect(report.new.cells).toBe(report.old.cells);
    expect(report.ok).toBe(true);

    // Independently of verify, every row of both tables: each old cell is in the new row under the mapped key with
    // its timestamp and value (no lost cell), and each dual-written row's newest d:v is the writer's last value, on
    // top of the copied versions (no newer value overwritten).
    const t2 = Date.now();
    const [before, after] = [await digest(oldTable), await digest(newTable)];
    expect(before.size).toBe(ROWS + BAD_KEYS.length);
    expect(after.size).toBe(ROWS);
    let lostCells = 0;
    let overwritten = 0;
    let cellsCompared = 0;
    for (let i = 0; i < ROWS; i++) {
      const oldKey = sourceRow(i).key as Uint8Array;
      const oldCells = (before.get(toHex(oldKey)) ?? '').split('|');
      const newCells = new Set((after.get(toHex(keys.map(oldKey))) ?? '').split('|'));
      const original = oldCells.filter((c) => !c.includes('=dual'));
      for (const c of original) if (!newCells.has(c)) lostCells++;
      cellsCompared += original.length;
      const dual = latest.get(i);
      if (dual !== undefined) {
        const newest = [...newCells].find((c) => c.startsWith('v@'));
        if (!newest?.endsWith(`=${dual}`)) overwritten++;
      }
    }
    console.log(`migrate: full comparison of ${cellsCompared} original cells and ${latest.size} dual-written rows in ${Date.now() - t2} ms`);
    expect(cellsCompared).toBeGreaterThan(250_000);
    expect([lostCells, overwritten]).toEqual([0, 0]);
  }, 600_000);
});
