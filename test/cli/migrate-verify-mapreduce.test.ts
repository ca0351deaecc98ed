// `migrate verify --engine mapreduce`: choosing the engine, the job's command line (salt bucket bytes, time bounds,
// local mode), and turning the job's answer into the verify report; no HBase and no JVM (the job itself runs in
// test/integration/migrate-mapreduce.test.ts).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, vi, afterEach, beforeEach } from 'vitest';
import { hadoopJarCommand } from '../../src/cli/commands/migrate-mapreduce.js';
import { VERIFY_JOB_CLASS, clusterVerifyWorkDir, verifyJobArgs } from '../../src/cli/commands/migrate-verify-mapreduce.js';
import { verifyTimeBounds } from '../../src/cli/commands/migrate-run.js';
import { parseVerifyJobAnswer, type VerifyJobAnswer, verifyJobReport } from '../../src/migrate/verify-job.js';
import { runCapture } from './run-cli.js';

const TABLES = ['--from', 'metrics', '--to', 'metrics_v2', '--old-template', '{pad(ts,13)}_{id}', '--new-template', '{salt(id,4)}_{id}'];

/** Placeholder, in a test table, for a configuration folder that passes --hbase-conf's own check. */
const CONF = '<conf>';
let conf: string;

beforeEach(() => {
  vi.stubEnv('HBASE_CONF_DIR', '');
  conf = mkdtempSync(join(tmpdir(), 'hh-verify-conf-'));
  writeFileSync(join(conf, 'hbase-site.xml'), '<configuration/>\n');
});
afterEach(() => {
  vi.unstubAllEnvs();
  rmSync(conf, { recursive: true, force: true });
});

describe('migrate verify: choosing the engine', () => {
  it('the REST engine (the default) without --rest names --rest and the MapReduce engine', async () => {
    const r = await runCapture(['migrate', 'verify', ...TABLES]);
    expect(r.code).toBe(2);
    expect(r.err).toContain('--rest http://host:8080');
    expect(r.err).toContain('--engine mapreduce --hbase-conf DIR');
  });
  it('--engine mapreduce refuses --rest', async () => {
    const r = await runCapture(['migrate', 'verify', '--engine', 'mapreduce', '--rest', 'http://127.0.0.1:1', ...TABLES]);
    expect(r.code).toBe(2);
    expect(r.err).toContain('--rest is not read by --engine mapreduce: it belongs to the REST engine (--engine rest); the job reads snapshots of both tables');
  });
  it.each([
    [['--old-snapshot', 's1'], '--old-snapshot'],
    [['--new-snapshot', 's2'], '--new-snapshot'],
    [['--hbase-conf', CONF], '--hbase-conf'],
    [['--hadoop'], '--hadoop'],
  ])('the REST engine refuses the MapReduce option %j', async (extra, flag) => {
    const r = await runCapture(['migrate', 'verify', '--rest', 'http://127.0.0.1:1', ...TABLES, ...extra.map((a) => (a === CONF ? conf : a))]);
    expect(r.code).toBe(2);
    expect(r.err).toContain(`${flag} is not read by the REST engine: it belongs to --engine mapreduce`);
  });
  it('--engine mapreduce without the cluster configuration: exit 2 naming hbase.rootdir and --hbase-conf', async () => {
    const r = await runCapture(['migrate', 'verify', '--engine', 'mapreduce', ...TABLES]);
    expect(r.code).toBe(2);
    expect(r.err).toContain('needs hbase.rootdir');
    expect(r.err).toContain('--hbase-conf DIR');
  });
  it('a --sample above 1 is refused for either engine', async () => {
    const r = await runCapture(['migrate', 'verify', '--engine', 'mapreduce', '--sample', '1.5', ...TABLES]);
    expect(r.code).toBe(2);
    expect(r.err).toContain('--sample 1.5: give a share of rows between 0 and 1');
  });
});

describe('the verify job command line', () => {
  const base = { from: 'a', to: 'b', oldTemplate: '{pad(ts,13)}_{id}', timeBoundsMs: [0, 86_400_000, 172_800_000], sample: 0.05, seed: 7 };
  it('passes the salt buckets as the bytes each bucket\'s keys start with: "00".."03" for salt(id,4)', () => {
    const args = verifyJobArgs({ ...base, newTemplate: '{salt(id,4)}_{id}' }, '/w', false);
    // "00" is 0x30 0x30, "03" is 0x30 0x33.
    expect(args).toEqual([
      '--from', 'a', '--to', 'b', '--old-template', '{pad(ts,13)}_{id}', '--new-template', '{salt(id,4)}_{id}', '--work-dir', '/w',
      '--time-bounds', '0,86400000,172800000', '--bucket-offset', '0', '--bucket-prefixes', '3030,3031,3032,3033', '--sample', '0.05', '--seed', '7',
    ]);
  });
  it('counts the leading literal into the offset, and gives no buckets for a key without a leading salt', () => {
    const salted = verifyJobArgs({ ...base, newTemplate: 'm:{salt(id,2)}_{id}' }, '/w', false);
    expect(salted.slice(salted.indexOf('--bucket-offset'), salted.indexOf('--bucket-offset') + 4)).toEqual(['--bucket-offset', '2', '--bucket-prefixes', '3030,3031']);
    const plain = verifyJobArgs({ ...base, newTemplate: '{id}_{pad(ts,13)}', oldSnapshot: 's_old', skipFlush: true }, '/w', false);
    expect(plain).not.toContain('--bucket-prefixes');
    expect(plain).toContain('--old-snapshot');
    expect(plain).toContain('--skip-flush');
  });
  it('--hadoop: the hadoop jar command with the verify class, no local-mode settings, the work folder on the cluster', () => {
    const args = verifyJobArgs({ ...base, to: 'ns:b', newTemplate: '{salt(id,4)}_{id}', zk: 'zk1' }, clusterVerifyWorkDir('ns:b'), false);
    expect(hadoopJarCommand(VERIFY_JOB_CLASS, args, '/opt/hh/hbase-hotspot-jvm.jar', '/etc/hbase/conf')).toBe(
      'HADOOP_CLASSPATH="$(hbase mapredcp):/etc/hbase/conf" hadoop jar /opt/hh/hbase-hotspot-jvm.jar hbasehotspot.migrate.VerifyJob ' +
        "-D hbase.zookeeper.quorum=zk1 --from a --to ns:b --old-template '{pad(ts,13)}_{id}' --new-template '{salt(id,4)}_{id}' " +
        '--work-dir /tmp/hbase-hotspot-backfill/ns_b_verify --time-bounds 0,86400000,172800000 --bucket-offset 0 --bucket-prefixes 3030,3031,3032,3033 --sample 0.05 --seed 7',
    );
  });
  it('local mode adds LocalJobRunner and the work folder\'s temporary folders first', () => {
    const args = verifyJobArgs({ ...base, newTemplate: '{id}', localTasks: 1 }, '/w', true);
    expect(args.slice(0, 12)).toEqual([
      '-D', 'mapreduce.framework.name=local', '-D', 'mapreduce.local.map.tasks.maximum=1', '-D', 'mapreduce.local.reduce.tasks.maximum=1',
      '-D', 'mapreduce.task.io.sort.mb=64', '-D', 'hadoop.tmp.dir=/w/tmp', '-D', 'hbase.fs.tmp.dir=/w/staging',
    ]);
  });
  it('time bounds: from --since in steps of the bucket until past now', () => {
    // now = 2026-01-03T12:00Z; since 2026-01-01: bounds Jan 1, 2, 3, 4 (the last range holds now).
    const now = Date.parse('2026-01-03T12:00:00Z');
    expect(verifyTimeBounds('1d', '2026-01-01T00:00:00Z', now).bounds.map((t) => new Date(t).toISOString().slice(0, 10))).toEqual(['2026-01-01', '2026-01-02', '2026-01-03', '2026-01-04']);
    expect(() => verifyTimeBounds('1d', 'yesterday', now)).toThrow(/--since yesterday: give an ISO date/);
  });
});

/** An answer of a job with 2 salt buckets and 2 time ranges (bounds 0, 10, 20) where both sides agree. */
function agreeing(): VerifyJobAnswer {
  const h = (c: string) => c.repeat(32);
  return {
    snapshots: ['a_verify_mr_1', 'b_verify_mr_1'], rows: [5, 5], rejectedRows: 1, rejectedCells: 2,
    rejects: [{ key: Buffer.from('junk').toString('base64'), cells: 2, code: 'KEY_DECODE', message: 'no' }],
    partitions: [
      // bucket 0: 3 rows (7 cells), 2 with a cell in [0,10), 2 with one in [10,20); bucket 1: 2 rows (2 cells), one in each range.
      [0, -1, 0, 3, 7, h('a')], [0, 0, 0, 2, 4, h('b')], [0, 1, 0, 2, 3, h('c')], [0, -1, 1, 2, 2, h('d')], [0, 0, 1, 1, 1, h('e')], [0, 1, 1, 1, 1, h('f')],
      [1, -1, 0, 3, 7, h('a')], [1, 0, 0, 2, 4, h('b')], [1, 1, 0, 2, 3, h('c')], [1, -1, 1, 2, 2, h('d')], [1, 0, 1, 1, 1, h('e')], [1, 1, 1, 1, 1, h('f')],
    ],
    sampledRows: 2, comparedCells: 5,
    differenceCounts: { 'row-missing': 0, 'cell-missing': 0, 'cell-value': 0, 'cell-extra': 0, 'newest-differs': 0 },
    differences: [], elapsedMs: 1234,
  };
}

describe('the verify job\'s answer as the verify report', () => {
  it('sums each side from its partitions: rows per bucket from the whole-bucket ones, rows per range across buckets', () => {
    const r = verifyJobReport(agreeing(), [0, 10, 20], 2);
    expect(r.ok).toBe(true);
    expect(r.old).toEqual({ rows: 5, cells: 9, rowsPerBucket: [3, 2], rowsPerTimeRange: [3, 3] });
    expect(r.new).toEqual(r.old);
    expect([r.unmappable, r.unmappableCells, r.partitionsDiffering, r.partitions.length, r.countMismatches]).toEqual([1, 2, 0, 6, []]);
    expect(r.partitions[0]).toEqual({ range: -1, bucket: 0, old: { rows: 3, cells: 7, hash: 'a'.repeat(32) }, new: { rows: 3, cells: 7, hash: 'a'.repeat(32) }, equal: true });
    expect(r.partitions[2]).toMatchObject({ range: 0, fromMs: 0, toMs: 10, bucket: 0 });
  });
  it('one changed cell (same counts, another hash) fails it, naming the bucket and the time range', () => {
    const a = agreeing();
    a.partitions[6] = [1, -1, 0, 3, 7, '9'.repeat(32)];
    a.partitions[8] = [1, 1, 0, 2, 3, '8'.repeat(32)];
    const r = verifyJobReport(a, [0, 10, 20], 2);
    expect(r.ok).toBe(false);
    expect(r.partitionsDiffering).toBe(2);
    expect(r.countMismatches).toEqual([
      `hash of the cells of salt bucket 0: ${'a'.repeat(32)} old, ${'9'.repeat(32)} new`,
      `hash of the cells of salt bucket 0 with a timestamp in [1970-01-01T00:00:00.010Z, 1970-01-01T00:00:00.020Z): ${'c'.repeat(32)} old, ${'8'.repeat(32)} new`,
    ]);
  });
  it('a row missing on the new side: rows, cells, bucket and range counts and the hashes all named; a partition on one side only counts as empty on the other', () => {
    const a = agreeing();
    a.partitions.splice(9, 3, [1, -1, 1, 1, 1, 'e'.repeat(32)], [1, 0, 1, 1, 1, 'e'.repeat(32)]);
    const r = verifyJobReport(a, [0, 10, 20], 2);
    expect(r.new).toEqual({ rows: 4, cells: 8, rowsPerBucket: [3, 1], rowsPerTimeRange: [3, 2] });
    expect(r.countMismatches).toEqual([
      'rows: 5 old, 4 new', 'cells: 9 old, 8 new', 'rows in salt bucket 1: 2 old, 1 new',
      'rows with a cell in [1970-01-01T00:00:00.010Z, 1970-01-01T00:00:00.020Z): 3 old, 2 new',
      'cells of salt bucket 1: 2 old, 1 new', `hash of the cells of salt bucket 1: ${'d'.repeat(32)} old, ${'e'.repeat(32)} new`,
      'cells of salt bucket 1 with a timestamp in [1970-01-01T00:00:00.010Z, 1970-01-01T00:00:00.020Z): 1 old, 0 new',
      `hash of the cells of salt bucket 1 with a timestamp in [1970-01-01T00:00:00.010Z, 1970-01-01T00:00:00.020Z): ${'f'.repeat(32)} old, ${'0'.repeat(32)} new`,
    ]);
  });
  it('a sampled difference alone fails it', () => {
    const a = { ...agreeing(), differenceCounts: { 'row-missing': 0, 'cell-missing': 1, 'cell-value': 0, 'cell-extra': 0, 'newest-differs': 0 } };
    expect(verifyJobReport(a, [0, 10, 20], 2).ok).toBe(false);
  });
  it('parses the job line, and refuses one that is not the job\'s answer', () => {
    expect(parseVerifyJobAnswer(JSON.stringify(agreeing())).partitions).toHaveLength(12);
    expect(() => parseVerifyJobAnswer('{"rows":[1,2]}')).toThrow(/lacks partitions/);
    expect(() => parseVerifyJobAnswer('log line')).toThrow(/not JSON/);
  });
});
