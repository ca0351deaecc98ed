// The key sampler's cost per write (jvm/, hbasehotspot.client.KeySampler), measured with JMH
// (bench/java/KeySamplerJmh.java, built by scripts/jmh.mjs) against the local HBase: an unbatched put through the
// undecorated Table and through the sampled one, and the same put on a no-op Table, plain and sampled. Wall time per
// put is mostly the round trip, so the figures are CPU: the calling thread's (ThreadMXBean), the client JVM's, and
// the sampler's background thread's. Target: the sampler's CPU per write (its extra calling-thread CPU on the
// no-op Table plus its background thread's CPU per kept row; at a put's rate every row is kept) is at most 1% of an
// unbatched put's client CPU: reported against the calling thread's CPU per put (the strict reading) and the whole
// client JVM's (netty's event loops, GC and JIT included).
// Prints "skipped: ..." and exits 0 when no HBase answers, or when the JMH jars cannot be resolved (the reason given).
// Usage: npx tsx bench/key-sampler.bench.ts [--small] [--forks N]
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { createRestClient } from '../src/hbase/rest/index.js';
import { benchTableName, hbaseMissing, liveHBase } from './live-hbase.js';

const argv = process.argv.slice(2);
const small = argv.includes('--small');
const forksAt = argv.indexOf('--forks');
// CI size: one JVM (no fork), one 1 s warm-up and one 1 s measurement per benchmark. Full: forks, longer runs.
const jmhOptions = small
  ? ['-f', '0', '-wi', '1', '-w', '1s', '-i', '1', '-r', '1s']
  : ['-f', forksAt >= 0 ? String(argv[forksAt + 1]) : '1', '-wi', '5', '-w', '4s', '-i', '5', '-r', '4s'];

const { zk, restUrl } = liveHBase();
const missing = await hbaseMissing(zk, restUrl);
if (missing) {
  console.log(`key sampler bench skipped: no HBase at zk ${zk} / ${restUrl} (${missing})`);
  process.exit(0);
}
const build = spawnSync(process.execPath, ['scripts/jmh.mjs'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
if (build.status === 3) {
  console.log(`key sampler bench skipped: ${build.stderr.trim().replace(/^hbase-hotspot: /, '')}`);
  process.exit(0);
}
if (build.status !== 0) {
  process.stderr.write(build.stderr);
  throw new Error(`scripts/jmh.mjs failed (exit ${build.status})`);
}
const { java, args } = JSON.parse(build.stdout.trim()) as { java: string; args: string[] };

interface JmhResult {
  benchmark: string;
  params?: Record<string, string>;
  primaryMetric: { score: number; scoreUnit: string };
  secondaryMetrics: Record<string, { score: number }>;
}

/** Per call of one benchmark: wall ns, and CPU ns of the calling thread, the JVM and the sampler's background thread. */
interface PerCall {
  wallNs: number;
  threadCpuNs: number;
  processCpuNs: number;
  samplerThreadCpuNs: number;
  calls: number;
}

function perCall(results: JmhResult[], name: string, decoration: 'undecorated' | 'sampled'): PerCall {
  const r = results.find((x) => x.benchmark.endsWith(`.${name}`) && x.params?.['decoration'] === decoration);
  if (!r) throw new Error(`JMH gave no result for ${name} (${decoration})`);
  const m = (k: string) => r.secondaryMetrics[k]?.score ?? Number.NaN;
  const calls = m('calls');
  return { wallNs: r.primaryMetric.score, threadCpuNs: m('threadCpuNs') / calls, processCpuNs: m('processCpuNs') / calls, samplerThreadCpuNs: m('samplerThreadCpuNs') / calls, calls };
}

const table = benchTableName('sampler');
const client = createRestClient({ baseUrl: restUrl, timeoutMs: 60_000 });
const dir = mkdtempSync(join(tmpdir(), 'key-sampler-bench-'));
const load = loadavg()[0] ?? 0;
try {
  await client.createTable(table, { columns: [{ name: 'cf' }] });
  const out = join(dir, 'jmh.json');
  const jmh = spawn(java, [...args, 'org.openjdk.jmh.Main', 'hbasehotspot.bench.KeySamplerJmh', ...jmhOptions, '-p', `zk=${zk}`, '-p', `table=${table}`, '-rf', 'json', '-rff', out], { stdio: ['ignore', 'pipe', 'pipe'] });
  let log = '';
  jmh.stdout.on('data', (d: Buffer) => void (log = (log + d.toString()).slice(-6000)));
  jmh.stderr.on('data', (d: Buffer) => void (log = (log + d.toString()).slice(-6000)));
  const code = await new Promise<number | null>((resolve) => jmh.on('exit', resolve));
  if (code !== 0) throw new Error(`JMH exited ${code}:\n${log}`);
  const results = JSON.parse(readFileSync(out, 'utf8')) as JmhResult[];
  const put = perCall(results, 'put', 'undecorated');
  const sampledPut = perCall(results, 'put', 'sampled');
  const noop = perCall(results, 'noopPut', 'undecorated');
  const noopSampled = perCall(results, 'noopPut', 'sampled');

  const callerNs = noopSampled.threadCpuNs - noop.threadCpuNs;
  const writerNs = sampledPut.samplerThreadCpuNs;
  const perWriteNs = Math.max(0, callerNs) + writerNs;
  // A put's CPU falls as the JIT warms up and rises when slow round trips leave it colder; the two put benchmarks ran
  // at different times on a shared machine, so the smaller of their calling-thread figures is the one compared.
  const putThreadNs = Math.min(put.threadCpuNs, sampledPut.threadCpuNs);
  const putProcessNs = Math.min(put.processCpuNs, sampledPut.processCpuNs);
  const us = (ns: number) => `${(ns / 1000).toFixed(1)} µs`;
  console.log(`key sampler, JMH 1.37 (${jmhOptions.join(' ')}), table ${table} via zk ${zk}; load average ${load.toFixed(1)} on ${cpus().length} cores (wall figures scale with it)`);
  console.log(`  unbatched put, undecorated Table: ${us(put.wallNs)} wall, client CPU ${us(put.threadCpuNs)} calling thread, ${us(put.processCpuNs)} whole JVM (${put.calls.toFixed(0)} puts)`);
  console.log(`  unbatched put, sampled Table:     ${us(sampledPut.wallNs)} wall, client CPU ${us(sampledPut.threadCpuNs)} calling thread, ${us(sampledPut.processCpuNs)} whole JVM, ${sampledPut.samplerThreadCpuNs.toFixed(0)} ns sampler background thread (${sampledPut.calls.toFixed(0)} puts)`);
  console.log(`  put on a no-op Table: ${noop.threadCpuNs.toFixed(1)} ns undecorated, ${noopSampled.threadCpuNs.toFixed(1)} ns sampled (calling thread CPU per call)`);
  console.log(`  sampler CPU per write: ${callerNs.toFixed(1)} ns on the calling thread (no-op difference) + ${writerNs.toFixed(0)} ns on its background thread (every put kept at this rate) = ${perWriteNs.toFixed(0)} ns`);
  console.log(`  sampler share of an unbatched put's client CPU (the smaller put figure, ${us(putThreadNs)} calling thread, ${us(putProcessNs)} whole JVM): ${((100 * perWriteNs) / putThreadNs).toFixed(3)}% of the calling thread's, ${((100 * perWriteNs) / putProcessNs).toFixed(3)}% of the whole JVM's (target ≤ 1%)`);
  console.log(`  direct difference, sampled − undecorated put, calling thread CPU: ${((sampledPut.threadCpuNs - put.threadCpuNs) / 1000).toFixed(2)} µs (run-to-run noise at this load is larger than the sampler)`);
} finally {
  await client.deleteTable(table).catch(() => undefined);
  rmSync(dir, { recursive: true, force: true });
}
