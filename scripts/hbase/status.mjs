#!/usr/bin/env node
// npm run hbase:status
// Says whether the local HBase is running: recorded PIDs, ports, and what REST /status/cluster reports.
// Exit 0 when REST answers, 1 otherwise.
import { alive, clusterStatus, readState, restUrl, runMain } from './lib.mjs';

async function main() {
  const state = readState();
  if (state) {
    console.log(`started ${state.startedAt}${state.readyAfterSeconds ? `, ready after ${state.readyAfterSeconds}s` : ''}`);
    for (const x of state.pids) console.log(`  ${x.name.padEnd(8)} pid ${x.pid} ${alive(x.pid) ? 'running' : 'GONE'}`);
    if (state.thriftPort) console.log(`  Thrift2 on 127.0.0.1:${state.thriftPort}`);
  } else {
    console.log('no local HBase recorded (.hbase-local/state.json missing)');
  }
  const status = await clusterStatus();
  if (!status) {
    console.log(`REST ${restUrl()}: no answer`);
    process.exitCode = 1;
    return;
  }
  const live = status.LiveNodes ?? [];
  console.log(`REST ${restUrl()}: ${live.length} live servers, ${status.regions} regions, ${(status.DeadNodes ?? []).length} dead`);
  for (const n of live) console.log(`  ${n.name} regions=${(n.Region ?? []).length} requests=${n.requests}`);
}

await runMain(main);
