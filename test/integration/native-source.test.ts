// The native HBase client as a load source, against the real local HBase with no REST gateway in the path: the
// source contract; an idle table read the same through the native client and through REST (regions, keys, servers,
// counters, sizes); and the CLI's --zk on collect, detect and top, on a table with one hot region, while the REST
// gateway's own request counter shows that none of them asked it anything; and the runbook's Admin steps beyond
// move and split (a table throttle, list_quotas, its removal, region replication).
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { toStringBinary } from '../../src/bytes/index.js';
import { createRestClient } from '../../src/hbase/rest/index.js';
import { regionReplicationCommand, tableThrottleCommand, tableUnthrottleCommand } from '../../src/fix/plan/shell-text.js';
import { runAdminCommands } from '../../src/hbase/native/admin-steps.js';
import { startRegionLoadReader } from '../../src/hbase/native/reader-process.js';
import { createTableCommand, runShellCommands } from '../../src/hbase/shell/index.js';
import { type LoadSnapshot, parseLoadSeries } from '../../src/model/index.js';
import { type NativeSource, createNativeSource, createRestSource } from '../../src/sources/index.js';
import { runCapture } from '../cli/run-cli.js';
import { type ContractFacts, sourceContract } from '../sources/contract.js';
import { hbaseEnv, printHBaseLogsOnFailure, uniqueTableName } from './hbase-env.js';

printHBaseLogsOnFailure();
const env = hbaseEnv();
const zk = `127.0.0.1:${process.env['HBASE_ZK_PORT'] ?? '2181'}`;
const restInfo = `http://127.0.0.1:${process.env['HBASE_REST_INFO_PORT'] ?? '8085'}`;
const table = uniqueTableName('nat_it');
const facts: ContractFacts = { table, startKeys: ['', 'g', 'p'] };
const skip = env.available ? { timeoutMs: 240_000 } : { skip: env.skipReason };
const sources: NativeSource[] = [];
const native = (): NativeSource => {
  const s = createNativeSource({ table, zk });
  sources.push(s);
  return s;
};

let created: Promise<void> | undefined;
/** The table pre-split at "g" and "p", 60 rows under "p-" and one under "a-", and 5 gets; once for the whole file. */
function createTable(): Promise<void> {
  created ??= (async () => {
    const batch = await runShellCommands([
      createTableCommand({ table, families: [{ name: 'cf' }], splits: ['g', 'p'] }),
      `t = get_table('${table}'); 60.times { |i| t.put(format('p-%05d', i), 'cf:v', 'x') }; t.put('a-1', 'cf:v', 'x'); 5.times { |i| t.get(format('p-%05d', i)) }`,
      // Past the RegionServers' 3 s metrics heartbeat, so the counters have settled.
      'sleep 4',
    ]);
    if (!batch.ok) throw new Error(`shell batch failed: ${JSON.stringify(batch.results.filter((r) => r.status !== 'ok'))}`);
  })();
  return created;
}

afterAll(async () => {
  await Promise.all(sources.map((s) => s.close()));
  if (env.available && created) await createRestClient({ baseUrl: env.restUrl }).deleteTable(table);
}, 60_000);

sourceContract('native client (real HBase, --zk)', async () => {
  await createTable();
  return { source: native(), facts };
}, skip);

/** The REST gateway's own count of requests served (its info server's JMX), to show the native paths never use it. */
async function restRequestsServed(): Promise<number> {
  const res = await fetch(`${restInfo}/jmx?qry=Hadoop:service=HBase,name=REST`);
  const bean = ((await res.json()) as { beans: { requests?: number }[] }).beans[0];
  if (bean?.requests === undefined) throw new Error(`no REST request counter at ${restInfo}/jmx`);
  return bean.requests;
}

describe.skipIf(!env.available)('native client against the real HBase', () => {
  it('reads an idle table exactly as the REST source does: regions, keys, servers, counters and sizes', async () => {
    await createTable();
    const rest = createRestSource({ client: createRestClient({ baseUrl: env.restUrl }), table, description: env.restUrl });
    // REST's /status/cluster has three of the optional metrics (memstore, store files, stores); compare those.
    const strip = (s: LoadSnapshot) => s.regions.map((r) => ({
      ...r, startKey: toStringBinary(r.startKey), endKey: toStringBinary(r.endKey),
      metrics: { memstoreSizeBytes: r.metrics?.memstoreSizeBytes, storeFileCount: r.metrics?.storeFileCount, storeCount: r.metrics?.storeCount },
    }));
    const viaNative = await native().snapshot();
    const viaRest = await rest.snapshot();
    expect(strip(viaNative)).toEqual(strip(viaRest));
    // 60 rows under "p-" were written to [p, ∞), one to ["", g); the gets read 5 rows of [p, ∞).
    const last = viaNative.regions[2];
    expect([last?.writeRequests, last?.readRequests]).toEqual([60, 5]);
    expect(viaNative.regions[0]?.writeRequests).toBe(1);
  }, 240_000);

  it('collect --zk records a series detect reads, detect --zk, fix plan --zk and top --zk --batch (every table) find the hot region; REST is never asked', async () => {
    await createTable();
    const dir = mkdtempSync(join(tmpdir(), 'native-'));
    const file = join(dir, 'series.ndjson');
    const servedBefore = await restRequestsServed();
    // Writes to [p, ∞) keep going while the commands read: 45 rounds of 50 puts, 0.75 s apart (about 50 s in all).
    // Each command reads two snapshots 3 s apart; rounds of 200 puts 3 s apart let a window fall between two rounds
    // with no write in it, and no hotspot to find there.
    const load = runShellCommands([`t = get_table('${table}'); 45.times { 50.times { |i| t.put(format('p-%05d', i), 'cf:v', 'y') }; sleep 0.75 }`]);
    const collect = await runCapture(['collect', '--zk', zk, '--table', table, '--every', '3s', '--for', '6s', '-o', file]);
    expect([collect.code, collect.err]).toEqual([0, expect.stringContaining('3 snapshot(s) of 3 written')]);
    const series = parseLoadSeries(readFileSync(file, 'utf8'), file);
    expect(series.source.kind).toBe('native');
    // Version 2's optional metrics from RegionMetrics: the table has one column family, so one store per region.
    expect(series.snapshots[0]?.regions.map((r) => r.metrics?.storeCount)).toEqual([1, 1, 1]);
    expect(series.snapshots.map((s) => s.regions.map((r) => toStringBinary(r.startKey)))).toEqual([['', 'g', 'p'], ['', 'g', 'p'], ['', 'g', 'p']]);
    const fromFile = JSON.parse((await runCapture(['detect', file, '--json'])).out) as { regions: { startKey: string; hot: boolean }[] };
    expect(fromFile.regions.filter((r) => r.hot).map((r) => r.startKey)).toEqual(['p']);
    const live = await runCapture(['detect', '--zk', zk, '--table', table, '--interval', '3s', '--snapshots', '2', '--json']);
    expect(live.code).toBe(0);
    expect((JSON.parse(live.out) as { regions: { startKey: string; hot: boolean }[] }).regions.filter((r) => r.hot).map((r) => r.startKey)).toEqual(['p']);
    const plan = await runCapture(['fix', 'plan', '--zk', zk, '--table', table, '--interval', '3s', '--snapshots', '2', '--json']);
    expect(plan.code, plan.err).toBe(0);
    const book = JSON.parse(plan.out) as { table: string; hotRegion: { startKey: string } | null };
    expect([book.table, book.hotRegion?.startKey]).toEqual([table, 'p']);
    // Every table at once, as hbtop shows them (Admin.getClusterMetrics): this table's regions beside hbase:meta's.
    const top = await runCapture(['top', '--zk', zk, '--batch', '--iterations', '2', '--delay', '3s']);
    expect(top.code, top.err).toBe(0);
    expect(top.out).toContain(table);
    expect(top.out).toContain('hbase:meta');
    await load;
    expect(await restRequestsServed()).toBe(servedBefore);
  }, 240_000);

  it('lint, lifecycle and migrate plan read the table\'s schema and the table list through the native client as through REST', async () => {
    await createTable();
    const findings = async (...source: string[]) => {
      const r = await runCapture(['lint', '--table', table, ...source, '--json']);
      expect(r.code, r.err).toBeLessThan(2);
      return (JSON.parse(r.out) as { findings: { code: string; path: string; message: string }[] }).findings.map(({ code, path, message }) => ({ code, path, message }));
    };
    const viaNative = await findings('--zk', zk);
    expect(viaNative.length).toBeGreaterThan(0);
    expect(viaNative).toEqual(await findings('--rest', env.restUrl));
    const plan = async (...source: string[]) => JSON.parse((await runCapture(['lifecycle', 'partitions', '--base', table, '--family', 'cf', '--ahead', '1', '--now', '2026-06-15T12:00:00Z', ...source, '--json'])).out) as unknown;
    expect(await plan('--zk', zk)).toEqual(await plan('--rest', env.restUrl));
    const ttl = await runCapture(['lifecycle', 'ttl', '--table', table, '--retention', 'cf=1d', '--zk', zk]);
    expect([ttl.code, ttl.out]).toEqual([0, `alter "${table}", {NAME => "cf", TTL => 86400}\n`]);
    const missing = await runCapture(['lifecycle', 'ttl', '--table', table, '--retention', 'nope=1d', '--zk', zk]);
    expect([missing.code, missing.err]).toEqual([2, expect.stringContaining('has no column family "nope" (it has "cf")')]);
    // migrate plan: the same create statement and families from the native client's schema as from REST's; the
    // new table's existence (here the old one given as --to's neighbour) read from the table list.
    const migrate = async (...source: string[]) => {
      const r = await runCapture(['migrate', 'plan', '--from', table, '--to', `${table}_salted`, '--old-template', '{id}', '--new-template', '{salt(id,4)}_{id}', ...source, '--json']);
      expect(r.code, r.err).toBe(0);
      return JSON.parse(r.out) as { families: unknown; steps: { shell: string[]; cli: string[] }[] };
    };
    const [viaZk, viaRest] = [await migrate('--zk', zk), await migrate('--rest', env.restUrl)];
    expect(viaZk.families).toEqual(viaRest.families);
    expect(viaZk.steps[0]?.shell).toEqual(viaRest.steps[0]?.shell);
    expect(viaZk.steps[2]?.cli[0]).toContain('--rest REST_URL');
  }, 240_000);

  it("runs a table's throttle, list_quotas, its removal and region replication through the Admin API", async () => {
    const other = uniqueTableName('nat_quota');
    expect((await runShellCommands([createTableCommand({ table: other, families: ['cf'] })])).ok).toBe(true);
    const reader = await startRegionLoadReader({ zk });
    try {
      const set = await runAdminCommands(reader, [tableThrottleCommand(other, '5000req/sec'), 'list_quotas']);
      expect(set.results.map((r) => r.status), JSON.stringify(set.results)).toEqual(['ok', 'ok']);
      const listed = set.results[1]?.value ?? '';
      expect(listed).toContain(`TABLE => ${other}`);
      expect(listed).toContain('LIMIT => 5000req/sec');
      const unset = await runAdminCommands(reader, [tableUnthrottleCommand(other), 'list_quotas']);
      expect(unset.ok).toBe(true);
      expect(unset.results[1]?.value ?? '').not.toContain(`TABLE => ${other}`);
      expect((await runAdminCommands(reader, [regionReplicationCommand(other, 2)])).ok).toBe(true);
      const schema = await createRestClient({ baseUrl: env.restUrl }).getSchema(other);
      expect(JSON.stringify(schema)).toContain('"REGION_REPLICATION":"2"');
    } finally {
      await reader.close();
      await createRestClient({ baseUrl: env.restUrl }).deleteTable(other).catch(() => false);
    }
  }, 240_000);

  it('names an unknown table (exit 2) and an unreachable quorum (exit 3)', async () => {
    const missing = await runCapture(['detect', '--zk', zk, '--table', 'no_such_table_nat', '--snapshots', '2', '--interval', '1s']);
    expect([missing.code, missing.err]).toEqual([2, expect.stringContaining('table "no_such_table_nat" does not exist')]);
    const closed = await runCapture(['detect', '--zk', '127.0.0.1:9', '--table', table, '--snapshots', '2', '--interval', '1s']);
    expect([closed.code, closed.err]).toEqual([3, expect.stringContaining('cannot reach the cluster at 127.0.0.1:9')]);
  }, 240_000);
});
