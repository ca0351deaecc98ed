/**
 * `migrate verify --engine mapreduce`: the verification as a Hadoop MapReduce job over snapshots of both tables (the
 * JVM side's `hbasehotspot.migrate.VerifyJob`: `MultiTableSnapshotInputFormat` -> a mapper summing rows, cells and a
 * hash of the cells under the new key per time range and salt bucket, and sending sampled rows -> one reducer
 * comparing them cell by cell). Run here in Hadoop local mode, or printed as the `hadoop jar` command for a real
 * cluster (`--hadoop`). See docs/migrate.md.
 *
 * @module
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Command } from 'commander';
import { toHex } from '../../bytes/index.js';
import { compileTemplate } from '../../keys/template/index.js';
import { type MapReduceVerifyReport, parseVerifyJobAnswer, verifyJobReport } from '../../migrate/verify-job.js';
import { saltBucketPrefixes } from '../../migrate/verify.js';
import { buildJobJar, CLUSTER_WORK_DIR, clusterConfDir, hadoopJarCommand, jobSettings, runLocalJob } from './migrate-mapreduce.js';
import { numberOption } from './migrate-run.js';

/** The verify job's main class (a Hadoop `Tool`). */
export const VERIFY_JOB_CLASS = 'hbasehotspot.migrate.VerifyJob';

/** The tables, templates and snapshot choices of a verify job, as the command line gives them. */
interface VerifyJobTables {
  from: string;
  to: string;
  oldTemplate: string;
  newTemplate: string;
  zk?: string;
  zkZnode?: string;
  hbaseClasspath?: string;
  /** Existing snapshots to read (kept); else the job takes one of each table and deletes it. */
  oldSnapshot?: string;
  newSnapshot?: string;
  skipFlush?: boolean;
  /** Folder for the restored snapshots and the job's output, on the job's filesystem. */
  workDir?: string;
}

/** What the verify job needs. */
export interface MapReduceVerifyFlags extends VerifyJobTables {
  /** Time range boundaries, epoch ms ascending. */
  timeBoundsMs: readonly number[];
  /** Share of rows compared cell by cell, 0..1, and the seed that picks them. */
  sample: number;
  seed: number;
  /** Local mode only: map tasks at once. */
  localTasks?: number;
}

/** The command-line flags of `migrate verify --engine mapreduce`. */
export interface VerifyEngineFlags extends VerifyJobTables {
  hbaseConf?: string;
  hadoop?: boolean;
  localTasks?: string;
}

/**
 * The job's arguments after the class name: `-D` settings, then its own flags; the salt buckets as the bytes each
 * bucket's keys hold at the offset after the new template's leading literals (computed here, so both engines bucket
 * a key alike).
 */
export function verifyJobArgs(flags: MapReduceVerifyFlags, workDir: string, local: boolean): string[] {
  const buckets = saltBucketPrefixes(compileTemplate(flags.newTemplate));
  return [
    ...jobSettings(flags, workDir, local),
    '--from', flags.from, '--to', flags.to, '--old-template', flags.oldTemplate, '--new-template', flags.newTemplate,
    '--work-dir', workDir,
    ...(flags.oldSnapshot !== undefined ? ['--old-snapshot', flags.oldSnapshot] : []),
    ...(flags.newSnapshot !== undefined ? ['--new-snapshot', flags.newSnapshot] : []),
    ...(flags.skipFlush ? ['--skip-flush'] : []),
    ...(flags.timeBoundsMs.length > 1 ? ['--time-bounds', flags.timeBoundsMs.join(',')] : []),
    ...(buckets.prefixes.length > 0 ? ['--bucket-offset', String(buckets.offset), '--bucket-prefixes', buckets.prefixes.map(toHex).join(',')] : []),
    '--sample', String(flags.sample), '--seed', String(flags.seed),
  ];
}

/** The work folder of `--hadoop` when `--work-dir` is not given: on the cluster's default filesystem. */
export function clusterVerifyWorkDir(to: string): string {
  return `${CLUSTER_WORK_DIR}/${to.replace(':', '_')}_verify`;
}

/**
 * Runs the verify job in Hadoop local mode in a child JVM and returns its report. The work folder (a temporary one
 * unless `--work-dir`) is removed afterwards when temporary; the job removes its output, restore folder and snapshots.
 * @throws HotspotError `MIGRATE_VERIFY_REFUSED` (exit 2) when the job refuses its arguments or tables,
 *   `MIGRATE_JOB_FAILED` (exit 3) when it failed, `JVM_UNAVAILABLE` when the JVM side cannot be built or started.
 */
export async function runLocalVerifyJob(flags: MapReduceVerifyFlags, confDir: string, onMessage: (line: string) => void): Promise<MapReduceVerifyReport> {
  const temporary = flags.workDir === undefined;
  const workDir = temporary ? mkdtempSync(join(tmpdir(), 'hbase-hotspot-verify-')) : resolve(flags.workDir as string);
  try {
    const answer = await runLocalJob({ jobClass: VERIFY_JOB_CLASS, name: 'verify', refusedCode: 'MIGRATE_VERIFY_REFUSED', args: verifyJobArgs(flags, workDir, true), workDir, confDir, onMessage, ...(flags.hbaseClasspath !== undefined ? { hbaseClasspath: flags.hbaseClasspath } : {}) });
    return verifyJobReport(parseVerifyJobAnswer(answer), flags.timeBoundsMs, Math.max(1, saltBucketPrefixes(compileTemplate(flags.newTemplate)).prefixes.length));
  } finally {
    if (temporary) rmSync(workDir, { recursive: true, force: true });
  }
}

/** The options `--engine mapreduce` adds to `migrate verify` (beside the native-client ones). */
export function verifyMapreduceOptions(cmd: Command): Command {
  return cmd
    .option('--engine <engine>', 'rest (default: scan both tables through --rest) or mapreduce (a MapReduce job over snapshots of both tables; no --rest; reads no row through the RegionServers)', 'rest')
    .option('--old-snapshot <name>', 'with --engine mapreduce: read this existing snapshot of --from (kept) instead of taking one (deleted afterwards)')
    .option('--new-snapshot <name>', 'with --engine mapreduce: read this existing snapshot of --to (kept) instead of taking one (deleted afterwards)')
    .option('--skip-flush', 'with --engine mapreduce: take the snapshots without flushing the memstores first (SKIPFLUSH: cells still in memory are not compared)')
    .option('--work-dir <dir>', 'with --engine mapreduce: folder for the snapshot restores and the job output, on the filesystem of hbase.rootdir and outside it (default: a temporary folder; with --hadoop /tmp/hbase-hotspot-backfill/<to>_verify on the cluster)')
    .option('--hadoop', 'with --engine mapreduce: print the hadoop jar command that runs the job on a real cluster, and run nothing')
    .option('--local-tasks <n>', 'with --engine mapreduce in local mode: map tasks at once', '2');
}

/** The options only `migrate verify`'s MapReduce engine reads, by commander attribute name and flag. */
export const VERIFY_MAPREDUCE_ONLY: readonly (readonly [string, string])[] = [['zk', '--zk'], ['zkZnode', '--zk-znode'], ['hbaseConf', '--hbase-conf'], ['hbaseClasspath', '--hbase-classpath'], ['oldSnapshot', '--old-snapshot'], ['newSnapshot', '--new-snapshot'], ['skipFlush', '--skip-flush'], ['workDir', '--work-dir'], ['hadoop', '--hadoop'], ['localTasks', '--local-tasks']];

/**
 * `migrate verify --engine mapreduce`: with `--hadoop` prints the `hadoop jar` command and returns undefined; else
 * runs the job in local mode and returns its report.
 * @throws HotspotError `MIGRATE_HBASE_CONF` without the cluster's hbase-site.xml, `MIGRATE_OPTION_INVALID` for a bad
 *   `--local-tasks`, and {@link runLocalVerifyJob}'s errors.
 */
export async function runMapReduceVerify(flags: VerifyEngineFlags, options: { timeBoundsMs: readonly number[]; sample: number; seed: number }, out: { stdout: (s: string) => void; stderr: (s: string) => void }): Promise<MapReduceVerifyReport | undefined> {
  const confDir = clusterConfDir(flags.hbaseConf);
  const optional = ['zk', 'zkZnode', 'hbaseClasspath', 'oldSnapshot', 'newSnapshot', 'skipFlush', 'workDir'] as const;
  const job: MapReduceVerifyFlags = {
    from: flags.from, to: flags.to, oldTemplate: flags.oldTemplate, newTemplate: flags.newTemplate, ...options,
    localTasks: numberOption(flags.localTasks ?? '2', '--local-tasks', 1, true),
    ...Object.fromEntries(optional.filter((k) => flags[k] !== undefined && flags[k] !== false).map((k) => [k, flags[k]])),
  };
  if (flags.hadoop) {
    const args = verifyJobArgs(job, job.workDir ?? clusterVerifyWorkDir(job.to), false);
    out.stdout(`${hadoopJarCommand(VERIFY_JOB_CLASS, args, buildJobJar(flags.hbaseClasspath), confDir)}\n`);
    return undefined;
  }
  return runLocalVerifyJob(job, confDir, (line) => out.stderr(`${line}\n`));
}
