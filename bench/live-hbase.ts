// Shared by the benchmarks that need a running HBase (bench/key-sampler.bench.ts, bench/native-collector.bench.ts):
// where it is, whether it answers, and a table name of this run. Not a benchmark itself (no .bench.ts suffix).
import { createConnection } from 'node:net';
import { createRestClient } from '../src/hbase/rest/index.js';

/** The local HBase's ZooKeeper quorum and REST gateway (HBASE_ZK_PORT, HBASE_REST_URL or HBASE_REST_PORT). */
export function liveHBase(): { zk: string; restUrl: string } {
  const zk = `127.0.0.1:${process.env['HBASE_ZK_PORT'] ?? '2181'}`;
  const restUrl = process.env['HBASE_REST_URL'] ?? `http://127.0.0.1:${process.env['HBASE_REST_PORT'] ?? '8080'}`;
  return { zk, restUrl };
}

/** Resolves to '' when ZooKeeper accepts a connection and the REST gateway answers, else to why not. */
export async function hbaseMissing(zk: string, restUrl: string): Promise<string> {
  const [host = '127.0.0.1', port = '2181'] = zk.split(':');
  const zkError = await new Promise<string>((resolve) => {
    const socket = createConnection({ host, port: Number(port), timeout: 3000 });
    socket.once('connect', () => { socket.destroy(); resolve(''); });
    socket.once('timeout', () => { socket.destroy(); resolve(`ZooKeeper at ${zk} did not answer within 3 s`); });
    socket.once('error', (e) => resolve(`ZooKeeper at ${zk}: ${e.message}`));
  });
  if (zkError) return zkError;
  try {
    await createRestClient({ baseUrl: restUrl, timeoutMs: 3000, retry: { maxAttempts: 1 } }).clusterVersion();
    return '';
  } catch (e) {
    return `REST gateway at ${restUrl}: ${(e as Error).message}`;
  }
}

/** `jmh_<what>_<base-36 time and random>`: a table name no other run uses. */
export function benchTableName(what: string): string {
  return `jmh_${what}_${Date.now().toString(36)}_${Math.floor(Math.random() * 1e6).toString(36)}`;
}
