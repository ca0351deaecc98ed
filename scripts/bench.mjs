#!/usr/bin/env node
// Runs every benchmark in bench/ (files named *.bench.ts). `--small` runs them at CI size.
import { readdirSync } from 'node:fs';
import { spawnSync } from 'node:child_process';

const small = process.argv.includes('--small');
const files = readdirSync('bench').filter((f) => f.endsWith('.bench.ts')).sort();
for (const file of files) {
  console.log(`\n-- bench/${file}${small ? ' (small)' : ''}`);
  const result = spawnSync('npx', ['tsx', `bench/${file}`, ...(small ? ['--small'] : [])], { stdio: 'inherit' });
  if (result.status !== 0) {
    console.error(`bench/${file} failed (exit ${result.status ?? result.signal})`);
    process.exitCode = 1;
  }
}
