// Balancer what-if speed: the greedy move search (`balancerWhatIf`) beside a Java version of the same search
// (bench/java/BalancerWhatIfBench.java: the same incremental cost state, candidate order and strictly-lower rule), run
// in the same process tree one after the other on the same cluster, written to a temporary file the Java side reads.
// Both report the best of their timed rounds after warm-up rounds, wall and CPU time (ours: the whole Node process,
// garbage collection included; Java's: the searching thread); the load average is printed before and after each size.
// Both must find the same moves at the same costs, to the bit: the run fails otherwise. The Java side leaves out the
// needsBalance gate (every table here needs balancing) and the final full cost evaluation (one pass over the regions).
// Sizes: 200 regions / 20 servers, 800 / 40 (target: within 2x of Java) and 10,000 / 500 (reported); `--small`:
// 40 / 8 and 200 / 20. Each table has two hot regions sharing a server and request weights raised to 500, so the
// search has work to do; each step evaluates every region on every other server.
// Beside them, one full cost evaluation (`balancerCost`) and the swap search (`balancerSwapWhatIf`, every pair of
// regions on two servers per step) up to 800 regions.
// Usage: npx tsx bench/balancer.bench.ts [--small]   (needs `java` 17+ on the PATH for the Java figures)
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEFAULT_MULTIPLIERS, balancerCost, balancerSwapWhatIf, balancerWhatIf, type BalancerCluster, type BalancerMultipliers } from '../src/fix/balancer/index.js';

const small = process.argv.includes('--small');
const SIZES: readonly { regions: number; servers: number; warmUp: number; rounds: number; target?: number; /** also time one full cost evaluation and the swap search */ swaps: boolean }[] = small
  ? [{ regions: 40, servers: 8, warmUp: 3, rounds: 5, swaps: true }, { regions: 200, servers: 20, warmUp: 2, rounds: 3, swaps: true }]
  : [
    { regions: 200, servers: 20, warmUp: 20, rounds: 10, swaps: true },
    { regions: 800, servers: 40, warmUp: 20, rounds: 10, target: 2, swaps: true },
    { regions: 10_000, servers: 500, warmUp: 1, rounds: 2, swaps: false },
  ];
const MULTIPLIERS: BalancerMultipliers = { ...DEFAULT_MULTIPLIERS, readRequestCost: 500, writeRequestCost: 500 };
const MAX_MOVES = 20;

/**
 * Regions spread round-robin, the first two (hot: 20,000 writes per report, or 100 per region of the table above 1,000
 * regions, so that the 10,000-region table needs balancing too) on the first server.
 */
function makeCluster(regions: number, servers: number): BalancerCluster {
  const hot = regions > 1000 ? 100 * regions : 20_000;
  return {
    servers: Array.from({ length: servers }, (_, i) => `rs${i}.example.com,16020,1`),
    regions: Array.from({ length: regions }, (_, r) => ({
      encodedName: String(r).padStart(32, '0'),
      server: r < 2 ? 0 : r % servers,
      readsPerReport: 100 + (r % 7) * 10,
      writesPerReport: r < 2 ? hot : 300 + (r % 5) * 50,
      storeFileMB: 1000 + (r % 11) * 100,
      memStoreMB: 0,
    })),
  };
}

/** The cluster in the Java peer's text format (numbers as JavaScript prints them: shortest round-trip decimals). */
function clusterFile(cluster: BalancerCluster, m: BalancerMultipliers): string {
  const weights = [m.regionCountCost, m.tableSkewCost, m.readRequestCost, m.writeRequestCost, m.memstoreSizeCost, m.storefileSizeCost, m.moveCost, m.localityCost, m.rackLocalityCost];
  const lines = [`${cluster.servers.length} ${cluster.regions.length} ${MAX_MOVES}`, weights.join(' ')];
  for (const r of cluster.regions) lines.push(`${r.server} ${r.readsPerReport} ${r.writesPerReport} ${r.storeFileMB} ${r.memStoreMB}`);
  return `${lines.join('\n')}\n`;
}

const bits = new DataView(new ArrayBuffer(8));
/** A double's bit pattern in hex, as Java's `Long.toHexString(Double.doubleToLongBits(x))` prints it. */
function hexBits(x: number): string {
  bits.setFloat64(0, x);
  return bits.getBigUint64(0).toString(16);
}

interface Timing { bestMs: number; bestCpuMs: number; moves: string }

function timeNode(cluster: BalancerCluster, warmUp: number, rounds: number): Timing {
  const index = new Map(cluster.regions.map((r, i) => [r.encodedName, i]));
  const search = () => balancerWhatIf(cluster, MULTIPLIERS, MAX_MOVES).moves
    .map((m) => `${index.get(m.encodedName)}>${cluster.servers.indexOf(m.to)}@${hexBits(m.weightedCostAfter)}`).join(',');
  let moves = '';
  for (let i = 0; i < warmUp; i++) moves = search();
  let bestMs = Infinity;
  let bestCpuMs = Infinity;
  for (let i = 0; i < rounds; i++) {
    const cpu = process.cpuUsage();
    const start = performance.now();
    const found = search();
    const wall = performance.now() - start;
    const used = process.cpuUsage(cpu);
    if (found !== moves) throw new Error(`the search found other moves in round ${i}`);
    bestMs = Math.min(bestMs, wall);
    bestCpuMs = Math.min(bestCpuMs, (used.user + used.system) / 1000);
  }
  return { bestMs, bestCpuMs, moves };
}

function timeJava(file: string, warmUp: number, rounds: number): Timing | string {
  const source = fileURLToPath(new URL('./java/BalancerWhatIfBench.java', import.meta.url));
  const result = spawnSync('java', ['-Xmx1g', source, file, String(warmUp), String(rounds)], { encoding: 'utf8' });
  if (result.error) return `java not run (${result.error.message})`;
  if (result.status !== 0) return `java failed (exit ${result.status}): ${result.stderr.trim().split('\n')[0] ?? ''}`;
  return JSON.parse(result.stdout.trim().split('\n').at(-1) ?? '{}') as Timing;
}

const load = () => loadavg().map((x) => x.toFixed(1)).join(' ');
const ms = (x: number) => (x >= 1000 ? `${(x / 1000).toFixed(2)} s` : `${x.toFixed(1)} ms`);
const dir = mkdtempSync(join(tmpdir(), 'balancer-bench-'));
let failed = false;
try {
  for (const size of SIZES) {
    const cluster = makeCluster(size.regions, size.servers);
    console.log(`balancer what-if, ${size.regions.toLocaleString('en')} regions over ${size.servers} servers (load average ${load()})`);
    if (size.swaps) {
      let t = performance.now();
      const costRounds = 200;
      for (let i = 0; i < costRounds; i++) balancerCost(cluster);
      console.log(`  one full cost evaluation: ${((performance.now() - t) / costRounds).toFixed(3)} ms`);
      t = performance.now();
      const sw = balancerSwapWhatIf(cluster, MULTIPLIERS);
      console.log(`  swap search: ${sw.swaps.length} swap(s) in ${ms(performance.now() - t)}, cost ${sw.current.weightedCost.toFixed(2)} → ${sw.after.weightedCost.toFixed(2)}`);
    }
    // the Java peer runs the search without the needsBalance gate: every table here must pass it
    if (!balancerCost(cluster, MULTIPLIERS).needsBalance) throw new Error(`the ${size.regions}-region table does not need balancing`);
    const node = timeNode(cluster, size.warmUp, size.rounds);
    const moves = node.moves === '' ? 0 : node.moves.split(',').length;
    console.log(`  move search, node: ${moves} move(s), best of ${size.rounds} ${ms(node.bestMs)} wall, ${ms(node.bestCpuMs)} CPU`);
    const file = join(dir, `cluster-${size.regions}.txt`);
    writeFileSync(file, clusterFile(cluster, MULTIPLIERS));
    const java = timeJava(file, size.warmUp, size.rounds);
    if (typeof java === 'string') {
      console.log(`  move search, Java: ${java}`);
      continue;
    }
    console.log(`  move search, Java: best of ${size.rounds} ${ms(java.bestMs)} wall, ${ms(java.bestCpuMs)} CPU (searching thread)`);
    if (java.moves !== node.moves) {
      console.error(`  node and Java found different moves:\n    node ${node.moves}\n    java ${java.moves}`);
      failed = true;
    }
    const ratio = node.bestCpuMs / java.bestCpuMs;
    const verdict = size.target === undefined ? '' : ratio <= size.target ? ` (target ≤ ${size.target}x: met)` : ` (target ≤ ${size.target}x: MISSED)`;
    console.log(`  node / Java: ${ratio.toFixed(2)}x CPU, ${(node.bestMs / java.bestMs).toFixed(2)}x wall${verdict}; same moves and costs: ${java.moves === node.moves ? 'yes' : 'NO'} (load average ${load()})`);
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
if (failed) process.exitCode = 1;
