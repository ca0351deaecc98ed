// Secondary indexes through the native client against the real HBase: `index check --zk` (the JVM process's scan,
// get and check-and-mutate requests) reports the same JSON as `index check --rest` for the same tables, finds the
// orphan a crash between the index write and the main write leaves, and `--repair --yes` removes it and nothing else.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type HBaseRestClient, createRestClient } from '../../src/hbase/rest/index.js';
import { IndexedTable } from '../../src/index-tables/indexed-table.js';
import { runCapture } from '../cli/run-cli.js';
import { byCityIndex, createIndexedTables, indexEntries as indexEntriesOf } from './index-env.js';
import { printHBaseLogsOnFailure, uniqueTableName } from './hbase-env.js';
import { restUnavailable, restUrl } from './rest-env.js';

printHBaseLogsOnFailure();
const ZK = `127.0.0.1:${process.env['HBASE_ZK_PORT'] ?? '2181'}`;
const enc = new TextEncoder();
// Tables of this file start with ixn_ (index, native).
const main = uniqueTableName('ixn_main');
const indexTable = uniqueTableName('ixn_city');
const def = byCityIndex(main, indexTable);

let skip: string | undefined;
let rest: HBaseRestClient;

beforeAll(async () => {
  skip = await restUnavailable();
  if (skip) return;
  rest = createRestClient({ baseUrl: restUrl(), timeoutMs: 30_000 });
  await createIndexedTables(rest, def);
});

afterAll(async () => {
  if (skip) return;
  for (const t of [main, indexTable]) await rest.deleteTable(t).catch(() => undefined);
});

const indexEntries = (): Promise<Set<string>> => indexEntriesOf(rest, indexTable);

describe('index check through the native client', () => {
  it('reports what the REST check reports, and repairs a crash orphan only', async (ctx) => {
    if (skip) return ctx.skip(skip);
    const table = new IndexedTable(rest, main, [def]);
    // 12 rows over 3 cities; u03 then moves from ber to ams and u07 is deleted, so their old entries were removed.
    const cities = ['ams', 'ber', 'cph'];
    for (let i = 0; i < 12; i++) await table.put(enc.encode(`u${String(i).padStart(2, '0')}`), { city: cities[i % 3]!, name: `n${i}` });
    await table.put(enc.encode('u03'), { city: 'ams' });
    await table.delete(enc.encode('u07'));
    // By hand: u00..u11 minus u07 = 11 rows, each with one entry; u03 is now ams.
    const correct = new Set(Array.from({ length: 12 }, (_, i) => i).filter((i) => i !== 7)
      .map((i) => { const r = `u${String(i).padStart(2, '0')}`; return `${i === 3 ? 'ams' : cities[i % 3]}|${r} -> ${r}`; }));
    expect(await indexEntries()).toEqual(correct);

    // A writer crashes after the index write, before the main write: an orphan for a city u05 never had.
    const crashing = new IndexedTable(rest, main, [def], { onStep: (step) => { if (step === 'index-written') throw new Error('crash'); } });
    await expect(crashing.put(enc.encode('u05'), { city: 'zzz', name: 'never' })).rejects.toThrow('crash');

    const now = Date.now();
    const base = ['index', 'check', '--table', main, '--index', 'by_city', '--json', '--samples', '100'];
    const overRest = await runCapture([...base, '--rest', restUrl()], '', now);
    const overZk = await runCapture([...base, '--zk', ZK], '', now);
    expect(overZk.err).toBe('');
    expect([overRest.code, overZk.code]).toEqual([1, 1]);
    expect(JSON.parse(overZk.out)).toEqual(JSON.parse(overRest.out));
    const report = JSON.parse(overZk.out) as { mainRows: number; indexRows: number; valid: number; orphan: number; missing: number; samples: { orphan: unknown[] } };
    expect([report.mainRows, report.indexRows, report.valid, report.orphan, report.missing]).toEqual([11, 12, 11, 1, 0]);
    expect(report.samples.orphan).toEqual([expect.objectContaining({ indexRow: 'zzz\\x00u05', mainRow: 'u05', reason: 'value-changed' })]);

    // The dry run over both clients plans the same single delete and changes nothing.
    const dryRest = await runCapture([...base, '--rest', restUrl(), '--repair', '--min-age', '0s'], '', now);
    const dryZk = await runCapture([...base, '--zk', ZK, '--repair', '--min-age', '0s'], '', now);
    expect(JSON.parse(dryZk.out)).toEqual(JSON.parse(dryRest.out));
    expect(JSON.parse(dryZk.out).repair).toMatchObject({ applied: false, planned: 1, skipped: 0 });
    expect(await indexEntries()).toEqual(new Set([...correct, 'zzz|u05 -> u05']));

    const fixed = await runCapture([...base, '--zk', ZK, '--repair', '--yes', '--min-age', '0s'], '', now);
    expect(fixed.code).toBe(0);
    expect(JSON.parse(fixed.out).repair).toMatchObject({ applied: true, deleted: 1, put: 0, skipped: 0 });
    expect(await indexEntries()).toEqual(correct); // the orphan gone, 0 valid entries removed
    const again = await runCapture([...base, '--zk', ZK], '', now);
    expect(again.code).toBe(0);
    expect(JSON.parse(again.out)).toMatchObject({ valid: 11, orphan: 0, missing: 0, expired: 0 });
  }, 60_000);
});
