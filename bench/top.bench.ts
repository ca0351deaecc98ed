/**
 * One `top` refresh on a large cluster: the rate step over two readings of every table, the regions and servers
 * views, and their text, for 10,000 regions (100 tables × 100 regions over 20 RegionServers). The target: a refresh
 * costs well under the shortest sensible delay (1 s); aim for under 200 ms. Best of 3 rounds after a warm-up.
 *
 * Usage: npx tsx bench/top.bench.ts [--small] [--tables N]
 * `--small`: 10 tables (1,000 regions), the CI size.
 */
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import type { LoadSnapshot } from '../src/model/index.js';
import { type TopReading, buildView, renderTop, tableIntervals } from '../src/top/index.js';

const args = process.argv.slice(2);
const small = args.includes('--small');
const at = args.indexOf('--tables');
const tableCount = at >= 0 ? Number(args[at + 1]) : small ? 10 : 100;
const REGIONS_PER_TABLE = 100;
const SERVERS = 20;
const TARGET_MS = 200;

function reading(timeMs: number, step: number): TopReading {
  const tables: LoadSnapshot[] = [];
  for (let t = 0; t < tableCount; t++) {
    const table = `t${String(t).padStart(3, '0')}`;
    const regions = Array.from({ length: REGIONS_PER_TABLE }, (_, i) => {
      const start = i === 0 ? '' : `k${String(i).padStart(4, '0')}`;
      const end = i === REGIONS_PER_TABLE - 1 ? '' : `k${String(i + 1).padStart(4, '0')}`;
      const encodedName = `${table}-${i}`.padEnd(32, '0');
      const reads = step * (i + 1) * 3;
      const writes = step * (i === REGIONS_PER_TABLE - 1 ? 5000 : i + 1);
      return {
        name: `${table},${start},1.${encodedName}.`, encodedName, startKey: new TextEncoder().encode(start), endKey: new TextEncoder().encode(end),
        server: `rs${(t * 7 + i) % SERVERS},16020,1`, readRequests: reads, writeRequests: writes, requests: reads + writes, storeSizeBytes: i * 1_048_576,
      };
    });
    tables.push({ timeMs, table, regions });
  }
  return { timeMs, tables };
}

const before = reading(0, 1);
const after = reading(5000, 2);
function refresh(): number {
  const intervals = tableIntervals(before, after, 5000);
  let lines = 0;
  for (const mode of ['regions', 'servers'] as const) lines += renderTop(buildView(mode, intervals, after.timeMs, 5000, { sort: 'requests', k: 3 }), { color: false }).length;
  return lines;
}

refresh();
let best = Number.POSITIVE_INFINITY;
let lines = 0;
for (let round = 0; round < 3; round++) {
  const t0 = performance.now();
  lines = refresh();
  best = Math.min(best, performance.now() - t0);
}
const regions = tableCount * REGIONS_PER_TABLE;
console.log(`load average ${loadavg()[0]?.toFixed(1)} on this machine (figures scale with it)`);
console.log(`top refresh: ${regions} regions in ${tableCount} tables over ${SERVERS} servers: ${best.toFixed(1)} ms (best of 3), ${lines} lines; target < ${TARGET_MS} ms${best < TARGET_MS ? '' : ' MISSED'}`);
