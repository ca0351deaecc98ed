// An option naming a file the CLI writes (or a folder it writes into), given `-`, is refused (OUTPUT_NOT_STDOUT)
// before anything runs: no file called `-` appears in the working directory, and no request goes out (the gateway
// here is a closed loopback port, so a run that reached it would fail with the cluster's error instead).
import { existsSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runCapture, runRefusal } from './run-cli.js';

const CLOSED = 'http://127.0.0.1:9';
const MIGRATE = ['--rest', CLOSED, '--from', 'a', '--to', 'b', '--old-template', '{id}', '--new-template', '{salt(id,4)}_{id}'];
const LOAD = ['load', '--rest', CLOSED, '--table', 't', '--template', '{id}_{ts}', '--rate', '10', '--entities', '5', '--duration', '1s'];

let home: string;
let cwd: string;
beforeEach(() => {
  home = process.cwd();
  cwd = mkdtempSync(join(tmpdir(), 'output-dash-'));
  process.chdir(cwd);
});
afterEach(() => {
  process.chdir(home);
});

describe('- as a file to write', () => {
  it.each([
    ['load --samples-out', [...LOAD, '--samples-out', '-'], '--samples-out'],
    ['migrate verify --record', ['migrate', 'verify', ...MIGRATE, '--record', '-'], '--record'],
    ['migrate verify --record --force', ['migrate', 'verify', ...MIGRATE, '--record', '-', '--force'], '--record'],
    ['migrate backfill --checkpoint', ['migrate', 'backfill', ...MIGRATE, '--checkpoint', '-'], '--checkpoint'],
    ['migrate backfill --rejects', ['migrate', 'backfill', ...MIGRATE, '--rejects', '-'], '--rejects'],
    ['detect --record', ['detect', '--rest', CLOSED, '--table', 't', '--snapshots', '2', '--interval', '100ms', '--record', '-'], '--record'],
  ])('%s - is refused before any request, and writes nothing', async (_name, argv, field) => {
    const refused = await runRefusal(argv);
    expect(refused).toEqual({ code: 'OUTPUT_NOT_STDOUT', field, message: `- (${field}): writes a file, not standard output: name a file instead of -` });
    const r = await runCapture(argv);
    expect([r.code, r.out]).toEqual([2, '']);
    expect(existsSync(join(cwd, '-'))).toBe(false);
    expect(readdirSync(cwd)).toEqual([]);
  });
});

describe('- as a folder to write into', () => {
  const TABLES = ['--from', 'a', '--to', 'b', '--old-template', '{id}', '--new-template', '{salt(id,4)}_{id}'];
  it.each([
    ['migrate backfill --engine mapreduce', ['migrate', 'backfill', '--engine', 'mapreduce', ...TABLES, '--work-dir', '-']],
    ['migrate backfill --engine mapreduce --hadoop', ['migrate', 'backfill', '--engine', 'mapreduce', ...TABLES, '--work-dir', '-', '--hadoop']],
    ['migrate verify --engine mapreduce', ['migrate', 'verify', '--engine', 'mapreduce', ...TABLES, '--work-dir', '-']],
    ['migrate verify --engine mapreduce --hadoop', ['migrate', 'verify', '--engine', 'mapreduce', ...TABLES, '--work-dir', '-', '--hadoop']],
  ])('%s --work-dir - is refused before the cluster configuration is read, and writes nothing', async (_name, argv) => {
    // no --hbase-conf: a run that got as far as the configuration would stop there with MIGRATE_HBASE_CONF instead
    const refused = await runRefusal(argv);
    expect(refused).toEqual({ code: 'OUTPUT_NOT_STDOUT', field: '--work-dir', message: '- (--work-dir): writes into a folder, not standard output: name a folder instead of -' });
    const r = await runCapture(argv);
    expect([r.code, r.out]).toEqual([2, '']);
    expect(readdirSync(cwd)).toEqual([]);
  });
});

describe('an existing file', () => {
  it('load --samples-out is refused before any request too (was: after reading the table schema)', async () => {
    writeFileSync(join(cwd, 'keys.ndjson'), 'kept\n');
    expect(await runRefusal([...LOAD, '--samples-out', 'keys.ndjson'])).toMatchObject({ code: 'FILE_EXISTS', field: '--samples-out' });
  });

  it('migrate verify --record is refused before any request', async () => {
    writeFileSync(join(cwd, 'verify.json'), '{}');
    expect(await runRefusal(['migrate', 'verify', ...MIGRATE, '--record', 'verify.json'])).toMatchObject({ code: 'FILE_EXISTS', field: '--record' });
  });
});
