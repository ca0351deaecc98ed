#!/usr/bin/env node
// npm run hbase:start [-- --thrift]
// Starts a local HBase: one JVM with HMaster + 3 in-process RegionServers + embedded ZooKeeper, the REST gateway in
// its own JVM and, with --thrift, the Thrift2 gateway in a third. Waits until REST reports 3 live servers and the
// master answers admin calls. Exit 0 when it is up (or was already up), 1 with a message otherwise.
//
// Environment: HBASE_REST_PORT (8080), HBASE_THRIFT_PORT (9090), HBASE_ZK_PORT (2181),
// HBASE_START_TIMEOUT_SECONDS (240).
import { rmSync } from 'node:fs';
import {
  DATA_DIR,
  HarnessError,
  REGION_SERVERS,
  alive,
  checkJava,
  classpath,
  clusterStatus,
  killGroup,
  logTails,
  portFree,
  ports,
  readState,
  removeState,
  restUrl,
  runMain,
  sleep,
  startJvm,
  writeConf,
  writeState,
} from './lib.mjs';

const args = process.argv.slice(2);
const withThrift = args.includes('--thrift');

async function ready() {
  const status = await clusterStatus();
  if (!status || !Array.isArray(status.LiveNodes) || status.LiveNodes.length < REGION_SERVERS) return false;
  // The master must also be initialized (namespaces known), or DDL right after start fails with PleaseHold.
  try {
    const res = await fetch(`${restUrl()}/namespaces`, {
      headers: { Accept: 'application/json' },
      signal: AbortSignal.timeout(3000),
    });
    if (!res.ok) return false;
    const body = await res.json();
    return Array.isArray(body.Namespace) && body.Namespace.includes('default');
  } catch {
    return false;
  }
}

async function main() {
  const unknown = args.filter((a) => a !== '--thrift');
  if (unknown.length > 0) {
    throw new HarnessError('BAD_ARGUMENT', `unknown argument ${unknown.join(' ')}; the only option is --thrift`);
  }
  const p = ports();
  const state = readState();
  if (state && state.pids.every((x) => alive(x.pid))) {
    if (state.restUrl !== restUrl()) {
      throw new HarnessError(
        'ALREADY_RUNNING_ELSEWHERE',
        `the local HBase is already running with REST at ${state.restUrl}, not ${restUrl()}; use that URL or stop it first (npm run hbase:stop)`,
      );
    }
    const what = state.thrift ? 'with Thrift2' : 'without Thrift2';
    console.log(`hbase: already running (${what}), REST ${state.restUrl}; stop it with npm run hbase:stop`);
    if (withThrift && !state.thrift) {
      console.log('hbase: note: --thrift was asked but the running instance has no Thrift2 gateway; restart it.');
    }
    return;
  }
  if (state) {
    // Some recorded processes are gone: clean up the rest before starting again.
    for (const x of state.pids) if (alive(x.pid)) killGroup(x.pid, 'SIGKILL');
    removeState();
  }

  checkJava();
  const cp = classpath();
  if (!cp) throw new HarnessError('CLASSPATH_EMPTY', 'the HBase classpath is empty; delete hbase/target and retry.');

  const wanted = [
    ['ZooKeeper', p.zookeeper, 'HBASE_ZK_PORT'],
    ['HMaster RPC', p.masterRpc, null],
    ['HMaster web UI', p.masterInfo, null],
    ['REST', p.rest, 'HBASE_REST_PORT'],
    ['REST web UI', p.restInfo, 'HBASE_REST_INFO_PORT'],
    ...(withThrift
      ? [
          ['Thrift2', p.thrift, 'HBASE_THRIFT_PORT'],
          ['Thrift2 web UI', p.thriftInfo, 'HBASE_THRIFT_INFO_PORT'],
        ]
      : []),
  ];
  for (const [role, port, envName] of wanted) {
    if (!(await portFree(port))) {
      const hint = envName ? `, or choose another port with ${envName}` : '';
      throw new HarnessError(
        'PORT_IN_USE',
        `port 127.0.0.1:${port} (${role}) is already in use. Stop whatever listens there (e.g. another HBase)${hint}.`,
      );
    }
  }

  rmSync(DATA_DIR, { recursive: true, force: true });
  writeConf();

  const started = Date.now();
  const pids = [];
  pids.push({
    name: 'master',
    pid: startJvm('master', '2g', 'org.apache.hadoop.hbase.master.HMaster', [
      `--localRegionServers=${REGION_SERVERS}`,
      'start',
    ]),
  });
  pids.push({
    name: 'rest',
    pid: startJvm('rest', '384m', 'org.apache.hadoop.hbase.rest.RESTServer', [
      '-p',
      String(p.rest),
      '--infoport',
      String(p.restInfo),
      'start',
    ]),
  });
  if (withThrift) {
    pids.push({
      name: 'thrift2',
      pid: startJvm('thrift2', '384m', 'org.apache.hadoop.hbase.thrift2.ThriftServer', [
        '-p',
        String(p.thrift),
        '--infoport',
        String(p.thriftInfo),
        '-b',
        '127.0.0.1',
        'start',
      ]),
    });
  }
  const state2 = {
    startedAt: new Date(started).toISOString(),
    thrift: withThrift,
    restUrl: restUrl(),
    thriftPort: withThrift ? p.thrift : null,
    ports: p,
    pids,
  };
  writeState(state2);
  console.log(`hbase: starting (PIDs ${pids.map((x) => `${x.name}=${x.pid}`).join(', ')}); logs in .hbase-local/logs/`);

  const timeoutS = Number(process.env.HBASE_START_TIMEOUT_SECONDS || 240);
  const deadline = started + timeoutS * 1000;
  while (!(await ready())) {
    const dead = pids.filter((x) => !alive(x.pid));
    if (dead.length > 0 || Date.now() > deadline) {
      const why =
        dead.length > 0
          ? `${dead.map((x) => x.name).join(', ')} exited during start`
          : `not ready after ${timeoutS}s (REST must report ${REGION_SERVERS} live servers; raise HBASE_START_TIMEOUT_SECONDS if the machine is slow)`;
      console.error(logTails(30));
      for (const x of pids) killGroup(x.pid, 'SIGKILL');
      removeState();
      throw new HarnessError('START_FAILED', `local HBase did not start: ${why}. Log tails are above.`);
    }
    await sleep(1000);
  }
  if (withThrift) {
    // Thrift2 binds its port after a few seconds; wait for it too.
    while ((await portFree(p.thrift)) && Date.now() < deadline) await sleep(500);
  }
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  state2.readyAfterSeconds = Number(seconds);
  writeState(state2);
  console.log(`hbase: ready in ${seconds}s with ${REGION_SERVERS} RegionServers`);
  console.log(`  REST          ${restUrl()}`);
  console.log(`  master web UI http://127.0.0.1:${p.masterInfo}`);
  console.log(`  ZooKeeper     127.0.0.1:${p.zookeeper}`);
  if (withThrift) console.log(`  Thrift2       127.0.0.1:${p.thrift} (binary protocol, buffered transport)`);
  console.log('  stop with     npm run hbase:stop');
}

await runMain(main);
