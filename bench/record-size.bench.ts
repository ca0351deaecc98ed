// Recording size: the bytes `simulate --record` writes per region per snapshot per design, in load-series format
// version 1 (as it wrote before) and version 2 (as it writes now), plain and gzip, for bench/scenarios/record-size.yaml:
// 1,000 regions on 36 + 4 RegionServers for one day at 1-minute steps, two designs, with splits (the timestamp-first
// tail) and moves (the balancer). Everything `--record` writes counts: both designs' series and key samples. The figure
// is total bytes / (Σ over designs and snapshots of the regions in the snapshot). Target: version 2 at most 27.8 bytes
// (a tenth of version 1's ~278 per region per snapshot of series alone).
// --small (CI): the scenario's first hour.
// Usage: npx tsx bench/record-size.bench.ts [--small]
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { constants, createGzip, gzipSync } from 'node:zlib';
import { formatKeySampleLine, formatSeries, formatSeriesHeader, formatSnapshotLine, type LoadSeries } from '../src/model/index.js';
import { prepareDesigns } from '../src/simulate/design.js';
import { simulateDesign } from '../src/simulate/engine.js';
import { parseScenario } from '../src/simulate/scenario/parse.js';

const TARGET = 27.8;
const small = process.argv.includes('--small');
const file = new URL('./scenarios/record-size.yaml', import.meta.url);
const parsed = parseScenario(readFileSync(file, 'utf8'), 'bench/scenarios/record-size.yaml');
const scenario = small ? { ...parsed, durationMs: 3_600_000 } : parsed;

/** Plain and gzip byte counts of text handed over in pieces (version 1 of a day is too long for one string). */
async function sizes(pieces: Iterable<string>): Promise<{ plain: number; gzip: number }> {
  const gz = createGzip({ level: constants.Z_DEFAULT_COMPRESSION });
  let gzip = 0;
  gz.on('data', (chunk: Buffer) => void (gzip += chunk.length));
  const done = new Promise((resolve) => gz.on('end', resolve));
  let plain = 0;
  for (const piece of pieces) {
    const bytes = Buffer.from(piece, 'utf8');
    plain += bytes.length;
    if (!gz.write(bytes)) await new Promise((resolve) => gz.once('drain', resolve));
  }
  gz.end();
  await done;
  return { plain, gzip };
}

function* v1Lines(series: LoadSeries): Generator<string> {
  yield `${formatSeriesHeader(series)}\n`;
  for (const s of series.snapshots) yield `${formatSnapshotLine(s)}\n`;
}

console.log(`load average ${loadavg().map((l) => l.toFixed(1)).join(' ')}`);
console.log(`${scenario.name}${small ? ' (first hour)' : ''}`);
const totals = { v1: 0, v1gz: 0, v2: 0, v2gz: 0, regionSnapshots: 0 };
for (const design of prepareDesigns(scenario)) {
  const started = performance.now();
  const run = simulateDesign(scenario, design);
  const simulatedMs = performance.now() - started;
  const regionSnapshots = run.series.snapshots.reduce((n, s) => n + s.regions.length, 0);
  const samplesText = run.samples.map((s) => `${formatKeySampleLine(s)}\n`).join('');
  const samples = { plain: Buffer.byteLength(samplesText), gzip: gzipSync(samplesText).length };
  const v1 = await sizes(v1Lines(run.series));
  const v2Text = formatSeries(run.series, 2);
  const v2 = { plain: Buffer.byteLength(v2Text), gzip: gzipSync(v2Text).length };
  const per = (bytes: number) => (bytes / regionSnapshots).toFixed(1);
  const regions = run.series.snapshots.map((s) => s.regions.length);
  console.log(
    `${design.spec.name.padEnd(28)} ${run.series.snapshots.length} snapshots, ${Math.min(...regions)}-${Math.max(...regions)} regions, ${run.splits.length} splits, ${run.moves.length} moves, ` +
      `${run.samples.length} key samples (simulated in ${(simulatedMs / 1000).toFixed(1)} s)`,
  );
  console.log(
    `  bytes per region per snapshot: v1 ${per(v1.plain + samples.plain)} (gzip ${per(v1.gzip + samples.gzip)}), ` +
      `v2 ${per(v2.plain + samples.plain)} (gzip ${per(v2.gzip + samples.gzip)}); of which key samples ${per(samples.plain)} (gzip ${per(samples.gzip)})`,
  );
  totals.v1 += v1.plain + samples.plain;
  totals.v1gz += v1.gzip + samples.gzip;
  totals.v2 += v2.plain + samples.plain;
  totals.v2gz += v2.gzip + samples.gzip;
  totals.regionSnapshots += regionSnapshots;
}
const per = (bytes: number) => bytes / totals.regionSnapshots;
const mb = (bytes: number) => `${(bytes / 1e6).toFixed(1)} MB`;
console.log(
  `everything --record writes, per region per snapshot per design: v1 ${per(totals.v1).toFixed(1)} bytes (${mb(totals.v1)}), v1 gzip ${per(totals.v1gz).toFixed(1)} (${mb(totals.v1gz)}); ` +
    `v2 ${per(totals.v2).toFixed(1)} (${mb(totals.v2)}), v2 gzip (--gzip) ${per(totals.v2gz).toFixed(1)} (${mb(totals.v2gz)}); target v2 ≤ ${TARGET}`,
);
if (per(totals.v2) > TARGET) process.exitCode = 1;
