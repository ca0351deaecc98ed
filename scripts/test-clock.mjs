#!/usr/bin/env node
// Runs the unit suite with the wall clock of every process moved to other dates (scripts/shift-clock.mjs through
// NODE_OPTIONS), so a test that reads today's date fails here instead of on the day the calendar reaches it.
// Only the test files that can see the clock run (scripts/clock-readers.mjs: the file or a module it imports reads
// it, or starts a process); the others compute the same on every date. `--all` runs every file.
// Usage: node scripts/test-clock.mjs [--all] [ISO date...] (default: the dates below); extra vitest arguments after
// `--` (given, they choose the files and the selection is not applied).
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { clockReadingTests } from './clock-readers.mjs';

// A year's last minute, a new year's first half hour (the month and year roll over during the run) and a leap day.
const DEFAULT_DATES = ['2026-12-31T23:59:00Z', '2027-01-01T00:30:00Z', '2028-02-29T12:00:00Z'];

const argv = process.argv.slice(2);
const dashes = argv.indexOf('--');
const own = dashes < 0 ? argv : argv.slice(0, dashes);
const all = own.includes('--all');
const dates = own.filter((a) => a !== '--all');
const vitestArgs = dashes < 0 ? [] : argv.slice(dashes + 1);
const preload = fileURLToPath(new URL('./shift-clock.mjs', import.meta.url));
const root = fileURLToPath(new URL('..', import.meta.url));
let files = [];
if (!all && vitestArgs.length === 0) {
  const { selected, total } = clockReadingTests(root);
  files = selected;
  console.log(`test-clock: ${selected.length} of ${total} unit test files can see the clock (scripts/clock-readers.mjs); the others run once, in the unit suite`);
}

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
  const result = spawnSync('npx', ['vitest', 'run', '--project', 'unit', ...files, ...vitestArgs], { stdio: 'inherit', env, cwd: root });
  if (result.status !== 0) {
    console.error(`\n== unit tests failed with the clock at ${date} (exit ${result.status ?? result.signal})`);
    process.exit(result.status ?? 1);
  }
}
