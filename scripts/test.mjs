#!/usr/bin/env node
// `npm test`: type-check everything, build, check the packed package, run the unit and integration suites (the
// integration suite's global setup starts a local HBase when none is running and stops what it started), then run the
// benchmarks at a small size.
import { spawnSync } from 'node:child_process';

const steps = [
  ['type-check', 'npx', ['tsc', '-p', 'tsconfig.check.json']],
  ['build', 'npx', ['tsc', '-p', 'tsconfig.json']],
  // The package as a user gets it: npm pack, installed offline into an empty project, run and imported there.
  ['packaging check', 'node', ['scripts/pack-check.mjs']],
  // Unit tests first, alone: several of them pace real sockets in fractions of a second, and the integration suite's
  // HBase start would otherwise compete with them for the CPU.
  ['unit tests', 'npx', ['vitest', 'run', '--project', 'unit', ...process.argv.slice(2)]],
  // The unit suite again with every process's clock moved to a year end, a new year and a leap day: a test that
  // reads today's date fails here, not on the day the calendar reaches it.
  ['unit tests on other dates', 'node', ['scripts/test-clock.mjs', '--', ...process.argv.slice(2)]],
  ['JVM side (build)', 'node', ['scripts/jvm/build.mjs', '--if-available']],
  // The shared golden rowkey vectors through the Java template compiler (the unit suite ran them through TypeScript).
  ['JVM side (golden rowkey vectors)', 'node', ['scripts/jvm/golden-check.mjs', '--if-available']],
  ['integration tests (real HBase)', 'npx', ['vitest', 'run', '--project', 'integration', ...process.argv.slice(2)]],
  ['benchmarks (small)', 'node', ['scripts/bench.mjs', '--small']],
];

for (const [name, cmd, args] of steps) {
  console.log(`\n== ${name}: ${cmd} ${args.join(' ')}`);
  const started = Date.now();
  const result = spawnSync(cmd, args, { stdio: 'inherit' });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  if (result.status !== 0) {
    console.error(`\n== ${name} failed (exit ${result.status ?? result.signal}) after ${seconds}s`);
    process.exitCode = result.status ?? 1;
    break;
  }
  console.log(`== ${name} done in ${seconds}s`);
}
