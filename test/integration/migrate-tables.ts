// Shared by the MapReduce backfill's integration tests (migrate-mapreduce.test.ts, migrate-dual-java.test.ts): every
// cell of a table read through REST, the read counter of a table's regions, and a Java program run beside a test.
import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { jvmCommand } from '../../src/hbase/native/reader-process.js';
import type { HBaseRestClient } from '../../src/hbase/rest/index.js';

const hex = (b: Uint8Array) => Buffer.from(b).toString('hex');

/**
 * Every cell of a table as `rowhex family:qualifier@timestamp` -> value hex, up to 10 versions, read through the REST
 * gateway; `mapKey` turns each row's key into the one listed (e.g. an old key into the new one).
 */
export async function tableCells(hbase: HBaseRestClient, table: string, mapKey: (key: Uint8Array) => Uint8Array = (k) => k): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  for await (const row of hbase.scan(table, { maxVersions: 10, batch: 5000 })) {
    const key = hex(mapKey(row.key));
    for (const c of row.cells) out.set(`${key} ${Buffer.from(c.family).toString()}:${Buffer.from(c.qualifier).toString()}@${c.timestamp}`, hex(c.value));
  }
  return out;
}

/** Read requests of the table's regions, summed, as the master last heard them (/status/cluster). */
async function readRequests(hbase: HBaseRestClient, table: string): Promise<number> {
  const status = await hbase.clusterStatus();
  return status.liveServers.flatMap((s) => s.regions).filter((r) => Buffer.from(r.name).toString('latin1').startsWith(`${table},`)).reduce((n, r) => n + r.readRequestsCount, 0);
}

/** The table's read count once two readings 4 s apart agree (the RegionServers report to the master every few seconds). */
export async function settledReadRequests(hbase: HBaseRestClient, table: string): Promise<number> {
  let last = await readRequests(hbase, table);
  for (let i = 0; i < 10; i++) {
    await new Promise((r) => setTimeout(r, 4000));
    const now = await readRequests(hbase, table);
    if (now === last) return now;
    last = now;
  }
  return last;
}

/** A Java program of test/integration/java started by {@link startJavaProgram}. */
export interface JavaProgram {
  readonly child: ChildProcessWithoutNullStreams;
  /** Resolves when the program prints `readyLine` (or exits). */
  readonly ready: Promise<void>;
  /** Resolves with the program's last stdout line when it exits 0; rejects with its stderr tail otherwise. */
  readonly done: Promise<string>;
}

/** Starts a single-file Java program on the JVM side's classpath (`java ... File.java args`). */
export function startJavaProgram(file: string, args: readonly string[], readyLine: string): JavaProgram {
  const { java, args: jvmArgs } = jvmCommand();
  const child = spawn(java, [...jvmArgs, file, ...args], { stdio: ['pipe', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (d: Buffer) => void (stderr = (stderr + d.toString()).slice(-4000)));
  const lines: string[] = [];
  let onReady: () => void = () => undefined;
  const ready = new Promise<void>((r) => (onReady = r));
  createInterface({ input: child.stdout }).on('line', (l) => {
    lines.push(l);
    if (l === readyLine) onReady();
  });
  const name = file.slice(file.lastIndexOf('/') + 1);
  const done = new Promise<string>((resolve, reject) => child.on('exit', (code) => (code === 0 ? resolve(lines.at(-1) ?? '') : reject(new Error(`${name} exit ${code}: ${stderr}`)))));
  return { child, ready: Promise.race([ready, done.then(() => undefined, () => undefined)]), done };
}
