// Parsing pasted shell output at cluster scale: `list_regions` and `status 'detailed'` of one table of 10,000 regions
// on 100 RegionServers, two captures each (what a ticket with a before/after paste holds), in the layout HBase 2.6's
// shell prints (checked against test/fixtures/shell/). Reports ms per capture and regions/s.
// Target: a 10,000-region capture parses in under 1 s, so a pasted listing is analysed as soon as it is given.
// Usage: npx tsx bench/sources.bench.ts [--small]
import { createHash } from 'node:crypto';
import { loadavg } from 'node:os';
import { parseTextSeries } from '../src/sources/index.js';

const small = process.argv.includes('--small');
const REGIONS = small ? 1_000 : 10_000;
const SERVERS = 100;
const TABLE = 'metrics';
const ID = '1717000000000';
const key = (i: number) => (i === 0 ? '' : i.toString(16).padStart(6, '0'));
const md5 = (s: string) => createHash('md5').update(s).digest('hex');
const regions = Array.from({ length: REGIONS }, (_, i) => {
  const prefix = `${TABLE},${key(i)},${ID}`;
  return { name: `${prefix}.${md5(prefix)}.`, start: key(i), end: i + 1 < REGIONS ? key(i + 1) : '', server: `rs${i % SERVERS}.example.com,16020,1717000000000` };
});

function listRegions(at: string, reqBase: number): string {
  const rows = regions.map((r, i) => [r.server, r.name, r.start, r.end, String(i % 50), String(reqBase + i * 3), '1.0']);
  const header = ['SERVER_NAME', 'REGION_NAME', 'START_KEY', 'END_KEY', 'SIZE', 'REQ', 'LOCALITY'];
  const widths = header.map((h, c) => Math.max(h.length, ...rows.map((row) => (row[c] ?? '').length)));
  const line = (cells: readonly string[]) => cells.map((v, c) => ` ${v.padStart(widths[c] ?? 0)} |`).join('');
  return [`# at ${at}`, line(header), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line), ` ${REGIONS} rows`, 'Took 1.2 seconds', ''].join('\n');
}

function statusDetailed(at: string, reqBase: number): string {
  const out = [`# at ${at}`, 'version 2.6.4', '0 regionsInTransition', 'active master:  m1:16000 1717000000000', '0 backup masters', 'master coprocessors: []', `${SERVERS} live servers`];
  for (let s = 0; s < SERVERS; s++) {
    out.push(`    rs${s}.example.com:16020 1717000000000`, '        requestsPerSecond=0.0, numberOfOnlineRegions=100, usedHeapMB=100, maxHeapMB=2048');
    for (let i = s; i < REGIONS; i += SERVERS) {
      out.push(`        "${regions[i]?.name ?? ''}"`);
      out.push(`            numberOfStores=1, numberOfStorefiles=1, storeRefCount=0, storefileUncompressedSizeMB=5, lastMajorCompactionTimestamp=0, storefileSizeMB=${i % 50}, memstoreSizeMB=0, readRequestsCount=${reqBase + i}, writeRequestsCount=${reqBase + 2 * i}, rootIndexSizeKB=1, totalStaticIndexSizeKB=1, totalStaticBloomSizeKB=0, totalCompactingKVs=0, currentCompactedKVs=0, compactionProgressPct=NaN, completeSequenceId=7, dataLocality=1.0`);
    }
  }
  out.push('0 dead servers', '');
  return out.join('\n');
}

function time(label: string, f: () => unknown): void {
  let best = Number.POSITIVE_INFINITY;
  for (let run = 0; run < 3; run++) {
    const start = process.hrtime.bigint();
    f();
    best = Math.min(best, Number(process.hrtime.bigint() - start) / 1e6);
  }
  const perCapture = best / 2;
  console.log(`  ${label.padEnd(20)} ${perCapture.toFixed(1).padStart(8)} ms per capture  ${Math.round(REGIONS / (perCapture / 1000)).toLocaleString('en-US').padStart(12)} regions/s  (best of 3)`);
}

console.log(`load average ${loadavg()[0]?.toFixed(1)} on this machine (figures scale with it)`);
console.log(`${REGIONS} regions on ${SERVERS} RegionServers, 2 captures per run`);
const lr = listRegions('2026-11-30T08:00:00Z', 0) + listRegions('2026-11-30T08:01:00Z', 1000);
const st = statusDetailed('2026-11-30T08:00:00Z', 0) + statusDetailed('2026-11-30T08:01:00Z', 1000);
console.log(`  (${(lr.length / 2 ** 20).toFixed(1)} MiB of list_regions, ${(st.length / 2 ** 20).toFixed(1)} MiB of status 'detailed')`);
time('list_regions', () => parseTextSeries('list-regions', [{ file: 'bench', text: lr, mtimeMs: 0 }]));
time("status 'detailed'", () => parseTextSeries('status-detailed', [{ file: 'bench', text: st, mtimeMs: 0 }], { table: TABLE }));
