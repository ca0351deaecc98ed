// Backfill throughput against the local HBase REST gateway: rows/s of `runBackfill` (scan the source, rewrite keys,
// put with original timestamps, checkpoint each batch) against rows/s of a plain batch writer putting the same rows
// through the same gateway, one batch after another, in the client's JSON and protobuf forms; the share is taken
// of the faster of the two. Target: the backfill reaches at least 80% of the plain writer. Also prints the peak heap
// during the backfill (memory stays flat in table size: the batches in flight at most).
// Skips (exit 0) when no gateway answers at $HBASE_REST_URL or http://127.0.0.1:8080.
// Usage: npx tsx bench/backfill.bench.ts [--small]
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { createRestClient, type RowInput } from '../src/hbase/rest/index.js';
import { runBackfill } from '../src/migrate/backfill.js';
import { templateKeyMap } from '../src/migrate/key-map.js';

const small = process.argv.includes('--small');
const ROWS = small ? 4_000 : 40_000;
const BATCH = 500;
const T0 = 1_600_000_000_000;
const url = process.env['HBASE_REST_URL'] ?? 'http://127.0.0.1:8080';
const client = createRestClient({ baseUrl: url, timeoutMs: 60_000 });
try {
  await createRestClient({ baseUrl: url, timeoutMs: 3000, retry: { maxAttempts: 1 } }).clusterVersion();
} catch (e) {
  console.log(`backfill bench skipped: no HBase REST gateway at ${url} (${(e as Error).message})`);
  process.exit(0);
}

const keys = templateKeyMap('{pad(ts,13)}_{deviceId}', '{salt(deviceId,8)}_{deviceId}_{pad(ts,13)}');
const stamp = `${Date.now().toString(36)}`;
const [source, plain, plainPb, target] = ['bf_bench_src', 'bf_bench_plain', 'bf_bench_plain_pb', 'bf_bench_dst'].map((t) => `${t}_${stamp}`) as [string, string, string, string];
const protobufClient = createRestClient({ baseUrl: url, timeoutMs: 60_000, dataFormat: 'protobuf' });
const row = (i: number, newKey: boolean): RowInput => {
  const rec = { ts: T0 + i * 1000, deviceId: `dev${i % 997}` };
  return {
    key: newKey ? keys.newTemplate.encode(rec) : keys.oldTemplate.encode(rec),
    cells: [
      { family: 'd', qualifier: 'v', value: `value-${i}-${'x'.repeat(40)}`, timestamp: rec.ts },
      { family: 'd', qualifier: 'n', value: String(i), timestamp: rec.ts },
    ],
  };
};
const dir = mkdtempSync(join(tmpdir(), 'backfill-bench-'));
try {
  for (const t of [source, plain, plainPb, target]) await client.createTable(t, { columns: [{ name: 'd' }] });
  for (let i = 0; i < ROWS; i += BATCH) await client.putRows(source, Array.from({ length: Math.min(BATCH, ROWS - i) }, (_, k) => row(i + k, false)));

  const plainWriter = async (writer: typeof client, table: string): Promise<number> => {
    const started = performance.now();
    for (let i = 0; i < ROWS; i += BATCH) await writer.putRows(table, Array.from({ length: Math.min(BATCH, ROWS - i) }, (_, k) => row(i + k, true)));
    return ROWS / ((performance.now() - started) / 1000);
  };
  const plainJson = await plainWriter(client, plain);
  const plainProtobuf = await plainWriter(protobufClient, plainPb);
  const plainRowsPerSec = Math.max(plainJson, plainProtobuf);

  let peakHeap = 0;
  const sample = setInterval(() => { peakHeap = Math.max(peakHeap, process.memoryUsage().heapUsed); }, 50);
  const t = performance.now();
  const result = await runBackfill({ client, source, target, mapKey: keys.map, batchRows: BATCH, checkpointFile: join(dir, 'cp.json') });
  const backfillRowsPerSec = ROWS / ((performance.now() - t) / 1000);
  clearInterval(sample);
  if (result.rows !== ROWS) throw new Error(`backfill copied ${result.rows} rows, expected ${ROWS}`);

  const share = (100 * backfillRowsPerSec) / plainRowsPerSec;
  console.log(`backfill vs plain batch writer, ${ROWS} rows × 2 cells, batches of ${BATCH}, via ${url} (load average ${loadavg()[0]?.toFixed(1)})`);
  console.log(`  plain writer: ${plainJson.toFixed(0)} rows/s in JSON, ${plainProtobuf.toFixed(0)} rows/s in protobuf`);
  console.log(`  backfill:     ${backfillRowsPerSec.toFixed(0)} rows/s = ${share.toFixed(0)}% of the faster plain writer (target ≥ 80%)`);
  console.log(`  peak heap during the backfill: ${(peakHeap / 2 ** 20).toFixed(1)} MiB`);
} finally {
  for (const t of [source, plain, plainPb, target]) await client.deleteTable(t).catch(() => undefined);
  rmSync(dir, { recursive: true, force: true });
}
