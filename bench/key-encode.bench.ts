// Keys encoded per second (to bytes) for {salt(deviceId,16)}_{deviceId}_{reverseTs(ts)}, side by side with a
// hand-written Java encoder of the same key (bench/java/KeyEncodeBench.java) run in the same go. Both sides build the
// same records first, produce a fresh byte array per key, and report the best of 3 rounds after a warm-up; a checksum
// over every key shows both wrote identical bytes. Target: at least as fast as the Java.
// Usage: npx tsx bench/key-encode.bench.ts [--small] [--records N]
import { spawnSync } from 'node:child_process';
import { javaBytesHashCode } from '../src/bytes/index.js';
import { compileTemplate } from '../src/keys/template/index.js';

const argv = process.argv.slice(2);
const countArg = argv.indexOf('--records');
const n = countArg >= 0 ? Number(argv[countArg + 1]) : argv.includes('--small') ? 20_000 : 1_000_000;
const TEMPLATE = '{salt(deviceId,16)}_{deviceId}_{reverseTs(ts)}';

const records = Array.from({ length: n }, (_, i) => ({ deviceId: `sensor-${i}`, ts: 1709856000000 + ((i * 7919) % 86400000) }));
const template = compileTemplate(TEMPLATE);

// Every key is used (length and last byte summed, as the Java side does), so no encode can be optimised away.
// Keys per second of wall-clock time, and per second of the process's CPU time (every thread, garbage collection
// included): on a machine shared with other work the CPU figure is the steadier comparison.
let sink = 0;
let best = 0;
let bestCpu = 0;
for (let round = -1; round < 3; round++) {
  const start = process.hrtime.bigint();
  const cpu = process.cpuUsage();
  for (let i = 0; i < n; i++) {
    const key = template.encode(records[i] as (typeof records)[number]);
    sink += key.length + ((key[key.length - 1] as number) << 24 >> 24);
  }
  const perSec = n / (Number(process.hrtime.bigint() - start) / 1e9);
  const used = process.cpuUsage(cpu);
  const perCpuSec = n / ((used.user + used.system) / 1e6);
  if (round >= 0 && perSec > best) best = perSec;
  if (round >= 0 && perCpuSec > bestCpu) bestCpu = perCpuSec;
}
// Checksum in a separate pass: Java's Arrays.hashCode of every key folded with 31 * h.
let checksum = 0;
for (const r of records) checksum = (Math.imul(checksum, 31) + javaBytesHashCode(template.encode(r))) | 0;

const fmt = (x: number) => `${(x / 1e6).toFixed(2)}M keys/s`;
console.log(`template ${TEMPLATE}, ${n} records, best of 3 rounds after a warm-up`);
console.log(`  TypeScript: ${fmt(best)} (${fmt(bestCpu)} of CPU time)  checksum ${checksum}`);

const java = spawnSync('java', ['bench/java/KeyEncodeBench.java', String(n)], { encoding: 'utf8' });
if (java.error || java.status !== 0) {
  console.log(`  Java: not run (${java.error?.message ?? java.stderr.trim()})`);
} else {
  const out = JSON.parse(java.stdout) as { keysPerSec: number; keysPerCpuSec: number; checksum: number; sink: number; sample: string };
  console.log(`  Java:       ${fmt(out.keysPerSec)} (${fmt(out.keysPerCpuSec)} of CPU time)  checksum ${out.checksum}`);
  console.log(`  ratio TypeScript / Java: ${(best / out.keysPerSec).toFixed(2)} wall-clock, ${(bestCpu / out.keysPerCpuSec).toFixed(2)} CPU time`);
  if (out.checksum !== checksum || out.sink !== sink) {
    console.error(`  MISMATCH: the two encoders wrote different bytes (Java's last key: ${out.sample})`);
    process.exitCode = 1;
  }
}
