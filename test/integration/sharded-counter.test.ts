// The sharded counter through the real Thrift2 gateway: concurrent increments from several connections read back the
// exact total, as does a single-row counter given the same increments; HBase's own errors come back as ThriftError.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createShardedCounter, type ShardedCounter } from '../../src/client/sharded-counter.js';
import { type HBaseRestClient, createRestClient } from '../../src/hbase/rest/index.js';
import { type Thrift2Client, ThriftError, createThrift2Client } from '../../src/hbase/thrift2/index.js';
import { createRng } from '../../src/simulate/rng.js';
import { hbaseEnv, printHBaseLogsOnFailure, uniqueTableName } from './hbase-env.js';

const WORKERS = 8;
const PER_WORKER = 250;
const MAX_AMOUNT = 1000;
const SHARDS = 16;

printHBaseLogsOnFailure();

let skip: string | undefined;
let rest: HBaseRestClient;
const clients: Thrift2Client[] = [];
const table = uniqueTableName('counter_it');

beforeAll(async () => {
  const env = hbaseEnv();
  if (!env.available) skip = env.skipReason;
  else if (env.thriftPort === 0) {
    if (process.env['HBASE_HOTSPOT_REQUIRE_HBASE'] === '1') throw new Error('HBASE_HOTSPOT_REQUIRE_HBASE=1 but no Thrift2 gateway answers (start HBase with --thrift)');
    skip = 'no Thrift2 gateway (start the local HBase with npm run hbase:start -- --thrift)';
  }
  if (skip) return;
  rest = createRestClient({ baseUrl: env.restUrl, timeoutMs: 60_000 });
  await rest.createTable(table, { columns: [{ name: 'c' }] });
  for (let w = 0; w < WORKERS; w++) clients.push(createThrift2Client({ port: env.thriftPort, timeoutMs: 60_000 }));
});

afterAll(async () => {
  for (const c of clients) c.close();
  if (!skip) await rest.deleteTable(table).catch(() => undefined);
});

/** The amounts worker `w` adds: seeded, 1..MAX_AMOUNT. */
function amountsOf(w: number): number[] {
  const rng = createRng(1000 + w);
  return Array.from({ length: PER_WORKER }, () => 1 + Math.floor(rng.next() * MAX_AMOUNT));
}

/** Runs every worker's increments concurrently (worker w on its own connection); returns increments per second. */
async function hammer(counterFor: (client: Thrift2Client, w: number) => ShardedCounter, during?: () => Promise<void>): Promise<number> {
  const start = performance.now();
  const work = clients.map(async (client, w) => {
    const counter = counterFor(client, w);
    for (const amount of amountsOf(w)) await counter.increment(amount);
  });
  await Promise.all([...work, during?.()]);
  return (WORKERS * PER_WORKER) / ((performance.now() - start) / 1000);
}

describe('sharded counter against the real Thrift2 gateway', () => {
  const expected = Array.from({ length: WORKERS }, (_, w) => amountsOf(w).reduce((a, v) => a + v, 0)).reduce((a, v) => a + v, 0);
  const opts = { table, family: 'c', qualifier: 'n' } as const;

  it(`reads back the exact total of ${WORKERS} x ${PER_WORKER} concurrent increments over ${SHARDS} shards`, async (ctx) => {
    if (skip) return ctx.skip(skip);
    const reader = createShardedCounter({ ...opts, client: clients[0]!, counterKey: 'views', shards: SHARDS });
    const seen: bigint[] = [];
    let running = true;
    const rate = await hammer(
      (client, w) => createShardedCounter({ ...opts, client, counterKey: 'views', shards: SHARDS, rng: createRng(w) }),
      async () => {
        // Reads while writers run: each sees some increments, never more than all, never fewer than an earlier read
        // (every amount is positive); the read is not atomic, so no exact figure is expected here.
        while (running && seen.length < 20) {
          seen.push(await reader.read());
          await new Promise((r) => setTimeout(r, 50));
        }
      },
    ).finally(() => {
      running = false;
    });
    const shards = await reader.readShards();
    expect(shards).toHaveLength(SHARDS);
    expect(shards.every((v) => v > 0n)).toBe(true);
    expect(await reader.read()).toBe(BigInt(expected));
    for (let i = 1; i < seen.length; i++) expect(seen[i]!).toBeGreaterThanOrEqual(seen[i - 1]!);
    expect(seen.every((v) => v <= BigInt(expected))).toBe(true);
    console.log(`[sharded-counter] ${SHARDS} shards: ${rate.toFixed(0)} increments/s over ${WORKERS} connections; ${seen.length} reads during the writes`);
  });

  it('a single-row counter given the same increments reads the same total', async (ctx) => {
    if (skip) return ctx.skip(skip);
    const rate = await hammer((client) => createShardedCounter({ ...opts, client, counterKey: 'single', shards: 1 }));
    const single = createShardedCounter({ ...opts, client: clients[0]!, counterKey: 'single', shards: 1 });
    expect(await single.read()).toBe(BigInt(expected));
    console.log(`[sharded-counter] 1 row: ${rate.toFixed(0)} increments/s over ${WORKERS} connections`);
  });

  it("HBase's TIOError for a missing table comes back as THRIFT_IO_ERROR naming the call and the table", async (ctx) => {
    if (skip) return ctx.skip(skip);
    const missing = `${table}_missing`;
    const counter = createShardedCounter({ ...opts, table: missing, client: clients[1]!, counterKey: 'x', shards: 2 });
    const err = await counter.increment(1).then(() => undefined, (e: unknown) => e);
    expect(err).toBeInstanceOf(ThriftError);
    expect((err as ThriftError).code).toBe('THRIFT_IO_ERROR');
    expect((err as ThriftError).message).toContain(`Thrift2 increment on table '${missing}' at 127.0.0.1:`);
    expect((err as ThriftError).details.serverMessage).toContain(missing);
  });
});
