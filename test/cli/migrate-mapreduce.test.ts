// `migrate backfill --engine mapreduce`: argument handling, the cluster configuration it needs, the hadoop jar command
// it prints for a real cluster and the REST engine's advice; no HBase and no JVM (the job itself runs in
// test/integration/migrate-mapreduce.test.ts).
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { backfillJobArgs, clusterConfDir, hadoopCommand, mapreduceAdvice, shellQuote } from '../../src/cli/commands/migrate-mapreduce.js';
import { runCapture } from './run-cli.js';

const TABLES = ['--from', 'metrics', '--to', 'metrics_v2', '--old-template', '{pad(ts,13)}_{id}', '--new-template', '{salt(id,8)}_{id}'];
const MR = ['migrate', 'backfill', '--engine', 'mapreduce', ...TABLES];
/** Placeholder, in a test table, for a valid configuration folder made by the test. */
const CONF = '<conf>';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'hh-mr-'));
  vi.stubEnv('HBASE_CONF_DIR', '');
});
afterEach(() => vi.unstubAllEnvs());

/** A configuration folder whose hbase-site.xml holds `properties` (name -> value). */
function confDir(name: string, properties: Record<string, string>): string {
  const d = join(dir, name);
  mkdirSync(d);
  const props = Object.entries(properties).map(([k, v]) => `  <property>\n    <name>${k}</name>\n    <value>${v}</value>\n  </property>\n`).join('');
  writeFileSync(join(d, 'hbase-site.xml'), `<?xml version="1.0"?>\n<configuration>\n${props}</configuration>\n`);
  return d;
}

describe('migrate backfill: choosing the engine', () => {
  it('the REST engine (the default) without --rest names --rest and the MapReduce engine', async () => {
    const r = await runCapture(['migrate', 'backfill', ...TABLES]);
    expect(r.code).toBe(2);
    expect(r.err).toContain('--rest http://host:8080');
    expect(r.err).toContain('--engine mapreduce --hbase-conf DIR');
  });
  it('an unknown engine is refused', async () => {
    const r = await runCapture(['migrate', 'backfill', '--engine', 'spark', ...TABLES]);
    expect(r.code).toBe(2);
    expect(r.err).toContain('--engine spark: give rest or mapreduce');
  });
  it.each([
    [['--rest', 'http://127.0.0.1:1'], '--rest'],
    [['--checkpoint', 'cp.json'], '--checkpoint'],
    [['--rate', '100'], '--rate'],
    [['--batch', '500'], '--batch'],
    [['--source-snapshot'], '--source-snapshot'],
  ])('--engine mapreduce refuses the REST engine option %j', async (extra, flag) => {
    const r = await runCapture([...MR, ...extra]);
    expect(r.code).toBe(2);
    expect(r.err).toContain(`${flag} is not read by --engine mapreduce`);
  });
  it.each([
    [['--hbase-conf', CONF], '--hbase-conf'],
    [['--zk', 'zk1'], '--zk'],
    [['--hadoop'], '--hadoop'],
    [['--snapshot', 's1'], '--snapshot'],
    [['--work-dir', '/tmp/w'], '--work-dir'],
  ])('the REST engine refuses the MapReduce option %j', async (extra, flag) => {
    // CONF stands for a configuration folder that passes --hbase-conf's own check (it holds an hbase-site.xml).
    const args = extra.map((a) => (a === CONF ? confDir('conf', { 'hbase.rootdir': 'file:///data/hbase' }) : a));
    const r = await runCapture(['migrate', 'backfill', '--rest', 'http://127.0.0.1:1', ...TABLES, ...args]);
    expect(r.code).toBe(2);
    expect(r.err).toContain(`${flag} is not read by the REST engine: it belongs to --engine mapreduce`);
  });
  it('--from and --to naming one table is refused before anything runs', async () => {
    const r = await runCapture(['migrate', 'backfill', '--engine', 'mapreduce', '--from', 't', '--to', 't', '--old-template', '{id}', '--new-template', '{salt(id,4)}_{id}']);
    expect(r.code).toBe(2);
    expect(r.err).toContain('--from and --to are both "t"');
  });
  it('a bad --local-tasks is refused', async () => {
    const conf = confDir('ok', { 'hbase.rootdir': 'file:///data/hbase' });
    const r = await runCapture([...MR, '--hbase-conf', conf, '--local-tasks', '0']);
    expect(r.code).toBe(2);
    expect(r.err).toContain('--local-tasks: "0": give a whole number ≥ 1');
  });
});

describe('migrate backfill --engine mapreduce: the cluster configuration', () => {
  it('without --hbase-conf and $HBASE_CONF_DIR: exit 2 naming hbase.rootdir and --hbase-conf', async () => {
    const r = await runCapture(MR);
    expect(r.code).toBe(2);
    expect(r.err).toContain('needs hbase.rootdir');
    expect(r.err).toContain('--hbase-conf DIR');
  });
  it('a folder without hbase-site.xml: exit 2 while --hbase-conf is parsed', async () => {
    const r = await runCapture([...MR, '--hbase-conf', dir]);
    expect(r.code).toBe(2);
    expect(r.err).toContain(`--hbase-conf ${dir}: the directory holds no hbase-site.xml`);
  });
  it('$HBASE_CONF_DIR naming a folder without hbase-site.xml: exit 2 naming hbase.rootdir', () => {
    expect(() => clusterConfDir(undefined, { HBASE_CONF_DIR: dir })).toThrow(`$HBASE_CONF_DIR (${dir}) has no readable hbase-site.xml`);
  });
  it('an hbase-site.xml that does not set hbase.rootdir (only the quorum): exit 2', async () => {
    const conf = confDir('zk-only', { 'hbase.zookeeper.quorum': 'zk1' });
    const r = await runCapture([...MR, '--hbase-conf', conf]);
    expect(r.code).toBe(2);
    expect(r.err).toContain(`${join(conf, 'hbase-site.xml')} does not set hbase.rootdir`);
  });
  it('$HBASE_CONF_DIR stands in for --hbase-conf; --hbase-conf wins over it', () => {
    const fromEnv = confDir('env', { 'hbase.rootdir': 'hdfs://nn:8020/hbase' });
    const given = confDir('given', { 'hbase.rootdir': 'hdfs://nn:8020/hbase' });
    expect(clusterConfDir(undefined, { HBASE_CONF_DIR: fromEnv })).toBe(fromEnv);
    expect(clusterConfDir(given, { HBASE_CONF_DIR: fromEnv })).toBe(given);
    expect(() => clusterConfDir(undefined, { HBASE_CONF_DIR: '' })).toThrow(/hbase\.rootdir.*--hbase-conf DIR/);
  });
});

describe('the job command line', () => {
  const flags = { from: 'metrics', to: 'ns:metrics_v2', oldTemplate: '{pad(ts,13)}_{id}', newTemplate: '{salt(id,8)}_{id}', zk: 'zk1:2181,zk2', snapshot: 'metrics_snap', rejects: '/backfill/rejects.ndjson' };
  it('--hadoop: the hadoop jar command with the jar, the class and every argument, quoted for a shell', () => {
    expect(hadoopCommand(flags, '/opt/hh/hbase-hotspot-jvm.jar', '/etc/hbase/conf')).toBe(
      'HADOOP_CLASSPATH="$(hbase mapredcp):/etc/hbase/conf" hadoop jar /opt/hh/hbase-hotspot-jvm.jar hbasehotspot.migrate.BackfillJob ' +
        "-D hbase.zookeeper.quorum=zk1:2181,zk2 --from metrics --to ns:metrics_v2 --old-template '{pad(ts,13)}_{id}' --new-template '{salt(id,8)}_{id}' " +
        '--work-dir /tmp/hbase-hotspot-backfill/ns_metrics_v2 --snapshot metrics_snap --rejects /backfill/rejects.ndjson',
    );
    expect(hadoopCommand({ ...flags, workDir: 'hdfs://nn/work/b1', skipFlush: true }, '/j.jar', '/c')).toContain('--work-dir hdfs://nn/work/b1 --snapshot metrics_snap --skip-flush');
  });
  it('local mode: LocalJobRunner, both cores, temporary folders under the work folder', () => {
    const args = backfillJobArgs({ from: 'a', to: 'b', oldTemplate: '{id}', newTemplate: '{salt(id,4)}_{id}', localTasks: 3 }, '/w', true);
    expect(args).toEqual([
      '-D', 'mapreduce.framework.name=local', '-D', 'mapreduce.local.map.tasks.maximum=3', '-D', 'mapreduce.local.reduce.tasks.maximum=3',
      '-D', 'mapreduce.task.io.sort.mb=64', '-D', 'hadoop.tmp.dir=/w/tmp', '-D', 'hbase.fs.tmp.dir=/w/staging',
      '--from', 'a', '--to', 'b', '--old-template', '{id}', '--new-template', '{salt(id,4)}_{id}', '--work-dir', '/w',
    ]);
  });
  it('shell quoting keeps a quote inside an argument', () => {
    expect(shellQuote("it's")).toBe(`'it'\\''s'`);
    expect(shellQuote('plain-1.0')).toBe('plain-1.0');
    expect(shellQuote('a b')).toBe("'a b'");
  });
});

describe('the REST engine points at the MapReduce engine from a million rows', () => {
  it('below a million rows it says nothing', () => {
    expect(mapreduceAdvice(999_999, 35_000)).toBeUndefined();
  });
  it('at a million rows it names the engine and what a billion rows take at the measured rate', () => {
    // 1e9 rows / 35,000 rows/s = 28,571 s = 7.9 h.
    const text = mapreduceAdvice(1_000_000, 35_000) ?? '';
    expect(text).toContain('at 35000 rows/s (a billion rows: about 8 h)');
    expect(text).toContain('--engine mapreduce --hbase-conf DIR');
  });
});
