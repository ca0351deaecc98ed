import { describe, expect, it } from 'vitest';
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
