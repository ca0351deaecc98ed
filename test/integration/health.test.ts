// health against the real local HBase, through the master's info port (one JVM: every server's beans, of which one
// RegionServer's sub=Server bean), or through the info servers the native client finds (--zk). An idle cluster has
// no failing item; a table moved to that RegionServer, flushed,
// then scanned over and over with cacheBlocks=false misses the BlockCache on every data block, so the window's hit
// ratio falls under 95% and the item fails, while the flush and compaction-queue items read real values.
import { afterAll, describe, expect, it } from 'vitest';
import { createRestClient } from '../../src/hbase/rest/index.js';
import { createTableCommand, disableTableCommand, dropTableCommand, flushTableCommand, moveRegionCommand, runShellCommands } from '../../src/hbase/shell/index.js';
import { runCapture } from '../cli/run-cli.js';
import { hbaseEnv, printHBaseLogsOnFailure, uniqueTableName } from './hbase-env.js';

printHBaseLogsOnFailure();
const env = hbaseEnv();
const jmxUrl = process.env['HBASE_JMX_URL'] ?? 'http://127.0.0.1:16010';
const table = uniqueTableName('health_it');
let created = false;

interface Item { item: string; server: string; value: number | null; status: string; reason: string }
const items = (out: string): Item[] => (JSON.parse(out) as { items: Item[] }).items;
const put = (n: number, from: number) => `t = get_table('${table}'); ${n}.times { |i| t.put(format('r-%05d', i + ${from}), 'cf:v', 'x' * 200) }`;

/**
 * The server name (host,port,startcode) of the RegionServer whose sub=Server bean the master's info port serves. Hadoop's
 * metrics2 fills a bean's attributes from a cache it refreshes on read, and a read can come back with the bean's tags
 * missing or no bean at all; this asks again, every 500 ms for up to 30 s, until the name is there.
 */
async function subServerName(): Promise<string> {
  const url = `${jmxUrl}/jmx?qry=Hadoop:service=HBase,name=RegionServer,sub=Server`;
  let last = '';
  for (const until = Date.now() + 30_000; Date.now() < until; await new Promise((r) => setTimeout(r, 500))) {
    last = await (await fetch(url)).text();
    const name = (JSON.parse(last) as { beans?: Record<string, unknown>[] }).beans?.[0]?.['tag.serverName'];
    if (typeof name === 'string' && /^[^,]+,\d+,\d+$/.test(name)) return name;
  }
  throw new Error(`no RegionServer server name in 30 s of ${url}; the last answer: ${last.slice(0, 500)}`);
}

afterAll(async () => {
  if (created) await runShellCommands([disableTableCommand(table), dropTableCommand(table)]);
});

describe('health against a real HBase', () => {
  it('finds no failing item on an idle cluster, found through the native client, and reads the compaction queue', async (ctx) => {
    if (!env.available) return ctx.skip(env.skipReason);
    const zk = `127.0.0.1:${process.env['HBASE_ZK_PORT'] ?? '2181'}`;
    const run = await runCapture(['health', '--zk', zk, '--every', '5s', '--for', '10s', '--json']);
    // The master's info server and the three RegionServers' (one JVM here: each answers every server's beans).
    expect(run.err).toMatch(/found 4 info server\(s\) through the native client: http:\/\/localhost:16010 /);
    const all = items(run.out);
    // One metrics system per JVM: of three RegionServers in one JVM, one registers the sub=Server bean.
    expect(all.filter((i) => i.item === 'gc-pause')).toHaveLength(1);
    expect(all.filter((i) => i.status === 'fail'), run.out).toEqual([]);
    expect(run.code).toBe(0);
    expect(all.find((i) => i.item === 'compaction-queue')?.value).toBeTypeOf('number');
    expect(all.find((i) => i.item === 'regions-in-transition')?.value).toBe(0);
  }, 60_000);

  it('fails the hit ratio while scans with cacheBlocks=false miss the cache; the flush item reads a real flush', async (ctx) => {
    if (!env.available) return ctx.skip(env.skipReason);
    const server = await subServerName();
    const setup = await runShellCommands([createTableCommand({ table, families: [{ name: 'cf' }] }), put(300, 0), flushTableCommand(table)]);
    created = true;
    expect(setup.ok, JSON.stringify(setup.results)).toBe(true);
    const client = createRestClient({ baseUrl: env.restUrl, timeoutMs: 30_000 });
    const encoded = (await client.tableRegions(table)).regions[0]?.encodedName ?? '';
    expect((await runShellCommands([moveRegionCommand(encoded, server)])).ok).toBe(true);

    const run = runCapture(['health', '--jmx', jmxUrl, '--every', '5s', '--for', '25s', '--json', '--no-progress']);
    let done = false;
    void run.finally(() => (done = true));
    const flush = runShellCommands([put(100, 300), flushTableCommand(table)]);
    let scans = 0;
    const until = Date.now() + 18_000;
    while (!done && Date.now() < until) {
      for await (const _row of client.scan(table, { cacheBlocks: false, batch: 100 })) void _row;
      scans++;
    }
    expect((await flush).ok).toBe(true);
    const r = await run;
    const mine = items(r.out).filter((i) => i.server === server);
    const hit = mine.find((i) => i.item === 'block-cache-hit-ratio');
    expect(scans).toBeGreaterThan(0);
    expect(hit?.status, JSON.stringify(hit)).toBe('fail');
    expect(hit?.value).toBeLessThan(95);
    expect(r.code).toBe(1);
    expect(mine.find((i) => i.item === 'memstore-flush-size')?.value, r.out).toBeGreaterThan(0);
    expect(mine.find((i) => i.item === 'compaction-queue')?.value).toBeTypeOf('number');
  }, 120_000);
});
