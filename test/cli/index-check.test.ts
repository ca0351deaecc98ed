import { afterEach, describe, expect, it } from 'vitest';
import { type LocalServer, json, startServer, text } from '../hbase/rest/local-server.js';
import { file } from '../support/temp-file.js';
import { runCapture } from './run-cli.js';

const DEFS = file('ix.yaml', 'indexes:\n  - {name: by_city, table: users, fields: [city], unique: false}\n');

describe('index check options', () => {
  it('needs --rest or the native client, and not both', async () => {
    const run = await runCapture(['index', 'check', '--table', 'users', '--index', 'by_city', '--indexes', DEFS]);
    expect(run.code).toBe(2);
    expect(run.err).toContain('give the REST gateway with --rest http://host:8080, or the native client with --zk');
    const both = await runCapture(['index', 'check', '--table', 'users', '--index', 'by_city', '--indexes', DEFS, '--zk', '127.0.0.1:9', '--rest', 'http://127.0.0.1:9']);
    expect(both.code).toBe(2);
    expect(both.err).toContain('--zk and --rest both given');
  });

  it('refuses --yes without --repair, and a bad --samples', async () => {
    const yes = await runCapture(['index', 'check', '--table', 'users', '--index', 'by_city', '--rest', 'http://127.0.0.1:9', '--yes']);
    expect(yes.code).toBe(2);
    expect(yes.err).toContain('--yes applies a repair: give --repair too');
    const samples = await runCapture(['index', 'check', '--table', 'users', '--index', 'by_city', '--rest', 'http://127.0.0.1:9', '--samples', '0']);
    expect(samples.code).toBe(2);
    expect(samples.err).toContain('--samples "0" must be a whole number of at least 1');
  });

  it('names the indexes a file defines when the index is not among them', async () => {
    const run = await runCapture(['index', 'check', '--table', 'users', '--index', 'by_zip', '--indexes', DEFS, '--rest', 'http://127.0.0.1:9']);
    expect(run.code).toBe(2);
    expect(run.err).toMatch(/defines no index "by_zip" on users; it defines by_city/);
  });

  it('refuses an empty or invalid --table or --index before reading anything', async () => {
    // port 9 (discard) is never asked: the names are refused first, with the usage status 2
    for (const [flag, value] of [['--table', ''], ['--table', 'a b'], ['--index', ''], ['--index', '-x']] as const) {
      const args = { '--table': 'users', '--index': 'by_city', [flag]: value };
      for (const source of [['--rest', 'http://127.0.0.1:9'], ['--zk', '127.0.0.1:9']]) {
        const run = await runCapture(['index', 'check', '--table', args['--table'], '--index', args['--index'], ...source]);
        expect(run.code).toBe(2);
        const what = flag === '--table' ? 'HBase table name' : 'index name';
        expect(run.err).toContain(`${flag} ${JSON.stringify(value)} is not a valid ${what}`);
        expect(run.err).not.toMatch(/TypeError|unknown request|\n\s+at /);
      }
    }
  });
});

describe('index check: a scanner lost mid-scan', () => {
  let server: LocalServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });
  const b64 = (s: string) => Buffer.from(s).toString('base64');
  const schema = (name: string, family: string) => ({ name, ColumnSchema: [{ name: family, VERSIONS: '1', TTL: '2147483647' }] });
  const row = (key: string, city: string) => ({ key: b64(key), Cell: [{ column: b64('d:city'), timestamp: 5, $: b64(city) }] });

  it('exits 3 (the cluster side failed), naming the table and the rows read, when a later batch of the main scan answers 404', async () => {
    // ScannerInstanceResource answers 404 "Not found" for a scanner id the gateway no longer holds.
    let gets = 0;
    server = await startServer((req, res) => {
      if (req.method === 'GET' && req.url === '/users/schema') return json(res, 200, schema('users', 'd'));
      if (req.method === 'GET' && req.url === '/users_by_city/schema') return json(res, 200, schema('users_by_city', 'i'));
      if (req.method === 'POST' && req.url === '/users/scanner') return json(res, 201, '', { Location: '/users/scanner/s1' });
      if (req.method === 'DELETE') return json(res, 200, '');
      if (req.method === 'GET' && req.url === '/users/scanner/s1' && gets++ === 0) return json(res, 200, { Row: [row('u1', 'Oslo'), row('u2', 'Bergen')] });
      return text(res, 404, 'Not found\r\n');
    });
    const run = await runCapture(['index', 'check', '--table', 'users', '--index', 'by_city', '--indexes', DEFS, '--rest', server.url]);
    expect(run.code).toBe(3);
    // u1 is whole once u2 starts; u2 could go on in the next batch, so one row was read
    expect(run.err).toContain('the scanner of table "users" was lost after 1 row(s) were read');
    expect(run.err).toContain(`GET ${server.url}/users/scanner/s1 answered HTTP 404`);
    expect(run.err).toContain('run it again');
    expect(run.out).toBe('');
  });

  it('still exits 2 for a main table the gateway does not know (404 on the first request)', async () => {
    server = await startServer((req, res) => {
      if (req.url === '/users_by_city/schema') return json(res, 200, schema('users_by_city', 'i'));
      return text(res, 404, 'Not found\r\norg.apache.hadoop.hbase.TableNotFoundException: users\r\n');
    });
    const run = await runCapture(['index', 'check', '--table', 'users', '--index', 'by_city', '--indexes', DEFS, '--rest', server.url]);
    expect(run.code).toBe(2);
    expect(run.err).toContain('table "users" does not exist on the cluster');
    expect(server.requests.some((r) => r.url.includes('/scanner'))).toBe(false);
  });
});
