// Detection speed on a recorded day: a table of 64 regions over 12 RegionServers sampled every 10 s for 24 h (8,640
// snapshots, 553k region rows), with one region taking a tail of writes, plus one million key samples. Reports the
// time to write and parse the NDJSON text (format versions 1 and 2), to compute rates, and to run detection with and
// without samples.
// Target: a recorded day parses and analyses in under 5 s (a collector's whole day is one command, not a wait).
// Usage: npx tsx bench/detect.bench.ts [--small]
import { loadavg } from 'node:os';
import { detectHotspots } from '../src/analysis/detect/index.js';
import { type KeySample, type LoadSeries, type LoadSnapshot, computeRates, formatLoadSeries, formatSeries, parseLoadSeries } from '../src/model/index.js';

const small = process.argv.includes('--small');
const snapshots = small ? 360 : 8640;
const sampleCount = small ? 50_000 : 1_000_000;
const REGIONS = 64;
const SERVERS = 12;
const enc = new TextEncoder();
const hex = (i: number) => (i * Math.floor(0xffffffff / REGIONS)).toString(16).padStart(8, '0');

const counters = new Float64Array(REGIONS);
const snaps: LoadSnapshot[] = [];
for (let s = 0; s < snapshots; s++) {
  for (let r = 0; r < REGIONS; r++) counters[r] = (counters[r] as number) + (r === 9 ? 450_000 : 2_000 + ((r * 7919 + s) % 500));
  snaps.push({
    timeMs: 1717200000000 + s * 10_000,
    table: 'sensor',
    regions: Array.from({ length: REGIONS }, (_, r) => ({
      name: `sensor,${r ? hex(r) : ''},1717000000000.${String(r).padStart(32, '0')}.`,
      encodedName: String(r).padStart(32, '0'),
      startKey: r ? enc.encode(hex(r)) : new Uint8Array(),
      endKey: r < REGIONS - 1 ? enc.encode(hex(r + 1)) : new Uint8Array(),
      server: `rs${r % SERVERS}.example.com,16020,1717000000000`,
      readRequests: Math.floor((counters[r] as number) / 10),
      writeRequests: counters[r] as number,
      requests: Math.floor((counters[r] as number) / 10) + (counters[r] as number),
      storeSizeBytes: (counters[r] as number) * 200,
    })),
  });
}
const series: LoadSeries = { table: 'sensor', source: { kind: 'recorded', intervalMs: 10_000 }, snapshots: snaps };
const samples: KeySample[] = Array.from({ length: sampleCount }, (_, i) => ({
  timeMs: 1717200000000 + Math.floor((i / sampleCount) * snapshots * 10_000),
  key: enc.encode(`${hex(9)}${String(1717200000000 + i).padStart(16, '0')}`),
  op: 'write',
}));

function time<T>(label: string, f: () => T): T {
  const start = process.hrtime.bigint();
  const out = f();
  console.log(`  ${label.padEnd(34)} ${(Number(process.hrtime.bigint() - start) / 1e6).toFixed(0).padStart(6)} ms`);
  return out;
}

console.log(`load average ${loadavg()[0]?.toFixed(1)} on this machine (figures scale with it)`);
console.log(`${snapshots} snapshots × ${REGIONS} regions on ${SERVERS} servers, ${sampleCount} key samples`);
const text = time('format NDJSON', () => formatLoadSeries(series));
console.log(`  (${(text.length / 2 ** 20).toFixed(1)} MiB)`);
time('parse NDJSON', () => parseLoadSeries(text, 'bench'));
const v2 = time('format NDJSON, version 2', () => formatSeries(series, 2));
console.log(`  (${(v2.length / 2 ** 20).toFixed(1)} MiB)`);
time('parse NDJSON, version 2', () => parseLoadSeries(v2, 'bench v2'));
time('rates', () => computeRates(series));
const plain = time('detect (region history)', () => detectHotspots(series));
const sampled = time('detect (with key samples)', () => detectHotspots(series, { samples }));
console.log(`  verdicts: ${plain.shape} by ${plain.decidedBy}; ${sampled.shape} by ${sampled.decidedBy}`);
