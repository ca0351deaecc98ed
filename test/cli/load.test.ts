// The load command: option errors (each naming its option), and a short run against a loopback HTTP server that
// answers like the REST gateway (schema, multi-row puts in protobuf), with the JSON summary and the key-samples file.
import { mkdtempSync, readFileSync } from 'node:fs';
import { type Server, createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { decodeCellSetProtobuf } from '../../src/hbase/rest/index.js';
import { parseKeySamples } from '../../src/model/index.js';
import { runCapture } from './run-cli.js';

interface Gateway {
  readonly url: string;
  readonly puts: { path: string; rows: { key: string; Cell: { column: string; timestamp: number; $: string }[] }[] }[];
  close(): Promise<void>;
}

let gateway: Gateway | undefined;
afterEach(async () => {
  await gateway?.close();
  gateway = undefined;
});

/** Answers GET /metrics/schema (families d and e), 404 for other tables, and records PUT bodies. */
async function startGateway(): Promise<Gateway> {
  const puts: Gateway['puts'] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      if (req.method === 'GET' && req.url === '/metrics/schema') {
        res.writeHead(200, { 'Content-Type': 'application/json' });
        res.end(JSON.stringify({ name: 'metrics', ColumnSchema: [{ name: 'd', VERSIONS: '1' }, { name: 'e' }] }));
      } else if (req.method === 'PUT' && req.url?.startsWith('/metrics/')) {
        // The load command puts in the gateway's protobuf form; kept here in the JSON form's shape (base64 fields).
        expect(req.headers['content-type']).toBe('application/x-protobuf');
        const b = (x: Uint8Array) => Buffer.from(x).toString('base64');
        const rows = decodeCellSetProtobuf(new Uint8Array(body)).map((row) => ({
          key: b(row.key),
          Cell: row.cells.map((c) => ({ column: b(Uint8Array.from([...c.family, 0x3a, ...c.qualifier])), timestamp: c.timestamp, $: b(c.value) })),
        }));
        puts.push({ path: req.url, rows });
        res.writeHead(200);
        res.end();
      } else {
        res.writeHead(404, { 'Content-Type': 'text/plain' });
        res.end('Not found');
      }
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return { url: `http://127.0.0.1:${port}`, puts, close: () => new Promise((r) => server.close(() => r())) };
}

const b64 = (s: string) => Buffer.from(s, 'base64').toString('latin1');

describe('load', () => {
  it('writes batches of rows with the key design, one d:v cell each, and the keys as samples', async () => {
    gateway = await startGateway();
    const samples = join(mkdtempSync(join(tmpdir(), 'load-')), 'keys.ndjson');
    const r = await runCapture(['load', '--rest', gateway.url, '--table', 'metrics', '--template', 'm_{deviceId}_{ts}', '--entities', '1', '--id-format', 'dev%03d',
      '--rate', '50', '--duration', '1s', '--batch', '10', '--concurrency', '1', '--value-bytes', '3', '--samples-out', samples, '--json']);
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    const summary = JSON.parse(r.out) as { writes: number; plannedWrites: number; errors: number; writeLatency: { count: number } };
    // 50 rows/s for 1 s, bucket empty at the start: batches of 10 at 200, 400, 600 and 800 ms; the one due at 1 s is not sent
    expect(summary).toMatchObject({ writes: 40, plannedWrites: 50, errors: 0, writeLatency: { count: 4 } });
    expect(gateway.puts).toHaveLength(4);
    const row = gateway.puts[0]?.rows[0];
    const cell = row?.Cell[0];
    expect(b64(row?.key ?? '')).toBe(`m_dev000_${cell?.timestamp}`);
    expect(b64(cell?.column ?? '')).toBe('d:v');
    expect(Buffer.from(cell?.$ ?? '', 'base64')).toHaveLength(3);
    const keys = parseKeySamples(readFileSync(samples, 'utf8'), samples);
    expect(keys).toHaveLength(40);
    expect(keys.every((k) => k.op === 'write' && new TextDecoder().decode(k.key) === `m_dev000_${k.timeMs}`)).toBe(true);
  });

  it('prints a text summary by default', async () => {
    gateway = await startGateway();
    const r = await runCapture(['load', '--rest', gateway.url, '--table', 'metrics', '--template', '{deviceId}', '--family', 'e', '--rate', '20', '--duration', '0.5s', '--batch', '5']);
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/^load done: table metrics, /);
    expect(r.out).toContain('writes      5 of 10 rows');
    expect(r.out).toContain('errors      0 failed request(s), 0 row(s) not written');
    expect(b64(gateway.puts[0]?.rows[0]?.Cell[0]?.column ?? '')).toBe('e:v');
  });

  it('names the missing table and an unknown family', async () => {
    gateway = await startGateway();
    const base = ['load', '--rest', gateway.url, '--template', '{deviceId}', '--rate', '10'];
    const missing = await runCapture([...base, '--table', 'nope']);
    expect([missing.code, missing.err]).toEqual([2, expect.stringContaining('--table: table "nope" does not exist')]);
    const family = await runCapture([...base, '--table', 'metrics', '--family', 'x']);
    expect([family.code, family.err]).toEqual([2, expect.stringContaining('--family: table "metrics" has no column family "x"; its families are: d, e')]);
  });

  it.each([
    [['--table', 't', '--template', '{id}'], '--rate is required'],
    [['--table', 't', '--template', '{id}', '--rate', 'fast'], '--rate "fast"'],
    [['--table', 't', '--template', '{id}', '--rate', '10', '--entities', '0'], '--entities "0": give a whole number from 1'],
    [['--table', 't', '--template', '{id}', '--rate', '10', '--batch', '2.5'], '--batch "2.5"'],
    [['--table', 't', '--template', '{id}', '--rate', '10', '--concurrency', '65'], '--concurrency "65"'],
    [['--table', 't', '--template', '{id}', '--rate', '10', '--value-bytes', '-1'], '--value-bytes "-1"'],
    [['--table', 't', '--template', '{id}', '--rate', '10', '--duration', '0s'], '--duration 0s must be above 0'],
    [['--table', 't', '--template', '{id}', '--rate', '10', '--popularity', 'zipf'], '--popularity: "zipf" is not a popularity'],
    [['--table', 't', '--template', '{id}', '--rate', '10', '--reads', 'scan@1'], '--reads: "scan@1" is not a read pattern'],
    [['--table', 't', '--template', '{id}', '--rate', '10', '--id-format', 'dev'], '--id-format: "dev" must hold exactly one number placeholder'],
    [['--table', 't', '--rate', '10'], '--template: give the rowkey template'],
    [['--template', '{id}', '--rate', '10'], '--table: name the table'],
    [['--table', 't', '--template', '{id}_{metric}', '--rate', '10'], '--template: template {id}_{metric} reads "metric"'],
  ])('refuses %j', async (args, message) => {
    const r = await runCapture(['load', '--rest', 'http://127.0.0.1:9', ...args]);
    expect([r.code, r.err]).toEqual([2, expect.stringContaining(message)]);
  });

  it('requires an http(s) gateway URL', async () => {
    const none = await runCapture(['load', '--table', 't', '--template', '{id}', '--rate', '10']);
    expect(none.err).toContain('--rest: give the REST gateway');
    const bad = await runCapture(['load', '--rest', 'ftp://x', '--table', 't', '--template', '{id}', '--rate', '10']);
    expect([bad.code, bad.err]).toEqual([2, expect.stringContaining('--rest: "ftp://x" is not an http(s) URL')]);
    const garbled = await runCapture(['load', '--rest', 'rest-host:8080/', '--table', 't', '--template', '{id}', '--rate', '10']);
    expect([garbled.code, garbled.err]).toEqual([2, expect.stringContaining('--rest: "rest-host:8080/" is not')]);
  });
});
