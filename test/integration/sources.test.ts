// The source contract against the real local HBase: a table pre-split at "g" and "p" written through the shell,
// read through REST, JMX (master info port, $HBASE_JMX_URL or http://127.0.0.1:16010) and the shell's own
// list_regions and status 'detailed' output captured live with "# at" lines; all must agree on regions and servers.
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createRestClient } from '../../src/hbase/rest/index.js';
import { createTableCommand, runShellCommands } from '../../src/hbase/shell/index.js';
import { type LoadSeries, parseLoadSeries } from '../../src/model/index.js';
import { type SnapshotSource, createJmxSource, createRestSource, createTextSource, parseTextSeries } from '../../src/sources/index.js';
import { type ContractFacts, sourceContract } from '../sources/contract.js';
import { runCapture } from '../cli/run-cli.js';
import { hbaseEnv, printHBaseLogsOnFailure, uniqueTableName } from './hbase-env.js';

printHBaseLogsOnFailure();
const env = hbaseEnv();
const table = uniqueTableName('src_it');
const jmxUrl = process.env['HBASE_JMX_URL'] ?? 'http://127.0.0.1:16010';
const facts: ContractFacts = { table, startKeys: ['', 'g', 'p'] };
const NOW = "puts '# at ' + Time.now.utc.strftime('%Y-%m-%dT%H:%M:%S.%LZ')";
const load = (n: number) => `t = get_table('${table}'); ${n}.times { |i| t.put(format('p-%05d', i), 'cf:v', 'x') }; t.put('a-1', 'cf:v', 'x'); 5.times { |i| t.get(format('p-%05d', i)) }`;

interface Captured {
  listRegions: string;
  status: string;
}

let captured: Promise<Captured> | undefined;
/** Creates and loads the table and captures the shell's views of it, once for all the sources below. */
function capture(): Promise<Captured> {
  captured ??= (async () => {
    const batch = await runShellCommands([
      createTableCommand({ table, families: [{ name: 'cf' }], splits: ['g', 'p'] }),
      load(100), 'sleep 4',
      NOW, `list_regions '${table}'`, NOW, "status 'detailed'",
      load(50), 'sleep 4',
      NOW, `list_regions '${table}'`, NOW, "status 'detailed'",
    ]);
    if (!batch.ok) throw new Error(`shell batch failed: ${JSON.stringify(batch.results.filter((r) => r.status !== 'ok'))}`);
    const out = (i: number): string => `${(batch.results[i]?.output ?? '').replace(/\n$/, '')}\n`;
    return { listRegions: out(3) + out(4) + out(9) + out(10), status: out(5) + out(6) + out(11) + out(12) };
  })();
  return captured;
}

afterAll(async () => {
  if (env.available && captured) await createRestClient({ baseUrl: env.restUrl }).deleteTable(table);
});

const skip = env.available ? { timeoutMs: 300_000 } : { skip: env.skipReason };
const client = () => createRestClient({ baseUrl: env.restUrl });
const text = (name: string, body: string) => [{ file: name, text: body, mtimeMs: 0 }];

sourceContract('REST (real HBase)', async () => {
  await capture();
  return { source: createRestSource({ client: client(), table, description: env.restUrl }), facts };
}, skip);

sourceContract('JMX (real HBase)', async () => {
  await capture();
  return { source: createJmxSource({ jmxUrls: [jmxUrl], directory: client(), table }), facts };
}, skip);

sourceContract('list_regions captured from the real shell', async () => {
  const c = await capture();
  return { source: createTextSource('list-regions', text('list_regions', c.listRegions)), facts };
}, skip);

sourceContract("status 'detailed' captured from the real shell", async () => {
  const c = await capture();
  return { source: createTextSource('status-detailed', text('status', c.status), { table }), facts };
}, skip);

describe.skipIf(!env.available)('sources agree on the real HBase', () => {
  it('list_regions REQ is read + write of status \'detailed\'; both place regions on the servers REST reports', async () => {
    const c = await capture();
    const lr: LoadSeries = parseTextSeries('list-regions', text('list_regions', c.listRegions));
    const st: LoadSeries = parseTextSeries('status-detailed', text('status', c.status), { table });
    const rest: SnapshotSource = createRestSource({ client: client(), table, description: env.restUrl });
    const live = await rest.snapshot();
    const placement = (regions: readonly { encodedName: string; server: string }[]) => Object.fromEntries(regions.map((r) => [r.encodedName, r.server]));
    expect(placement(lr.snapshots[1]?.regions ?? [])).toEqual(placement(live.regions));
    expect(placement(st.snapshots[1]?.regions ?? [])).toEqual(placement(live.regions));
    // the last region [p, ∞) took 100 + 50 puts and 2 × 5 gets; the counters printed by the two commands agree
    const last = (s: LoadSeries, i: number) => s.snapshots[i]?.regions.at(-1);
    expect(last(st, 1)?.writeRequests).toBe(150);
    expect(last(st, 1)?.readRequests).toBe(10);
    expect(last(lr, 1)?.requests).toBe(160);
    expect(last(lr, 0)?.requests).toBe(105);
    expect(live.regions.at(-1)).toMatchObject({ writeRequests: 150, readRequests: 10 });
  });

  it('detect --rest finds the region taking every write while rows are written into it', async () => {
    await capture();
    const writer = client();
    let writing = true;
    const load = (async () => {
      for (let i = 0; writing; i++) {
        await writer.putRows(table, [{ key: `q-${i}`, cells: [{ family: 'cf', qualifier: 'v', value: 'x', timestamp: 1_700_000_000_000 + i }] }]);
      }
    })();
    const r = await runCapture(['detect', '--rest', env.restUrl, '--table', table, '--interval', '5s', '--snapshots', '2', '--json']);
    writing = false;
    await load;
    const result = JSON.parse(r.out) as { hottestRegionShare: number; hottestServerWriteShare: number; regions: { startKey: string; share: number; server: string }[]; timeline: { hottestServer: string }[] };
    const last = result.regions.find((x) => x.startKey === 'p');
    expect(last?.share).toBe(1);
    expect(result.hottestRegionShare).toBe(1);
    expect(result.timeline[0]?.hottestServer).toBe(last?.server);
  });

  it('collect writes a series of the real table that reads back with every sample', async () => {
    await capture();
    const out = join(mkdtempSync(join(tmpdir(), 'collect-it-')), 'series.ndjson');
    const r = await runCapture(['collect', '--rest', env.restUrl, '--table', table, '--every', '1s', '--for', '2s', '-o', out]);
    expect([r.code, r.err]).toEqual([0, expect.stringContaining('done: 3 snapshot(s) of 3 written')]);
    const series = parseLoadSeries(readFileSync(out, 'utf8'), out);
    expect(series.snapshots.map((x) => x.regions.length)).toEqual([3, 3, 3]);
  });
});
