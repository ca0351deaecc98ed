// `--hbase-conf DIR`, declared once for every command that reads a cluster through the native client (detect, collect,
// top, serve, health, lint, index check, lifecycle, fix apply, migrate plan) and for the MapReduce migrate commands:
// a path that does not exist, is not a directory or holds no hbase-site.xml is refused while the options are parsed,
// with exit 2, instead of the client falling back to a cluster on localhost. No HBase and no JVM: every accepted run
// below stops at a later check that needs neither.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { hbaseConfDir } from '../../src/cli/live-source.js';
import { HotspotError } from '../../src/util/errors.js';
import { runCapture, runRefusal } from './run-cli.js';

let dir: string;
/** A folder with an hbase-site.xml naming a quorum but no hbase.rootdir. */
let valid: string;
/** An empty folder. */
let empty: string;
/** A plain file. */
let file: string;
/** A path that does not exist. */
let missing: string;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'hh-conf-'));
  valid = join(dir, 'conf');
  mkdirSync(valid);
  writeFileSync(join(valid, 'hbase-site.xml'), '<?xml version="1.0"?>\n<configuration>\n  <property>\n    <name>hbase.zookeeper.quorum</name>\n    <value>zk1</value>\n  </property>\n</configuration>\n');
  empty = join(dir, 'empty');
  mkdirSync(empty);
  file = join(dir, 'passwd');
  writeFileSync(file, 'root:x:0:0:root:/root:/bin/sh\n');
  missing = join(dir, 'nonexist');
  vi.stubEnv('HBASE_CONF_DIR', '');
});
afterEach(() => {
  vi.unstubAllEnvs();
  rmSync(dir, { recursive: true, force: true });
});

/** The error `hbaseConfDir(path)` throws (fails the test when it throws none or another kind). */
function refusal(path: string): HotspotError {
  try {
    hbaseConfDir(path);
  } catch (err) {
    expect(err).toBeInstanceOf(HotspotError);
    return err as HotspotError;
  }
  throw new Error(`hbaseConfDir(${path}) accepted the path`);
}

describe('hbaseConfDir', () => {
  it('returns a directory holding hbase-site.xml as given', () => {
    expect(hbaseConfDir(valid)).toBe(valid);
  });
  it.each([
    ['a path that does not exist', () => missing, 'no such file or directory'],
    ['a file', () => file, 'not a directory'],
    ['an empty directory', () => empty, 'the directory holds no hbase-site.xml'],
    ['a directory whose hbase-site.xml is a directory', () => {
      mkdirSync(join(empty, 'hbase-site.xml'));
      return empty;
    }, 'the directory holds no hbase-site.xml'],
    ['an empty path', () => '', 'no path given'],
  ])('refuses %s, naming --hbase-conf, the path and what was expected', (_what, path, problem) => {
    const p = path();
    const err = refusal(p);
    expect(err.code).toBe('HBASE_CONF_INVALID');
    expect(err.where.field).toBe('--hbase-conf');
    expect(err.message).toBe(`--hbase-conf ${p}: ${problem}; give the folder holding the cluster's hbase-site.xml, e.g. --hbase-conf /etc/hbase/conf`);
  });
});

/** Runs that read the cluster through the native client, each with `--hbase-conf` appended by the test. */
const NATIVE_COMMANDS: readonly (readonly [string, readonly string[]])[] = [
  ['detect', ['detect', '--table', 't']],
  ['collect', ['collect', '--table', 't', '--duration', '1m']],
  ['top', ['top', '--table', 't', '--batch', '--iterations', '1']],
  ['index check', ['index', 'check', '--table', 't', '--index', 'i']],
  ['migrate plan', ['migrate', 'plan', '--from', 'a', '--to', 'b', '--old-template', '{id}', '--new-template', '{salt(id,4)}_{id}']],
  ['migrate backfill --engine mapreduce', ['migrate', 'backfill', '--engine', 'mapreduce', '--from', 'a', '--to', 'b', '--old-template', '{id}', '--new-template', '{salt(id,4)}_{id}']],
  ['migrate verify --engine mapreduce', ['migrate', 'verify', '--engine', 'mapreduce', '--from', 'a', '--to', 'b', '--old-template', '{id}', '--new-template', '{salt(id,4)}_{id}']],
];

describe('--hbase-conf on the command line', () => {
  it.each(NATIVE_COMMANDS)('%s refuses a missing path, a file and an empty directory with exit 2 before reading anything', async (_name, argv) => {
    for (const [path, problem] of [[missing, 'no such file or directory'], [file, 'not a directory'], [empty, 'the directory holds no hbase-site.xml']] as const) {
      const r = await runCapture([...argv, '--hbase-conf', path]);
      expect(r.code).toBe(2);
      expect(r.err).toBe(`hbase-hotspot: --hbase-conf ${path}: ${problem}; give the folder holding the cluster's hbase-site.xml, e.g. --hbase-conf /etc/hbase/conf\n`);
      expect(r.out).toBe('');
    }
  });
  it('a valid folder passes the check: detect goes on to refuse --rest beside it', async () => {
    const r = await runCapture(['detect', '--table', 't', '--hbase-conf', valid, '--rest', 'http://127.0.0.1:1']);
    expect(r.code).toBe(2);
    expect(r.err).toContain('--rest and --hbase-conf given; analyse one source at a time');
  });
  it('a valid folder passes the check: index check goes on to refuse --rest beside it', async () => {
    const r = await runCapture(['index', 'check', '--table', 't', '--index', 'i', '--hbase-conf', valid, '--rest', 'http://127.0.0.1:1']);
    expect(r.code).toBe(2);
    expect(r.err).toContain('--hbase-conf and --rest both given');
  });
  it('a valid folder passes the check: migrate backfill --engine mapreduce goes on to read hbase.rootdir from it', async () => {
    const r = await runCapture([...NATIVE_COMMANDS[5]![1], '--hbase-conf', valid]);
    expect(r.code).toBe(2);
    expect(r.err).toContain(`${join(valid, 'hbase-site.xml')} does not set hbase.rootdir`);
  });
  it('a valid folder passes the check: migrate verify --engine mapreduce goes on to read hbase.rootdir from it', async () => {
    const r = await runCapture([...NATIVE_COMMANDS[6]![1], '--hbase-conf', valid]);
    expect(r.code).toBe(2);
    expect(r.err).toContain(`${join(valid, 'hbase-site.xml')} does not set hbase.rootdir`);
  });
});

describe('the native client\'s options on the commands reading a load series', () => {
  it('--zk beside --hbase-conf is one source, the native client (--zk wins over the files): detect goes on to ask for --table', async () => {
    const r = await runCapture(['detect', '--zk', 'zk9', '--hbase-conf', valid]);
    expect(r.code).toBe(2);
    expect(r.err).toBe('hbase-hotspot: --table: name the table to read with --table, e.g. --table metrics (ns:name outside the default namespace)\n');
  });
  it.each([
    ['detect', '--zk-znode', '/hbase-unsecure', 'a series file'],
    ['fix plan', '--hbase-classpath', 'client.jar', 'a series file'],
    ['fix balancer', '--zk-znode', '/hbase', 'a series file'],
    ['detect', '--hbase-classpath', 'client.jar', '--rest'],
  ])('%s %s without --zk or --hbase-conf (%s): refused, naming the option', async (name, option, value, source) => {
    const input = source === '--rest' ? ['--rest', 'http://127.0.0.1:1', '--table', 't'] : [fileURLToPath(new URL('../fixtures/series/uniform-salted.ndjson', import.meta.url))];
    expect(await runRefusal([...name.split(' '), ...input, option, value])).toEqual({
      code: 'DETECT_OPTION_CONFLICT', field: option,
      message: `${option} configures the native HBase client, which only --zk or --hbase-conf starts: add one of them, or drop ${option}`,
    });
  });
});
