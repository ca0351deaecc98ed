// Keys encoded per second (to bytes) for {salt(deviceId,16)}_{deviceId}_{reverseTs(ts)}, side by side with a
// hand-written Java encoder of the same key (bench/java/KeyEncodeBench.java) in one run. Both sides build the same
// records first, produce a fresh byte array per key, and report the best of 3 rounds after 3 warm-up rounds; the rounds
// alternate between the two sides so both see the same machine load. A checksum over every key shows both wrote
// identical bytes. Target: at least as fast as the Java. CPU time is the steadier figure on a shared machine: ours is
// the whole Node process (garbage collection included), Java's is its encoding thread alone (its collector left out).
// Java's device ids are built again before each timed round (a String caches its hashCode, and a writer's records are
// new strings), so both sides compute the salt's hash for every key.
// Usage: npx tsx bench/key-encode.bench.ts [--small] [--records N]
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { javaBytesHashCode } from '../src/bytes/index.js';
import { compileTemplate } from '../src/keys/template/index.js';

interface Round {
  keysPerSec: number;
  keysPerCpuSec: number;
}

const argv = process.argv.slice(2);
const countArg = argv.indexOf('--records');
const n = countArg >= 0 ? Number(argv[countArg + 1]) : argv.includes('--small') ? 20_000 : 1_000_000;
const TEMPLATE = '{salt(deviceId,16)}_{deviceId}_{reverseTs(ts)}';

/** Starts the Java side; resolves once it has built its records and run its warm-up, or to a reason it cannot run. */
async function startJava(): Promise<{ ask(line: string): Promise<string> } | string> {
  const child = spawn('java', ['-Xms1g', '-Xmx1g', '-XX:+AlwaysPreTouch', 'bench/java/KeyEncodeBench.java', String(n)], { stdio: ['pipe', 'pipe', 'pipe'] });
  const lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
  let stderr = '';
  child.stderr.on('data', (d: Buffer) => void (stderr += d.toString()));
  const failed = new Promise<string>((resolve) => {
    child.on('error', (err) => resolve(err.message));
    child.on('exit', (code) => resolve(`exit ${code}: ${stderr.trim()}`));
  });
  const next = async () => (await lines.next()).value as string | undefined;
  const ready = await Promise.race([next(), failed]);
  if (ready !== 'ready') return ready ?? 'no output';
  return {
    async ask(line) {
      child.stdin.write(`${line}\n`);
      return (await next()) ?? '';
    },
  };
}

// The records as they reach the encoder from an NDJSON file (`key encode --records`): parsed from JSON text.
const ndjson = Array.from({ length: n }, (_, i) => JSON.stringify({ deviceId: `sensor-${i}`, ts: 1709856000000 + ((i * 7919) % 86400000) }));
const records = ndjson.map((line) => JSON.parse(line) as { deviceId: string; ts: number });
const template = compileTemplate(TEMPLATE);

// Every key is used (length and last byte summed, as the Java side does), so no encode can be optimised away.
let sink = 0;
function round(): Round {
  const start = process.hrtime.bigint();
  const cpu = process.cpuUsage();
  for (let i = 0; i < n; i++) {
    const key = template.encode(records[i] as (typeof records)[number]);
    sink += key.length + (((key[key.length - 1] as number) << 24) >> 24);
  }
  const used = process.cpuUsage(cpu);
  return { keysPerSec: n / (Number(process.hrtime.bigint() - start) / 1e9), keysPerCpuSec: n / ((used.user + used.system) / 1e6) };
}
const best = (rounds: Round[]): Round => ({
  keysPerSec: Math.max(...rounds.map((r) => r.keysPerSec)),
  keysPerCpuSec: Math.max(...rounds.map((r) => r.keysPerCpuSec)),
});

const java = await startJava();
for (let w = 0; w < 3; w++) round();
const ours: Round[] = [];
const theirs: Round[] = [];
for (let i = 0; i < 3; i++) {
  ours.push(round());
  if (typeof java !== 'string') theirs.push(JSON.parse(await java.ask('round')) as Round);
}
// Checksum in a separate pass: Java's Arrays.hashCode of every key folded with 31 * h.
let checksum = 0;
for (const r of records) checksum = (Math.imul(checksum, 31) + javaBytesHashCode(template.encode(r))) | 0;

const fmt = (x: number) => `${(x / 1e6).toFixed(2)}M keys/s`;
const ts = best(ours);
console.log(`template ${TEMPLATE}, ${n} records, best of 3 rounds after 3 warm-up rounds (wall-clock, and per CPU-second)`);
console.log(`  TypeScript: ${fmt(ts.keysPerSec)} (${fmt(ts.keysPerCpuSec)} of CPU time)  checksum ${checksum}`);
if (typeof java === 'string') {
  console.log(`  Java: not run (${java})`);
} else {
  const out = JSON.parse(await java.ask('done')) as { checksum: number; sink: number; sample: string };
  const jv = best(theirs);
  console.log(`  Java:       ${fmt(jv.keysPerSec)} (${fmt(jv.keysPerCpuSec)} of CPU time)  checksum ${out.checksum}`);
  console.log(`  ratio TypeScript / Java: ${(ts.keysPerSec / jv.keysPerSec).toFixed(2)} wall-clock, ${(ts.keysPerCpuSec / jv.keysPerCpuSec).toFixed(2)} CPU time`);
  if (out.checksum !== checksum || out.sink !== sink) {
    console.error(`  MISMATCH: the two encoders wrote different bytes (Java's last key: ${out.sample})`);
    process.exitCode = 1;
  }
}
