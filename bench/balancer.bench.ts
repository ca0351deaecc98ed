// Balancer what-if speed: the StochasticLoadBalancer cost of a placement and the greedy move search on a table of
// 200 regions over 20 RegionServers (small: 40 over 8), two hot regions sharing a server, request weights raised so
// the search has work to do. Each search step evaluates every region on every other server.
// The swap search beside it (every pair of regions on two servers per step, ranked on the costs a swap can change)
// is measured in the same run, with the move search as its peer.
// Target: the what-if of a 200-region table answers in under 10 s (it runs inside `fix plan` and `fix balancer`), and
// so does the swap search.
// Usage: npx tsx bench/balancer.bench.ts [--small]
import { loadavg } from 'node:os';
import { DEFAULT_MULTIPLIERS, balancerCost, balancerSwapWhatIf, balancerWhatIf, type BalancerCluster } from '../src/fix/balancer/index.js';

const small = process.argv.includes('--small');
const REGIONS = small ? 40 : 200;
const SERVERS = small ? 8 : 20;
const cluster: BalancerCluster = {
  servers: Array.from({ length: SERVERS }, (_, i) => `rs${i}.example.com,16020,1`),
  regions: Array.from({ length: REGIONS }, (_, r) => ({
    encodedName: String(r).padStart(32, '0'),
    server: r < 2 ? 0 : r % SERVERS,
    readsPerReport: 100 + (r % 7) * 10,
    writesPerReport: r < 2 ? 20_000 : 300 + (r % 5) * 50,
    storeFileMB: 1000 + (r % 11) * 100,
    memStoreMB: 0,
  })),
};

let t = performance.now();
const rounds = small ? 200 : 1000;
for (let i = 0; i < rounds; i++) balancerCost(cluster);
const costMs = (performance.now() - t) / rounds;
t = performance.now();
const w = balancerWhatIf(cluster, { ...DEFAULT_MULTIPLIERS, readRequestCost: 500, writeRequestCost: 500 });
const searchMs = performance.now() - t;
console.log(`balancer what-if, ${REGIONS} regions over ${SERVERS} servers (load average ${loadavg()[0]!.toFixed(1)})`);
console.log(`  one cost evaluation: ${costMs.toFixed(3)} ms`);
console.log(`  greedy search: ${w.moves.length} move(s) in ${(searchMs / 1000).toFixed(2)} s, cost ${w.current.weightedCost.toFixed(2)} → ${w.after.weightedCost.toFixed(2)}`);
t = performance.now();
const sw = balancerSwapWhatIf(cluster, { ...DEFAULT_MULTIPLIERS, readRequestCost: 500, writeRequestCost: 500 });
const swapMs = performance.now() - t;
console.log(`  swap search: ${sw.swaps.length} swap(s) in ${(swapMs / 1000).toFixed(2)} s, cost ${sw.current.weightedCost.toFixed(2)} → ${sw.after.weightedCost.toFixed(2)}`);
