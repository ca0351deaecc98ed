#!/usr/bin/env node
// Runs the unit suite with the wall clock of every process moved to other dates (scripts/shift-clock.mjs through
// NODE_OPTIONS), so a test that reads today's date fails here instead of on the day the calendar reaches it.
// Usage: node scripts/test-clock.mjs [ISO date...] (default: the dates below); extra vitest arguments after `--`.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

// A year's last minute, a new year's first half hour (the month and year roll over during the run) and a leap day.
const DEFAULT_DATES = ['2026-12-31T23:59:00Z', '2027-01-01T00:30:00Z', '2028-02-29T12:00:00Z'];

const argv = process.argv.slice(2);
const dashes = argv.indexOf('--');
const dates = (dashes < 0 ? argv : argv.slice(0, dashes));
const vitestArgs = dashes < 0 ? [] : argv.slice(dashes + 1);
const preload = fileURLToPath(new URL('./shift-clock.mjs', import.meta.url));

for (const date of dates.length > 0 ? dates : DEFAULT_DATES) {
  const targetMs = Date.parse(date);
  if (Number.isNaN(targetMs)) {
    console.error(`test-clock: "${date}" is not a date; write e.g. 2027-01-01T00:30:00Z`);
    process.exit(2);
  }
  const offsetMs = targetMs - Date.now();
  console.log(`\n== unit tests with the clock at ${new Date(targetMs).toISOString()}`);
  const env = {
    ...process.env,
    HBASE_HOTSPOT_CLOCK_OFFSET_MS: String(offsetMs),
    NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --import ${JSON.stringify(preload)}`.trim(),
  };
  const result = spawnSync('npx', ['vitest', 'run', '--project', 'unit', ...vitestArgs], { stdio: 'inherit', env });
  if (result.status !== 0) {
    console.error(`\n== unit tests failed with the clock at ${date} (exit ${result.status ?? result.signal})`);
    process.exit(result.status ?? 1);
  }
}
