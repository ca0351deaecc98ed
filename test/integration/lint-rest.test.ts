// lint --rest against the real local HBase: a table created through the REST schema resource is read back and
// judged like a script would be (HBase fills in every attribute, so only real choices show up as findings).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type HBaseRestClient, createRestClient } from '../../src/hbase/rest/index.js';
import { runCapture } from '../cli/run-cli.js';
import { restUnavailable, restUrl, uniqueTable } from './rest-env.js';

let skip: string | undefined;
let hbase: HBaseRestClient;
const table = uniqueTable('lint_it');

beforeAll(async () => {
  skip = await restUnavailable();
  if (skip) return;
  hbase = createRestClient({ baseUrl: restUrl(), timeoutMs: 60_000 });
  await hbase.createTable(table, {
    columns: [
      { name: 'information', attributes: { BLOOMFILTER: 'NONE' } },
      { name: 'd', attributes: { COMPRESSION: 'GZ', VERSIONS: 1, TTL: 7776000 } },
    ],
  });
});

afterAll(async () => {
  if (!skip) await hbase.deleteTable(table).catch(() => undefined);
});

describe('lint --rest against a real HBase', () => {
  it('reports the uncompressed, bloom-less, long-named family and nothing about the tuned one', async (ctx) => {
    if (skip) return ctx.skip(skip);
    const run = await runCapture(['lint', '--rest', restUrl(), '--table', table, '--json']);
    expect(run.err).toBe('');
    const findings = (JSON.parse(run.out) as { findings: { code: string; path: string }[] }).findings;
    expect(findings.map((f) => `${f.code} ${f.path}`)).toEqual([
      `CF_COMPRESSION ${table}/information`,
      `CF_BLOOM_NONE ${table}/information`,
      `CF_NAME_LONG ${table}/information`,
    ]);
    expect(run.code).toBe(0);
  });

  it('exits 2 naming the table when it does not exist', async (ctx) => {
    if (skip) return ctx.skip(skip);
    const run = await runCapture(['lint', '--rest', restUrl(), '--table', `${table}_missing`]);
    expect(run.code).toBe(2);
    expect(run.err).toContain('404');
  });
});
