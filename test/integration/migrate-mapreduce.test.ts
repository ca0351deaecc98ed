// `migrate backfill --engine mapreduce` against the real HBase, in Hadoop local mode: a table of binary keys with
// several versions per column at old timestamps, a deleted column and a deleted row, and one key the old template
// does not decode, is backfilled into a pre-split salted table by the MapReduce job (snapshot -> HFiles -> bulk load).
// Then both tables are scanned through REST and compared cell by cell under the TypeScript template's key mapping:
// nothing lost, nothing extra; the undecodable row is counted and written to the reject file; the old table's
// regions served no read while the job ran (their readRequestsCount, from /status/cluster, does not move). A re-run
// gives the same table; a new table keeping fewer versions is refused; --hadoop prints the cluster command only.
// Then `migrate verify --engine mapreduce` (a job over snapshots of both tables) finds them equal, its per-bucket hashes
// match ones computed here from a REST scan, and after one cell of the new table is changed and one row deleted it
// exits 1 naming the changed bucket's hash and the other bucket's row count, and the sampled comparison finds both.
// Tables are named mrv_* (MapReduce backfill and verify).
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type HBaseRestClient, createRestClient } from '../../src/hbase/rest/index.js';
import { createTableCommand, runShellCommands } from '../../src/hbase/shell/index.js';
import { templateKeyMap } from '../../src/migrate/key-map.js';
import type { MapReduceVerifyReport } from '../../src/migrate/verify-job.js';
import { runCapture } from '../cli/run-cli.js';
import { settledReadRequests, tableCells } from './migrate-tables.js';
import { restUnavailable, restUrl, uniqueTable } from './rest-env.js';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
/** The local cluster's configuration folder: $HBASE_CONF_DIR, else the one the project's HBase scripts write. */
const CONF_DIR = process.env['HBASE_CONF_DIR'] || join(ROOT, '.hbase-local', 'conf');
const OLD_TEMPLATE = '{long(ts)}{deviceId}';
const NEW_TEMPLATE = '{salt(deviceId,4)}_{deviceId}_{long(ts)}';
const T0 = 1_300_000_000_000; // 2011: cell timestamps far older than the job
const ROWS = 2400;

let skip: string | undefined;
let hbase: HBaseRestClient;
const from = uniqueTable('mrv_bf_old');
const to = uniqueTable('mrv_bf_new');
const dir = mkdtempSync(join(tmpdir(), 'migrate-mr-'));

/** The old key: the timestamp as 8 big-endian bytes, then the device id (so keys hold 0x00 and high bytes). */
function oldKey(ts: number, deviceId: string): Uint8Array {
  const key = Buffer.alloc(8 + deviceId.length);
  key.writeBigInt64BE(BigInt(ts));
  key.write(deviceId, 8, 'latin1');
  return new Uint8Array(key);
}

beforeAll(async () => {
  skip = await restUnavailable();
  if (!skip && !existsSync(join(CONF_DIR, 'hbase-site.xml'))) skip = `no hbase-site.xml in ${CONF_DIR} (set HBASE_CONF_DIR to the local cluster's configuration folder)`;
  if (skip) return;
  hbase = createRestClient({ baseUrl: restUrl(), timeoutMs: 60_000, dataFormat: 'protobuf' });
  await hbase.createTable(from, { columns: [{ name: 'd', attributes: { VERSIONS: 5 } }] });
  // The new table pre-split on its 4 salt buckets ("00".."03"), one reducer each.
  const created = await runShellCommands([createTableCommand({ table: to, families: [{ name: 'd', versions: 5 }], splits: ['01', '02', '03'] })], { timeoutMs: 180_000 });
  expect(created.ok).toBe(true);
  const rows = Array.from({ length: ROWS }, (_, i) => {
    const ts = T0 + i * 60_000;
    const versions = 1 + (i % 3); // 1, 2 or 3 versions of d:v
    return {
      key: oldKey(ts, `dev${i % 40}`),
      cells: [
        ...Array.from({ length: versions }, (_, v) => ({ family: 'd', qualifier: 'v', value: new Uint8Array([v, 0, 255, i & 255]), timestamp: ts + v })),
        { family: 'd', qualifier: 'w', value: `w${i}`, timestamp: ts - 1000 },
      ],
    };
  });
  await hbase.putRows(from, [...rows, { key: 'junk', cells: [{ family: 'd', qualifier: 'v', value: 'x', timestamp: T0 }] }]);
  // A deleted column (marker at the server's time: hides every version of d:v) and a deleted row.
  await hbase.deleteRow(from, oldKey(T0 + 7 * 60_000, 'dev7'), { columns: [{ family: 'd', qualifier: 'v' }] });
  await hbase.deleteRow(from, oldKey(T0 + 8 * 60_000, 'dev8'));
}, 240_000);

afterAll(async () => {
  rmSync(dir, { recursive: true, force: true });
  if (skip === undefined) await Promise.all([from, to].map((t) => hbase.deleteTable(t).catch(() => undefined)));
});

describe('migrate backfill --engine mapreduce against a real HBase', () => {
  it('copies every cell under the new key through a snapshot, bulk load and reject file, reading nothing through the old table\'s RegionServers', async (ctx) => {
    if (skip) return ctx.skip(skip);
    const rejects = join(dir, 'rejects.ndjson');
    const readsBefore = await settledReadRequests(hbase, from);
    const run = await runCapture(['migrate', 'backfill', '--engine', 'mapreduce', '--hbase-conf', CONF_DIR, '--from', from, '--to', to, '--old-template', OLD_TEMPLATE, '--new-template', NEW_TEMPLATE, '--rejects', rejects, '--json']);
    const readsAfter = await settledReadRequests(hbase, from);
    // One row rejected: exit 1, after the load.
    expect([run.code, run.err]).toEqual([1, expect.stringContaining('1 row(s) (1 cells) could not be mapped to the new key')]);
    const result = JSON.parse(run.out) as { rows: number; cells: number; rejects: number; rejectedCells: number; reduceTasks: number; snapshot: string };
    // 2400 rows less the deleted one; cells: d:v versions 1,2,3 cycling (800 each: 4800) + d:w 2400, less the row's 2+1
    // (row 8: 3 versions of d:v + d:w = 4) and row 7's d:v (2 versions) = 7200 - 4 - 2.
    expect(result).toMatchObject({ rows: ROWS - 1, cells: 4800 + 2400 - 4 - 2, rejects: 1, rejectedCells: 1, reduceTasks: 4 });
    const reject = JSON.parse(readFileSync(rejects, 'utf8').trim()) as { key: string; cells: number; code: string };
    expect([Buffer.from(reject.key, 'base64').toString(), reject.cells, reject.code]).toEqual(['junk', 1, 'KEY_DECODE']);
    expect(readsAfter).toBe(readsBefore);
    // The snapshot the job took is gone.
    const snapshots = await runShellCommands([`list_snapshots "${from}.*"`]);
    expect([snapshots.results[0]?.status, snapshots.results[0]?.output]).toEqual(['ok', expect.stringContaining('0 row(s)')]);

    // Every cell of both tables, the old keys mapped by the TypeScript template (the junk row left out).
    const keys = templateKeyMap(OLD_TEMPLATE, NEW_TEMPLATE);
    const oldCells = await tableCells(hbase, from, (k) => (Buffer.from(k).toString() === 'junk' ? new Uint8Array([0xff, 0xff]) : keys.map(k)));
    for (const k of [...oldCells.keys()]) if (k.startsWith('ffff ')) oldCells.delete(k);
    const newCells = await tableCells(hbase, to);
    expect(oldCells.size).toBe(result.cells);
    // The counter is live: the REST scan just made counts its rows.
    expect(await settledReadRequests(hbase, from)).toBeGreaterThanOrEqual(readsAfter + ROWS);
    const lost = [...oldCells].filter(([k, v]) => newCells.get(k) !== v).length;
    const extra = [...newCells.keys()].filter((k) => !oldCells.has(k)).length;
    expect({ lost, extra, newCells: newCells.size }).toEqual({ lost: 0, extra: 0, newCells: result.cells });
    // The new rows spread over the 4 salt buckets, under keys the JVM built byte for byte as the library does.
    const buckets = new Set([...newCells.keys()].map((k) => Buffer.from(k.slice(0, 4), 'hex').toString()));
    expect([...buckets].sort()).toEqual(['00', '01', '02', '03']);

    // Re-running (rejects allowed this time) leaves the same cells: a loaded cell loaded again is one cell.
    const again = await runCapture(['migrate', 'backfill', '--engine', 'mapreduce', '--hbase-conf', CONF_DIR, '--from', from, '--to', to, '--old-template', OLD_TEMPLATE, '--new-template', NEW_TEMPLATE, '--rejects', rejects, '--allow-rejects']);
    expect([again.code, again.out]).toEqual([0, expect.stringMatching(new RegExp(`^backfilled ${ROWS - 1} rows \\(${result.cells} cells\\) by MapReduce from snapshot ${from}_backfill_mr_\\d+ into 4 regions; 1 rejected \\(`))]);
    expect(await tableCells(hbase, to)).toEqual(newCells);
  }, 240_000);

  it('verify --engine mapreduce finds both tables equal, then names the bucket of a changed cell and of a deleted row', async (ctx) => {
    if (skip) return ctx.skip(skip);
    const keys = templateKeyMap(OLD_TEMPLATE, NEW_TEMPLATE);
    // Days from 2011-03-13 (the rows span 40 h from 07:06:40 on the 13th) to the clock's "now" on the 16th: 4 ranges.
    const now = Date.parse('2011-03-16T12:00:00Z');
    const args = ['migrate', 'verify', '--engine', 'mapreduce', '--hbase-conf', CONF_DIR, '--from', from, '--to', to, '--old-template', OLD_TEMPLATE, '--new-template', NEW_TEMPLATE, '--since', '2011-03-13T00:00:00Z', '--time-bucket', '1d', '--json'];
    const readsBefore = await settledReadRequests(hbase, from);
    const started = Date.now();
    const equal = await runCapture([...args, '--sample', '0.05'], '', now);
    const firstMs = Date.now() - started;
    expect(await settledReadRequests(hbase, from)).toBe(readsBefore);
    expect([equal.code, equal.err]).toEqual([0, expect.stringContaining('running hbase-hotspot verify')]);
    const r = JSON.parse(equal.out) as MapReduceVerifyReport;
    // What the backfill test counted: 2399 rows, 7194 cells; the junk key unmappable.
    expect({ ok: r.ok, rows: r.old.rows, cells: r.old.cells, unmappable: r.unmappable, differing: r.partitionsDiffering, mismatches: r.countMismatches }).toEqual({ ok: true, rows: ROWS - 1, cells: 7194, unmappable: 1, differing: 0, mismatches: [] });
    expect(r.new).toEqual(r.old);
    expect(Buffer.from(r.rejects[0]?.key ?? '', 'base64').toString()).toBe('junk');
    expect(r.sampledRows).toBeGreaterThan(50);
    expect(r.differenceCounts).toEqual({ 'row-missing': 0, 'cell-missing': 0, 'cell-value': 0, 'cell-extra': 0, 'newest-differs': 0 });
    // Row i's cells lie within a second of T0 + i min; midnight after T0 (Mar 13 07:06:40) is T0 + 1013.3 min, so rows
    // 0..1013 fall on Mar 13 (less row 8, deleted) and rows 1014..2399 on Mar 14; ranges 2 and 3 are empty.
    const inDay0 = 1014 - 1;
    const inDay1 = ROWS - 1014;
    expect(r.old.rowsPerTimeRange).toEqual([inDay0, inDay1, 0, 0]);
    // The per-bucket rows and hashes, computed here from every cell of the new table read through REST.
    const expected = new Map<number, { rows: number; sum: [bigint, bigint] }>();
    for await (const row of hbase.scan(to, { maxVersions: 10 })) {
      const bucket = Number(Buffer.from(row.key.subarray(0, 2)).toString());
      const e = expected.get(bucket) ?? { rows: 0, sum: [0n, 0n] };
      e.rows++;
      for (const c of row.cells) {
        const int = (n: number) => { const b = Buffer.alloc(4); b.writeInt32BE(n); return b; };
        const tail = Buffer.alloc(9);
        tail.writeBigInt64BE(BigInt(c.timestamp));
        tail[8] = 4; // KeyValue.Type.Put
        const d = createHash('md5').update(int(row.key.length)).update(row.key).update(int(c.family.length)).update(c.family)
          .update(int(c.qualifier.length)).update(c.qualifier).update(tail).update(int(c.value.length)).update(c.value).digest();
        e.sum = [(e.sum[0] + d.readBigUInt64BE(0)) % 2n ** 64n, (e.sum[1] + d.readBigUInt64BE(8)) % 2n ** 64n];
      }
      expected.set(bucket, e);
    }
    const whole = r.partitions.filter((p) => p.range === -1).map((p) => ({ bucket: p.bucket, rows: p.new.rows, hash: p.new.hash }));
    expect(whole).toEqual([...expected].sort(([a], [b]) => a - b).map(([bucket, e]) => ({ bucket, rows: e.rows, hash: e.sum.map((x) => x.toString(16).padStart(16, '0')).join('') })));

    // One cell changed (same row, column and timestamp, another value) and one row deleted in another bucket.
    const changedTs = T0 + 100 * 60_000;
    const changedKey = keys.map(oldKey(changedTs, 'dev20'));
    const bucketOf = (k: Uint8Array) => Number(Buffer.from(k.subarray(0, 2)).toString());
    let gone = 101;
    while (bucketOf(keys.map(oldKey(T0 + gone * 60_000, `dev${gone % 40}`))) === bucketOf(changedKey)) gone++;
    const goneKey = keys.map(oldKey(T0 + gone * 60_000, `dev${gone % 40}`));
    await hbase.putRows(to, [{ key: changedKey, cells: [{ family: 'd', qualifier: 'w', value: 'changed', timestamp: changedTs - 1000 }] }]);
    await hbase.deleteRow(to, goneKey);
    const after = Date.now();
    const diff = await runCapture([...args, '--sample', '1'], '', now);
    const secondMs = Date.now() - after;
    expect(diff.code).toBe(1);
    const d = JSON.parse(diff.out) as MapReduceVerifyReport;
    const goneCells = 1 + (gone % 3) + 1;
    const [cb, gb] = [bucketOf(changedKey), bucketOf(goneKey)];
    const oldInGone = r.old.rowsPerBucket[gb] as number;
    expect({ ok: d.ok, rows: d.new.rows, cells: d.new.cells }).toEqual({ ok: false, rows: ROWS - 2, cells: 7194 - goneCells });
    expect(d.countMismatches).toEqual(expect.arrayContaining([
      `rows in salt bucket ${gb}: ${oldInGone} old, ${oldInGone - 1} new`,
      expect.stringMatching(new RegExp(`^hash of the cells of salt bucket ${cb}: [0-9a-f]{32} old, [0-9a-f]{32} new$`)),
    ]));
    expect(d.countMismatches.some((m) => m.startsWith(`cells of salt bucket ${cb}:`))).toBe(false);
    expect(d.partitions.filter((p) => p.range === -1 && !p.equal).map((p) => p.bucket).sort()).toEqual([cb, gb].sort());
    expect(d.differenceCounts).toEqual({ 'row-missing': 1, 'cell-missing': 0, 'cell-value': 1, 'cell-extra': 0, 'newest-differs': 0 });
    expect(d.differences.find((x) => x.kind === 'cell-value')).toMatchObject({ column: 'd:w', timestamp: changedTs - 1000, detail: `old w100, new changed` });
    expect(d.sampledRows).toBe(ROWS - 1);
    // The snapshots the jobs took are gone.
    const snapshots = await runShellCommands([`list_snapshots ".*_verify_mr_.*"`]);
    expect(snapshots.results[0]?.output).not.toContain(from);
    process.stderr.write(`verify job runs: ${firstMs} ms (equal), ${secondMs} ms (differences, every row sampled)\n`);
  }, 600_000);

  it('refuses a new table that keeps fewer versions than the old one, and prints the hadoop jar command without running it', async (ctx) => {
    if (skip) return ctx.skip(skip);
    const thin = uniqueTable('mrv_bf_thin');
    await hbase.createTable(thin, { columns: [{ name: 'd', attributes: { VERSIONS: 1 } }] });
    try {
      const args = ['migrate', 'backfill', '--engine', 'mapreduce', '--hbase-conf', CONF_DIR, '--from', from, '--to', thin, '--old-template', OLD_TEMPLATE, '--new-template', NEW_TEMPLATE];
      const run = await runCapture(args);
      expect([run.code, run.err]).toEqual([2, expect.stringContaining(`--to ${thin} would lose cells of ${from}: family d keeps VERSIONS 1 < 5`)]);
      const printed = await runCapture([...args, '--hadoop']);
      expect(printed.code).toBe(0);
      const jar = join(ROOT, 'jvm', 'target', 'hbase-hotspot-jvm.jar');
      expect(printed.out).toBe(`HADOOP_CLASSPATH="$(hbase mapredcp):${resolve(CONF_DIR)}" hadoop jar ${jar} hbasehotspot.migrate.BackfillJob --from ${from} --to ${thin} --old-template '${OLD_TEMPLATE}' --new-template '${NEW_TEMPLATE}' --work-dir /tmp/hbase-hotspot-backfill/${thin}\n`);
      // The job jar holds this project's classes only.
      const listing = spawnSync('jar', ['tf', jar], { encoding: 'utf8' }).stdout.split('\n');
      expect(listing).toContain('hbasehotspot/migrate/BackfillJob.class');
      expect(listing.filter((e) => e.startsWith('org/'))).toEqual([]);
    } finally {
      await hbase.deleteTable(thin).catch(() => undefined);
    }
  }, 120_000);
});
