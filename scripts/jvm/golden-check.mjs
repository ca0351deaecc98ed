#!/usr/bin/env node
// The shared golden rowkey vectors on the JVM: builds the JVM side (scripts/jvm/build.mjs) and runs
// hbasehotspot.keys.GoldenCheck over test/golden/functions.json, the file the TypeScript tests run too
// (test/golden/shared-vectors.test.ts). Exit 0 when every vector agrees, 1 with the first mismatch.
//
// --hbase-classpath CP as for build.mjs. --if-available (npm test): without a JDK or Maven the step skips, saying
// why, as the JVM build and the integration suite do; HBASE_HOTSPOT_REQUIRE_HBASE=1 (CI) makes that a failure.
import { spawnSync } from 'node:child_process';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { jvmRequired, missingCommands } from './available.mjs';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const VECTORS = join(ROOT, 'test', 'golden', 'functions.json');
const argv = process.argv.slice(2);

if (argv.includes('--if-available') && !jvmRequired()) {
  const missing = missingCommands(['java', 'javac', 'mvn']);
  if (missing.length > 0) {
    console.log(`golden rowkey vectors not checked on the JVM: ${missing.join(' and ')} not found (the TypeScript side checks them in the unit suite)`);
    process.exit(0);
  }
}
const at = argv.indexOf('--hbase-classpath');
const passOn = at >= 0 ? ['--hbase-classpath', argv[at + 1] ?? ''] : [];
const built = spawnSync(process.execPath, [join(ROOT, 'scripts', 'jvm', 'build.mjs'), '--java-args', ...passOn], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
if (built.status !== 0) {
  process.stderr.write(built.stderr || `hbase-hotspot: the JVM side could not be built (exit ${built.status})\n`);
  process.exit(1);
}
const { java, args } = JSON.parse(built.stdout.trim());
const run = spawnSync(java, [...args, 'hbasehotspot.keys.GoldenCheck', VECTORS], { stdio: 'inherit' });
if (run.error) {
  console.error(`hbase-hotspot: java could not be started (${run.error.message})`);
  process.exit(1);
}
process.exit(run.status ?? 1);
