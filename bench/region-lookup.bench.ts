/**
 * Region lookups per second: `RegionMap.locate` on a 100,000-region map, beside Java's `TreeMap.floorEntry` over the
 * same region start keys with an unsigned byte comparator (bench/java/RegionLookupBench.java), in one run, on the
 * same keys (written to a temporary file the Java side reads). Each side: warm-up, then the best of 3 rounds.
 *
 * Two key shapes: `hashed` (16 random bytes) and `text` (`user` + 12 decimal digits, so the first 8 bytes often tie).
 *
 * Usage: npx tsx bench/region-lookup.bench.ts [--small] [--regions N] [--lookups N]
 * `--small`: 10,000 regions and 200,000 lookups per round (CI size). Needs `java` (17+) on the PATH for the Java figure.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { compareBytes } from '../src/bytes/index.js';
import { RegionMap } from '../src/regions/region-map.js';

const args = process.argv.slice(2);
const small = args.includes('--small');
const option = (name: string, fallback: number) => {
  const i = args.indexOf(name);
  return i >= 0 ? Number(args[i + 1]) : fallback;
};
const regionCount = option('--regions', small ? 10_000 : 100_000);
const lookupCount = option('--lookups', small ? 200_000 : 1_000_000);
const ROUNDS = 3;

/** mulberry32: a small deterministic PRNG, so every run measures the same keys. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return (t ^ (t >>> 14)) >>> 0;
  };
}

type Shape = 'hashed' | 'text';
function makeKey(shape: Shape, next: () => number): Uint8Array {
  if (shape === 'hashed') return Uint8Array.from({ length: 16 }, () => next() & 0xff);
  const digits = String(next() % 1_000_000).padStart(6, '0') + String(next() % 1_000_000).padStart(6, '0');
  // Uint8Array.from keeps small keys on the V8 heap like Java's byte[] (TextEncoder output lives off-heap, and a
  // million separate off-heap keys measure the allocator more than the search).
  return Uint8Array.from(new TextEncoder().encode(`user${digits}`));
}

function makeKeys(shape: Shape, seed: number): { splits: Uint8Array[]; lookups: Uint8Array[] } {
  const next = prng(seed);
  const seen = new Set<string>();
  const splits: Uint8Array[] = [];
  while (splits.length < regionCount - 1) {
    const key = makeKey(shape, next);
    const id = Buffer.from(key).toString('latin1');
    if (!seen.has(id)) {
      seen.add(id);
      splits.push(key);
    }
  }
  splits.sort(compareBytes);
  const lookups = Array.from({ length: lookupCount }, () => makeKey(shape, next));
  return { splits, lookups };
}

function encode(splits: Uint8Array[], lookups: Uint8Array[]): Buffer {
  const parts: Buffer[] = [];
  for (const list of [splits, lookups]) {
    const head = Buffer.alloc(4);
    head.writeInt32BE(list.length);
    parts.push(head);
    for (const key of list) {
      const len = Buffer.alloc(2);
      len.writeUInt16BE(key.length);
      parts.push(len, Buffer.from(key));
    }
  }
  return Buffer.concat(parts);
}

function runNode(map: RegionMap, lookups: Uint8Array[]): { perSec: number; checksum: number } {
  const round = () => {
    let sum = 0;
    for (let i = 0; i < lookups.length; i++) sum += map.locate(lookups[i] as Uint8Array);
    return sum;
  };
  let checksum = 0;
  for (let w = 0; w < 3; w++) checksum = round();
  let best = 0;
  for (let r = 0; r < ROUNDS; r++) {
    const start = process.hrtime.bigint();
    const sum = round();
    const seconds = Number(process.hrtime.bigint() - start) / 1e9;
    if (sum !== checksum) throw new Error('checksum changed between rounds');
    best = Math.max(best, lookups.length / seconds);
  }
  return { perSec: best, checksum };
}

function runJava(file: string): { perSec: number; checksum: number } | string {
  const source = fileURLToPath(new URL('./java/RegionLookupBench.java', import.meta.url));
  const result = spawnSync('java', ['-Xmx1g', source, file, String(ROUNDS)], { encoding: 'utf8' });
  if (result.error) return `java not run (${result.error.message})`;
  const m = /lookupsPerSec=(\d+) checksum=(\d+)/.exec(result.stdout);
  if (result.status !== 0 || !m) return `java failed (exit ${result.status}): ${result.stderr.trim().split('\n')[0] ?? ''}`;
  return { perSec: Number(m[1]), checksum: Number(m[2]) };
}

const fmt = (n: number) => `${(n / 1e6).toFixed(2)}M`;
const dir = mkdtempSync(join(tmpdir(), 'region-lookup-'));
let failed = false;
try {
  console.log(`region lookups: ${regionCount.toLocaleString('en')} regions, ${lookupCount.toLocaleString('en')} lookups per round, best of ${ROUNDS} after warm-up`);
  for (const [i, shape] of (['hashed', 'text'] as const).entries()) {
    const { splits, lookups } = makeKeys(shape, 20240601 + i);
    const file = join(dir, `${shape}.keys`);
    writeFileSync(file, encode(splits, lookups));
    const node = runNode(RegionMap.fromSplitPoints(splits), lookups);
    const java = runJava(file);
    if (typeof java === 'string') {
      console.log(`  ${shape.padEnd(6)} node ${fmt(node.perSec)} lookups/s; ${java}`);
      continue;
    }
    if (java.checksum !== node.checksum) {
      console.error(`  ${shape}: node and Java disagree on regions (checksum ${node.checksum} vs ${java.checksum})`);
      failed = true;
    }
    const ratio = node.perSec / java.perSec;
    console.log(`  ${shape.padEnd(6)} node ${fmt(node.perSec)} lookups/s | java TreeMap.floorEntry ${fmt(java.perSec)} lookups/s | node/java ${ratio.toFixed(2)}x`);
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
if (failed) process.exitCode = 1;
