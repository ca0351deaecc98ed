// The native collector's costs against the local HBase (src/hbase/native/reader-process.ts, the JVM side's
// RegionLoadReader): time from spawning the JVM to its first reading, and the cost per reading when read once a
// second, as `collect --zk --every 1s` reads: the JVM's CPU seconds (utime + stime of /proc/<pid>/stat, idle time
// between readings included) and its resident memory (VmRSS of /proc/<pid>/status), over N readings of a table of
// 100 regions created for the run (or an existing table, e.g. hbase:meta, with --table). The REST source reads the
// same table in the same ticks as the peer (this Node process's CPU per reading, and its latency).
// Linux only (/proc). Prints "skipped: no HBase at ..." and exits 0 when no HBase answers.
// Usage: npx tsx bench/native-collector.bench.ts [--small] [--table NAME] [--readings N]
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import { jvmCommand, startRegionLoadReader } from '../src/hbase/native/reader-process.js';
import { createRestClient } from '../src/hbase/rest/index.js';
import { createRestSource } from '../src/sources/index.js';
import { benchTableName, hbaseMissing, liveHBase } from './live-hbase.js';

const argv = process.argv.slice(2);
const small = argv.includes('--small');
const option = (name: string): string | undefined => (argv.includes(name) ? argv[argv.indexOf(name) + 1] : undefined);
const REGIONS = small ? 10 : 100;
const READINGS = Number(option('--readings') ?? (small ? 5 : 30));
if (!Number.isInteger(READINGS) || READINGS < 1) throw new Error(`--readings ${option('--readings')}: give a whole number of readings, at least 1`);
const given = option('--table');

const { zk, restUrl } = liveHBase();
const missing = await hbaseMissing(zk, restUrl);
if (missing) {
  console.log(`native collector bench skipped: no HBase at zk ${zk} / ${restUrl} (${missing})`);
  process.exit(0);
}

const ticks = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout?.trim()) || 100;
/** The process's CPU seconds so far (user + system; fields 14 and 15 of /proc/<pid>/stat, in clock ticks). */
function cpuSeconds(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / ticks;
}
/** The process's resident memory, MiB (VmRSS of /proc/<pid>/status). */
function rssMiB(pid: number): number {
  const m = /^VmRSS:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) / 1024 : Number.NaN;
}
const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? Number.NaN;

const load = loadavg()[0] ?? 0;
const client = createRestClient({ baseUrl: restUrl, timeoutMs: 60_000 });
const table = given ?? benchTableName('collector');
let t = performance.now();
const command = jvmCommand();
const commandMs = performance.now() - t;
try {
  let createMs = 0;
  if (!given) {
    const at = performance.now();
    const made = spawnSync(command.java, [...command.args, 'bench/java/SplitTable.java', zk, table, String(REGIONS)], { encoding: 'utf8', timeout: 120_000 });
    if (made.status !== 0 || !made.stdout.includes('created')) throw new Error(`creating ${table}: ${`${made.stderr}`.trim().split('\n').slice(-5).join('\n')}`);
    createMs = performance.now() - at;
  }

  t = performance.now();
  const reader = await startRegionLoadReader({ table, zk, command });
  const readyMs = performance.now() - t;
  try {
    const pid = reader.pid;
    if (pid === undefined) throw new Error('the JVM reader has no pid');
    const first = await reader.read();
    const firstMs = performance.now() - t;
    const startCpu = cpuSeconds(pid);
    const startRss = rssMiB(pid);
    const regions = first.directory.length;

    // The REST source cannot read every table (hbase:meta's region name has no encoded part): then it is left out.
    const rest = createRestSource({ client, table, description: restUrl });
    const restFirst = await rest.snapshot().catch((e: unknown) => (e as Error).message);
    if (typeof restFirst !== 'string' && restFirst.regions.length !== regions) throw new Error(`REST read ${restFirst.regions.length} regions of ${table}, the native client ${regions}`);

    const nativeMs: number[] = [];
    const restMs: number[] = [];
    let restCpuMs = 0;
    let peakRss = startRss;
    const from = performance.now();
    for (let i = 1; i <= READINGS; i++) {
      await sleep(Math.max(0, from + i * 1000 - performance.now()));
      let at = performance.now();
      const reading = await reader.read();
      nativeMs.push(performance.now() - at);
      if (reading.directory.length !== regions) throw new Error(`reading ${i} gave ${reading.directory.length} regions, the first ${regions}`);
      peakRss = Math.max(peakRss, rssMiB(pid));
      if (typeof restFirst === 'string') continue;
      at = performance.now();
      const cpu = process.cpuUsage();
      await rest.snapshot();
      const used = process.cpuUsage(cpu);
      restCpuMs += (used.user + used.system) / 1000;
      restMs.push(performance.now() - at);
    }
    const seconds = (performance.now() - from) / 1000;
    const jvmCpuMs = ((cpuSeconds(pid) - startCpu) * 1000) / READINGS;
    const endRss = rssMiB(pid);

    console.log(`native collector vs REST source: table ${table} (${regions} region${regions === 1 ? '' : 's'}), ${READINGS} readings 1 s apart, zk ${zk} / ${restUrl}; load average ${load.toFixed(1)} on ${cpus().length} cores (times scale with it)`);
    console.log(`  JVM spawn to ready (connected, table found): ${(readyMs / 1000).toFixed(2)} s; to the first reading: ${(firstMs / 1000).toFixed(2)} s (JVM CPU by then ${startCpu.toFixed(2)} s, RSS ${startRss.toFixed(0)} MiB); the build check before it: ${(commandMs / 1000).toFixed(2)} s${given ? '' : `; creating the table took ${(createMs / 1000).toFixed(1)} s`}`);
    console.log(`  native, per reading at 1 s intervals: ${jvmCpuMs.toFixed(1)} ms of JVM CPU (${((100 * jvmCpuMs * READINGS) / (seconds * 1000)).toFixed(1)}% of one core), latency median ${median(nativeMs).toFixed(0)} ms (max ${Math.max(...nativeMs).toFixed(0)}); RSS ${startRss.toFixed(0)} MiB after the first reading, ${endRss.toFixed(0)} MiB at the end (peak ${peakRss.toFixed(0)})`);
    console.log(typeof restFirst === 'string'
      ? `  REST source: not compared (${restFirst})`
      : `  REST source, per reading: ${(restCpuMs / READINGS).toFixed(1)} ms of Node CPU, latency median ${median(restMs).toFixed(0)} ms (max ${Math.max(...restMs).toFixed(0)})`);
  } finally {
    await reader.close();
  }
} finally {
  if (!given) await client.deleteTable(table).catch(() => undefined);
}
