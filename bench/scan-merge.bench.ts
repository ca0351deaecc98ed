/**
 * Scan planning speed: rows per second through `mergeBucketScans` (16 salt buckets, keys of the template
 * `{salt(deviceId,16)}_{deviceId}_{reverseTs(ts)}`), beside a collect-then-sort baseline on the same rows, and plans
 * per second from `planScans` for a one-device time range and for a 16-bucket fan-out. Warm-up, then best of 3.
 *
 * Usage: npx tsx bench/scan-merge.bench.ts [--small] [--rows N]
 * `--small`: 100,000 rows (CI size); default 1,000,000.
 */
import { compareBytes } from '../src/bytes/index.js';
import { compareWithoutSalt, mergeBucketScans, planScans } from '../src/keys/scan/index.js';
import { compileTemplate } from '../src/keys/template/index.js';

const args = process.argv.slice(2);
const small = args.includes('--small');
const at = args.indexOf('--rows');
const rowCount = at >= 0 ? Number(args[at + 1]) : small ? 100_000 : 1_000_000;
const ROUNDS = 3;
const BUCKETS = 16;

const template = compileTemplate('{salt(deviceId,16)}_{deviceId}_{reverseTs(ts)}');
const devices = Math.max(1, Math.floor(rowCount / 100));
const perBucket: Uint8Array[][] = Array.from({ length: BUCKETS }, () => []);
for (let i = 0; i < rowCount; i++) {
  const key = template.encode({ deviceId: `dev${String(i % devices).padStart(7, '0')}`, ts: 1_700_000_000_000 + Math.floor(i / devices) * 1000 });
  perBucket[Number.parseInt(String.fromCharCode(key[0] as number, key[1] as number), 16)]?.push(key);
}
// Each bucket in HBase order, as its scan would return it.
for (const rows of perBucket) rows.sort(compareBytes);
const salt = { offsetBytes: 0, widthBytes: 2 };

async function* stream(rows: Uint8Array[]): AsyncGenerator<Uint8Array> {
  for (const r of rows) yield r;
}

async function timeIt(run: () => Promise<number>): Promise<{ ms: number; count: number }> {
  await run();
  let best = Number.POSITIVE_INFINITY;
  let count = 0;
  for (let r = 0; r < ROUNDS; r++) {
    const t0 = performance.now();
    count = await run();
    best = Math.min(best, performance.now() - t0);
  }
  return { ms: best, count };
}

const merge = await timeIt(async () => {
  let n = 0;
  let last: Uint8Array | undefined;
  for await (const key of mergeBucketScans(perBucket.map(stream), { key: (k) => k, salt })) {
    if (last && compareWithoutSalt(last, key, 0, 2) > 0) throw new Error('merge out of order');
    last = key;
    n++;
  }
  return n;
});
const sortAll = await timeIt(async () => {
  const all: Uint8Array[] = [];
  for (const rows of perBucket) for await (const key of stream(rows)) all.push(key);
  all.sort((a, b) => compareWithoutSalt(a, b, 0, 2));
  return all.length;
});
const plansOne = await timeIt(async () => {
  for (let i = 0; i < 20_000; i++) planScans(template, { deviceId: `dev${i}` }, { timeRange: { fromMs: 1000, toMs: 2000 + i } });
  return 20_000;
});
const plansFan = await timeIt(async () => {
  for (let i = 0; i < 2_000; i++) planScans(template, {}, { timeRange: { fromMs: 1000, toMs: 2000 + i } });
  return 2_000;
});

const perSec = (r: { ms: number; count: number }) => Math.round((r.count / r.ms) * 1000).toLocaleString('en-US');
console.log(`rows ${merge.count.toLocaleString('en-US')} in ${BUCKETS} buckets, best of ${ROUNDS}`);
console.log(`mergeBucketScans (heap, streaming)   ${perSec(merge)} rows/s`);
console.log(`collect all then sort (baseline)     ${perSec(sortAll)} rows/s`);
console.log(`planScans, one device + time range   ${perSec(plansOne)} plans/s`);
console.log(`planScans, 16-bucket fan-out         ${perSec(plansFan)} plans/s`);
if (merge.count !== rowCount || sortAll.count !== rowCount) {
  console.error('row count mismatch');
  process.exitCode = 1;
}
