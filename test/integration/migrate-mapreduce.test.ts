// `migrate backfill --engine mapreduce` against the real HBase, in Hadoop local mode: a table of binary keys with
// several versions per column at old timestamps, a deleted column and a deleted row, and one key the old template
// does not decode, is backfilled into a pre-split salted table by the MapReduce job (snapshot -> HFiles -> bulk load).
// Then both tables are scanned through REST and compared cell by cell under the TypeScript template's key mapping:
// nothing lost, nothing extra; the undecodable row is counted and written to the reject file; the old table's
// regions served no read while the job ran (their readRequestsCount, from /status/cluster, does not move). A re-run
// gives the same table; a new table keeping fewer versions is refused; --hadoop prints the cluster command only.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type HBaseRestClient, createRestClient } from '../../src/hbase/rest/index.js';
import { createTableCommand, runShellCommands } from '../../src/hbase/shell/index.js';
import { templateKeyMap } from '../../src/migrate/key-map.js';
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
const from = uniqueTable('mr_bf_old');
const to = uniqueTable('mr_bf_new');
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

  it('refuses a new table that keeps fewer versions than the old one, and prints the hadoop jar command without running it', async (ctx) => {
    if (skip) return ctx.skip(skip);
    const thin = uniqueTable('mr_bf_thin');
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
