// The two backfill engines side by side, in one run against the local HBase: `migrate backfill --engine mapreduce`
// (snapshot -> HFiles -> bulk load, Hadoop local mode, 2 map and 2 reduce tasks at once) and the REST backfill (scan
// and put through the gateway), each copying the same source of 1,000,000 rows × 2 cells (`--small`: 20,000) into its
// own copy of the new table, pre-split on 8 salt buckets. Each engine runs as the CLI a user runs, under
// /usr/bin/time: rows/s over the whole command (JVM or Node start included), the job's own rows/s (from its answer),
// CPU-seconds per million rows (user + system of the CLI and every child it waited for: the job's JVM, or Node alone
// for REST; the HBase daemons' CPU is not in it, and REST loads them much more), and peak memory (the largest resident
// set among those processes). Prints the load average, since the machine may be shared.
// Skips (exit 0) when HBase, the cluster's hbase-site.xml, a JDK or /usr/bin/time is missing.
// Usage: npx tsx bench/backfill-mapreduce.bench.ts [--small]
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRestClient, type RowInput } from '../src/hbase/rest/index.js';
import { createTableCommand, runShellCommands } from '../src/hbase/shell/index.js';
import { templateKeyMap } from '../src/migrate/key-map.js';
import { hbaseMissing, liveHBase } from './live-hbase.js';

const small = process.argv.includes('--small');
const ROWS = small ? 20_000 : 1_000_000;
const T0 = 1_600_000_000_000;
const OLD_TEMPLATE = '{pad(ts,13)}_{deviceId}';
const NEW_TEMPLATE = '{salt(deviceId,8)}_{deviceId}_{pad(ts,13)}';
const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const CONF_DIR = process.env['HBASE_CONF_DIR'] || join(ROOT, '.hbase-local', 'conf');
const { zk, restUrl } = liveHBase();

const missing = (await hbaseMissing(zk, restUrl))
  || (existsSync(join(CONF_DIR, 'hbase-site.xml')) ? '' : `no hbase-site.xml in ${CONF_DIR} (set HBASE_CONF_DIR)`)
  || (spawnSync('javac', ['-version']).status === 0 ? '' : 'no javac (a JDK 17 is needed for the job)')
  || (existsSync('/usr/bin/time') ? '' : 'no /usr/bin/time (GNU time measures CPU and peak memory)');
if (missing) {
  console.log(`MapReduce backfill bench skipped: ${missing}`);
  process.exit(0);
}

/** A CLI run's figures: wall seconds, CPU seconds (user + system, children waited for included), peak RSS in MiB. */
interface Measured { wallS: number; cpuS: number; peakMiB: number; out: string }

/** Runs the CLI under /usr/bin/time; rejects with its stderr on a non-zero exit. */
function measuredCli(args: readonly string[], timeFile: string): Promise<Measured> {
  return new Promise((done, fail) => {
    const child = spawn('/usr/bin/time', ['-f', '%e %U %S %M', '-o', timeFile, process.execPath, '--import', 'tsx', join(ROOT, 'src', 'cli', 'main.ts'), ...args], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (d: Buffer) => void (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => void (err = (err + d.toString()).slice(-4000)));
    child.on('close', (code) => {
      if (code !== 0) return fail(new Error(`hbase-hotspot ${args.slice(0, 3).join(' ')} ... exit ${code}: ${err}`));
      const [wallS, userS, sysS, maxKb] = readFileSync(timeFile, 'utf8').trim().split('\n').at(-1)!.split(' ').map(Number) as [number, number, number, number];
      done({ wallS, cpuS: userS + sysS, peakMiB: maxKb / 1024, out });
    });
  });
}

const keys = templateKeyMap(OLD_TEMPLATE, NEW_TEMPLATE);
const stamp = `${Date.now().toString(36)}_${Math.floor(Math.random() * 1e6).toString(36)}`;
// Table names start with dj_ (their bench's prefix on a shared test cluster).
const [source, mrTarget, restTarget] = ['dj_bfb_src', 'dj_bfb_mr', 'dj_bfb_rest'].map((t) => `${t}_${stamp}`) as [string, string, string];
const client = createRestClient({ baseUrl: restUrl, timeoutMs: 120_000, dataFormat: 'protobuf' });
const row = (i: number): RowInput => {
  const ts = T0 + i * 1000;
  return {
    key: keys.oldTemplate.encode({ ts, deviceId: `dev${i % 997}` }),
    cells: [
      { family: 'd', qualifier: 'v', value: `value-${i}-${'x'.repeat(40)}`, timestamp: ts },
      { family: 'd', qualifier: 'n', value: String(i), timestamp: ts },
    ],
  };
};
const dir = mkdtempSync(join(tmpdir(), 'backfill-mr-bench-'));
try {
  // The source in 4 regions (4 map tasks), each target pre-split on its 8 salt buckets ("00".."07").
  const sourceSplits = [1, 2, 3].map((q) => String(T0 + Math.floor((ROWS * q) / 4) * 1000).padStart(13, '0'));
  const saltSplits = ['01', '02', '03', '04', '05', '06', '07'];
  const created = await runShellCommands([
    createTableCommand({ table: source, families: ['d'], splits: sourceSplits }),
    ...[mrTarget, restTarget].map((table) => createTableCommand({ table, families: ['d'], splits: saltSplits, tableAttributes: { COMPACTION_ENABLED: 'false' } })),
  ], { timeoutMs: 300_000 });
  if (!created.ok) throw new Error(`create failed: ${JSON.stringify(created.results)}`);
  const loadStarted = performance.now();
  const BATCH = 5000;
  for (let i = 0; i < ROWS; i += BATCH * 2) {
    await Promise.all([i, i + BATCH].filter((s) => s < ROWS).map((s) => client.putRows(source, Array.from({ length: Math.min(BATCH, ROWS - s) }, (_, k) => row(s + k)))));
  }
  const loadS = (performance.now() - loadStarted) / 1000;

  const common = ['--from', source, '--old-template', OLD_TEMPLATE, '--new-template', NEW_TEMPLATE, '--json'];
  const mr = await measuredCli(['migrate', 'backfill', '--engine', 'mapreduce', '--hbase-conf', CONF_DIR, '--to', mrTarget, ...common], join(dir, 'mr.time'));
  const mrAnswer = JSON.parse(mr.out) as { rows: number; cells: number; elapsedMs: number; rowsPerSec: number };
  const rest = await measuredCli(['migrate', 'backfill', '--rest', restUrl, '--to', restTarget, '--batch', '500', ...common], join(dir, 'rest.time'));
  const restAnswer = JSON.parse(rest.out) as { rows: number };
  for (const [engine, rows] of [['mapreduce', mrAnswer.rows], ['rest', restAnswer.rows]] as const) {
    if (rows !== ROWS) throw new Error(`the ${engine} backfill copied ${rows} rows, expected ${ROWS}`);
  }

  const perMillion = (cpuS: number) => (cpuS * 1_000_000) / ROWS;
  const line = (name: string, m: Measured, jobRowsPerSec?: number) =>
    `  ${name}: ${(ROWS / m.wallS).toFixed(0)} rows/s over the command (${m.wallS.toFixed(1)} s)${jobRowsPerSec !== undefined ? `, ${jobRowsPerSec.toFixed(0)} rows/s in the job` : ''}; ${perMillion(m.cpuS).toFixed(1)} CPU-s per million rows; peak memory ${m.peakMiB.toFixed(0)} MiB`;
  console.log(`backfill engines, ${ROWS} rows × 2 cells (source in 4 regions, targets in 8), source loaded through REST in ${loadS.toFixed(1)} s (load average ${loadavg().map((l) => l.toFixed(1)).join(' ')})`);
  console.log(line('mapreduce', mr, mrAnswer.rowsPerSec));
  console.log(line('rest', rest));
  console.log(`  mapreduce / rest rows/s over the command: ${((mr.wallS > 0 ? rest.wallS / mr.wallS : 0)).toFixed(2)}`);
} finally {
  for (const t of [source, mrTarget, restTarget]) await client.deleteTable(t).catch(() => undefined);
  rmSync(dir, { recursive: true, force: true });
}
