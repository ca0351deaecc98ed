/**
 * `migrate backfill --engine mapreduce`: the backfill as a Hadoop MapReduce job over a snapshot of the old table (the
 * JVM side's `hbasehotspot.migrate.BackfillJob`: `TableSnapshotInputFormat` -> re-keying mapper -> `HFileOutputFormat2`
 * on the new table's regions -> bulk load). Run here in Hadoop local mode, or printed as the `hadoop jar` command for a
 * real cluster (`--hadoop`). See docs/migrate.md.
 *
 * @module
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import type { Command } from 'commander';
import { jvmCommand, projectRoot } from '../../hbase/native/reader-process.js';
import { HotspotError } from '../../util/errors.js';
import { type CliIo, printJson } from '../io.js';
import { numberOption } from './migrate-run.js';

/** The job's main class (a Hadoop `Tool`). */
export const BACKFILL_JOB_CLASS = 'hbasehotspot.migrate.BackfillJob';

/** What `--engine mapreduce` reads from the command line. */
export interface MapReduceBackfillFlags {
  from: string;
  to: string;
  oldTemplate: string;
  newTemplate: string;
  /** The cluster's configuration folder (`--hbase-conf`, else `$HBASE_CONF_DIR`); must give `hbase.rootdir`. */
  hbaseConf?: string;
  zk?: string;
  zkZnode?: string;
  hbaseClasspath?: string;
  /** An existing snapshot of `from` to read (kept); else the job takes one and deletes it. */
  snapshot?: string;
  /** Take the snapshot without flushing the memstores first (`SnapshotType.SKIPFLUSH`). */
  skipFlush?: boolean;
  /** Folder for the HFiles, the restore folder and the default reject file, on the job's filesystem. */
  workDir?: string;
  rejects?: string;
  /** Local mode only: map and reduce tasks run at once (`mapreduce.local.{map,reduce}.tasks.maximum`). */
  localTasks?: number;
}

/** The job's answer (its one stdout line). */
export interface MapReduceBackfillResult {
  engine: 'mapreduce';
  rows: number;
  cells: number;
  rejects: number;
  rejectedCells: number;
  /** The NDJSON reject file (`key` base64, `cells`, `code`, `message` per line), on the job's filesystem. */
  rejectsFile: string;
  snapshot: string;
  /** One reducer per region of the new table. */
  reduceTasks: number;
  elapsedMs: number;
  rowsPerSec: number;
}

/**
 * The cluster configuration folder the job needs: `--hbase-conf`, else `$HBASE_CONF_DIR`, holding an `hbase-site.xml`
 * that sets `hbase.rootdir` (the snapshot is read from the cluster's files, not through its RegionServers).
 * @returns the folder as an absolute path.
 * @throws HotspotError `MIGRATE_HBASE_CONF` (exit 2) naming `hbase.rootdir` and `--hbase-conf`.
 */
export function clusterConfDir(given: string | undefined, env: NodeJS.ProcessEnv = process.env): string {
  const dir = given ?? (env['HBASE_CONF_DIR'] !== '' ? env['HBASE_CONF_DIR'] : undefined);
  const where = given !== undefined ? `--hbase-conf ${given}` : dir !== undefined ? `$HBASE_CONF_DIR (${dir})` : undefined;
  const need = "--engine mapreduce reads the old table's snapshot from the cluster's files and needs hbase.rootdir";
  if (dir === undefined) throw new HotspotError('MIGRATE_HBASE_CONF', `${need}: give the folder of the cluster's hbase-site.xml with --hbase-conf DIR (or set $HBASE_CONF_DIR)`, { field: '--hbase-conf' });
  const site = join(dir, 'hbase-site.xml');
  let text: string;
  try {
    text = readFileSync(site, 'utf8');
  } catch {
    throw new HotspotError('MIGRATE_HBASE_CONF', `${need}: ${where} has no readable hbase-site.xml; give the cluster's configuration folder with --hbase-conf DIR`, { field: '--hbase-conf', file: site });
  }
  if (!/<name>\s*hbase\.rootdir\s*<\/name>/.test(text)) {
    throw new HotspotError('MIGRATE_HBASE_CONF', `${need}: ${site} does not set hbase.rootdir; give the cluster's own configuration folder with --hbase-conf DIR`, { field: '--hbase-conf', file: site });
  }
  return resolve(dir);
}

/**
 * The job's arguments after the class name: `-D` settings (ToolRunner's generic options) then the job's own flags.
 * `local` adds Hadoop local mode's settings (LocalJobRunner, temporary folders under the work folder, both cores).
 */
export function backfillJobArgs(flags: MapReduceBackfillFlags, workDir: string, local: boolean): string[] {
  return [
    ...jobSettings(flags, workDir, local),
    '--from', flags.from, '--to', flags.to, '--old-template', flags.oldTemplate, '--new-template', flags.newTemplate,
    '--work-dir', workDir,
    ...(flags.snapshot !== undefined ? ['--snapshot', flags.snapshot] : []),
    ...(flags.skipFlush ? ['--skip-flush'] : []),
    ...(flags.rejects !== undefined ? ['--rejects', local ? resolve(flags.rejects) : flags.rejects] : []),
  ];
}

/**
 * ToolRunner's `-D` settings of a job over snapshots: the ZooKeeper quorum and znode when given, and in Hadoop local
 * mode (`local`) LocalJobRunner with `localTasks` map and reduce tasks at once (default 2), a 64 MB sort buffer and
 * Hadoop's and HBase's temporary folders under `workDir`.
 */
export function jobSettings(flags: { zk?: string; zkZnode?: string; localTasks?: number }, workDir: string, local: boolean): string[] {
  const d: string[] = [];
  const set = (key: string, value: string) => d.push('-D', `${key}=${value}`);
  if (flags.zk !== undefined) set('hbase.zookeeper.quorum', flags.zk);
  if (flags.zkZnode !== undefined) set('zookeeper.znode.parent', flags.zkZnode);
  if (local) {
    const tasks = String(flags.localTasks ?? 2);
    set('mapreduce.framework.name', 'local');
    set('mapreduce.local.map.tasks.maximum', tasks);
    set('mapreduce.local.reduce.tasks.maximum', tasks);
    set('mapreduce.task.io.sort.mb', '64');
    set('hadoop.tmp.dir', join(workDir, 'tmp'));
    set('hbase.fs.tmp.dir', join(workDir, 'staging'));
  }
  return d;
}

/** `arg` quoted for a POSIX shell when it holds anything but plain characters. */
export function shellQuote(arg: string): string {
  return /^[A-Za-z0-9_./:=@%+,-]+$/.test(arg) ? arg : `'${arg.replace(/'/g, `'\\''`)}'`;
}

/** The work folder of `--hadoop` when `--work-dir` is not given: on the cluster's default filesystem. */
export const CLUSTER_WORK_DIR = '/tmp/hbase-hotspot-backfill';

/**
 * The command that runs the job on a real cluster: `HADOOP_CLASSPATH="$(hbase mapredcp):CONF" hadoop jar JAR CLASS
 * ARGS`, the job jar holding only this project's classes (HBase and Hadoop come from the cluster; the job ships the
 * HBase jars to its tasks with `TableMapReduceUtil.addDependencyJars`), the work folder on the cluster's filesystem.
 */
export function hadoopCommand(flags: MapReduceBackfillFlags, jar: string, confDir: string): string {
  const workDir = flags.workDir ?? `${CLUSTER_WORK_DIR}/${flags.to.replace(':', '_')}`;
  return hadoopJarCommand(BACKFILL_JOB_CLASS, backfillJobArgs(flags, workDir, false), jar, confDir);
}

/** `HADOOP_CLASSPATH="$(hbase mapredcp):CONF" hadoop jar JAR CLASS ARGS`, every argument quoted for a POSIX shell. */
export function hadoopJarCommand(jobClass: string, args: readonly string[], jar: string, confDir: string): string {
  return `HADOOP_CLASSPATH="$(hbase mapredcp):${confDir}" hadoop jar ${shellQuote(jar)} ${jobClass} ${args.map(shellQuote).join(' ')}`;
}

/**
 * Builds the job jar (`jvm/target/hbase-hotspot-jvm.jar`: the compiled classes, no HBase or Hadoop inside) and returns
 * its absolute path. @throws HotspotError `JVM_UNAVAILABLE` when the classes or the jar cannot be built.
 */
export function buildJobJar(hbaseClasspath?: string): string {
  jvmCommand(hbaseClasspath);
  const root = projectRoot();
  const jar = join(root, 'jvm', 'target', 'hbase-hotspot-jvm.jar');
  const r = spawnSync('jar', ['cf', jar, '-C', join(root, 'jvm', 'target', 'classes'), '.'], { encoding: 'utf8' });
  if (r.error || r.status !== 0) throw new HotspotError('JVM_UNAVAILABLE', `the job jar could not be written (${r.error?.message ?? r.stderr.trim()}); the JDK's jar tool is needed`);
  return jar;
}

/** Lines of the job's own (not log4j's) messages: log lines start with an ISO date. */
const LOG_LINE = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d/;

/**
 * Runs the job in Hadoop local mode in a child JVM and returns its answer. Without `--work-dir`, a temporary folder is
 * used and removed afterwards, unless rows were rejected and the reject file lies in it (then it is kept and named).
 * @param onMessage the job's own stderr lines (snapshot taken, job started, bulk load, notes); log lines are kept for
 *   the error message only.
 * @throws HotspotError `MIGRATE_BACKFILL_REFUSED` (exit 2) when the job refuses its arguments or tables (no such
 *   table, too few versions, ...), `MIGRATE_JOB_FAILED` (exit 3) when the job or the bulk load failed,
 *   `JVM_UNAVAILABLE` when the JVM side cannot be built or started.
 */
export async function runLocalBackfillJob(flags: MapReduceBackfillFlags, confDir: string, onMessage: (line: string) => void): Promise<MapReduceBackfillResult> {
  const temporary = flags.workDir === undefined;
  const workDir = temporary ? mkdtempSync(join(tmpdir(), 'hbase-hotspot-backfill-')) : resolve(flags.workDir as string);
  let keep = false;
  try {
    const answer = await runLocalJob({ jobClass: BACKFILL_JOB_CLASS, name: 'backfill', refusedCode: 'MIGRATE_BACKFILL_REFUSED', args: backfillJobArgs(flags, workDir, true), workDir, confDir, onMessage, ...(flags.hbaseClasspath !== undefined ? { hbaseClasspath: flags.hbaseClasspath } : {}) });
    const r = JSON.parse(answer) as { rows: number; cells: number; rejectedRows: number; rejectedCells: number; rejectsFile: string; snapshot: string; reduceTasks: number; elapsedMs: number };
    keep = temporary && r.rejectedRows > 0 && flags.rejects === undefined;
    return {
      engine: 'mapreduce', rows: r.rows, cells: r.cells, rejects: r.rejectedRows, rejectedCells: r.rejectedCells, rejectsFile: r.rejectsFile,
      snapshot: r.snapshot, reduceTasks: r.reduceTasks, elapsedMs: r.elapsedMs, rowsPerSec: r.elapsedMs > 0 ? (r.rows * 1000) / r.elapsedMs : 0,
    };
  } finally {
    if (temporary && !keep) rmSync(workDir, { recursive: true, force: true });
  }
}

/** What {@link runLocalJob} starts. */
export interface LocalJob {
  /** The Hadoop `Tool`'s main class. */
  jobClass: string;
  /** The job in words, for messages (`backfill`, `verify`). */
  name: string;
  /** The error code when the job refuses its arguments (its exit 2). */
  refusedCode: 'MIGRATE_BACKFILL_REFUSED' | 'MIGRATE_VERIFY_REFUSED';
  /** Its arguments after the class name. */
  args: readonly string[];
  /** The work folder (the JVM's working folder when it exists). */
  workDir: string;
  /** The cluster's configuration folder, put first on the classpath (HBaseConfiguration reads hbase-site.xml there). */
  confDir: string;
  hbaseClasspath?: string;
  /** The job's own stderr lines; log lines are kept for the error message only. */
  onMessage: (line: string) => void;
}

/**
 * Runs a job class in Hadoop local mode in a child JVM started like the native client's, and returns the last line it
 * printed on stdout (its JSON answer).
 * @throws HotspotError `job.refusedCode` (exit 2) when the job refuses its arguments or tables, `MIGRATE_JOB_FAILED`
 *   (exit 3) when it failed, with its `error:` line and last WARN/ERROR log lines, `JVM_UNAVAILABLE` when the JVM side
 *   cannot be built or started.
 */
export async function runLocalJob(job: LocalJob): Promise<string> {
  const { java, args } = jvmCommand(job.hbaseClasspath);
  const cp = args.indexOf('-cp');
  const jvmArgs = [...args];
  jvmArgs[cp + 1] = `${job.confDir}:${jvmArgs[cp + 1] as string}`;
  const child = spawn(java, ['-Xmx768m', ...jvmArgs, job.jobClass, ...job.args], { cwd: existsSync(job.workDir) ? job.workDir : undefined, stdio: ['ignore', 'pipe', 'pipe'] });
  const log: string[] = [];
  let errorLine: string | undefined;
  createInterface({ input: child.stderr }).on('line', (line) => {
    if (LOG_LINE.test(line) || /^\s/.test(line) || line === '') {
      log.push(line);
      if (log.length > 20) log.shift();
      return;
    }
    if (line.startsWith('error: ')) errorLine = line.slice('error: '.length);
    else job.onMessage(line);
  });
  let answer = '';
  child.stdout.on('data', (chunk: Buffer) => { answer += chunk.toString('utf8'); });
  const status = await new Promise<number>((done, fail) => {
    child.on('error', (e) => fail(new HotspotError('JVM_UNAVAILABLE', `java could not be started (${e.message}); install a JDK 17`)));
    child.on('close', (code) => done(code ?? 1));
  });
  if (status === 2) throw new HotspotError(job.refusedCode, errorLine ?? `the ${job.name} job refused its arguments: ${log.at(-1) ?? 'no message'}`);
  if (status !== 0) {
    const last = log.filter((l) => / (ERROR|WARN) /.test(l)).slice(-3).join('\n');
    throw new HotspotError('MIGRATE_JOB_FAILED', `the ${job.name} job failed (exit ${status}): ${errorLine ?? 'no message'}${last ? `\nits last log lines:\n${last}` : ''}`);
  }
  return answer.trim().split('\n').at(-1) as string;
}

/** The flags `--engine mapreduce` adds to `migrate backfill` (beside the native-client ones). */
export interface MapReduceFlags {
  engine: string;
  zk?: string;
  zkZnode?: string;
  hbaseConf?: string;
  hbaseClasspath?: string;
  snapshot?: string;
  skipFlush?: boolean;
  workDir?: string;
  hadoop?: boolean;
  localTasks?: string;
}

/** Adds the MapReduce engine's options to `migrate backfill`. */
export function mapreduceOptions(cmd: Command): Command {
  return cmd
    .option('--snapshot <name>', 'with --engine mapreduce: read this existing snapshot of --from (kept) instead of taking one (deleted afterwards)')
    .option('--skip-flush', 'with --engine mapreduce: take the snapshot without flushing the memstores first (SKIPFLUSH: cells still in memory are not copied; see docs/migrate.md)')
    .option('--work-dir <dir>', 'with --engine mapreduce: folder for the HFiles and the snapshot restore, on the filesystem of hbase.rootdir and outside it (default: a temporary folder; with --hadoop /tmp/hbase-hotspot-backfill/<to> on the cluster)')
    .option('--hadoop', 'with --engine mapreduce: print the hadoop jar command that runs the job on a real cluster, and run nothing')
    .option('--local-tasks <n>', 'with --engine mapreduce in local mode: map and reduce tasks at once', '2');
}

/** The options only the REST engine reads, by commander attribute name and flag. */
const REST_ONLY: readonly (readonly [string, string])[] = [['rest', '--rest'], ['sourceSnapshot', '--source-snapshot'], ['checkpoint', '--checkpoint'], ['rate', '--rate'], ['batch', '--batch'], ['shellCmd', '--shell-cmd']];
/** The options only the MapReduce engine reads. */
const MAPREDUCE_ONLY: readonly (readonly [string, string])[] = [['zk', '--zk'], ['zkZnode', '--zk-znode'], ['hbaseConf', '--hbase-conf'], ['hbaseClasspath', '--hbase-classpath'], ['snapshot', '--snapshot'], ['skipFlush', '--skip-flush'], ['workDir', '--work-dir'], ['hadoop', '--hadoop'], ['localTasks', '--local-tasks']];

/** Options only one engine reads, by commander attribute name and flag, and why the other refuses them. */
export interface EngineOptions {
  readonly restOnly: readonly (readonly [string, string])[];
  readonly mapreduceOnly: readonly (readonly [string, string])[];
  /** Why `--engine mapreduce` does not read a REST-only option. */
  readonly restWhy: string;
}

/** `migrate backfill`'s engine options. */
export const BACKFILL_ENGINE_OPTIONS: EngineOptions = {
  restOnly: REST_ONLY, mapreduceOnly: MAPREDUCE_ONLY,
  restWhy: 'the job reads a snapshot and bulk loads, with no gateway, checkpoint or rate',
};

/**
 * The engine `--engine` names, after checking that no option of the other engine was given on the command line.
 * @param source commander's `getOptionValueSource`: `'cli'` for an option the user gave.
 * @param options which options belong to which engine (default `migrate backfill`'s).
 * @throws HotspotError `MIGRATE_OPTION_INVALID` for an unknown engine or an option of the other one.
 */
export function engineOf(flags: { engine: string }, source: (name: string) => string | undefined, options: EngineOptions = BACKFILL_ENGINE_OPTIONS): 'rest' | 'mapreduce' {
  if (flags.engine !== 'rest' && flags.engine !== 'mapreduce') throw new HotspotError('MIGRATE_OPTION_INVALID', `--engine ${flags.engine}: give rest or mapreduce`, { field: '--engine' });
  const [others, mine] = flags.engine === 'rest' ? [options.mapreduceOnly, 'the REST engine'] : [options.restOnly, '--engine mapreduce'];
  const given = others.find(([name]) => source(name) === 'cli');
  if (given !== undefined) {
    const why = flags.engine === 'rest' ? 'it belongs to --engine mapreduce' : `it belongs to the REST engine (--engine rest); ${options.restWhy}`;
    throw new HotspotError('MIGRATE_OPTION_INVALID', `${given[1]} is not read by ${mine}: ${why}`, { field: given[1] });
  }
  return flags.engine;
}

/** Rows from which the REST backfill's output points at `--engine mapreduce`. */
export const MAPREDUCE_ADVICE_ROWS = 1_000_000;

/**
 * The REST backfill's closing advice when the MapReduce engine would have been the better choice (at least
 * {@link MAPREDUCE_ADVICE_ROWS} rows), else undefined. Why: every row the REST engine copies is read through the old
 * table's RegionServers (the table in trouble) and written through one gateway from one machine, at the rate it
 * measured; the job reads the snapshot's files, writes HFiles per region and runs one map per source region on a
 * cluster.
 */
export function mapreduceAdvice(rows: number, rowsPerSec: number): string | undefined {
  if (rows < MAPREDUCE_ADVICE_ROWS) return undefined;
  const rate = Math.max(1, Math.round(rowsPerSec));
  const perBillionHours = Math.round(1e9 / rate / 3600);
  return `note: ${rows} rows went through one REST gateway at ${rate} rows/s (a billion rows: about ${perBillionHours} h), each read through the old table's RegionServers. ` +
    'From about a million rows, --engine mapreduce --hbase-conf DIR is the better choice: it reads a snapshot\'s files (no read load on the old table), ' +
    'writes HFiles per region of the new table and bulk loads them, and on a cluster (--hadoop) runs one map task per source region (docs/migrate.md)';
}

/**
 * `migrate backfill --engine mapreduce`: prints the `hadoop jar` command with `--hadoop`, else runs the job in Hadoop
 * local mode and reports it like the REST engine (stdout line or `--json`; rejected rows end it with
 * `MIGRATE_REJECTS`, exit 1, unless `--allow-rejects`).
 * @throws HotspotError `MIGRATE_HBASE_CONF` without the cluster's hbase-site.xml, `MIGRATE_OPTION_INVALID` for a bad
 *   `--local-tasks`, and {@link runLocalBackfillJob}'s errors.
 */
export async function runMapReduceEngine(io: CliIo, flags: MapReduceFlags & { from: string; to: string; oldTemplate: string; newTemplate: string; rejects?: string; allowRejects?: boolean; json?: boolean }): Promise<void> {
  const confDir = clusterConfDir(flags.hbaseConf);
  const localTasks = numberOption(flags.localTasks ?? '2', '--local-tasks', 1, true);
  const job: MapReduceBackfillFlags = {
    from: flags.from, to: flags.to, oldTemplate: flags.oldTemplate, newTemplate: flags.newTemplate, hbaseConf: confDir, localTasks,
    ...(flags.zk !== undefined ? { zk: flags.zk } : {}),
    ...(flags.zkZnode !== undefined ? { zkZnode: flags.zkZnode } : {}),
    ...(flags.hbaseClasspath !== undefined ? { hbaseClasspath: flags.hbaseClasspath } : {}),
    ...(flags.snapshot !== undefined ? { snapshot: flags.snapshot } : {}),
    ...(flags.skipFlush ? { skipFlush: true } : {}),
    ...(flags.workDir !== undefined ? { workDir: flags.workDir } : {}),
    ...(flags.rejects !== undefined ? { rejects: flags.rejects } : {}),
  };
  if (flags.hadoop) {
    io.stdout(`${hadoopCommand(job, buildJobJar(flags.hbaseClasspath), confDir)}\n`);
    return;
  }
  const result = await runLocalBackfillJob(job, confDir, (line) => io.stderr(`${line}\n`));
  if (flags.json) printJson(io, result);
  else io.stdout(`backfilled ${result.rows} rows (${result.cells} cells) by MapReduce from snapshot ${result.snapshot} into ${result.reduceTasks} regions; ${result.rejects} rejected${result.rejects > 0 ? ` (${result.rejectsFile})` : ''}; ${Math.round(result.rowsPerSec)} rows/s\n`);
  if (result.rejects > 0 && !flags.allowRejects) {
    throw new HotspotError('MIGRATE_REJECTS', `${result.rejects} row(s) (${result.rejectedCells} cells) could not be mapped to the new key (see ${result.rejectsFile}); fix the templates or the rows, or pass --allow-rejects to accept the loss`, { file: result.rejectsFile });
  }
}
