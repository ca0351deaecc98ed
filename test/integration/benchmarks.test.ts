// The benchmarks that need a running HBase, at CI size, while the integration suite's HBase is up (the `npm test`
// benchmark step runs after the suite has stopped it, where they say they were skipped): bench/native-collector.bench.ts
// (JVM start to first reading, CPU and memory per reading at 1 s intervals, beside the REST source),
// bench/key-sampler.bench.ts (the key sampler's CPU per write against an unbatched put, with JMH) and
// bench/backfill-mapreduce.bench.ts (the MapReduce backfill beside the REST one: rows/s, CPU-s per million rows, peak
// memory). Each runs as a child
// process with a time limit; the test checks that it printed its figures (numbers present and finite), so neither rots.
// When the JMH jars cannot be resolved (no Maven registry), the key sampler part says why and is skipped.
import { spawn } from 'node:child_process';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { hbaseEnv } from './hbase-env.js';

const env = hbaseEnv();
const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** Runs `npx tsx bench/<file> --small`; resolves with its exit code and output, killing it after `limitMs`. */
function runBench(file: string, limitMs: number): Promise<{ code: number | null; out: string }> {
  return new Promise((done) => {
    const child = spawn('npx', ['tsx', join('bench', file), '--small'], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    let out = '';
    child.stdout.on('data', (d: Buffer) => void (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => void (out += d.toString()));
    const timer = setTimeout(() => {
      out += `\n(killed after ${limitMs / 1000} s)`;
      if (child.pid !== undefined) process.kill(-child.pid, 'SIGKILL');
    }, limitMs);
    child.on('exit', (code) => {
      clearTimeout(timer);
      done({ code, out });
    });
  });
}

/** The numbers captured by `pattern` in `text`, each asserted to be a finite number. */
function figures(text: string, pattern: RegExp): number[] {
  const m = pattern.exec(text);
  expect(m, `${pattern} in:\n${text}`).not.toBeNull();
  const values = (m as RegExpExecArray).slice(1).map(Number);
  for (const v of values) expect(Number.isFinite(v), `${pattern}: ${String(values)}`).toBe(true);
  return values;
}

describe.skipIf(!env.available)('benchmarks against the running HBase (CI size)', () => {
  it('native collector: JVM start to first reading, CPU and memory per reading, beside the REST source', async () => {
    const { code, out } = await runBench('native-collector.bench.ts', 150_000);
    console.log(out.trim());
    expect(code, out).toBe(0);
    const [ready, first, startCpu, startRss] = figures(out, /JVM spawn to ready[^:]*: ([\d.]+) s; to the first reading: ([\d.]+) s \(JVM CPU by then ([\d.]+) s, RSS (\d+) MiB\)/);
    expect(first).toBeGreaterThanOrEqual(ready as number);
    expect(startCpu).toBeGreaterThan(0);
    expect(startRss).toBeGreaterThan(0);
    const [cpuMs, core, latency, , rssEnd] = figures(out, /native, per reading at 1 s intervals: ([\d.]+) ms of JVM CPU \(([\d.]+)% of one core\), latency median (\d+) ms \(max (\d+)\); RSS \d+ MiB after the first reading, (\d+) MiB/);
    expect(cpuMs).toBeGreaterThanOrEqual(0);
    expect(core).toBeLessThan(100 * 4);
    expect(latency).toBeGreaterThan(0);
    expect(rssEnd).toBeGreaterThan(0);
    figures(out, /REST source, per reading: ([\d.]+) ms of Node CPU, latency median (\d+) ms/);
  }, 180_000);

  it('key sampler: its CPU per write against an unbatched put\'s client CPU (JMH)', async () => {
    const { code, out } = await runBench('key-sampler.bench.ts', 240_000);
    console.log(out.trim());
    expect(code, out).toBe(0);
    const unavailable = /key sampler bench skipped: (JMH not available: .*)/.exec(out);
    if (unavailable) {
      console.warn(`SKIPPED the key sampler benchmark: ${unavailable[1]}`);
      return;
    }
    const [putCpuUs] = figures(out, /unbatched put, undecorated Table: [\d.]+ µs wall, client CPU ([\d.]+) µs calling thread/);
    expect(putCpuUs).toBeGreaterThan(0);
    figures(out, /put on a no-op Table: (-?[\d.]+) ns undecorated, (-?[\d.]+) ns sampled/);
    const [callerNs, writerNs, perWriteNs] = figures(out, /sampler CPU per write: (-?[\d.]+) ns on the calling thread .* \+ ([\d.]+) ns on its background thread .* = ([\d.]+) ns/);
    expect(perWriteNs).toBeCloseTo(Math.max(0, callerNs as number) + (writerNs as number), -1);
    const [shareOfThread, shareOfJvm] = figures(out, /sampler share of an unbatched put's client CPU \(the smaller put figure[^)]*\): ([\d.]+)% of the calling thread's, ([\d.]+)% of the whole JVM's/);
    expect(shareOfThread).toBeGreaterThanOrEqual(0);
    expect(shareOfJvm).toBeGreaterThanOrEqual(0);
  }, 270_000);

  it('backfill engines: the MapReduce job beside the REST backfill, rows/s, CPU-seconds per million rows, peak memory', async () => {
    const { code, out } = await runBench('backfill-mapreduce.bench.ts', 300_000);
    console.log(out.trim());
    expect(code, out).toBe(0);
    const skipped = /MapReduce backfill bench skipped: (no javac.*|no \/usr\/bin\/time.*)/.exec(out);
    if (skipped) {
      console.warn(`SKIPPED the MapReduce backfill benchmark: ${skipped[1]}`);
      return;
    }
    figures(out, /backfill engines, (\d+) rows × 2 cells .*\(load average ([\d.]+)/);
    const [mrRate, mrWall, jobRate, mrCpu, mrPeak] = figures(out, /mapreduce: (\d+) rows\/s over the command \(([\d.]+) s\), (\d+) rows\/s in the job; ([\d.]+) CPU-s per million rows; peak memory (\d+) MiB/);
    const [restRate, restWall, restCpu, restPeak] = figures(out, /rest: (\d+) rows\/s over the command \(([\d.]+) s\); ([\d.]+) CPU-s per million rows; peak memory (\d+) MiB/);
    for (const v of [mrRate, mrWall, mrCpu, mrPeak, restRate, restWall, restCpu, restPeak]) expect(v).toBeGreaterThan(0);
    // The job's own rate leaves out the JVM start and connection, so it is at least the command's.
    expect(jobRate).toBeGreaterThanOrEqual(mrRate as number);
  }, 330_000);
});
