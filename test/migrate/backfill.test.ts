import { appendFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { runBackfill } from '../../src/migrate/backfill.js';
import { readCheckpoint } from '../../src/migrate/checkpoint.js';
import { templateKeyMap } from '../../src/migrate/key-map.js';
import { verifyMigration } from '../../src/migrate/verify.js';
import { FakeHBase } from './fake-hbase.js';

const keys = templateKeyMap('{pad(ts,13)}_{deviceId}', '{salt(deviceId,8)}_{deviceId}_{pad(ts,13)}');
const dec = new TextDecoder();
const T0 = 1_700_000_000_000;
let dir: string;
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** 30 rows (ts T0 + i s, device d{i % 3}), two versions of d:v each; split into 3 regions. */
function source(extra: string[] = []): FakeHBase {
  dir = mkdtempSync(join(tmpdir(), 'backfill-'));
  const hb = new FakeHBase({ old: [String(T0 + 10_000), String(T0 + 20_000)] });
  const rows = Array.from({ length: 30 }, (_, i) => ({
    key: `${T0 + i * 1000}_d${i % 3}`,
    cells: [
      { family: 'd', qualifier: 'v', value: `new${i}`, timestamp: T0 + i * 1000 },
      { family: 'd', qualifier: 'v', value: `old${i}`, timestamp: T0 + i * 1000 - 5 },
    ],
  }));
  void hb.client().putRows('old', [...rows, ...extra.map((key) => ({ key, cells: [{ family: 'd', qualifier: 'v', value: 'x', timestamp: 1 }] }))]);
  return hb;
}

describe('runBackfill', () => {
  it('copies every version with its original timestamp under the new key', async () => {
    const hb = source();
    const result = await runBackfill({ client: hb.client(), source: 'old', target: 'new', mapKey: keys.map, batchRows: 4 });
    expect(result).toMatchObject({ rows: 30, cells: 60, rejects: 0, ranges: 3, rangesSkipped: 0, resumed: false });
    // "d1".hashCode() = 100*31 + 49 = 3149; 3149 % 8 = 5.
    const row = hb.table('new').get(Buffer.from(`05_d1_${T0 + 1000}`).toString('hex'));
    expect(row?.cells.map((c) => [c.timestamp, dec.decode(c.value)])).toEqual([[T0 + 1000, 'new1'], [T0 + 995, 'old1']]);
    expect(hb.rows('new')).toHaveLength(30);
  });

  it('stops on abort mid-region and resumes from the row after the last acknowledged batch, without redoing done regions', async () => {
    const hb = source();
    const checkpointFile = join(dir, 'cp.json');
    const controller = new AbortController();
    await expect(
      runBackfill({ client: hb.client(), source: 'old', target: 'new', mapKey: keys.map, batchRows: 4, checkpointFile, signal: controller.signal, onProgress: (p) => { if (p.batches === 4) controller.abort(); } }),
    ).rejects.toMatchObject({ code: 'MIGRATE_BACKFILL_ABORTED' });
    const cp = await readCheckpoint(checkpointFile);
    // Region 0 holds rows 0..9: batches of 4, 4, 2 then region 1's first batch (rows 10..13).
    expect(cp?.ranges.map((r) => [r.done, r.rows])).toEqual([[true, 10], [false, 4], [false, 0]]);
    expect(dec.decode(cp?.ranges[1]?.lastRow)).toBe(`${T0 + 13_000}_d1`);
    const putsBefore = hb.puts;
    const result = await runBackfill({ client: hb.client(), source: 'old', target: 'new', mapKey: keys.map, batchRows: 4, checkpointFile });
    expect(result).toMatchObject({ rows: 30, cells: 60, resumed: true, rangesSkipped: 1 });
    // Rows 14..19 (2 puts), 20..29 (3 puts).
    expect(hb.puts - putsBefore).toBe(5);
    expect(hb.rows('new')).toHaveLength(30);
  });

  it('sends unmappable rows to the reject file and fails unless rejects are allowed', async () => {
    const hb = source(['zzz', '12345_x']);
    const rejectsFile = join(dir, 'rejects.ndjson');
    await expect(runBackfill({ client: hb.client(), source: 'old', target: 'new', mapKey: keys.map, rejectsFile })).rejects.toMatchObject({ code: 'MIGRATE_REJECTS' });
    const lines = readFileSync(rejectsFile, 'utf8').trim().split('\n').map((l) => JSON.parse(l) as { key: string; code: string });
    expect(lines.map((l) => [l.key, l.code])).toEqual([['12345_x', 'KEY_DECODE'], ['zzz', 'KEY_DECODE']]);
    const ok = await runBackfill({ client: new FakeHBase().client(), source: 'old', target: 'new', mapKey: () => { throw new Error('no'); }, allowRejects: true });
    expect(ok.rejects).toBe(0);
  });

  it('a resumed run drops reject lines written after the last checkpoint, so none is repeated', async () => {
    const hb = source(['zzz', '12345_x']);
    const rejectsFile = join(dir, 'rejects.ndjson');
    const checkpointFile = join(dir, 'cp.json');
    // A run that finishes range 1 of 3 (keys 12345_x ... sort before the first split), then stops.
    const controller = new AbortController();
    await expect(runBackfill({
      client: hb.client(), source: 'old', target: 'new', mapKey: keys.map, rejectsFile, checkpointFile, allowRejects: true, batchRows: 100,
      signal: controller.signal, onProgress: (p) => { if (p.rangesDone >= 1) controller.abort(); },
    })).rejects.toMatchObject({ code: 'MIGRATE_BACKFILL_ABORTED' });
    const committed = readFileSync(rejectsFile, 'utf8');
    expect((await readCheckpoint(checkpointFile))?.rejectsBytes).toBe(Buffer.byteLength(committed));
    // A crash after appending a later batch's line but before its checkpoint: the line is on disk, uncounted.
    appendFileSync(rejectsFile, `${JSON.stringify({ key: 'zzz', hex: '7a7a7a', code: 'KEY_DECODE', reason: 'crashed before the checkpoint' })}\n`);
    const done = await runBackfill({ client: hb.client(), source: 'old', target: 'new', mapKey: keys.map, rejectsFile, checkpointFile, allowRejects: true });
    expect(done.rejects).toBe(2);
    const keysRejected = readFileSync(rejectsFile, 'utf8').trim().split('\n').map((l) => (JSON.parse(l) as { key: string }).key);
    expect(keysRejected).toEqual(['12345_x', 'zzz']);
  });

  it('refuses a reject file shorter than its checkpoint counts', async () => {
    const hb = source(['zzz']);
    const rejectsFile = join(dir, 'rejects.ndjson');
    const checkpointFile = join(dir, 'cp.json');
    await expect(runBackfill({ client: hb.client(), source: 'old', target: 'new', mapKey: keys.map, rejectsFile, checkpointFile, allowRejects: true }))
      .resolves.toMatchObject({ rejects: 1 });
    // Range 1 marked unfinished again, and the reject file emptied: a resume would lose the counted line, so it stops.
    writeFileSync(checkpointFile, readFileSync(checkpointFile, 'utf8').replace(/"done": true/, '"done": false'));
    writeFileSync(rejectsFile, '');
    await expect(runBackfill({ client: hb.client(), source: 'old', target: 'new', mapKey: keys.map, rejectsFile, checkpointFile, allowRejects: true }))
      .rejects.toMatchObject({ code: 'MIGRATE_REJECTS_IO', where: { file: rejectsFile } });
  });

  it('refuses to resume with another key mapping, and a copy into its own source', async () => {
    const hb = source();
    const checkpointFile = join(dir, 'cp.json');
    const controller = new AbortController();
    await expect(runBackfill({
      client: hb.client(), source: 'old', target: 'new', mapKey: keys.map, mapping: 'A -> B', checkpointFile, batchRows: 5,
      signal: controller.signal, onProgress: () => controller.abort(),
    })).rejects.toMatchObject({ code: 'MIGRATE_BACKFILL_ABORTED' });
    expect((await readCheckpoint(checkpointFile))?.mapping).toBe('A -> B');
    await expect(runBackfill({ client: hb.client(), source: 'old', target: 'new', mapKey: keys.map, mapping: 'A -> C', checkpointFile }))
      .rejects.toMatchObject({ code: 'MIGRATE_CHECKPOINT_MISMATCH', message: expect.stringContaining('mapping keys with A -> B, not A -> C') });
    await expect(runBackfill({ client: hb.client(), source: 'old', target: 'old', mapKey: keys.map })).rejects.toMatchObject({ code: 'MIGRATE_SAME_TABLE' });
  });

  it('removes its abort listener after every paced wait', async () => {
    const hb = source();
    const controller = new AbortController();
    let added = 0;
    let removed = 0;
    const add = controller.signal.addEventListener.bind(controller.signal);
    const remove = controller.signal.removeEventListener.bind(controller.signal);
    controller.signal.addEventListener = ((...a: Parameters<AbortSignal['addEventListener']>) => { added++; add(...a); }) as AbortSignal['addEventListener'];
    controller.signal.removeEventListener = ((...a: Parameters<AbortSignal['removeEventListener']>) => { removed++; remove(...a); }) as AbortSignal['removeEventListener'];
    await runBackfill({ client: hb.client(), source: 'old', target: 'new', mapKey: keys.map, batchRows: 2, rowsPerSec: 1e9, signal: controller.signal });
    // 30 rows in batches of 2: 15 paced waits, each listener taken off again.
    expect(added).toBeGreaterThanOrEqual(15);
    expect(removed).toBe(added);
  });

  it('refuses a bad batch size, a bad rate and a checkpoint of another backfill', async () => {
    const hb = source();
    await expect(runBackfill({ client: hb.client(), source: 'old', target: 'new', mapKey: keys.map, batchRows: 0 })).rejects.toMatchObject({ code: 'MIGRATE_OPTION_INVALID' });
    await expect(runBackfill({ client: hb.client(), source: 'old', target: 'new', mapKey: keys.map, rowsPerSec: -1 })).rejects.toMatchObject({ code: 'MIGRATE_OPTION_INVALID' });
    const checkpointFile = join(dir, 'cp.json');
    await runBackfill({ client: hb.client(), source: 'old', target: 'new', mapKey: keys.map, checkpointFile });
    await expect(runBackfill({ client: hb.client(), source: 'old', target: 'other', mapKey: keys.map, checkpointFile })).rejects.toMatchObject({ code: 'MIGRATE_CHECKPOINT_MISMATCH' });
  });
});

describe('verifyMigration', () => {
  it('reports missing, changed and extra versions and a newest value that differs', async () => {
    const hb = source();
    await runBackfill({ client: hb.client(), source: 'old', target: 'new', mapKey: keys.map });
    const clean = await verifyMigration({ client: hb.client(), oldTable: 'old', newTable: 'new', mapKey: keys.map, newTemplate: keys.newTemplate, sampleRate: 1, timeBoundsMs: [T0 - 10, T0 + 15_000, T0 + 60_000] });
    expect(clean.ok).toBe(true);
    // Row i counts in [T0-10, T0+15000) when either version is there: rows 0..15 (row 15's older version is T0+14995).
    expect(clean.old.rowsPerTimeRange).toEqual([16, 15]);
    expect(clean.new.rowsPerTimeRange).toEqual([16, 15]);
    // Buckets: d0 -> "d0".hashCode() = 3148 % 8 = 4, d1 -> 5, d2 -> 6; 10 rows each.
    expect(clean.new.rowsPerBucket).toEqual([0, 0, 0, 0, 10, 10, 10, 0]);
    // A newer value in the old table only (as if a dual write to the new table was lost), and a row gone from the new.
    await hb.client().putRows('old', [{ key: `${T0}_d0`, cells: [{ family: 'd', qualifier: 'v', value: 'newest', timestamp: T0 + 99_000 }] }]);
    hb.table('new').delete(Buffer.from(`06_d2_${T0 + 2000}`).toString('hex'));
    const bad = await verifyMigration({ client: hb.client(), oldTable: 'old', newTable: 'new', mapKey: keys.map, newTemplate: keys.newTemplate, sampleRate: 1 });
    expect(bad.ok).toBe(false);
    expect(bad.differenceCounts).toEqual({ 'row-missing': 1, 'cell-missing': 1, 'cell-value': 0, 'cell-extra': 0, 'newest-differs': 1 });
    expect(bad.countMismatches).toEqual(['rows: 30 old, 29 new', 'cells: 61 old, 58 new', 'rows in salt bucket 6: 10 old, 9 new']);
    await expect(verifyMigration({ client: hb.client(), oldTable: 'old', newTable: 'new', mapKey: keys.map, sampleRate: 2 })).rejects.toMatchObject({ code: 'MIGRATE_OPTION_INVALID' });
  });

  it('finds a lost cell and an extra newer version from the counts alone, with unmappable rows counted apart', async () => {
    const hb = source(['zzz']);
    await runBackfill({ client: hb.client(), source: 'old', target: 'new', mapKey: keys.map, allowRejects: true });
    const bounds = [T0 - 10, T0 + 15_000, T0 + 60_000, T0 + 200_000];
    const clean = await verifyMigration({ client: hb.client(), oldTable: 'old', newTable: 'new', mapKey: keys.map, newTemplate: keys.newTemplate, sampleRate: 0, timeBoundsMs: bounds });
    expect([clean.ok, clean.unmappable, clean.unmappableCells, clean.old.rows, clean.old.cells, clean.countMismatches]).toEqual([true, 1, 1, 30, 60, []]);
    // One version of one row gone from the new table: 59 cells where the old table's rows have 60.
    const lost = Buffer.from(`05_d1_${T0 + 1000}`).toString('hex');
    const row = hb.table('new').get(lost);
    hb.table('new').set(lost, { key: row!.key, cells: row!.cells.slice(0, 1) });
    const r1 = await verifyMigration({ client: hb.client(), oldTable: 'old', newTable: 'new', mapKey: keys.map, newTemplate: keys.newTemplate, sampleRate: 0, timeBoundsMs: bounds });
    expect([r1.ok, r1.countMismatches]).toEqual([false, ['cells: 60 old, 59 new']]);
    // A newer version put into the new table only (T0 + 120 s): the cell totals are even again, the time range is not.
    await hb.client().putRows('new', [{ key: `04_d0_${T0 + 3000}`, cells: [{ family: 'd', qualifier: 'v', value: 'only-new', timestamp: T0 + 120_000 }] }]);
    const r2 = await verifyMigration({ client: hb.client(), oldTable: 'old', newTable: 'new', mapKey: keys.map, newTemplate: keys.newTemplate, sampleRate: 0, timeBoundsMs: bounds });
    expect([r2.ok, r2.countMismatches]).toEqual([false, ['rows with a cell in [2023-11-14T22:14:20.000Z, 2023-11-14T22:16:40.000Z): 0 old, 1 new']]);
  });

  it('lists a changed value once, not again as a newest version that differs', async () => {
    const hb = source();
    await runBackfill({ client: hb.client(), source: 'old', target: 'new', mapKey: keys.map });
    await hb.client().putRows('new', [{ key: `05_d1_${T0 + 1000}`, cells: [{ family: 'd', qualifier: 'v', value: 'changed', timestamp: T0 + 1000 }] }]);
    const r = await verifyMigration({ client: hb.client(), oldTable: 'old', newTable: 'new', mapKey: keys.map, newTemplate: keys.newTemplate, sampleRate: 1 });
    expect(r.differenceCounts).toEqual({ 'row-missing': 0, 'cell-missing': 0, 'cell-value': 1, 'cell-extra': 0, 'newest-differs': 0 });
    expect(r.differences[0]).toMatchObject({ kind: 'cell-value', column: 'd:v', timestamp: T0 + 1000, detail: 'old new1, new changed' });
  });
});
