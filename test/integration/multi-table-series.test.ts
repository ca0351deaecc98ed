// A load series of two tables from the real local HBase: one pre-split at "m" taking 200 puts, one of a single region
// taking 20, collected together (`collect --table A B`, format version 2, gzip) and read back with each table's
// regions, counters and the --table focus.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createRestClient } from '../../src/hbase/rest/index.js';
import { createTableCommand, runShellCommands } from '../../src/hbase/shell/index.js';
import { computeRates, readLoadSeriesFile } from '../../src/model/index.js';
import { runCapture } from '../cli/run-cli.js';
import { hbaseEnv, printHBaseLogsOnFailure, uniqueTableName } from './hbase-env.js';

printHBaseLogsOnFailure();
const env = hbaseEnv();
const busy = uniqueTableName('mt_busy');
const quiet = uniqueTableName('mt_quiet');
const dir = mkdtempSync(join(tmpdir(), 'multi-table-it-'));
let created = false;

afterAll(async () => {
  rmSync(dir, { recursive: true, force: true });
  if (!env.available || !created) return;
  const client = createRestClient({ baseUrl: env.restUrl });
  await client.deleteTable(busy);
  await client.deleteTable(quiet);
});

describe.skipIf(!env.available)('a series of two tables from the real HBase', () => {
  it('collect --table A B reads back with each table\'s regions and load; --table keeps one', async () => {
    const puts = (table: string, n: number) => `t = get_table('${table}'); ${n}.times { |i| t.put(format('k-%05d', i), 'cf:v', 'x'); t.put(format('z-%05d', i), 'cf:v', 'x') }`;
    created = true;
    const batch = await runShellCommands([
      createTableCommand({ table: busy, families: [{ name: 'cf' }], splits: ['m'] }),
      createTableCommand({ table: quiet, families: [{ name: 'cf' }] }),
      puts(busy, 100), puts(quiet, 10),
      'sleep 4', // a RegionServer heartbeat (3 s) brings the counters to /status/cluster
    ]);
    expect(batch.ok).toBe(true);

    const out = join(dir, 'two.ndjson.gz');
    const run = await runCapture(['collect', '--rest', env.restUrl, '--table', busy, quiet, '--every', '1s', '--for', '1s', '-o', out]);
    expect([run.code, run.err]).toEqual([0, expect.stringContaining('done: 2 snapshot(s) of 2 written')]);

    const series = await readLoadSeriesFile(out);
    expect(series.tables).toEqual([busy, quiet]);
    for (const snap of series.snapshots) {
      expect(snap.regions.map((r) => [r.table, new TextDecoder().decode(r.startKey)])).toEqual([[busy, ''], [busy, 'm'], [quiet, '']]);
    }
    // 100 puts below "m" and 100 above it in the busy table, 20 in the quiet one's single region
    const last = series.snapshots.at(-1)?.regions ?? [];
    expect(last.map((r) => r.writeRequests)).toEqual([100, 100, 20]);
    // /status/cluster's optional metrics: one column family, so one store per region
    expect(series.metrics).toEqual(['memstoreSizeBytes', 'storeFileCount', 'storeCount']);
    expect(last.map((r) => r.metrics?.storeCount)).toEqual([1, 1, 1]);
    expect(computeRates(series).events.filter((e) => e.kind === 'region-split' || e.kind === 'region-merged')).toEqual([]);

    const detect = await runCapture(['detect', out, '--table', quiet, '--json']);
    expect(detect.code).toBe(0);
    const d = JSON.parse(detect.out) as { table: string; regions: { name: string }[] };
    expect(d.table).toBe(quiet);
    expect(d.regions.map((r) => r.name.split(',')[0])).toEqual([quiet]);

    const v1 = join(dir, 'busy.ndjson');
    expect((await runCapture(['series', 'convert', out, '-o', v1, '--to', '1', '--table', busy])).code).toBe(0);
    const one = await readLoadSeriesFile(v1);
    expect(one.table).toBe(busy);
    expect(one.snapshots.map((s) => s.regions.length)).toEqual([2, 2]);
  });
});
