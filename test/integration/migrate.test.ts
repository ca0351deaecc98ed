// Key migration against the real HBase: a timestamp-first table pre-split into 8 regions is migrated to a salted key
// while a dual writer keeps updating rows with newer timestamps; the backfill is aborted at seeded random batch
// counts (some in the middle of a region) and resumed until done; verification then finds every cell, every
// timestamp, and the dual writer's newest values on top.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type HBaseRestClient, type RowInput, createRestClient } from '../../src/hbase/rest/index.js';
import { createTableCommand, runShellCommands } from '../../src/hbase/shell/index.js';
import { readCheckpoint } from '../../src/migrate/checkpoint.js';
import { runBackfill, type BackfillResult } from '../../src/migrate/backfill.js';
import { DualWriter } from '../../src/migrate/dual-write.js';
import { templateKeyMap } from '../../src/migrate/key-map.js';
import { verifyMigration } from '../../src/migrate/verify.js';
import { saltSplitPoints } from '../../src/regions/index.js';
import { HotspotError } from '../../src/util/errors.js';
import { restUnavailable, restUrl, uniqueTable } from './rest-env.js';

/** Rows in the source (about 2.25 cells each: 2 columns, a quarter with an older second version). */
const ROWS = 12_000;
const DEVICES = 500;
const T0 = 1_600_000_000_000;
const STEP_MS = 1000;
/** Unmappable rows planted in the source (keys the old template cannot decode). */
const BAD_KEYS = ['00000000000ab_x', 'zz-not-a-key', '12345'];
/** Seeded abort points: batches acknowledged before the run is stopped. */
const ABORT_AFTER = [3, 7, 2, 11, 5];
const BATCH = 250;

const OLD = '{pad(ts,13)}_{deviceId}';
const NEW = '{salt(deviceId,8)}_{deviceId}_{pad(ts,13)}';
const keys = templateKeyMap(OLD, NEW);
const dec = new TextDecoder();

let skip: string | undefined;
let hbase: HBaseRestClient;
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
  // Source: 8 regions cut on the leading timestamp digits; target: one region per salt bucket.
  const sourceSplits = Array.from({ length: 7 }, (_, k) => String(T0 + Math.round(((k + 1) * ROWS) / 8) * STEP_MS));
  const created = await runShellCommands(
    [
      createTableCommand({ table: oldTable, families: [{ name: 'd', versions: 5 }], splits: sourceSplits }),
      createTableCommand({ table: newTable, families: [{ name: 'd', versions: 5 }], splits: saltSplitPoints(keys.newTemplate) }),
    ],
    { timeoutMs: 240_000 },
  );
  expect(created.results.map((c) => c.status)).toEqual(['ok', 'ok']);
  for (let i = 0; i < ROWS; i += 1000) {
    await hbase.putRows(oldTable, Array.from({ length: Math.min(1000, ROWS - i) }, (_, k) => sourceRow(i + k)));
  }
  await hbase.putRows(oldTable, BAD_KEYS.map((key) => ({ key, cells: [{ family: 'd', qualifier: 'v', value: 'bad', timestamp: T0 }] })));
});

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
    expect(regions.regions.length).toBe(8);

    // The dual writer: rows updated with timestamps newer than any original one, old table first then new.
    const writer = new DualWriter({ client: hbase, oldTable, newTable, mapKey: keys.map });
    const latest = new Map<number, string>();
    let stop = false;
    let seq = 0;
    const dualLoop = (async () => {
      let x = 12345;
      while (!stop) {
        const batch: RowInput[] = [];
        for (let k = 0; k < 20; k++) {
          x = (x * 1103515245 + 12345) % 2147483648;
          const i = x % ROWS;
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
    for (let attempt = 0; ; attempt++) {
      const abortAt = ABORT_AFTER[attempt];
      const controller = new AbortController();
      try {
        runs.push(
          await runBackfill({
            client: hbase, source: oldTable, target: newTable, mapKey: keys.map, checkpointFile, rejectsFile,
            allowRejects: true, batchRows: BATCH, signal: controller.signal,
            onProgress: (p) => { if (abortAt !== undefined && p.batches >= abortAt) controller.abort(); },
          }),
        );
        break;
      } catch (e) {
        expect(e).toBeInstanceOf(HotspotError);
        expect((e as HotspotError).code).toBe('MIGRATE_BACKFILL_ABORTED');
        const cp = await readCheckpoint(checkpointFile);
        if (cp?.ranges.some((r) => !r.done && r.lastRow !== undefined)) midRegionStops++;
      }
    }
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

    const backfillMs = Date.now() - t0;
    const report = await verifyMigration({
      client: hbase, oldTable, newTable, mapKey: keys.map, newTemplate: keys.newTemplate, sampleRate: 1,
      timeBoundsMs: [T0 - 10, T0 + (ROWS / 4) * STEP_MS, T0 + (ROWS / 2) * STEP_MS, T0 + ROWS * STEP_MS, T0 + 2 * ROWS * STEP_MS],
    });
    console.log(`migrate: ${ROWS} rows, ${report.old.cells} cells, ${runs.length + ABORT_AFTER.length} backfill runs (${midRegionStops} stopped mid-region) in ${backfillMs} ms, verify in ${Date.now() - t0 - backfillMs} ms`);
    expect(report.differences).toEqual([]);
    expect(report.unmappable).toBe(BAD_KEYS.length);
    expect(report.sampledRows).toBe(ROWS);
    expect(report.new.rows).toBe(ROWS);
    expect(report.new.rowsPerBucket.reduce((a, b) => a + b, 0)).toBe(ROWS);
    expect(report.new.rowsPerBucket.every((n) => n > 0)).toBe(true);
    expect(report.new.cells).toBe(report.old.cells - BAD_KEYS.length);
    expect(report.ok).toBe(true);

    // Independently of verify: the newest d:v of each updated row in the new table is the dual writer's last value,
    // and an untouched row kept its original timestamps.
    writer.setReadSide('new');
    for (const [i, value] of [...latest].slice(0, 50)) {
      const row = await writer.get(sourceRow(i).key, { columns: ['d:v'] });
      expect(dec.decode(row?.cells[0]?.value)).toBe(value);
    }
    const untouched = [...Array(ROWS).keys()].find((i) => !latest.has(i) && i % 4 === 0) as number;
    const got = await hbase.getRow(newTable, keys.map(sourceRow(untouched).key as Uint8Array), { maxVersions: 5 });
    const ts = T0 + untouched * STEP_MS;
    expect(got?.cells.map((c) => [dec.decode(c.qualifier), c.timestamp, dec.decode(c.value)])).toEqual([
      ['n', ts, `n${untouched}`],
      ['v', ts, `v${untouched}`],
      ['v', ts - 1, `old${untouched}`],
    ]);
  });
});
