// `lifecycle partitions --yes` and `lifecycle ttl --yes` against the real HBase, through the hbase shell: a monthly
// table past retention is dropped, the current and next months are created, and each family's TTL reads back
// through the REST schema resource.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type HBaseRestClient, createRestClient } from '../../src/hbase/rest/index.js';
import { runCapture } from '../cli/run-cli.js';
import { restUnavailable, restUrl, uniqueTable } from './rest-env.js';

let skip: string | undefined;
let hbase: HBaseRestClient;
const base = uniqueTable('lc');
const months = [`${base}_202609`, `${base}_202611`, `${base}_202612`];

beforeAll(async () => {
  skip = await restUnavailable();
  if (skip) return;
  hbase = createRestClient({ baseUrl: restUrl(), timeoutMs: 60_000 });
  await hbase.createTable(`${base}_202609`, { columns: [{ name: 'd' }] });
});

afterAll(async () => {
  if (!skip) for (const t of months) await hbase.deleteTable(t).catch(() => undefined);
});

describe('lifecycle against a real HBase', () => {
  it('drops the month past retention and creates this month and the next, then sets TTLs', async (ctx) => {
    if (skip) return ctx.skip(skip);
    const args = ['lifecycle', 'partitions', '--base', base, '--family', 'd:VERSIONS=1', '--family', 'raw', '--ahead', '1', '--retention', '1', '--rest', restUrl(), '--now', '2026-11-15T00:00:00Z'];
    const dry = await runCapture(args);
    expect(dry.out.trim().split('\n')).toEqual([
      `create "${base}_202611", {NAME => "d", VERSIONS => 1}, {NAME => "raw"}`,
      `create "${base}_202612", {NAME => "d", VERSIONS => 1}, {NAME => "raw"}`,
      `disable "${base}_202609"`,
      `drop "${base}_202609"`,
    ]);
    expect(await hbase.tableExists(`${base}_202611`)).toBe(false);

    const applied = await runCapture([...args, '--yes']);
    expect([applied.code, applied.err]).toEqual([0, 'created 2, dropped 1 table(s)\n']);
    expect(await Promise.all(months.map((t) => hbase.tableExists(t)))).toEqual([false, true, true]);
    expect((await hbase.getSchema(`${base}_202611`)).columns.map((c) => c.name).sort()).toEqual(['d', 'raw']);

    // A family the table lacks is refused before anything runs: an alter naming it would add it.
    const typo = await runCapture(['lifecycle', 'ttl', '--table', `${base}_202611`, '--retention', 'dd=90d', '--rest', restUrl(), '--yes']);
    expect([typo.code, typo.out]).toEqual([2, '']);
    expect(typo.err).toContain('has no column family "dd" (it has "d", "raw")');
    const ttl = await runCapture(['lifecycle', 'ttl', '--table', `${base}_202611`, '--retention', 'd=90d', '--retention', 'raw=36h', '--rest', restUrl(), '--yes']);
    expect(ttl.code).toBe(0);
    const schema = await hbase.getSchema(`${base}_202611`);
    expect(Object.fromEntries(schema.columns.map((c) => [c.name, c.attributes['TTL']]))).toEqual({ d: '7776000', raw: '129600' });
  }, 240_000);
});
