#!/usr/bin/env node
// npm run hbase:stop
// Stops the processes that hbase:start recorded (SIGTERM to each process group, SIGKILL after 30 s) and removes the
// data folder. Logs under .hbase-local/logs are kept until the next start.
import { rmSync } from 'node:fs';
import { DATA_DIR, alive, killGroup, readState, removeState, runMain, sleep } from './lib.mjs';

async function main() {
  const state = readState();
  if (!state) {
    console.log('hbase: not running (no .hbase-local/state.json); nothing to stop');
    rmSync(DATA_DIR, { recursive: true, force: true });
    return;
  }
  const started = Date.now();
  // Gateways first, then the cluster.
  const order = [...state.pids].sort((a, b) => (a.name === 'master') - (b.name === 'master'));
  for (const x of order) if (alive(x.pid)) killGroup(x.pid, 'SIGTERM');
  const deadline = Date.now() + 30_000;
  while (state.pids.some((x) => alive(x.pid)) && Date.now() < deadline) await sleep(250);
  const stubborn = state.pids.filter((x) => alive(x.pid));
  for (const x of stubborn) killGroup(x.pid, 'SIGKILL');
  while (state.pids.some((x) => alive(x.pid))) await sleep(100);
  removeState();
  rmSync(DATA_DIR, { recursive: true, force: true });
  const killed = stubborn.length ? ` (SIGKILL needed for ${stubborn.map((x) => x.name).join(', ')})` : '';
  console.log(`hbase: stopped in ${((Date.now() - started) / 1000).toFixed(1)}s${killed}; data removed`);
}

await runMain(main);
