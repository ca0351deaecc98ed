// Keys encoded per second (to bytes) for {salt(deviceId,16)}_{deviceId}_{reverseTs(ts)}, side by side in one run with
// a hand-written Java encoder of the same key (bench/java/KeyEncodeBench.java) and a plain C one (bench/c/key_encode.c,
// built here with the system `cc -O2`; skipped with a note when there is no compiler). Every side builds the same
// records first and reports the best of 3 rounds after 3 warm-up rounds; the rounds alternate between the sides so all
// see the same machine load, whose average is printed before and after. A checksum over every key shows all sides
// wrote identical bytes. Each of our modes below is a side of its own, a child process like the peers (until
// 2026-12-03 they ran one after another in this process, each round paying for the garbage and heap state the others
// left); at the CI size it warms up for at least a second, so the engine has optimized the encoder.
// Modes: `encode()` returns a fresh key per record (Java: a new byte[] per key; C: malloc and free per key);
// `encodeInto()` writes the keys back to back into one reused 64 KiB buffer, starting over at its front when the next
// key would not fit, which it checks first as C does (the template's 23 fixed bytes plus the id's length); the line
// "catching its RangeError" is the same loop finding that out from the RangeError encodeInto throws instead (one throw
// per about 1,800 keys; building the error's stack trace is most of its cost); `encodeBatch()` encodes batches of 4096
// records into one new buffer each.
// Targets: encode() at least 1x Java and 0.4x C's malloc mode; encodeInto() at least 0.5x C's buffer mode.
// Measured 2026-12-02 on the 2 shared cores at load average 5.7 to 9.0: 7 runs of this file alternating with 7 of the
// same file over the encoder of commit 387c914, from before three changes (each field read once, 8 characters a step,
// the high reverseTs digits kept), as ranges and medians of the CPU-time ratios (wall-clock ones swing more). In one run
// before, all three buffer modes ran about 10x slow (ratios near 0.06); the ranges leave it out, the medians keep it:
//   encodeInto() / C into      0.27-0.54, median 0.38  ->  0.30-0.64, median 0.42
//   catching its RangeError    0.25-0.41, median 0.35  ->  0.33-0.49, median 0.41
//   encodeBatch() / C into     0.30-0.37, median 0.34  ->  0.33-0.49, median 0.39
//   encode() / C malloc        0.26-0.35, median 0.32  ->  0.24-0.45, median 0.37
//   encode() / Java            0.88-1.13, median 1.08  ->  1.05-1.31, median 1.23
// After, in keys per CPU-second: encodeInto() 13.6M-23.6M, encode() 9.0M-14.5M, encodeBatch() 11.2M-24.7M, Java
// 7.9M-11.1M, C malloc 26.0M-37.5M, C into 33.7M-50.6M. So encodeInto() stays short of 0.5x C here. What is left is
// mostly reading the id: each charCodeAt dispatches on the string's representation (about 20 instructions a
// character, against C's one-byte load), and Node 20 has no cheaper way from a string's characters to bytes for short
// strings (TextEncoder.encodeInto and Buffer#latin1Write cost more per call than the 13 charCodeAt calls).
// Measured 2026-12-02 on another machine of the same kind (AMD EPYC, 2 cores), nothing else running, eleven runs of this
// file (CPU-time ratios): at load average 0.6 to 1.4, encode() / C malloc 0.41 to 0.51 and encodeInto() / C into 0.51
// to 0.68; at 1.7 to 2.0 (right after a detection bench, this file's own Java and collector threads busy), 0.33 to
// 0.38 and 0.46 to 0.51. encode() / Java 1.12 to 1.98 in every run. So the C targets hold on a quiet machine and are
// missed by up to a fifth on a busy one. Tried and dropped: a key copied out of one scratch area with slice() (a fresh
// ArrayBuffer of its own per key) instead of a view of a slab, 12.9M to 13.2M keys/s against 17.3M.
// Measured 2026-12-03 on the development machine at load average 0.2 to 1.7 (the peers' own threads included), CPU-time
// ratios: a key of at most 64 bytes returned by encode() as a Uint8Array of its own (V8 keeps one that small on its
// heap, no ArrayBuffer behind it, cheaper than a view of a slab; written a byte at a time, as a DataView needs an
// ArrayBuffer) and the public encodeInto() generated with its argument checks in it (one call per key, not a wrapper
// around the writer): encode() 14.5M keys/s -> 16.1M to 17.5M, encode() / C malloc 0.33 to 0.34 -> 0.37 to 0.42,
// encode() / Java 1.19 -> 1.33 to 1.49; encodeInto() 27.5M to 28.2M -> 28.5M to 29.1M, / C into 0.46 to 0.49 -> 0.48
// to 0.49. C wrote 43M to 44M keys/s malloc'ed and 57M to 60M into its buffer, faster than in the runs above. So on this
// machine encode() now meets 0.4x C in most runs and encodeInto() stays just short of 0.5x: what is left is its
// per-key work itself (the code units read one charCodeAt at a time, the 19 digits), spread evenly (no step removed
// alone gains more than about 6%). Trying byte stores in encodeInto() instead of the DataView ones lost 8%.
// encodeBatch() ran at 0.11 to 0.16 in every run of this file but 26M keys/s (0.45) in a process of its own: after
// encode() has run, each batch's fresh 196 KiB buffer costs new pages (about 6,600 page faults a round) and collector
// work; it has no target of its own.
// Measured 2026-12-03 on a machine of another kind (Intel Xeon, 2 cores, 4 MiB of L2 cache), nothing else running, two
// runs of this file at load average 1.1: C wrote 46.5M to 46.7M keys/s malloc'ed and 60.6M to 61.0M into its buffer,
// Java 12.2M to 12.4M; encode() 12.5M to 12.7M, encodeInto() 24.0M to 24.6M (CPU time). Ratios: encode() / Java 1.01
// to 1.04, encode() / C malloc 0.27, encodeInto() / C into 0.40. So on this processor neither C target holds. Taken
// apart in a loop of its own over the same records: reaching each record and its id's length 8 ns a key, the id's 13
// code units read by charCodeAt 13 ns (about 1 ns a character, where C loads bytes), reverseTs about 8 ns, the
// remaining checks and stores a few ns each: 37 ns a key in all against C's 16.5. encode() adds the key's own
// Uint8Array, 24 ns to make here (a view of a slab, 15 ns alone, gained nothing in encode(): tried with every key from
// a slab of 8 and of 64 KiB, 60 to 65 ns a key either way). Tried and dropped, each slower: the reversed time's last
// 8 digits from a table of two-digit pairs (40 ns a key against 37) or computed by multiply and shift (40).
// Measured 2026-12-03 on the Intel Xeon again, with each of our modes in a process of its own and the JSON text not
// kept (load average 1.1 to 1.3, CPU time): encode() 13.75M keys/s, Java 12.30M (1.12x), C malloc 46.08M (0.30x);
// encodeInto() 23.54M, C into 60.23M (0.39x); encodeBatch() 20.77M (0.34x). In the optimized code of the generated
// encodeInto (node --print-opt-code) each charCodeAt checks the string's representation before its byte load, about
// 13 instructions and 4 branches a character, and the check is not hoisted out of the loop.
// Measured 2026-12-03 on the Intel Xeon once more, quiet (load average 0.2 to 0.5, CPU time): encode() 16.14M keys/s,
// Java 13.68M (1.18x), C malloc 52.79M (0.31x); encodeInto() 27.02M, C into 69.25M (0.39x); encodeBatch() 25.18M
// (0.36x). Every side is faster than at load 1.1 to 1.3; the ratios to C are the same.
// CPU time is the steadier figure on a shared machine: ours is the whole Node process (garbage collection included),
// Java's and C's are their encoding thread alone (Java's collector left out).
// Fresh records each round: Java's and C's device ids are built again before each timed round (a Java String caches its
// hashCode, and a writer's records are new strings). Ours are built once: no JavaScript engine keeps the Java hash,
// which the encoder computes itself for every key.
// Usage: npx tsx bench/key-encode.bench.ts [--small] [--records N]
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createInterface } from 'node:readline';
import { javaBytesHashCode } from '../src/bytes/index.js';
import { compileTemplate } from '../src/keys/template/index.js';

interface Round {
  keysPerSec: number;
  keysPerCpuSec: number;
}
interface Peer {
  ask(line: string): Promise<string>;
}

const argv = process.argv.slice(2);
const countArg = argv.indexOf('--records');
const n = countArg >= 0 ? Number(argv[countArg + 1]) : argv.includes('--small') ? 20_000 : 1_000_000;
const TEMPLATE = '{salt(deviceId,16)}_{deviceId}_{reverseTs(ts)}';
const INTO_BYTES = 65_536;
const BATCH = 4096;

/** Starts a peer speaking the stdin/stdout protocol; resolves once it is ready, or to a reason it cannot run. */
async function startPeer(command: string, args: string[]): Promise<Peer | string> {
  const child = spawn(command, args, { stdio: ['pipe', 'pipe', 'pipe'] });
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

/** Builds the C peer with `cc -O2` in a temporary directory; its path, or why it cannot run. */
function buildC(dir: string): { binary: string } | string {
  const binary = join(dir, 'key_encode');
  const built = spawnSync('cc', ['-O2', '-o', binary, 'bench/c/key_encode.c'], { encoding: 'utf8' });
  if (built.error) return `no C compiler: ${built.error.message}`;
  if (built.status !== 0) return `cc -O2 failed: ${built.stderr.trim()}`;
  return { binary };
}

// The records as they reach the encoder from an NDJSON file (`key encode --records`): parsed from JSON text, which is
// not kept (as a writer drops each line once parsed, and as the peers hold no JSON). Kept, the million lines' 70 MB
// cost encode() about a seventh of its rate in the same session (11.7M to 12.7M keys/s against 13.8M).
const records = Array.from({ length: n }, (_, i) => JSON.parse(JSON.stringify({ deviceId: `sensor-${i}`, ts: 1709856000000 + ((i * 7919) % 86400000) })) as { deviceId: string; ts: number });
const batches = Array.from({ length: Math.ceil(n / BATCH) }, (_, b) => records.slice(b * BATCH, (b + 1) * BATCH));
const template = compileTemplate(TEMPLATE);
const into = new Uint8Array(INTO_BYTES);

/** Times `body` over the n records. */
function timed(body: () => void): Round {
  const start = process.hrtime.bigint();
  const cpu = process.cpuUsage();
  body();
  const used = process.cpuUsage(cpu);
  return { keysPerSec: n / (Number(process.hrtime.bigint() - start) / 1e9), keysPerCpuSec: n / ((used.user + used.system) / 1e6) };
}

// Every key is used (length and last byte summed, as the peers do), so no encode can be optimised away.
let sink = 0;
const modes = {
  encode: () =>
    timed(() => {
      for (let i = 0; i < n; i++) {
        const key = template.encode(records[i] as (typeof records)[number]);
        sink += key.length + (((key[key.length - 1] as number) << 24) >> 24);
      }
    }),
  encodeInto: () =>
    timed(() => {
      let at = 0;
      for (let i = 0; i < n; i++) {
        const record = records[i] as (typeof records)[number];
        // Room checked first as the C peer checks it: the template's 23 fixed bytes and the id's (ASCII) length.
        if (at + 23 + record.deviceId.length > INTO_BYTES) at = 0;
        const written = template.encodeInto(record, into, at);
        at += written;
        sink += written + (((into[at - 1] as number) << 24) >> 24);
      }
    }),
  encodeIntoCatch: () =>
    timed(() => {
      let at = 0;
      for (let i = 0; i < n; i++) {
        let written: number;
        try {
          written = template.encodeInto(records[i] as (typeof records)[number], into, at);
        } catch {
          at = 0;
          written = template.encodeInto(records[i] as (typeof records)[number], into, at);
        }
        at += written;
        sink += written + (((into[at - 1] as number) << 24) >> 24);
      }
    }),
  encodeBatch: () =>
    timed(() => {
      for (const batch of batches) {
        const { bytes, offsets } = template.encodeBatch(batch);
        sink += (offsets[batch.length] as number) + (bytes[bytes.length - 1] as number);
      }
    }),
};
type Mode = keyof typeof modes;
const MODES = Object.keys(modes) as Mode[];

/** Java's Arrays.hashCode of every key `mode` writes, folded with 31 * h: the checksum every side computes. */
function checksumOf(mode: Mode): number {
  let checksum = 0;
  const fold = (key: Uint8Array) => void (checksum = (Math.imul(checksum, 31) + javaBytesHashCode(key)) | 0);
  if (mode === 'encodeBatch') {
    for (const batch of batches) {
      const { bytes, offsets } = template.encodeBatch(batch);
      for (let i = 0; i < batch.length; i++) fold(bytes.subarray(offsets[i], offsets[i + 1]));
    }
  } else {
    for (const r of records) fold(mode === 'encode' ? template.encode(r) : into.subarray(0, template.encodeInto(r, into, 0)));
  }
  return checksum;
}

/**
 * One mode of ours as a side of its own, in a child process, speaking the peers' protocol: warm-up rounds, then
 * "ready"; "round" runs a timed round; "done" prints {"checksum", "sink"}. In one process the modes ran slower after
 * one another than alone (encodeBatch() at 0.11 to 0.16 of C there, 0.45 alone): each left the heap to the next in a
 * state of its own making. No collection is forced before a round, as the Java side forces one: V8 finishes a full
 * collection by sweeping on background threads, which then overlap the round (measured: encodeInto() 38 to 44 ns a
 * key of CPU time without, 92 to 117 ns with `gc()` before each round).
 */
async function nodeSide(mode: Mode): Promise<void> {
  // three warm-up rounds, and more until a second has gone by: at the CI size a round takes a few milliseconds, less
  // than the engine takes to optimize the encoder on a busy machine
  const warmUntil = performance.now() + 1000;
  for (let w = 0; w < 3; w++) modes[mode]();
  // the sink as after three warm-up rounds, as the Java side's (it counts three warm-up rounds and the timed ones)
  const sinkAfterThree = sink;
  while (performance.now() < warmUntil) modes[mode]();
  sink = sinkAfterThree;
  process.stdout.write('ready\n');
  for await (const line of createInterface({ input: process.stdin })) {
    if (line === 'round') {
      process.stdout.write(`${JSON.stringify(modes[mode]())}\n`);
    } else if (line === 'done') {
      process.stdout.write(`${JSON.stringify({ checksum: checksumOf(mode), sink })}\n`);
      process.stdin.destroy();
      return;
    }
  }
}

const best = (rounds: Round[]): Round => ({
  keysPerSec: rounds.reduce((m, r) => Math.max(m, r.keysPerSec), 0),
  keysPerCpuSec: rounds.reduce((m, r) => Math.max(m, r.keysPerCpuSec), 0),
});

const sideAt = argv.indexOf('--node-side');
if (sideAt >= 0) {
  const mode = argv[sideAt + 1] as Mode;
  if (!MODES.includes(mode)) throw new Error(`--node-side "${mode}": give one of ${MODES.join(', ')}`);
  await nodeSide(mode);
} else {
  await main();
}

async function main(): Promise<void> {
  const loadBefore = loadavg();
  const dir = mkdtempSync(join(tmpdir(), 'key-encode-bench-'));
  try {
    const self = fileURLToPath(import.meta.url);
    const ourSides = {} as Record<Mode, Peer>;
    for (const mode of MODES) {
      const side = await startPeer(process.execPath, [...process.execArgv, self, '--node-side', mode, '--records', String(n)]);
      if (typeof side === 'string') throw new Error(`the Node side of ${mode}() did not start: ${side}`);
      ourSides[mode] = side;
    }
    const java = await startPeer('java', ['-Xms1g', '-Xmx1g', '-XX:+AlwaysPreTouch', 'bench/java/KeyEncodeBench.java', String(n)]);
    const cBuild = buildC(dir);
    const c = typeof cBuild === 'string' ? cBuild : await startPeer(cBuild.binary, [String(n)]);
    const ours: Record<Mode, Round[]> = { encode: [], encodeInto: [], encodeIntoCatch: [], encodeBatch: [] };
    const javaRounds: Round[] = [];
    const cRounds: Round[] = [];
    const cIntoRounds: Round[] = [];
    for (let i = 0; i < 3; i++) {
      for (const mode of MODES) ours[mode].push(JSON.parse(await ourSides[mode].ask('round')) as Round);
      if (typeof java !== 'string') javaRounds.push(JSON.parse(await java.ask('round')) as Round);
      if (typeof c !== 'string') {
        const got = JSON.parse(await c.ask('round')) as Round & { intoKeysPerSec: number; intoKeysPerCpuSec: number };
        cRounds.push(got);
        cIntoRounds.push({ keysPerSec: got.intoKeysPerSec, keysPerCpuSec: got.intoKeysPerCpuSec });
      }
    }
    const finals = {} as Record<Mode, { checksum: number; sink: number }>;
    for (const mode of MODES) finals[mode] = JSON.parse(await ourSides[mode].ask('done')) as { checksum: number; sink: number };
    const checksum = finals.encode.checksum;
    const fmt = (x: number) => `${(x / 1e6).toFixed(2)}M keys/s`;
    const line = (name: string, r: Round, sum: number | string) => console.log(`  ${name.padEnd(26)} ${fmt(r.keysPerSec)} (${fmt(r.keysPerCpuSec)} of CPU time)  checksum ${sum}`);
    const ratio = (name: string, a: Round, b: Round, target: number) =>
      console.log(`  ${name.padEnd(34)} ${(a.keysPerSec / b.keysPerSec).toFixed(2)} wall-clock, ${(a.keysPerCpuSec / b.keysPerCpuSec).toFixed(2)} CPU time (target >= ${target})`);
    console.log(`template ${TEMPLATE}, ${n} records, best of 3 rounds after 3 warm-up rounds (wall-clock, and per CPU-second); each side in a process of its own`);
    console.log(`  load average ${loadBefore.map((x) => x.toFixed(2)).join(' ')} before, ${loadavg().map((x) => x.toFixed(2)).join(' ')} after (1, 5, 15 min; 2 cores busy = 2)`);
    const mine = { encode: best(ours.encode), encodeInto: best(ours.encodeInto), encodeIntoCatch: best(ours.encodeIntoCatch), encodeBatch: best(ours.encodeBatch) };
    line('TypeScript encode()', mine.encode, checksum);
    line('TypeScript encodeInto()', mine.encodeInto, finals.encodeInto.checksum);
    line('  catching its RangeError', mine.encodeIntoCatch, finals.encodeIntoCatch.checksum);
    line('TypeScript encodeBatch()', mine.encodeBatch, finals.encodeBatch.checksum);
    if (MODES.some((mode) => finals[mode].checksum !== checksum)) {
      console.error('  MISMATCH: encodeInto or encodeBatch wrote other bytes than encode');
      process.exitCode = 1;
    }
    if (typeof java === 'string') {
      console.log(`  Java: not run (${java})`);
    } else {
      const out = JSON.parse(await java.ask('done')) as { checksum: number; sink: number; sample: string };
      line('Java new byte[]', best(javaRounds), out.checksum);
      if (out.checksum !== checksum || out.sink !== finals.encode.sink) {
        console.error(`  MISMATCH: Java wrote different bytes (its last key: ${out.sample})`);
        process.exitCode = 1;
      }
    }
    if (typeof c === 'string') {
      console.log(`  C: not run (${c})`);
    } else {
      const out = JSON.parse(await c.ask('done')) as { checksum: number };
      line('C malloc per key', best(cRounds), out.checksum);
      line('C into 64 KiB buffer', best(cIntoRounds), out.checksum);
      if (out.checksum !== checksum) {
        console.error('  MISMATCH: C wrote different bytes');
        process.exitCode = 1;
      }
    }
    if (typeof java !== 'string') ratio('encode() / Java', mine.encode, best(javaRounds), 1);
    if (typeof c !== 'string') {
      ratio('encode() / C malloc', mine.encode, best(cRounds), 0.4);
      ratio('encodeInto() / C into', mine.encodeInto, best(cIntoRounds), 0.5);
      ratio('  catching its RangeError / C into', mine.encodeIntoCatch, best(cIntoRounds), 0.5);
      ratio('encodeBatch() / C into', mine.encodeBatch, best(cIntoRounds), 0.5);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
