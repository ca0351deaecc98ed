// Simulation speed and fidelity on the IoT case study (examples/case-study.yaml).
// 1. The full day (4 billion writes, 46,296/s average, 60,000/s peak, 10 + 2 RegionServers) in the aggregated mode,
//    both designs: target under 5 s of CPU for the whole day on one core ("seconds, not hours").
//    Measured (Node 20, 2 cores shared with other jobs at load 5 to 9, which moves CPU times by a quarter; nine runs
//    alternating with the code before): timestamp-first 1.2 to 1.8 s, salted 1.2 to 1.45 s, both 2.5 to 3.3 s with
//    prepareDesigns, against 1.5 to 2.0 s, 1.7 to 2.1 s and 3.4 to 4.2 s before the key sketch merged its sorts, date()
//    wrote its fields in one pass and a step's keys went into one buffer. Counted by valgrind (startup taken off), the
//    salted day runs 11.7 billion instructions against 13.9 before, timestamp-first 10.7 against 10.8. Whole runs of
//    this file: day 2.4 and 3.7 s (3.1 s before); one run is not a measurement at that load.
// 2. One hour at the full 60,000 writes/s (216 million writes per design), with the two servers joining at 30 min and
//    the timestamp-first key splitting, run aggregated and exact (every write generated): reports both times and the
//    largest difference in any server's write share over the run and in any interval's hottest-server share.
//    Target: under 1 percentage point. Measured: server shares within 0.00 pt (timestamp-first) and 0.05 pt (salted),
//    hottest-server share per interval within 0.00 and 0.58 pt; aggregated 0.6 to 0.7 s of CPU, exact 178 and 153 s.
//    With --medium: 0.00 and 0.06 pt, 0.00 and 0.59 pt; aggregated 0.7 to 1.1 s, exact 17 to 21 s.
// --small (CI): 2 hours of the day, and for the comparison 10 minutes at 1,000 writes/s with split sizes scaled down
// (1 MiB flush, 80 MiB max) and the servers joining at 5 minutes.
// --medium: the comparison over 1 hour at 6,000 writes/s with split sizes scaled down tenfold (12.8 MiB flush, 1 GiB
// max), the same dynamics as the full rate at a tenth of the exact run's time.
// Usage: npx tsx bench/simulate.bench.ts [--small | --medium]
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { prepareDesigns } from '../src/simulate/design.js';
import { simulateDesign, type DesignRun } from '../src/simulate/engine.js';
import { parseScenario } from '../src/simulate/scenario/parse.js';
import type { Scenario } from '../src/simulate/scenario/types.js';

const small = process.argv.includes('--small');
const medium = process.argv.includes('--medium');
const caseStudy = parseScenario(readFileSync(new URL('../examples/case-study.yaml', import.meta.url), 'utf8'), 'examples/case-study.yaml');

function timed<T>(run: () => T): { value: T; wallMs: number; cpuMs: number } {
  const wall = performance.now();
  const cpu = process.cpuUsage();
  const value = run();
  return { value, wallMs: performance.now() - wall, cpuMs: process.cpuUsage(cpu).user / 1000 };
}
const secs = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

console.log(`load average ${loadavg().map((l) => l.toFixed(1)).join(' ')} (wall times suffer on a shared machine; CPU times do not)`);

// 1. the day
const dayMs = small ? 2 * 3_600_000 : caseStudy.durationMs;
let dayCpu = 0;
for (const design of prepareDesigns(caseStudy)) {
  const { value: run, wallMs, cpuMs } = timed(() => simulateDesign(caseStudy, design, { durationMs: dayMs }));
  dayCpu += cpuMs;
  const writes = run.serverWrites.reduce((a, b) => a + b, 0);
  console.log(`day, aggregated  ${design.spec.name.padEnd(30)} ${(writes / 1e9).toFixed(2)}e9 writes, ${run.splits.length} splits, ${run.moves.length} moves: wall ${secs(wallMs)}, CPU ${secs(cpuMs)}`);
}
console.log(`day total CPU ${secs(dayCpu)} (target < 5 s)`);

// 2. aggregated vs exact
const compare = small
  ? { label: '10 min at 1,000/s', durationMs: 600_000, joinMs: 300_000, rate: 1000, scale: 128 }
  : medium
    ? { label: '1 h at 6,000/s', durationMs: 3_600_000, joinMs: 1_800_000, rate: 6000, scale: 10 }
    : { label: '1 h at 60,000/s', durationMs: 3_600_000, joinMs: 1_800_000, rate: 60_000, scale: 1 };
const hourAtPeak: Scenario = {
  ...caseStudy,
  durationMs: compare.durationMs,
  stepMs: 60_000,
  cluster: { ...caseStudy.cluster, addServers: [{ atMs: compare.joinMs, count: 2 }] },
  table: { ...caseStudy.table, splitPolicy: { kind: 'stepping', flushSizeBytes: (128 << 20) / compare.scale, maxFileSizeBytes: (10 * 2 ** 30) / compare.scale } },
  workload: { ...caseStudy.workload, writeRatePerSec: compare.rate, peakWriteRatePerSec: undefined as unknown as number, reads: [] },
};
delete (hourAtPeak.workload as { peakWriteRatePerSec?: number }).peakWriteRatePerSec;

const shares = (run: DesignRun) => {
  const total = run.serverWrites.reduce((a, b) => a + b, 0);
  return run.serverWrites.map((w) => w / total);
};
const hottest = (run: DesignRun) => run.steps.map((s) => Math.max(...s.serverWrites) / s.serverWrites.reduce((a, b) => a + b, 0));
// more representatives than the CLI's default: the comparison checks every interval, not just the run's totals
const REPRESENTATIVES = 16_384;
let worst = 0;
for (const design of prepareDesigns(hourAtPeak)) {
  const fast = timed(() => simulateDesign(hourAtPeak, design, { mode: 'aggregated', representatives: REPRESENTATIVES }));
  const exact = timed(() => simulateDesign(hourAtPeak, design, { mode: 'exact' }));
  const a = shares(fast.value);
  const serverDiff = Math.max(...shares(exact.value).map((s, i) => Math.abs(s - (a[i] ?? 0))));
  const h = hottest(fast.value);
  const intervalDiff = Math.max(...hottest(exact.value).map((s, i) => Math.abs(s - (h[i] ?? 0))));
  worst = Math.max(worst, serverDiff, intervalDiff);
  const writes = exact.value.steps.reduce((n, s) => n + s.serverWrites.reduce((x, y) => x + y, 0), 0);
  console.log(
    `${compare.label}  ${design.spec.name.padEnd(30)} ${(writes / 1e6).toFixed(1)}M writes, ` +
      `splits ${fast.value.splits.length} aggregated / ${exact.value.splits.length} exact, servers ${exact.value.servers.length}: ` +
      `aggregated (${REPRESENTATIVES} representatives) wall ${secs(fast.wallMs)} CPU ${secs(fast.cpuMs)}; exact wall ${secs(exact.wallMs)} CPU ${secs(exact.cpuMs)}; ` +
      `max server-share difference ${(serverDiff * 100).toFixed(2)} pt, max interval hottest-share difference ${(intervalDiff * 100).toFixed(2)} pt`,
  );
}
console.log(`largest share difference ${(worst * 100).toFixed(2)} percentage points (target < 1)`);
if (worst >= 0.01) process.exitCode = 1;
