// A 1,000-region day in a minute: bench/scenarios/region-day.yaml (1,000 regions on 40 RegionServers, 24 hours at
// 1-minute steps, two designs) simulated and analysed as `simulate --json --record` does it: both designs run and go
// through the hotspot analysis, the --json document is built and serialised, and each design's load series (format
// version 2) and key samples are formatted. Each run is a child process, so its CPU (user + sys, from
// process.resourceUsage) and its peak resident memory (maxRSS) are its own; the peer, measured in the same run, is a
// child that loads the same modules and parses the scenario and does nothing else (the runtime's own share).
// Target: at most 60 s of CPU and 1 GB peak memory on a 2-core machine.
//
// Figures on the 2-core development machine, run through tsx as here, before and after the simulator's memory work
// (load average 17-20 during both runs: other jobs shared the two cores, which inflates CPU seconds too):
//   before: 43.2 s CPU (simulate + analyse 40.5 s, --record text 2.1 s), 1,862 MB peak
//   after:  26.3 s CPU (simulate + analyse 24.4 s, --record text 1.4 s),   883 MB peak (831 MB in another run: the
//           peak moves with when the collector runs)
//   peer (load modules, parse the scenario): 0.5 s CPU, 90 MB
// Same --json and --record bytes before and after, for this scenario, bench/scenarios/record-size.yaml and the case
// study. What remains is mostly one object per region per step: the load series' readings and the analysis's rates
// (about 100 and 200 bytes each), which is what a 10,000-region day still runs into: with --regions 10000
// --servers 400, after, 158 s CPU (simulate + analyse 118 s, --record text 40 s) and 3.9 GB peak.
//
// --small (CI): the scenario's first hour.
// --regions N --servers M: the same day scaled (the hex pre-split and the salt buckets' regions follow N; M servers,
// all there from the start), e.g. --regions 10000 --servers 400 for profiling at ten times the size.
// Usage: npx tsx bench/simulate-day.bench.ts [--small] [--regions N] [--servers M]
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { formatKeySampleLine, formatSeries, SERIES_WRITE_VERSION } from '../src/model/index.js';
import { scenarioJson } from '../src/simulate/json.js';
import { parseScenario } from '../src/simulate/scenario/parse.js';
import type { Scenario } from '../src/simulate/scenario/types.js';
import { simulateScenario } from '../src/simulate/simulate.js';

const TARGET_CPU_S = 60;
const TARGET_PEAK_MB = 1000;
const SALT_BUCKETS = 40;

const argv = process.argv.slice(2);
const option = (name: string): number | undefined => {
  const at = argv.indexOf(name);
  if (at < 0) return undefined;
  const value = Number(argv[at + 1]);
  if (!Number.isInteger(value) || value < 1) throw new Error(`${name} "${argv[at + 1] ?? ''}": give a whole number of at least 1`);
  return value;
};
const small = argv.includes('--small');
const regions = option('--regions');
const servers = option('--servers');
if (regions !== undefined && regions % SALT_BUCKETS !== 0) throw new Error(`--regions ${regions}: give a multiple of ${SALT_BUCKETS} (the salted design's buckets)`);

/** The fixture, cut to its first hour with --small and scaled with --regions / --servers. */
function scenario(): Scenario {
  const file = fileURLToPath(new URL('./scenarios/region-day.yaml', import.meta.url));
  const parsed = parseScenario(readFileSync(file, 'utf8'), 'bench/scenarios/region-day.yaml');
  return {
    ...parsed,
    durationMs: small ? 3_600_000 : parsed.durationMs,
    cluster: { ...parsed.cluster, regionServers: servers ?? parsed.cluster.regionServers },
    table: regions === undefined ? parsed.table : { ...parsed.table, preSplit: { kind: 'algorithm', algorithm: 'hex', regions } },
    designs: parsed.designs.map((d) =>
      regions !== undefined && d.preSplit?.kind === 'salt-buckets' ? { ...d, preSplit: { kind: 'salt-buckets', regionsPerBucket: regions / SALT_BUCKETS } } : d,
    ),
  };
}

/** What a child reports: its own CPU seconds and peak RSS, and what it computed. */
interface ChildReport {
  readonly cpuS: number;
  readonly peakMb: number;
  readonly phases: Record<string, number>;
  readonly designs: readonly string[];
}

function cpuSeconds(): number {
  const u = process.resourceUsage();
  return (u.userCPUTime + u.systemCPUTime) / 1e6;
}

/** Child: loads and parses (the peer), or simulates, analyses and formats everything `simulate --json --record` writes. */
function child(peer: boolean): void {
  const phases: Record<string, number> = {};
  const phase = <T>(name: string, run: () => T): T => {
    const before = cpuSeconds();
    const value = run();
    phases[name] = cpuSeconds() - before;
    return value;
  };
  const sc = scenario();
  const designs: string[] = [];
  if (!peer) {
    const outcome = phase('simulate + analyse', () => simulateScenario(sc));
    const jsonBytes = phase('--json document', () => JSON.stringify(scenarioJson(outcome), null, 2).length);
    const recordBytes = phase('--record text', () =>
      outcome.designs.reduce((n, d) => n + formatSeries(d.run.series, SERIES_WRITE_VERSION).length + d.run.samples.map((s) => `${formatKeySampleLine(s)}\n`).join('').length, 0),
    );
    for (const d of outcome.designs) {
      const snaps = d.run.series.snapshots;
      designs.push(`${d.name}: ${snaps[0]?.regions.length ?? 0} → ${snaps.at(-1)?.regions.length ?? 0} regions, ${d.run.splits.length} splits, ${d.run.moves.length} moves, shape ${d.detection.shape}`);
    }
    designs.push(`--json ${(jsonBytes / 1e6).toFixed(1)} MB, --record ${(recordBytes / 1e6).toFixed(1)} MB of text`);
  }
  const report: ChildReport = { cpuS: cpuSeconds(), peakMb: process.resourceUsage().maxRSS / 1024, phases, designs };
  process.stdout.write(`${JSON.stringify(report)}\n`);
}

function runChild(peer: boolean): ChildReport {
  const args = [...process.execArgv, fileURLToPath(import.meta.url), ...argv, peer ? '--child-peer' : '--child'];
  const result = spawnSync(process.execPath, args, { encoding: 'utf8', maxBuffer: 1 << 20 });
  if (result.status !== 0) throw new Error(`the ${peer ? 'peer' : 'simulation'} child failed (exit ${result.status ?? result.signal}): ${result.stderr}`);
  return JSON.parse(result.stdout.trim().split('\n').at(-1) ?? '{}') as ChildReport;
}

const load = () => loadavg().map((l) => l.toFixed(1)).join(' ');

if (argv.includes('--child') || argv.includes('--child-peer')) child(argv.includes('--child-peer'));
else {
  const sc = scenario();
  const steps = Math.ceil(sc.durationMs / sc.stepMs);
  console.log(`load average ${load()} at the start (CPU seconds suffer less than wall time on a shared machine, but do suffer)`);
  console.log(`${sc.name}${small ? ', first hour' : ''}: ${regions ?? 1000} regions, ${sc.cluster.regionServers} servers, ${steps} steps, ${sc.designs.length} designs`);
  const peer = runChild(true);
  const run = runChild(false);
  for (const line of run.designs) console.log(`  ${line}`);
  console.log(`  CPU by phase: ${Object.entries(run.phases).map(([name, s]) => `${name} ${s.toFixed(1)} s`).join(', ')}`);
  console.log(`peer (load modules + parse): CPU ${peer.cpuS.toFixed(1)} s, peak ${peer.peakMb.toFixed(0)} MB`);
  console.log(`simulation: CPU ${run.cpuS.toFixed(1)} s (user + sys), peak ${run.peakMb.toFixed(0)} MB; load average ${load()} at the end`);
  if (!small && regions === undefined && servers === undefined) {
    console.log(`target: CPU ≤ ${TARGET_CPU_S} s, peak ≤ ${TARGET_PEAK_MB} MB`);
    if (run.cpuS > TARGET_CPU_S || run.peakMb > TARGET_PEAK_MB) process.exitCode = 1;
  }
}
