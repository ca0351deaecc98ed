#!/usr/bin/env node
// `npm test`: type-check everything, run the unit and integration suites (the integration suite's global setup
// starts a local HBase when none is running and stops what it started), then run the benchmarks at a small size.
import { spawnSync } from 'node:child_process';

const steps = [
  ['type-check', 'npx', ['tsc', '-p', 'tsconfig.check.json']],
  ['build', 'npx', ['tsc', '-p', 'tsconfig.json']],
  ['tests', 'npx', ['vitest', 'run', ...process.argv.slice(2)]],
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
