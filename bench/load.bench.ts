// The load generator's own cost per row: entity draw (Zipf over 100,000 entities), key encoding of a salted
// entity-first key with reverseTs, the cell, the token bucket and the bookkeeping, against a REST client that accepts
// every put at once and a clock that jumps over every wait. Reports rows/s of generator CPU.
// Target: at least 200,000 rows/s on an idle machine, so that on a real cluster the generator is never what limits --rate (a REST
// gateway takes a few thousand to a few tens of thousands of rows/s).
// Usage: npx tsx bench/load.bench.ts [--small]
import { loadavg } from 'node:os';
import type { HBaseRestClient } from '../src/hbase/rest/index.js';
import { compileTemplate } from '../src/keys/template/index.js';
import { type LoadSpec, resolveLoadFields, runLoad } from '../src/load/index.js';

const small = process.argv.includes('--small');
const ROWS = small ? 100_000 : 1_000_000;
const template = compileTemplate('{salt(deviceId,16)}_{deviceId}_{reverseTs(ts)}');
const spec: LoadSpec = {
  table: 'bench', template, fields: resolveLoadFields(template, {}), family: 'd', valueBytes: 100, reads: [],
  entities: { field: 'deviceId', count: 100_000, idFormat: 'sensor-%06d', popularity: { kind: 'zipf', exponent: 1.1 } },
  writesPerSec: ROWS, durationMs: 1000, maxWrites: ROWS, batchRows: 500, concurrency: 1, seed: 1,
};
let accepted = 0;
const client = { putRows: async (_t: string, rows: readonly unknown[]) => void (accepted += rows.length) } as unknown as HBaseRestClient;

let best = Number.POSITIVE_INFINITY;
for (let run = 0; run < 3; run++) {
  let t = 1_800_000_000_000;
  accepted = 0;
  const start = process.hrtime.bigint();
  const summary = await runLoad(client, spec, { now: () => t, pause: async (ms) => void (t += ms) });
  best = Math.min(best, Number(process.hrtime.bigint() - start) / 1e6);
  if (summary.writes !== accepted) throw new Error(`summary says ${summary.writes} rows, the client took ${accepted}`);
}
console.log(`load average ${loadavg()[0]?.toFixed(1)} on this machine (figures scale with it)`);
console.log(`  ${accepted.toLocaleString('en-US')} rows of a 16-bucket salted key, Zipf 1.1 over 100,000 entities, batches of 500`);
console.log(`  generator ${best.toFixed(0)} ms, ${Math.round(accepted / (best / 1000)).toLocaleString('en-US')} rows/s (best of 3; target ≥ 200,000 on an idle machine)`);
