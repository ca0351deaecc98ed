// `migrate backfill` through the CLI against a loopback server that answers like the REST gateway (one region, a
// scanner in protobuf, multi-row puts): the exit status says how the run ended, 1 when rows were rejected.
import { mkdtempSync, readFileSync } from 'node:fs';
import { type Server, createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { decodeCellSetProtobuf, encodeCellSetProtobuf } from '../../src/hbase/rest/index.js';
import { runCapture } from './run-cli.js';

let server: Server | undefined;
afterEach(async () => {
  await new Promise<void>((r) => (server ? server.close(() => r()) : r()));
  server = undefined;
});

const ROWS = [
  { key: '1700000000000_dev1', cells: [{ family: 'd', qualifier: 'v', value: 'a', timestamp: 1_700_000_000_000 }] },
  { key: 'not-a-key', cells: [{ family: 'd', qualifier: 'v', value: 'b', timestamp: 1_700_000_000_001 }] },
];

/**
 * A gateway for table "old" (one region, the rows above) and "new" (records puts). With `lose`, the scanner's second
 * GET answers 404 "Not found" as hbase-rest's ScannerInstanceResource does for a scanner id it no longer holds.
 */
async function gateway(puts: string[], lose = false): Promise<string> {
  let served = false;
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      if (req.method === 'GET' && req.url === '/old/regions') {
        res.writeHead(200, { 'Content-Type': 'application/json' });
        res.end(JSON.stringify({ name: 'old', Region: [{ name: 'old,,1.0123456789abcdef0123456789abcdef.', id: 1, startKey: '', endKey: '', location: 'rs1:16020' }] }));
      } else if (req.method === 'POST' && req.url === '/old/scanner') {
        res.writeHead(201, { Location: 'http://gateway/old/scanner/s1' });
        res.end();
      } else if (req.method === 'GET' && req.url === '/old/scanner/s1') {
        if (served && lose) {
          res.writeHead(404, { 'Content-Type': 'text/plain' });
          res.end('Not found\r\n');
        } else if (served) {
          res.writeHead(204);
          res.end();
        } else {
          served = true;
          res.writeHead(200, { 'Content-Type': 'application/x-protobuf' });
          res.end(Buffer.from(encodeCellSetProtobuf(ROWS)));
        }
      } else if (req.method === 'DELETE') {
        res.writeHead(200);
        res.end();
      } else if (req.method === 'PUT' && req.url?.startsWith('/new/')) {
        for (const row of decodeCellSetProtobuf(new Uint8Array(Buffer.concat(chunks)))) puts.push(Buffer.from(row.key).toString());
        res.writeHead(200);
        res.end();
      } else {
        res.writeHead(404);
        res.end('Not found');
      }
    });
  });
  await new Promise<void>((r) => server?.listen(0, '127.0.0.1', r));
  const address = server.address();
  return `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
}

const args = (url: string, ...more: string[]) => ['migrate', 'backfill', '--rest', url, '--from', 'old', '--to', 'new',
  '--old-template', '{pad(ts,13)}_{deviceId}', '--new-template', '{salt(deviceId,4)}_{deviceId}_{pad(ts,13)}', ...more];

describe('migrate backfill exit status', () => {
  it('copies the mappable row, lists the other in the reject file and exits 1', async () => {
    const puts: string[] = [];
    const url = await gateway(puts);
    const rejects = join(mkdtempSync(join(tmpdir(), 'bf-cli-')), 'rejects.ndjson');
    const r = await runCapture(args(url, '--rejects', rejects));
    expect(r.code).toBe(1);
    expect(r.err).toContain('1 row(s) could not be mapped to the new key');
    // "dev1".hashCode() = ((100 × 31 + 101) × 31 + 118) × 31 + 49 = 3079868; 3079868 % 4 = 0.
    expect(puts).toEqual(['00_dev1_1700000000000']);
    expect(JSON.parse(readFileSync(rejects, 'utf8'))).toMatchObject({ key: 'not-a-key', code: 'KEY_DECODE' });
  });

  it('exits 0 with --allow-rejects, and refuses --to equal to --from before reading anything', async () => {
    const url = await gateway([]);
    expect((await runCapture(args(url, '--allow-rejects'))).code).toBe(0);
    const same = await runCapture(['migrate', 'backfill', '--rest', url, '--from', 'old', '--to', 'old', '--old-template', '{pad(ts,13)}_{id}', '--new-template', '{salt(id,4)}_{id}']);
    expect([same.code, same.err]).toEqual([2, 'hbase-hotspot: --to: --from and --to are both "old": the new key goes into a new table\n']);
  });
});

describe('migrate backfill: a scanner lost mid-scan', () => {
  it('exits 3 (the cluster side failed), naming the source table and the rows read', async () => {
    const puts: string[] = [];
    const url = await gateway(puts, true);
    const checkpoint = join(mkdtempSync(join(tmpdir(), 'bf-cli-')), 'checkpoint.json');
    const r = await runCapture(args(url, '--checkpoint', checkpoint));
    expect(r.code).toBe(3);
    // The one batch holds both rows: the first is whole once the second starts; the second could go on in the next
    // batch, so it is never handed on, and one row was read.
    expect(r.err).toContain('the scanner of table "old" was lost after 1 row(s) were read');
    expect(r.err).toContain('answered HTTP 404 ("Not found")');
    expect(r.err).toContain('a backfill given the same --checkpoint goes on from it');
  });
});
