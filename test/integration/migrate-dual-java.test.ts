// The key migration at its intended scale, against the real HBase: a table of 20,000 rows with binary keys, 1 to 3
// versions of one column and a second column at 2011 timestamps, a deleted column, a deleted row and a key the old
// template does not decode is migrated with `migrate backfill --engine mapreduce --hbase-conf <the local conf dir>`
// (snapshot -> HFiles -> bulk load, Hadoop local mode) while a Java program (java/DualWriteDriver.java) updates and
// deletes random rows through the Java dual writer (hbasehotspot.client.DualWriter), before the snapshot and all
// through the job. Then both tables are scanned through REST and compared cell by cell, the old keys mapped by the
// TypeScript template: no cell of the old table is missing or different in the new one, none is extra, so no newer
// dual-written cell was overwritten by an older loaded one and no delete was undone; the old table's read counter did
// not move while the job ran. The driver's own checks of the contract (unmappable keys refused, the stop flag, the
// read switch and its fallback) are compared with what the tables hold.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type HBaseRestClient, createRestClient } from '../../src/hbase/rest/index.js';
import { createTableCommand, runShellCommands } from '../../src/hbase/shell/index.js';
import { templateKeyMap } from '../../src/migrate/key-map.js';
import type { MapReduceVerifyReport } from '../../src/migrate/verify-job.js';
import { runCapture } from '../cli/run-cli.js';
import { printHBaseLogsOnFailure } from './hbase-env.js';
import { settledReadRequests, startJavaProgram, tableCells } from './migrate-tables.js';
import { restUnavailable, restUrl, uniqueTable } from './rest-env.js';

printHBaseLogsOnFailure();
const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
/** The local cluster's configuration folder: $HBASE_CONF_DIR, else the one the project's HBase scripts write. */
const CONF_DIR = process.env['HBASE_CONF_DIR'] || join(ROOT, '.hbase-local', 'conf');
const ZK = `127.0.0.1:${process.env['HBASE_ZK_PORT'] ?? '2181'}`;
const OLD_TEMPLATE = '{long(ts)}{deviceId}';
const NEW_TEMPLATE = '{salt(deviceId,4)}_{deviceId}_{long(ts)}';
const T0 = 1_300_000_000_000; // 2011: cell timestamps far older than the job and the dual writes
const ROWS = 20_000;
const DEVICES = 200;
const DRIVER = fileURLToPath(new URL('./java/DualWriteDriver.java', import.meta.url));

let skip: string | undefined;
let hbase: HBaseRestClient;
// Tables of this file start with dj_ (dual writer in Java).
const from = uniqueTable('dj_mr_old');
const to = uniqueTable('dj_mr_new');
const dir = mkdtempSync(join(tmpdir(), 'migrate-dual-java-'));

/** The old key: the timestamp as 8 big-endian bytes, then the device id (so keys hold 0x00 and high bytes). */
function oldKey(i: number): Uint8Array {
  const deviceId = `dev${i % DEVICES}`;
  const key = Buffer.alloc(8 + deviceId.length);
  key.writeBigInt64BE(BigInt(T0 + i * 60_000));
  key.write(deviceId, 8, 'latin1');
  return new Uint8Array(key);
}
const hex = (b: Uint8Array) => Buffer.from(b).toString('hex');

/** What DualWriteDriver prints at the end. */
interface DriverSummary {
  ops: number;
  opsAtStop: number;
  opsBeforeWriting: number;
  puts: number;
  mutatorPuts: number;
  rowDeletes: number;
  columnDeletes: number;
  versionDeletes: number;
  deleteStampsMs: number[];
  unmapped: { code: string; message: string; inOld: boolean };
  stopKey: string;
  bothKey: string;
  bothNewKey: string;
  reads: { newSide: string; newValue: string; fallback: string; fallbackValue: string; noFallbackEmpty: boolean; existsNoFallback: boolean; oldSide: string };
}

/** Starts the driver: `writing` resolves once it made its first changes, `stop()` asks it to finish and resolves with its summary. */
function startDriver(maxOps: number, maxSeconds: number): { writing: Promise<void>; stop: () => Promise<DriverSummary> } {
  const driver = startJavaProgram(DRIVER, [ZK, from, to, OLD_TEMPLATE, NEW_TEMPLATE, String(ROWS), String(T0), String(DEVICES), String(maxOps), String(maxSeconds), '17'], 'writing');
  return {
    writing: driver.ready,
    stop: async () => {
      driver.child.stdin.end('stop\n');
      return JSON.parse(await driver.done) as DriverSummary;
    },
  };
}

beforeAll(async () => {
  skip = await restUnavailable();
  if (!skip && !existsSync(join(CONF_DIR, 'hbase-site.xml'))) skip = `no hbase-site.xml in ${CONF_DIR} (set HBASE_CONF_DIR to the local cluster's configuration folder)`;
  if (skip) return;
  const setupStarted = Date.now();
  hbase = createRestClient({ baseUrl: restUrl(), timeoutMs: 60_000, dataFormat: 'protobuf' });
  // OLD in 2 regions (2 map tasks); NEW pre-split on its 4 salt buckets ("00".."03"), compactions off during the
  // backfill (a major compaction would drop the dual writer's delete markers before the older loaded cells arrive).
  const created = await runShellCommands([
    createTableCommand({ table: from, families: [{ name: 'd', versions: 5 }], splits: [oldKey(ROWS / 2).subarray(0, 8)] }),
    createTableCommand({ table: to, families: [{ name: 'd', versions: 5 }], splits: ['01', '02', '03'], tableAttributes: { COMPACTION_ENABLED: 'false' } }),
  ], { timeoutMs: 180_000 });
  expect(created.ok, JSON.stringify(created.results)).toBe(true);
  const row = (i: number) => {
    const ts = T0 + i * 60_000;
    const versions = 1 + (i % 3); // 1, 2 or 3 versions of d:v
    return {
      key: oldKey(i),
      cells: [
        ...Array.from({ length: versions }, (_, v) => ({ family: 'd', qualifier: 'v', value: new Uint8Array([v, 0, 255, i & 255]), timestamp: ts + v })),
        { family: 'd', qualifier: 'w', value: `w${i}`, timestamp: ts - 1000 },
      ],
    };
  };
  for (let i = 0; i < ROWS; i += 2000) await hbase.putRows(from, Array.from({ length: 2000 }, (_, k) => row(i + k)));
  await hbase.putRows(from, [{ key: 'junk', cells: [{ family: 'd', qualifier: 'v', value: 'x', timestamp: T0 }] }]);
  // A deleted column and a deleted row (markers at the server's time), before the migration starts.
  await hbase.deleteRow(from, oldKey(7), { columns: [{ family: 'd', qualifier: 'v' }] });
  await hbase.deleteRow(from, oldKey(8));
  console.log(`setup (two tables created by the shell, ${ROWS} rows loaded through REST): ${((Date.now() - setupStarted) / 1000).toFixed(1)} s`);
}, 300_000);

afterAll(async () => {
  rmSync(dir, { recursive: true, force: true });
  if (skip === undefined) await Promise.all([from, to].map((t) => hbase.deleteTable(t).catch(() => undefined)));
}, 120_000);

describe('migrate backfill --engine mapreduce beside the Java dual writer, 20,000 rows', () => {
  it('loses no cell and overwrites no newer one while the dual writer updates and deletes rows, and reads nothing through the old table\'s RegionServers', async (ctx) => {
    if (skip) return ctx.skip(skip);
    const started = Date.now();
    const phases: string[] = [];
    const phase = (name: string, since: number) => phases.push(`${name} ${((Date.now() - since) / 1000).toFixed(1)} s`);
    // Dual writes start before the snapshot (the order docs/migrate.md asks for), and go on through the job.
    const driver = startDriver(6000, 150);
    await driver.writing;
    phase('driver start', started);
    let t = Date.now();
    const readsBefore = await settledReadRequests(hbase, from);
    phase('read counter', t);
    t = Date.now();
    const run = await runCapture(['migrate', 'backfill', '--engine', 'mapreduce', '--hbase-conf', CONF_DIR, '--from', from, '--to', to, '--old-template', OLD_TEMPLATE, '--new-template', NEW_TEMPLATE, '--rejects', join(dir, 'rejects.ndjson'), '--allow-rejects', '--json']);
    const jobDone = Date.now();
    phase('backfill CLI', t);
    t = Date.now();
    const readsAfter = await settledReadRequests(hbase, from);
    const summary = await driver.stop();
    phase('read counter and driver checks', t);
    expect(run.code, run.err).toBe(0);
    const result = JSON.parse(run.out) as { rows: number; cells: number; rejects: number; snapshot: string; elapsedMs: number };
    expect(result.rejects).toBe(1);
    // The driver's writes into the old table during the job are writes: its read counter did not move.
    expect(readsAfter).toBe(readsBefore);

    // The driver changed rows before the snapshot and while the job ran, deletes among them after the snapshot.
    const snapshotMs = Number(/_backfill_mr_(\d+)$/.exec(result.snapshot)?.[1]);
    expect(summary.opsBeforeWriting).toBe(100);
    expect(summary.opsAtStop).toBeGreaterThan(summary.opsBeforeWriting);
    expect(summary.ops).toBe(summary.puts + summary.mutatorPuts + summary.rowDeletes + summary.columnDeletes + summary.versionDeletes);
    const deletesInJob = summary.deleteStampsMs.filter((t) => t > snapshotMs && t < jobDone).length;
    expect(deletesInJob).toBeGreaterThan(10);
    expect(Math.min(summary.rowDeletes, summary.columnDeletes, summary.versionDeletes, summary.mutatorPuts)).toBeGreaterThan(0);

    // The contract's other parts, as the driver saw them.
    const keys = templateKeyMap(OLD_TEMPLATE, NEW_TEMPLATE);
    expect(summary.unmapped).toEqual({ code: 'MIGRATE_DUAL_WRITE_KEY', message: expect.stringContaining('row jnk cannot be mapped to the new key'), inOld: false });
    // The new key the Java writer used is the one the TypeScript template makes.
    const bothNewKey = hex(keys.map(Buffer.from(summary.bothKey, 'hex')));
    expect(summary.bothNewKey).toBe(bothNewKey);
    expect(summary.reads).toEqual({ newSide: bothNewKey, newValue: 'both', fallback: summary.stopKey, fallbackValue: 'only-old', noFallbackEmpty: true, existsNoFallback: false, oldSide: summary.bothKey });

    // Every cell of both tables, the old keys mapped by the TypeScript template (the undecodable row left out).
    t = Date.now();
    const oldCells = await tableCells(hbase, from, (k) => (Buffer.from(k).toString() === 'junk' ? new Uint8Array([0xff, 0xff]) : keys.map(k)));
    for (const k of [...oldCells.keys()]) if (k.startsWith('ffff ')) oldCells.delete(k);
    const newCells = await tableCells(hbase, to);
    phase('two scans', t);
    console.log(`phases: ${phases.join(', ')}`);
    // The row written with dual writes off is in the old table only; nothing else differs.
    const stopRow = hex(keys.map(Buffer.from(summary.stopKey, 'hex')));
    const onlyOld = [...oldCells].filter(([k, v]) => newCells.get(k) !== v).map(([k]) => k);
    expect(onlyOld).toEqual([expect.stringMatching(new RegExp(`^${stopRow} d:v@\\d+$`))]);
    const lost = onlyOld.filter((k) => !k.startsWith(`${stopRow} `)).length;
    const extra = [...newCells.keys()].filter((k) => !oldCells.has(k)).length;
    // 0 newer cells overwritten: every dual-written cell (a 2026 timestamp, above every loaded one) is there, equal.
    const dualWritten = (m: Map<string, string>) => [...m].filter(([k]) => Number(k.slice(k.lastIndexOf('@') + 1)) >= started);
    const newerInOld = dualWritten(oldCells).filter(([k]) => !k.startsWith(`${stopRow} `));
    const newerOverwritten = newerInOld.filter(([k, v]) => newCells.get(k) !== v).length;
    expect({ lost, extra, newerOverwritten }).toEqual({ lost: 0, extra: 0, newerOverwritten: 0 });
    expect(newerInOld.length).toBeGreaterThan(summary.puts / 2);
    expect(newCells.size).toBe(oldCells.size - 1);
    // 60,000 cells loaded, less the deletes; most rows survive.
    expect(newCells.size).toBeGreaterThan(50_000);

    // The verify job over snapshots of both tables: the row written with dual writes off is in the old table only by
    // design, so it goes first; then the tables are equal in every salt bucket and time range, the junk key apart.
    await hbase.deleteRow(from, Buffer.from(summary.stopKey, 'hex'));
    t = Date.now();
    const verify = await runCapture(['migrate', 'verify', '--engine', 'mapreduce', '--hbase-conf', CONF_DIR, '--from', from, '--to', to, '--old-template', OLD_TEMPLATE, '--new-template', NEW_TEMPLATE, '--since', '2011-01-01T00:00:00Z', '--time-bucket', '1000d', '--sample', '0.02', '--json']);
    phase('verify job', t);
    expect(verify.code, verify.err).toBe(0);
    const checked = JSON.parse(verify.out) as MapReduceVerifyReport;
    expect({ ok: checked.ok, unmappable: checked.unmappable, differing: checked.partitionsDiffering, mismatches: checked.countMismatches }).toEqual({ ok: true, unmappable: 1, differing: 0, mismatches: [] });
    // its counts are the scans' (the old side less the junk row and the stop row just deleted)
    expect(checked.new.cells).toBe(newCells.size);
    expect(checked.old.cells).toBe(newCells.size);

    console.log(`dual writer beside the MapReduce backfill: ${result.rows} rows / ${result.cells} cells loaded in ${(result.elapsedMs / 1000).toFixed(1)} s (job); ${summary.ops} dual writes (${summary.opsAtStop - summary.opsBeforeWriting} during the job, ${deletesInJob} deletes after the snapshot); ${newCells.size} cells compared, ${newerInOld.length} of them dual-written; test ${((Date.now() - started) / 1000).toFixed(0)} s`);
  }, 420_000);
});
